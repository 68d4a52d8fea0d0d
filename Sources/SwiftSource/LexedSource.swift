/// Where a comment is: its bytes (from `//` or `/*` to the end of its line or its `*/`) and the
/// line it starts on.
struct CommentSpan: Sendable, Equatable {
    var start: Int
    var end: Int
    var line: UInt32
}

/// What the lexer made of one file.
struct LexedSource: Sendable {
    /// The tokens of the code that is read (inactive `#if` branches left out).
    var tokens: [SwiftToken]
    /// The indices, in order, of the tokens the fact reader visits: braces, whole string
    /// literals, and names whose first byte and length are those of one of
    /// ``FactReader/keyNames``.
    var events: [Int32]
    /// Every comment.
    var comments: [CommentSpan]
    /// The finished `#if` groups with at least one active branch, inner groups first.
    var groups: [ConditionalGroup]
    /// How many lines the file has.
    var lineCount: Int

    /// For each token that opens or closes a bracketed range, the index of the token at its
    /// other end; -1 for other tokens and for a closer with no opener. An opener left open is
    /// paired with `tokens.count` (its range runs to the end). A closer of the wrong kind ends
    /// the ranges opened inside the one it closes (`( [ )` pairs `(` with `)` and `[` with it
    /// too), so one stray bracket does not shift the rest of the file; a closer whose opener is
    /// more than 16 levels down is left unpaired.
    static func partners(of tokens: [SwiftToken]) -> [Int32] {
        var partners = [Int32](repeating: -1, count: tokens.count)
        var open: [Int32] = []
        for index in tokens.indices {
            let kind = tokens[index].kind
            switch kind {
            case .openParen, .openBracket, .openBrace, .stringBegin:
                open.append(Int32(index))
            case .closeParen, .closeBracket, .closeBrace, .stringEnd:
                let wanted = opener(closedBy: kind)
                if let top = open.last, tokens[Int(top)].kind == wanted {
                    partners[Int(top)] = Int32(index)
                    partners[index] = top
                    open.removeLast()
                    continue
                }
                // Looking only a few levels down keeps hostile input (many openers of one kind,
                // closers of another) linear.
                var match = open.count - 1
                while match >= max(0, open.count - 16) && tokens[Int(open[match])].kind != wanted { match -= 1 }
                guard match >= max(0, open.count - 16), match >= 0 else { continue }
                for opener in open[match...] { partners[Int(opener)] = Int32(index) }
                partners[index] = open[match]
                open.removeSubrange(match...)
            default:
                break
            }
        }
        for opener in open { partners[Int(opener)] = Int32(tokens.count) }
        return partners
    }

    /// ``partners(of:)`` for this file's tokens.
    func partners() -> [Int32] { Self.partners(of: tokens) }

    private static func opener(closedBy kind: SwiftToken.Kind) -> SwiftToken.Kind {
        switch kind {
        case .closeParen: .openParen
        case .closeBracket: .openBracket
        case .closeBrace: .openBrace
        default: .stringBegin
        }
    }
}
