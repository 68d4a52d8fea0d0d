/// Splits Swift source bytes into tokens, exact about what is code and what is not.
///
/// Not code: `//` and `///` comments, `/* */` comments (nested), string literals (plain,
/// multiline `"""`, raw `#"…"#` / `#"""…"""#` with any number of `#`, where `"#` alone does not end
/// a `##"…"##`) and regular expression literals. Code: everything else, and the inside of each
/// interpolation `\( … )` (`\#( … )` in a raw string), which may hold strings, parentheses and
/// closures of its own. Conditional compilation is applied as ``ConditionalCompilation`` says.
///
/// Regular expressions: `#/…/#` is always one; a bare `/…/` is one only where an expression starts
/// (after `(`, `[`, `,`, `:`, `=`, an operator, `return`…) when no space follows the `/` and a
/// closing `/` comes on the same line. Elsewhere `/` is division, as the compiler decides in all
/// but contrived code; a regex that this misses can make a `"` inside it look like a string start.
///
/// Bytes, not `Character`s: the loop reads one byte at a time through a buffer pointer and makes
/// no `String` (names and literals are read from the bytes later, where they matter). Malformed
/// input never stops it: an unclosed string ends at its line's end (a multiline one at the file's
/// end), an unclosed comment at the file's end, and every step moves forward.
struct SwiftLexer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var line: UInt32 = 1
    /// A line break since the last token.
    private var atLineStart = true
    private var tokens: TokenBuffer
    /// The tokens the fact reader visits (see ``LexedSource/events``).
    private var events: [Int32] = []
    private var comments: [CommentSpan] = []
    private var conditionals = ConditionalCompilation()
    /// Interpolations entered and not yet closed, innermost last.
    private var interpolations: [Interpolation] = []

    /// A string literal's delimiter.
    private struct Delimiter {
        var hashes: Int
        var multiline: Bool
    }

    /// An open `\(`: the delimiter of its string and how many `(` inside it are still open.
    private struct Interpolation {
        var delimiter: Delimiter
        var depth: Int
    }

    /// Tokenizes `bytes`.
    static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) -> LexedSource {
        var lexer = SwiftLexer(bytes: bytes)
        lexer.run()
        return LexedSource(
            tokens: lexer.tokens.finish(), events: lexer.events, comments: lexer.comments,
            groups: lexer.conditionals.groups, lineCount: Int(lexer.line))
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        tokens = TokenBuffer(capacity: bytes.count / 4)
        events.reserveCapacity(bytes.count / 64)
    }

    // MARK: The main loop

    // The hot cases (blanks, line breaks, names, punctuation: nearly all bytes) work on a local
    // copy of the position, stored back once per token; the position kept in `self` was stored
    // on every byte. With ``TokenBuffer`` and the bracket partners made only when needed (one
    // change), the benchmark's read with every file lexed went from 649 ms to 395 ms.
    private mutating func run() {
        skipPreamble()
        let count = bytes.count
        let identifierBytes = Self.identifierBytes
        let keyNameLengths = Self.keyNameLengths
        var position = self.position
        while position < count {
            let byte = bytes[position]
            switch byte {
            case 0x20, 0x09, 0x0B, 0x0C, 0x0D, 0x00:
                position += 1
                while position < count && (bytes[position] == 0x20 || bytes[position] == 0x09) { position += 1 }
            case 0x0A:
                position += 1
                line += 1
                atLineStart = true
            case 0x61...0x7A, 0x41...0x5A, 0x5F, 0x24, 0x80...0xFF:
                let start = position
                position += 1
                while position < count && identifierBytes[Int(bytes[position])] != 0 { position += 1 }
                emit(.identifier, start: start, end: position, line: line)
                let length = position - start
                if length < 64 && (keyNameLengths[Int(byte)] >> UInt64(length)) & 1 != 0 {
                    events.append(Int32(truncatingIfNeeded: tokens.count - 1))
                }
            case UInt8(ascii: "("):
                if !interpolations.isEmpty { interpolations[interpolations.count - 1].depth += 1 }
                emit(.openParen, start: position, end: position + 1, line: line)
                position += 1
            case UInt8(ascii: "["):
                emit(.openBracket, start: position, end: position + 1, line: line)
                position += 1
            case UInt8(ascii: "]"):
                emit(.closeBracket, start: position, end: position + 1, line: line)
                position += 1
            case UInt8(ascii: "{"):
                emit(.openBrace, start: position, end: position + 1, line: line)
                events.append(Int32(truncatingIfNeeded: tokens.count - 1))
                position += 1
            case UInt8(ascii: "}"):
                emit(.closeBrace, start: position, end: position + 1, line: line)
                events.append(Int32(truncatingIfNeeded: tokens.count - 1))
                position += 1
            case UInt8(ascii: ","):
                emit(.comma, start: position, end: position + 1, line: line)
                position += 1
            case UInt8(ascii: ":"):
                emit(.colon, start: position, end: position + 1, line: line)
                position += 1
            case UInt8(ascii: ";"):
                emit(.semicolon, start: position, end: position + 1, line: line)
                position += 1
            case UInt8(ascii: "@"):
                emit(.at, start: position, end: position + 1, line: line)
                position += 1
            case UInt8(ascii: "\\"):
                emit(.backslash, start: position, end: position + 1, line: line)
                position += 1
            case UInt8(ascii: "."):
                if position + 1 < count && bytes[position + 1] == UInt8(ascii: ".") {
                    self.position = position
                    operatorRun()
                    position = self.position
                } else {
                    emit(.dot, start: position, end: position + 1, line: line)
                    position += 1
                }
            default:
                self.position = position
                rare(byte)
                position = self.position
            }
        }
        self.position = position
        conditionals.finish(tokens: &tokens)
        while let last = events.last, Int(last) >= tokens.count { events.removeLast() }
    }

    /// The cases that start at `position` and move it themselves.
    private mutating func rare(_ byte: UInt8) {
        switch byte {
        case 0x30...0x39:
            number()
        case UInt8(ascii: "\""):
            stringLiteral(start: position, hashes: 0)
        case UInt8(ascii: "#"):
            pound()
        case UInt8(ascii: "/"):
            slash()
        case UInt8(ascii: "`"):
            backquotedName()
        case UInt8(ascii: ")"):
            closeParen()
        case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
            UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"),
            UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            operatorRun()
        default:
            single(.unknown)
        }
    }

    /// A byte-order mark, and a `#!` line at the very start.
    private mutating func skipPreamble() {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
        if byte(at: position) == UInt8(ascii: "#") && byte(at: position + 1) == UInt8(ascii: "!") {
            while position < bytes.count && bytes[position] != 0x0A { position += 1 }
        }
    }

    // MARK: Emitting

    @inline(__always)
    private func byte(at offset: Int) -> UInt8 {
        offset < bytes.count ? bytes[offset] : 0
    }

    @inline(__always)
    private mutating func emit(
        _ kind: SwiftToken.Kind, start: Int, end: Int, line: UInt32, flags: SwiftToken.Flags = [], hashes: Int = 0
    ) {
        var flags = flags
        if atLineStart {
            flags.insert(.startsLine)
            atLineStart = false
        }
        tokens.append(
            SwiftToken(
                kind: kind, flags: flags, hashes: UInt16(truncatingIfNeeded: hashes), start: start, end: end,
                line: line))
    }

    @inline(__always)
    private mutating func single(_ kind: SwiftToken.Kind) {
        emit(kind, start: position, end: position + 1, line: line)
        position += 1
    }

    /// For each first byte, bit `n` set when a name of `n` bytes starting with it is one of
    /// ``FactReader/keyNames``: the names the fact reader visits, found as the lexer makes them
    /// (one load and one test per name) instead of by a second pass over every token (that pass
    /// was 16% of the read's profile; visiting the events is 4%). Written
    /// once, when first used, and only read after: safe to share.
    nonisolated(unsafe) private static let keyNameLengths: UnsafePointer<UInt64> = {
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
        table.initialize(repeating: 0, count: 256)
        for name in FactReader.keyNames {
            let bytes = Array(name.utf8)
            if let first = bytes.first, bytes.count < 64 { table[Int(first)] |= 1 << UInt64(bytes.count) }
        }
        return UnsafePointer(table)
    }()

    /// 1 for each byte that continues a name: one load and one test per byte of a name, where
    /// ``isIdentifierByte(_:)``'s comparisons mispredicted (names are a third of a file's
    /// bytes): the benchmark's read with every file lexed went from 390 ms to 350 ms.
    // Written once, when first used, and only read after: safe to share.
    nonisolated(unsafe) private static let identifierBytes: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 { table[byte] = isIdentifierByte(UInt8(byte)) ? 1 : 0 }
        return UnsafePointer(table)
    }()

    @inline(__always)
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x5F, 0x24, 0x80...0xFF: true
        default: false
        }
    }

    // MARK: Names and numbers

    private mutating func number() {
        let start = position
        let isHex = bytes[position] == UInt8(ascii: "0") && (byte(at: position + 1) | 0x20) == UInt8(ascii: "x")
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isIdentifierByte(byte) {
                position += 1
            } else if byte == UInt8(ascii: "."), (0x30...0x39).contains(self.byte(at: position + 1)) {
                position += 1
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                let previous = bytes[position - 1] | 0x20
                guard previous == UInt8(ascii: "p") || (!isHex && previous == UInt8(ascii: "e")) else { break }
                position += 1
            } else {
                break
            }
        }
        emit(.number, start: start, end: position, line: line)
    }

    private mutating func backquotedName() {
        var end = position + 1
        while end < bytes.count && bytes[end] != UInt8(ascii: "`") && bytes[end] != 0x0A { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "`"), end > position + 1 else {
            single(.unknown)
            return
        }
        emit(.identifier, start: position + 1, end: end, line: line, flags: .escapedName)
        position = end + 1
    }

    // MARK: Operators, comments and regular expressions

    private mutating func operatorRun() {
        let start = position
        let first = bytes[position]
        // A postfix `?` or `!` (right after a name or a closing bracket) is a token of its own,
        // so that `x?.y` and `UTType("a")!` read as the compiler reads them; `a!=b` stays `!=`.
        if (first == UInt8(ascii: "?") || first == UInt8(ascii: "!")) && isPostfixPosition()
            && byte(at: position + 1) != UInt8(ascii: "=")
        {
            single(.operator)
            return
        }
        let dotted = first == UInt8(ascii: ".")
        position += 1
        scan: while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "/"):
                let next = byte(at: position + 1)
                if next == UInt8(ascii: "/") || next == UInt8(ascii: "*") { break scan }
                position += 1
            case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
                UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"),
                UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
                position += 1
            case UInt8(ascii: ".") where dotted:
                position += 1
            default:
                break scan
            }
        }
        emit(.operator, start: start, end: position, line: line)
    }

    /// Whether the byte before `position` ends an operand (no space between).
    private func isPostfixPosition() -> Bool {
        guard position > 0 else { return false }
        let previous = bytes[position - 1]
        return Self.isIdentifierByte(previous) || previous == UInt8(ascii: ")") || previous == UInt8(ascii: "]")
            || previous == UInt8(ascii: "}") || previous == UInt8(ascii: "\"") || previous == UInt8(ascii: "?")
            || previous == UInt8(ascii: "!") || previous == UInt8(ascii: ">")
    }

    private mutating func slash() {
        switch byte(at: position + 1) {
        case UInt8(ascii: "/"): lineComment()
        case UInt8(ascii: "*"): blockComment()
        default:
            if !bareRegex() { operatorRun() }
        }
    }

    private mutating func lineComment() {
        let start = position
        while position < bytes.count && bytes[position] != 0x0A { position += 1 }
        comments.append(CommentSpan(start: start, end: position, line: line))
    }

    private mutating func blockComment() {
        let start = position
        let startLine = line
        var depth = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "/") && self.byte(at: position + 1) == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if byte == UInt8(ascii: "*") && self.byte(at: position + 1) == UInt8(ascii: "/") {
                depth -= 1
                position += 2
                if depth == 0 { break }
            } else {
                if byte == 0x0A {
                    line += 1
                    atLineStart = true
                }
                position += 1
            }
        }
        comments.append(CommentSpan(start: start, end: position, line: startLine))
    }

    /// A bare `/…/` regular expression where an expression starts; false (nothing consumed)
    /// when `/` is an operator here.
    private mutating func bareRegex() -> Bool {
        let next = byte(at: position + 1)
        if next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == 0 || next == UInt8(ascii: "=")
            || next == UInt8(ascii: ")") || next == UInt8(ascii: ",")
        {
            return false
        }
        guard expressionMayStart() else { return false }
        var end = position + 1
        var inClass = false
        while end < bytes.count {
            let byte = bytes[end]
            if byte == 0x0A { return false }
            if byte == UInt8(ascii: "\\") {
                end += 2
                continue
            }
            if byte == UInt8(ascii: "[") { inClass = true }
            if byte == UInt8(ascii: "]") { inClass = false }
            if byte == UInt8(ascii: "/") && !inClass { break }
            end += 1
        }
        guard end < bytes.count else { return false }
        emit(.regex, start: position, end: end + 1, line: line)
        position = end + 1
        return true
    }

    /// Whether the previous token leaves the lexer where an expression may start.
    private func expressionMayStart() -> Bool {
        guard let previous = tokens.last else { return true }
        switch previous.kind {
        case .openParen, .openBracket, .openBrace, .comma, .colon, .semicolon, .stringBegin, .stringMiddle:
            return true
        case .operator:
            // A postfix `!`/`?` ends an operand.
            let width = previous.end - previous.start
            let first = bytes[Int(previous.start)]
            return !(width == 1 && (first == UInt8(ascii: "!") || first == UInt8(ascii: "?")))
        case .identifier:
            guard !previous.flags.contains(.escapedName) else { return false }
            let name = UnsafeBufferPointer(rebasing: bytes[Int(previous.start)..<Int(previous.end)])
            for keyword: StaticString in ["return", "case", "in", "where", "if", "guard", "while", "try", "await"]
            where name.elementsEqual(UnsafeBufferPointer(start: keyword.utf8Start, count: keyword.utf8CodeUnitCount)) {
                return true
            }
            return false
        default:
            return false
        }
    }

    // MARK: `#`: raw strings, extended regular expressions, directives

    private mutating func pound() {
        let start = position
        var end = position
        while end < bytes.count && bytes[end] == UInt8(ascii: "#") { end += 1 }
        let hashes = end - start
        if byte(at: end) == UInt8(ascii: "\"") {
            position = end
            stringLiteral(start: start, hashes: hashes)
            return
        }
        if byte(at: end) == UInt8(ascii: "/") {
            extendedRegex(start: start, hashes: hashes)
            return
        }
        guard hashes == 1, Self.isIdentifierByte(byte(at: end)) else {
            single(.unknown)
            return
        }
        var nameEnd = end
        while nameEnd < bytes.count && Self.isIdentifierByte(bytes[nameEnd]) { nameEnd += 1 }
        let name = UnsafeBufferPointer(rebasing: bytes[end..<nameEnd])
        if interpolations.isEmpty, let directive = Directive(name) {
            position = nameEnd
            apply(directive)
            return
        }
        emit(.pound, start: start, end: nameEnd, line: line)
        position = nameEnd
    }

    private mutating func extendedRegex(start: Int, hashes: Int) {
        let startLine = line
        position = start + hashes + 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\") {
                if self.byte(at: position + 1) == 0x0A { line += 1 }
                position += 2
                continue
            }
            if byte == 0x0A { line += 1 }
            if byte == UInt8(ascii: "/") && closesWithHashes(at: position + 1, hashes: hashes) {
                position += 1 + hashes
                break
            }
            position += 1
        }
        position = min(position, bytes.count)
        emit(.regex, start: start, end: position, line: startLine)
    }

    /// Whether `hashes` `#` characters start at `offset`.
    @inline(__always)
    private func closesWithHashes(at offset: Int, hashes: Int) -> Bool {
        guard offset + hashes <= bytes.count else { return false }
        var index = 0
        while index < hashes {
            if bytes[offset + index] != UInt8(ascii: "#") { return false }
            index += 1
        }
        return true
    }

    /// A conditional-compilation directive.
    private enum Directive {
        case ifDirective, elseIfDirective, elseDirective, endIfDirective

        init?(_ name: UnsafeBufferPointer<UInt8>) {
            switch Array(name) {
            case Array("if".utf8): self = .ifDirective
            case Array("elseif".utf8): self = .elseIfDirective
            case Array("else".utf8): self = .elseDirective
            case Array("endif".utf8): self = .endIfDirective
            default: return nil
            }
        }
    }

    private mutating func apply(_ directive: Directive) {
        switch directive {
        case .ifDirective: conditionals.openIf(readCondition(), tokenCount: tokens.count)
        case .elseIfDirective: conditionals.nextBranch(readCondition(), tokens: &tokens)
        case .elseDirective: conditionals.nextBranch(nil, tokens: &tokens)
        case .endIfDirective: conditionals.endIf(tokens: &tokens)
        }
        // An inactive branch's tokens are gone: so are its events.
        while let last = events.last, Int(last) >= tokens.count { events.removeLast() }
    }

    /// Reads a directive's condition up to the end of its line (further while parentheses are
    /// open or the line ends with `&&` / `||`), leaving a comment after it to the main loop.
    private mutating func readCondition() -> ConditionalCompilation.Condition {
        var text: [UInt8] = []
        var depth = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "/") {
                let next = self.byte(at: position + 1)
                if next == UInt8(ascii: "/") || next == UInt8(ascii: "*") { break }
            }
            if byte == 0x0A {
                let trimmed = text.last { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
                guard depth > 0 || trimmed == UInt8(ascii: "&") || trimmed == UInt8(ascii: "|") else { break }
                line += 1
            }
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") { depth -= 1 }
            text.append(byte)
            position += 1
        }
        let condition = text.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
        if condition.elementsEqual("false".utf8) { return .alwaysFalse }
        if condition.elementsEqual("true".utf8) { return .alwaysTrue }
        return .unknown
    }

    // MARK: Strings

    /// `position` is at the literal's first `"`; `start` at its first `#` (or the `"`).
    /// A raw `"""` not followed by a line break is not a multiline delimiter: `#"""#` is the
    /// one-character string `"`, as the compiler reads it.
    private mutating func stringLiteral(start: Int, hashes: Int) {
        var multiline =
            byte(at: position + 1) == UInt8(ascii: "\"") && byte(at: position + 2) == UInt8(ascii: "\"")
        if multiline && hashes > 0 {
            var after = position + 3
            while byte(at: after) == 0x20 || byte(at: after) == 0x09 || byte(at: after) == 0x0D { after += 1 }
            multiline = after >= bytes.count || bytes[after] == 0x0A
        }
        position += multiline ? 3 : 1
        stringBody(Delimiter(hashes: hashes, multiline: multiline), pieceStart: start, first: true)
    }

    /// Scans string text from `position` to the literal's end or its next interpolation, and
    /// emits the piece that starts at `pieceStart`.
    private mutating func stringBody(_ delimiter: Delimiter, pieceStart: Int, first: Bool) {
        let startLine = line
        var flags: SwiftToken.Flags = delimiter.multiline ? .multiline : []
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\") {
                var after = position + 1
                var hashes = 0
                while hashes < delimiter.hashes && after < count && bytes[after] == UInt8(ascii: "#") {
                    hashes += 1
                    after += 1
                }
                guard hashes == delimiter.hashes else {
                    position += 1
                    continue
                }
                if after < count && bytes[after] == UInt8(ascii: "(") {
                    emit(
                        first ? .stringBegin : .stringMiddle, start: pieceStart, end: after + 1, line: startLine,
                        flags: flags, hashes: delimiter.hashes)
                    interpolations.append(Interpolation(delimiter: delimiter, depth: 0))
                    position = after + 1
                    return
                }
                flags.insert(.hasEscape)
                if after < count && bytes[after] == 0x0A {
                    // A line continuation in a multiline string; a single-line string ends here.
                    guard delimiter.multiline else {
                        position = after
                        break
                    }
                    line += 1
                }
                position = min(after + 1, count)
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let quotes = delimiter.multiline ? 3 : 1
                if delimiter.multiline
                    && (self.byte(at: position + 1) != UInt8(ascii: "\"")
                        || self.byte(at: position + 2) != UInt8(ascii: "\""))
                {
                    position += 1
                    continue
                }
                if closesWithHashes(at: position + quotes, hashes: delimiter.hashes) {
                    position += quotes + delimiter.hashes
                    emit(
                        first ? .string : .stringEnd, start: pieceStart, end: position, line: startLine, flags: flags,
                        hashes: delimiter.hashes)
                    if first { events.append(Int32(truncatingIfNeeded: tokens.count - 1)) }
                    return
                }
                position += 1
                continue
            }
            if byte == 0x0A {
                guard delimiter.multiline else { break }
                line += 1
            }
            position += 1
        }
        // Unclosed: a single-line string ends before its line break, a multiline one at the end.
        flags.insert(.unterminated)
        emit(
            first ? .string : .stringEnd, start: pieceStart, end: position, line: startLine, flags: flags,
            hashes: delimiter.hashes)
    }

    /// `)`: the end of an interpolation (the string goes on) or a plain `)`.
    private mutating func closeParen() {
        guard let last = interpolations.last else {
            single(.closeParen)
            return
        }
        if last.depth > 0 {
            interpolations[interpolations.count - 1].depth -= 1
            single(.closeParen)
            return
        }
        interpolations.removeLast()
        let start = position
        position += 1
        stringBody(last.delimiter, pieceStart: start, first: false)
    }
}
