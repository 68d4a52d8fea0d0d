import PropertyList

/// One Swift file, read: what its code says about types, documents and document creation.
///
/// Reading makes the facts and lets the bytes and tokens go; put a file with the app's others
/// through ``SwiftCodeFacts`` to resolve names across files. Never fails: code the reader does
/// not understand gives no fact.
public struct SwiftFile: Sendable {
    /// The file's path, as locations carry it.
    public let path: String
    /// Whether the file was lexed and read; false when ``FactTriggers`` found none of the names
    /// and strings facts come from (the file then has no fact).
    public let isRead: Bool
    /// The comments holding a `utiscope:` directive.
    public let directiveComments: [SwiftComment]
    /// The facts, with type expressions as written.
    let facts: FileFacts

    /// Reads a file from its bytes (UTF-8; a byte-order mark is skipped).
    public init(path: String, bytes: [UInt8]) {
        let read = bytes.withUnsafeBufferPointer { Self.read(path: path, buffer: $0) }
        self.init(path: path, read: read)
    }

    /// Reads a file from a buffer of its bytes (for memory the caller maps or owns).
    public init(path: String, buffer: UnsafeBufferPointer<UInt8>) {
        self.init(path: path, read: Self.read(path: path, buffer: buffer))
    }

    private init(path: String, read: (FileFacts, [SwiftComment], Bool)) {
        self.path = path
        self.facts = read.0
        self.directiveComments = read.1
        self.isRead = read.2
    }

    private static func read(path: String, buffer: UnsafeBufferPointer<UInt8>) -> (FileFacts, [SwiftComment], Bool) {
        guard FactTriggers.mayHoldFacts(buffer) else { return (FileFacts(), [], false) }
        let lexed = SwiftLexer.tokenize(buffer)
        let source = SourceText(path: path, bytes: buffer, lexed: lexed)
        let facts = FactReader.read(source)
        return (facts, directives(in: lexed, source: source), true)
    }

    /// The comments whose text starts with `utiscope:` (after `//`, `///` or `/*` and blanks):
    /// only the start of each comment is looked at.
    private static func directives(in lexed: LexedSource, source: SourceText) -> [SwiftComment] {
        var comments: [SwiftComment] = []
        var tokenIndex = 0
        for span in lexed.comments where startsWithDirective(span, in: source.bytes) {
            let bytes = UnsafeBufferPointer(rebasing: source.bytes[span.start..<span.end])
            while tokenIndex < source.count && Int(source.tokens[tokenIndex].start) < span.end { tokenIndex += 1 }
            let next = tokenIndex < source.count ? Int(source.tokens[tokenIndex].line) : nil
            let column = columnOf(span.start, in: source.bytes)
            comments.append(
                SwiftComment(
                    text: String(decoding: bytes, as: UTF8.self),
                    location: SourceLocation(file: source.path, line: Int(span.line), column: column),
                    nextCodeLine: next, scopeEndLine: next.map { _ in scopeEnd(from: tokenIndex, in: source) }))
        }
        return comments
    }

    /// The line of the last token of the statement or declaration starting at token `first`: the
    /// tokens up to the first line that starts with its brackets closed and does not continue it
    /// (a `.member`, an operator, an opening brace), or that closes a bracket opened before it.
    private static func scopeEnd(from first: Int, in source: SourceText) -> Int {
        var depth = 0
        var index = first
        var last = first
        while index < source.count {
            let token = source.tokens[index]
            if index > first && depth == 0 && token.flags.contains(.startsLine) {
                switch token.kind {
                case .dot, .operator, .openBrace: break
                default: return Int(source.tokens[last].line)
                }
            }
            switch token.kind {
            case .openParen, .openBracket, .openBrace: depth += 1
            case .closeParen, .closeBracket, .closeBrace:
                depth -= 1
                if depth < 0 { return Int(source.tokens[last].line) }
            default: break
            }
            last = index
            index += 1
        }
        return Int(source.tokens[last].line)
    }

    private static func startsWithDirective(_ span: CommentSpan, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = span.start + 2
        while index < span.end && (bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "*")) {
            index += 1
        }
        while index < span.end && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        let word: StaticString = "utiscope:"
        guard index + word.utf8CodeUnitCount <= span.end else { return false }
        return SourceText.equal(
            UnsafeBufferPointer(rebasing: bytes[index..<(index + word.utf8CodeUnitCount)]), word)
    }

    private static func columnOf(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = offset
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        var column = 1
        for index in start..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return column
    }
}
