import PropertyList

/// One file's bytes and tokens, read by the fact readers: token tests without making strings,
/// bracket partners, locations, and the values of string literals.
///
/// Lives only while the file's bytes do (the readers run inside one `withUnsafeBufferPointer`).
struct SourceText {
    /// The file's path, for locations.
    let path: String
    let bytes: UnsafeBufferPointer<UInt8>
    let tokens: [SwiftToken]
    /// The tokens the fact reader visits (``LexedSource/events``).
    let events: [Int32]
    let groups: [ConditionalGroup]
    /// The indices of the groups whose first branch starts at a token.
    let groupsStarting: [Int: [Int]]
    private let columns = ColumnCache()
    /// Bracket partners, computed when first asked for: a file without facts never needs them.
    private let lazyPartners: LazyPartners

    init(path: String, bytes: UnsafeBufferPointer<UInt8>, lexed: LexedSource) {
        self.path = path
        self.bytes = bytes
        self.tokens = lexed.tokens
        self.events = lexed.events
        self.lazyPartners = LazyPartners(tokens: lexed.tokens)
        self.groups = lexed.groups
        var starting: [Int: [Int]] = [:]
        for (index, group) in lexed.groups.enumerated() { starting[group.range.lowerBound, default: []].append(index) }
        self.groupsStarting = starting
    }

    /// The number of tokens.
    var count: Int { tokens.count }

    /// The kind of token `index`; `.unknown` past the end.
    @inline(__always)
    func kind(_ index: Int) -> SwiftToken.Kind {
        index >= 0 && index < tokens.count ? tokens[index].kind : .unknown
    }

    /// The bytes of token `index`.
    @inline(__always)
    func bytes(of index: Int) -> UnsafeBufferPointer<UInt8> {
        let token = tokens[index]
        return UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)])
    }

    /// Whether token `index` is the keyword or plain name `word` (a backquoted name is never a
    /// keyword).
    @inline(__always)
    func isWord(_ index: Int, _ word: StaticString) -> Bool {
        guard index >= 0 && index < tokens.count else { return false }
        let token = tokens[index]
        guard token.kind == .identifier, !token.flags.contains(.escapedName),
            Int(token.end - token.start) == word.utf8CodeUnitCount
        else { return false }
        return Self.equal(bytes(of: index), word)
    }

    /// Whether token `index` is a name (backquoted or not) spelt `name`.
    func isName(_ index: Int, _ name: String) -> Bool {
        guard kind(index) == .identifier, Int(tokens[index].end - tokens[index].start) == name.utf8.count else {
            return false
        }
        var name = name
        return name.withUTF8 { bytes(of: index).elementsEqual($0) }
    }

    /// Whether token `index` is the operator `text`.
    @inline(__always)
    func isOperator(_ index: Int, _ text: StaticString) -> Bool {
        guard kind(index) == .operator, Int(tokens[index].end - tokens[index].start) == text.utf8CodeUnitCount
        else { return false }
        return Self.equal(bytes(of: index), text)
    }

    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let other = word.utf8Start
        var index = 0
        while index < bytes.count {
            if bytes[index] != other[index] { return false }
            index += 1
        }
        return true
    }

    /// The text of token `index` (a backquoted name without its backquotes).
    func text(_ index: Int) -> String {
        String(decoding: bytes(of: index), as: UTF8.self)
    }

    /// The source text from the first token of `range` to the end of its last, as written.
    func text(_ range: Range<Int>) -> String {
        guard !range.isEmpty, range.upperBound <= tokens.count else { return "" }
        let start =
            Int(tokens[range.lowerBound].start) - (tokens[range.lowerBound].flags.contains(.escapedName) ? 1 : 0)
        let end =
            Int(tokens[range.upperBound - 1].end) + (tokens[range.upperBound - 1].flags.contains(.escapedName) ? 1 : 0)
        return String(
            decoding: UnsafeBufferPointer(rebasing: bytes[max(0, start)..<min(bytes.count, end)]), as: UTF8.self)
    }

    /// The index of the token at the other end of the bracketed range that token `index` opens
    /// or closes; `count` for an opener left open, -1 otherwise.
    func partner(_ index: Int) -> Int {
        let partners = lazyPartners.values
        return index >= 0 && index < partners.count ? Int(partners[index]) : -1
    }

    /// The index after the bracketed range opened at `index` (or `index + 1` for other tokens).
    @inline(__always)
    func skip(_ index: Int) -> Int {
        tokens[index].isOpener ? min(partner(index) + 1, count) : index + 1
    }

    /// Where token `index` starts (a backquoted name, at its backquote): line and column, the
    /// column counting Unicode scalars from 1.
    func location(_ index: Int) -> SourceLocation {
        guard !tokens.isEmpty else { return endLocation }
        let token = tokens[min(max(index, 0), tokens.count - 1)]
        let offset = Int(token.start) - (token.flags.contains(.escapedName) ? 1 : 0)
        return SourceLocation(
            file: path, line: Int(token.line), column: columns.column(at: offset, line: token.line, in: bytes))
    }

    /// The location of the end of the file (for a range that runs to it).
    var endLocation: SourceLocation {
        var line = 1
        var column = 1
        for byte in bytes {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(file: path, line: line, column: column)
    }

    /// The value of a whole string literal (`.string` token) as the compiler makes it: escapes
    /// decoded (in a raw string, only those with its `#`s), a multiline string's indentation
    /// removed; nil for other tokens.
    func stringValue(_ index: Int) -> String? {
        guard kind(index) == .string else { return nil }
        return StringLiteralValue(token: tokens[index], bytes: bytes).value
    }
}

/// The column of the last position asked for, so that positions further along the same line
/// are counted from there (a file written on one long line stays linear).
private final class ColumnCache {
    private var line: UInt32 = 0
    private var offset = 0
    private var column = 1

    /// The 1-based column of `target` (on line `line`), in Unicode scalars (UTF-8 continuation
    /// bytes not counted).
    func column(at target: Int, line: UInt32, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let target = min(target, bytes.count)
        if line != self.line || target < offset {
            var start = target
            while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
            self.line = line
            offset = start
            column = 1
        }
        while offset < target {
            if bytes[offset] & 0xC0 != 0x80 { column += 1 }
            offset += 1
        }
        return column
    }
}

/// A file's bracket partners, computed at first use.
private final class LazyPartners {
    private let tokens: [SwiftToken]
    private var computed: [Int32]?

    init(tokens: [SwiftToken]) {
        self.tokens = tokens
    }

    var values: [Int32] {
        if let computed { return computed }
        let values = LexedSource.partners(of: tokens)
        computed = values
        return values
    }
}
