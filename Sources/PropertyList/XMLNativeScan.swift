/// Reads the XML that property lists are written in without libxml2, for speed: the common
/// subset of XML 1.0 in UTF-8, checked as strictly as libxml2 checks it, driving the same
/// ``XMLState`` as libxml2's callbacks with the same lines and columns. Anything outside the
/// subset, and any error, makes the scan give up (`false`); the reader then runs libxml2 on the
/// same bytes, so that every result — errors and warnings included — is libxml2's.
///
/// Understood: an XML declaration at the very start (version 1.0; UTF-8 or no encoding;
/// `standalone`), one DOCTYPE before the root with an external identifier and no internal subset,
/// comments, elements with ASCII names and at most one attribute (a value of printable ASCII),
/// character data in UTF-8 (well-formed, XML characters only, no `]]>`), the five predefined
/// entities and character references. Given up on: byte-order marks and other encodings,
/// carriage returns (XML turns them into line feeds), CDATA sections, processing instructions,
/// other entities, namespaces, non-ASCII names, start tags longer than 4,000 bytes (libxml2 does
/// not look that far back for a tag's column), more than 250 open elements, and text outside a
/// value that is not blank (libxml2 warns about it at a place only it knows).
///
/// A scan covers one buffer from a cursor to a limit, stopping only between tokens (text is cut
/// at the limit), so a read can be done in steps and a split read's parts can stop at their cut.
///
/// Measured against libxml2 alone on gen.py's c_huge.plist (8 and 6 rounds by turns): `dump`
/// takes 48% longer without the scan, `lint` 14%.
struct XMLNativeScan {
    /// Where the scan stands: the start of the next token.
    private(set) var cursor: UnsafePointer<UInt8>
    /// The end of the buffer.
    let end: UnsafePointer<UInt8>
    /// The line of `cursor` (1-based) and where that line starts.
    private var line: Int32
    private var lineStart: UnsafePointer<UInt8>
    /// A place on the current line whose column is known (columns are counted on from it).
    private var columnPlace: UnsafePointer<UInt8>
    private var column: Int32 = 1
    private var phase: Phase
    private var doctypeSeen = false

    /// Where in the document the scan is.
    enum Phase {
        /// Before the root element: comments, blanks and one DOCTYPE.
        case prolog
        /// Inside the root element.
        case content
        /// After the root element: comments and blanks only.
        case epilog
    }

    /// How many elements may be open: libxml2 stops at 256 unless told otherwise.
    static let openLimit = 250
    /// The longest start tag scanned: libxml2 looks at most 4,096 bytes back for a tag's `<`.
    static let tagLimit = 4_000
    /// The longest DOCTYPE and comment scanned: libxml2 refuses names and literals over 10 MB and
    /// comments over 1 GB.
    static let doctypeLimit = 4_000
    static let commentLimit = 1 << 20

    /// A scan of `buffer` from `start` (its line `line`, which starts there) in `phase`; nil for
    /// an empty buffer.
    init?(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0, line: Int32 = 1, phase: Phase = .content) {
        guard let base = buffer.baseAddress, start <= buffer.count else { return nil }
        cursor = base + start
        end = base + buffer.count
        self.line = line
        lineStart = cursor
        columnPlace = cursor
        self.phase = phase
    }

    /// A scan of a whole document, past its XML declaration; nil when the document does not
    /// start as the scan understands (a byte-order mark, another encoding, a declaration it does
    /// not take).
    static func document(_ buffer: UnsafeBufferPointer<UInt8>) -> XMLNativeScan? {
        guard var scan = XMLNativeScan(buffer, phase: .prolog), scan.end - scan.cursor >= 2 else { return nil }
        let first = scan.cursor.pointee
        // A byte-order mark, UTF-16 or UTF-32 (a zero byte), or EBCDIC: libxml2 reads those.
        guard first != 0, scan.cursor[1] != 0, first < 0x80 else { return nil }
        if scan.starts(with: "<?") {
            guard scan.declaration() else { return nil }
        }
        return scan
    }

