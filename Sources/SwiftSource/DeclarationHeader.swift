/// Reads declaration headers (`struct A: B {`, `func f(…) … {`) without the file's bracket
/// partners: a header is short, and brackets in it are counted.
struct DeclarationHeader {
    let source: SourceText

    /// The tokens of the names after the header's `:` (each path's last component; generic
    /// arguments left out).
    func inheritance(from start: Int, to open: Int) -> [Int] {
        var index = start
        var depth = 0
        while index < open {
            switch source.kind(index) {
            case .openParen, .openBracket: depth += 1
            case .closeParen, .closeBracket: depth -= 1
            case .identifier where depth == 0 && source.isWord(index, "where"): return []
            default: break
            }
            if depth == 0 && source.kind(index) == .colon { break }
            index += 1
        }
        var names: [Int] = []
        var last: Int?
        var angle = 0
        index += 1
        while index < open {
            switch source.kind(index) {
            case .identifier:
                if source.isWord(index, "where") && angle == 0 { index = open; continue }
                if angle == 0 { last = index }
            case .comma where angle == 0:
                if let name = last { names.append(name) }
                last = nil
            case .operator:
                if source.isOperator(index, "&") && angle == 0 {
                    if let name = last { names.append(name) }
                    last = nil
                } else if source.isOperator(index, "<") {
                    angle += 1
                } else if source.isOperator(index, ">") {
                    angle = max(0, angle - 1)
                }
            default:
                break
            }
            index += 1
        }
        if let name = last { names.append(name) }
        return names
    }

    /// The `{` of the body of the declaration whose header goes on from `start`; nil when the
    /// declaration has none (a protocol requirement): the header ends at a token that starts a
    /// line with another declaration, or at a `}`. Brackets are counted, not matched: a header
    /// is short, and matching them would need the file's partners.
    func declarationBody(from start: Int) -> Int? {
        var index = start
        var depth = 0
        while index < source.count {
            switch source.kind(index) {
            case .openParen, .openBracket:
                depth += 1
            case .closeParen, .closeBracket:
                depth -= 1
            case .openBrace:
                if depth <= 0 { return index }
            case .closeBrace, .inertBrace:
                if depth <= 0 { return nil }
            case .semicolon:
                if depth <= 0 { return nil }
            case .at:
                if depth <= 0 && source.tokens[index].startsLine { return nil }
            case .identifier:
                if depth <= 0 && source.tokens[index].startsLine && isDeclarationStart(index) { return nil }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    func isDeclarationStart(_ index: Int) -> Bool {
        for word: StaticString in [
            "func", "var", "let", "init", "case", "static", "class", "struct", "enum", "extension", "protocol",
            "private", "public", "internal", "fileprivate", "open", "override", "final", "subscript", "typealias",
            "associatedtype", "mutating", "nonisolated", "import",
        ] where source.isWord(index, word) {
            return true
        }
        return false
    }
}