    /// Whether the whole document has been scanned: the root element has ended and nothing but
    /// blanks and comments came after it.
    var finished: Bool { cursor == end && phase == .epilog }

    /// Scans tokens into `state` until `limit` (or a little past it, within a token; text stops at
    /// it). False when the scan gives up; `state` is then to be thrown away.
    mutating func scan(until limit: UnsafePointer<UInt8>, into state: inout XMLState) -> Bool {
        let limit = min(limit, end)
        while cursor < limit {
            let done = cursor.pointee == UInt8(ascii: "<") ? tag(&state) : text(until: limit, &state)
            guard done, !state.failed else { return false }
        }
        return true
    }

    // MARK: Text

    /// Character data up to the next `<` or `limit`: into the open value, or (when blank)
    /// nowhere.
    private mutating func text(until limit: UnsafePointer<UInt8>, _ state: inout XMLState) -> Bool {
        let keeps = state.holdsText
        var start = cursor
        var byte = cursor
        var blank = true
        defer { cursor = byte }
        scanning: while byte < limit {
            let value = byte.pointee
            if value > 0x20 && value < 0x80 && value != UInt8(ascii: "<") && value != UInt8(ascii: "&")
                && value != UInt8(ascii: "]")
            {
                blank = false
                byte += 1
                continue
            }
            switch value {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                byte += 1
            case UInt8(ascii: "\n"):
                byte += 1
                newLine(at: byte)
            case UInt8(ascii: "<"):
                break scanning
            case UInt8(ascii: "]"):
                // `]]>` may not stand in text.
                if end - byte >= 3 && byte[1] == UInt8(ascii: "]") && byte[2] == UInt8(ascii: ">") { return false }
                blank = false
                byte += 1
            case UInt8(ascii: "&"):
                guard keeps else { return false }
                if byte > start { state.text(UnsafeBufferPointer(start: start, count: byte - start)) }
                guard let after = reference(at: byte, &state) else { return false }
                byte = after
                start = after
                blank = false
            default:
                // Control characters (carriage returns among them) and anything but UTF-8.
                guard value >= 0x80, let length = Self.characterLength(at: byte, end: end) else { return false }
                byte += length
                blank = false
            }
        }
        if keeps && byte > start { state.text(UnsafeBufferPointer(start: start, count: byte - start)) }
        return keeps || blank
    }

    /// A predefined entity or a character reference at `at`, handed to `state` as the text it
    /// stands for; the place after it, or nil for anything else.
    private func reference(at: UnsafePointer<UInt8>, _ state: inout XMLState) -> UnsafePointer<UInt8>? {
        var byte = at + 1
        if byte < end && byte.pointee == UInt8(ascii: "#") {
            byte += 1
            let hexadecimal = byte < end && byte.pointee == UInt8(ascii: "x")
            if hexadecimal { byte += 1 }
            var scalar: UInt32 = 0
            let digits = byte
            // At most eight digits (no overflow); a ninth is then not the `;` looked for.
            while byte < end, byte - digits < 8 {
                let value = byte.pointee
                let digit: UInt32
                switch value {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(value - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal: digit = UInt32(value - 87)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal: digit = UInt32(value - 55)
                default: digit = 99
                }
                if digit == 99 { break }
                scalar = scalar * (hexadecimal ? 16 : 10) + digit
                byte += 1
            }
            guard byte > digits, byte < end, byte.pointee == UInt8(ascii: ";"),
                Self.isCharacter(scalar), let unicode = Unicode.Scalar(scalar)
            else { return nil }
            var encoded: [UInt8] = []
            encoded.reserveCapacity(4)
            encoded.append(contentsOf: String(Character(unicode)).utf8)
            encoded.withUnsafeBufferPointer { state.text($0) }
            return byte + 1
        }
        for (literal, replacement) in Self.predefinedEntities where starts(at: at, with: literal) {
            withUnsafePointer(to: replacement) { state.text(UnsafeBufferPointer(start: $0, count: 1)) }
            return at + literal.utf8CodeUnitCount
        }
        return nil
    }

    /// XML's predefined entities and the characters they stand for.
    private static let predefinedEntities: [(StaticString, UInt8)] = [
        ("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
        ("&quot;", UInt8(ascii: "\"")), ("&apos;", UInt8(ascii: "'")),
    ]

    /// Whether `scalar` is a character XML 1.0 allows.
    static func isCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// The length of the UTF-8 sequence at `at` (whose first byte is not ASCII) when it is
    /// well-formed (shortest form, no surrogate) and an XML character (not U+FFFE or U+FFFF).
    static func characterLength(at: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Int? {
        let lead = at.pointee
        func continues(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            end - at > offset && range.contains(at[offset])
        }
        switch lead {
        case 0xC2...0xDF:
            return continues(1) ? 2 : nil
        case 0xE0...0xEF:
            let second: ClosedRange<UInt8> = lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
            guard continues(1, second), continues(2) else { return nil }
            if lead == 0xEF && at[1] == 0xBF && at[2] >= 0xBE { return nil }
            return 3
        case 0xF0...0xF4:
            let second: ClosedRange<UInt8> = lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
            return continues(1, second) && continues(2) && continues(3) ? 4 : nil
        default:
            return nil
        }
    }

    // MARK: Markup

    /// The markup at `cursor` (a `<`).
    private mutating func tag(_ state: inout XMLState) -> Bool {
        guard end - cursor >= 2 else { return false }
        switch cursor[1] {
        case UInt8(ascii: "/"): return endTag(&state)
        case UInt8(ascii: "!"):
            if starts(with: "<!--") { return comment(&state) }
            if phase == .prolog && !doctypeSeen && starts(with: "<!DOCTYPE") { return doctype() }
            return false
        default: return startTag(&state)
        }
    }

    private mutating func startTag(_ state: inout XMLState) -> Bool {
        guard phase != .epilog else { return false }
        let open = cursor
        let (tagLine, tagColumn) = (line, columnOf(open))
        var byte = open + 1
        guard byte < end, Self.isNameStart(byte.pointee) else { return false }
        let name = byte
        byte += 1
        while byte < end && Self.isName(byte.pointee) { byte += 1 }
        let nameCount = byte - name
        var attributes = 0
        var empty = false
        while true {
            let spaced = skipSpaces(&byte)
            guard byte < end else { return false }
            if byte.pointee == UInt8(ascii: ">") {
                byte += 1
                break
            }
            if byte.pointee == UInt8(ascii: "/") {
                guard end - byte >= 2, byte[1] == UInt8(ascii: ">") else { return false }
                byte += 2
                empty = true
                break
            }
            // At most one attribute (no duplicates to look for), never a namespace.
            guard spaced, attributes == 0, !starts(at: byte, with: "xmlns"), attribute(&byte) else { return false }
            attributes += 1
        }
        guard byte - open <= Self.tagLimit else { return false }
        cursor = byte
        phase = .content
        state.startElement(name, count: nameCount, line: tagLine, column: tagColumn)
        guard !state.failed, state.frames.count <= Self.openLimit else { return false }
        if empty { endElement(&state) }
        return true
    }

    /// An attribute at `byte`: a name, `=` and a quoted value of printable ASCII (tabs and line
    /// feeds allowed), no `<` or `&`.
    private mutating func attribute(_ byte: inout UnsafePointer<UInt8>) -> Bool {
        guard Self.isNameStart(byte.pointee) else { return false }
        byte += 1
        while byte < end && Self.isName(byte.pointee) { byte += 1 }
        skipSpaces(&byte)
        guard byte < end, byte.pointee == UInt8(ascii: "=") else { return false }
        byte += 1
        skipSpaces(&byte)
        guard let after = quoted(at: byte, allowing: { $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: "&") }) else {
            return false
        }
        byte = after
        return true
    }

    /// A quoted literal at `at` of line feeds and of printable ASCII and tabs that `allowed`
    /// takes; the place after its closing quote.
    private mutating func quoted(at: UnsafePointer<UInt8>, allowing allowed: (UInt8) -> Bool)
        -> UnsafePointer<UInt8>?
    {
        guard at < end, at.pointee == UInt8(ascii: "\"") || at.pointee == UInt8(ascii: "'") else { return nil }
        let quote = at.pointee
        var byte = at + 1
        while byte < end && byte.pointee != quote {
            let value = byte.pointee
            if value == UInt8(ascii: "\n") {
                newLine(at: byte + 1)
            } else {
                guard value >= 0x20 && value < 0x7F || value == UInt8(ascii: "\t"), allowed(value) else { return nil }
            }
            byte += 1
        }
        return byte < end ? byte + 1 : nil
    }

    private mutating func endTag(_ state: inout XMLState) -> Bool {
        var byte = cursor + 2
        let name = byte
        while byte < end && Self.isName(byte.pointee) { byte += 1 }
        guard let element = Element(name, count: byte - name), state.frames.last?.element == element else {
            return false
        }
        skipSpaces(&byte)
        guard byte < end, byte.pointee == UInt8(ascii: ">") else { return false }
        cursor = byte + 1
        endElement(&state)
        return !state.failed
    }

    private mutating func endElement(_ state: inout XMLState) {
        state.endElement()
        if state.frames.isEmpty { phase = .epilog }
    }

    /// `<!--` to the first `--`, which must be followed by `>`; its text checked as text is.
    private mutating func comment(_ state: inout XMLState) -> Bool {
        let text = cursor + 4
        let startLine = line
        let startColumn = columnOf(cursor)
        // Outside the root libxml2 looks for `-->` from the `<`: when its input is fed in pieces,
        // `<!-->` or `<!--->` at a piece's end reads as a comment cut short.
        if phase != .content && (starts(at: text, with: ">") || starts(at: text, with: "->")) { return false }
        var byte = text
        while true {
            guard byte < end, byte - text <= Self.commentLimit else { return false }
            let value = byte.pointee
            if value == UInt8(ascii: "-") {
                if end - byte >= 2 && byte[1] == UInt8(ascii: "-") {
                    guard end - byte >= 3, byte[2] == UInt8(ascii: ">") else { return false }
                    break
                }
                byte += 1
            } else if value >= 0x80 {
                guard let length = Self.characterLength(at: byte, end: end) else { return false }
                byte += length
            } else if value == UInt8(ascii: "\n") {
                byte += 1
                newLine(at: byte)
            } else {
                guard value >= 0x20 || value == UInt8(ascii: "\t") else { return false }
                byte += 1
            }
        }
        cursor = byte + 3
        state.comment(UnsafeBufferPointer(start: text, count: byte - text), line: startLine, column: startColumn)
        return true
    }

    /// `<!DOCTYPE name PUBLIC "id" "uri">` or `<!DOCTYPE name SYSTEM "uri">` (or the name alone),
    /// without an internal subset.
    private mutating func doctype() -> Bool {
        var byte = cursor + 9
        guard skipSpaces(&byte), byte < end, Self.isNameStart(byte.pointee) else { return false }
        while byte < end && Self.isName(byte.pointee) { byte += 1 }
        var spaced = skipSpaces(&byte)
        if spaced && starts(at: byte, with: "PUBLIC") {
            byte += 6
            guard skipSpaces(&byte), let after = quoted(at: byte, allowing: Self.isPublicIdentifier) else {
                return false
            }
            byte = after
            spaced = skipSpaces(&byte)
            guard spaced, let system = quoted(at: byte, allowing: Self.isSystemLiteral) else { return false }
            byte = system
            skipSpaces(&byte)
        } else if spaced && starts(at: byte, with: "SYSTEM") {
            byte += 6
            guard skipSpaces(&byte), let system = quoted(at: byte, allowing: Self.isSystemLiteral) else {
                return false
            }
            byte = system
            skipSpaces(&byte)
        }
        guard byte < end, byte.pointee == UInt8(ascii: ">"), byte - cursor <= Self.doctypeLimit else { return false }
        cursor = byte + 1
        doctypeSeen = true
        return true
    }

    /// The XML declaration at `cursor`: `<?xml version="1.0"`, then optionally an encoding
    /// (UTF-8) and `standalone`, then `?>`.
    private mutating func declaration() -> Bool {
        var byte = cursor + 5
        guard starts(with: "<?xml"), skipSpaces(&byte), let version = pseudoAttribute("version", at: &byte),
            version == "1.0"
        else { return false }
        var spaced = skipSpaces(&byte)
        if spaced && starts(at: byte, with: "encoding") {
            guard let encoding = pseudoAttribute("encoding", at: &byte), encoding.lowercased() == "utf-8" else {
                return false
            }
            spaced = skipSpaces(&byte)
        }
        if spaced && starts(at: byte, with: "standalone") {
            guard let value = pseudoAttribute("standalone", at: &byte), value == "yes" || value == "no" else {
                return false
            }
            skipSpaces(&byte)
        }
        guard starts(at: byte, with: "?>") else { return false }
        cursor = byte + 2
        return true
    }

    /// `name = "value"` at `byte`: the value.
    private mutating func pseudoAttribute(_ name: StaticString, at byte: inout UnsafePointer<UInt8>) -> String? {
        guard starts(at: byte, with: name) else { return nil }
        byte += name.utf8CodeUnitCount
        skipSpaces(&byte)
        guard byte < end, byte.pointee == UInt8(ascii: "=") else { return nil }
        byte += 1
        skipSpaces(&byte)
        let start = byte + 1
        guard let after = quoted(at: byte, allowing: { $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: "&") }) else {
            return nil
        }
        byte = after
        return String(decoding: UnsafeBufferPointer(start: start, count: after - 1 - start), as: UTF8.self)
    }

    // MARK: Places

    /// Skips blanks, counting lines; whether there were any.
    @discardableResult
    private mutating func skipSpaces(_ byte: inout UnsafePointer<UInt8>) -> Bool {
        let start = byte
        while byte < end {
            let value = byte.pointee
            if value == UInt8(ascii: "\n") {
                newLine(at: byte + 1)
            } else if value != UInt8(ascii: " ") && value != UInt8(ascii: "\t") {
                break
            }
            byte += 1
        }
        return byte > start
    }

    private mutating func newLine(at start: UnsafePointer<UInt8>) {
        line += 1
        lineStart = start
    }

    /// The column (in characters, 1-based) of `place` on the current line.
    private mutating func columnOf(_ place: UnsafePointer<UInt8>) -> Int32 {
        if columnPlace < lineStart || columnPlace > place {
            columnPlace = lineStart
            column = 1
        }
        var byte = columnPlace
        var count: Int32 = 0
        while byte < place {
            if byte.pointee & 0xC0 != 0x80 { count += 1 }
            byte += 1
        }
        column += count
        columnPlace = place
        return column
    }

    private func starts(with literal: StaticString) -> Bool { starts(at: cursor, with: literal) }

    private func starts(at: UnsafePointer<UInt8>, with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - at >= count else { return false }
        for index in 0..<count where at[index] != literal.utf8Start[index] { return false }
        return true
    }

    /// The names the scan takes: ASCII letters and `_` first, then digits, `.` and `-` too (no
    /// `:`, which libxml2 reads as a namespace prefix).
    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
    }

    private static func isName(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "-")
    }

    /// A system literal's characters, less `>`: before the root libxml2 looks for the DOCTYPE's
    /// end at the first `>`, and one in the literal cuts it short when the input comes in pieces.
    private static func isSystemLiteral(_ byte: UInt8) -> Bool { byte != UInt8(ascii: ">") }

    /// XML's `PubidChar`, less the line breaks the caller counts.
    private static func isPublicIdentifier(_ byte: UInt8) -> Bool {
        if isNameStart(byte) && byte != UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
            return true
        }
        return " -'()+,./:=?;!*#@$_%".utf8.contains(byte)
    }
}
