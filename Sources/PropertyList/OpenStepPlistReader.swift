import Support

/// Reads OpenStep (ASCII, "old-style") property lists: Xcode's `project.pbxproj`, `.strings`
/// files, and the NeXT format in general.
///
/// The grammar and its corner cases follow CoreFoundation's `CFOldStylePList.c`:
///
/// - `{ key = value; … }` dictionaries, where every pair ends with `;` and `key;` alone means the
///   value equals the key; `( a, b, )` arrays with an optional trailing comma; `<0fbd 12>` data;
///   quoted (`"…"` or `'…'`) and unquoted (`[A-Za-z0-9_$/:.-]+`) strings. There are no numbers:
///   every scalar is a string.
/// - `//` and `/* */` comments wherever whitespace may stand. As in CoreFoundation, a comment
///   only starts where whitespace is skipped: `a//b` is one unquoted string.
/// - The strings-file form: top-level `key = value;` pairs without braces make a dictionary. CF
///   finds it by reading a string root, seeing more text, and starting again as a dictionary;
///   we read the first string once and carry on as the first key, which gives the same result.
/// - A file with nothing but comments is an empty dictionary, as in CF. (The dispatcher already
///   refuses input that is only whitespace.)
///
/// Where we are stricter than CoreFoundation, it is so that nothing is read silently wrong: an
/// unclosed `/*` comment is an error (CF ends the file there), text after a strings file's last
/// pair is an error (CF stops reading at it), and bytes that are not valid UTF-8 are an error
/// (CF falls back to other encodings for old-style plists; we refuse instead of guessing).
///
/// Input is UTF-8, with or without a byte-order mark, or UTF-16 (little- or big-endian) after a
/// byte-order mark or recognised as the dispatcher recognises it. UTF-16 is transcoded to UTF-8
/// first; lines and columns then refer to the transcoded text (columns count characters, as in
/// the XML reader, and a UTF-8 byte-order mark is not counted).
///
/// The parser keeps an explicit stack instead of recursing, so no input can exhaust the call
/// stack; nesting deeper than `depthLimit` fails at the opening bracket.
struct OpenStepPlistReader {
    let file: String
    let depthLimit: Int

    func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListDocument {
        switch TextEncoding.detect(bytes) {
        case .utf8(let bomLength):
            return try bytes.withUnsafeBufferPointer { buffer in
                parse(UnsafeBufferPointer(rebasing: buffer[bomLength...]))
            }.get()
        case .utf16(let bigEndian, let bomLength):
            let text = try transcodeUTF16(bytes, from: bomLength, bigEndian: bigEndian)
            return try text.withUnsafeBufferPointer { parse($0) }.get()
        }
    }

    private func parse(_ text: UnsafeBufferPointer<UInt8>) -> Result<PropertyListDocument, PropertyListError> {
        if let invalid = UTF8Validation.firstInvalid(in: text) {
            let why =
                "byte 0x\(hex(text[invalid])) does not start a valid UTF-8 sequence "
                + "(OpenStep text is read as UTF-8, or as UTF-16 after a byte-order mark)"
            return .failure(error(.invalidEncoding(why), in: text, at: invalid))
        }
        var parser = Parser(input: text, file: file, depthLimit: depthLimit)
        do throws(PropertyListError) {
            return .success(try parser.parseDocument())
        } catch {
            return .failure(error)
        }
    }

    /// UTF-16 code units to UTF-8 bytes; an odd byte count or an unpaired surrogate is an error
    /// located in the UTF-8 text made so far.
    private func transcodeUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool) throws(PropertyListError)
        -> [UInt8]
    {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count / 2 + 16)
        var position = start
        func unit(at index: Int) -> UInt32 {
            bigEndian
                ? UInt32(bytes[index]) << 8 | UInt32(bytes[index + 1])
                : UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index])
        }
        while position + 1 < bytes.count {
            let first = unit(at: position)
            position += 2
            var scalar = first
            if first >= 0xD800 && first <= 0xDBFF {
                let second = position + 1 < bytes.count ? unit(at: position) : 0
                guard second >= 0xDC00 && second <= 0xDFFF else {
                    throw error(.invalidEncoding("unpaired UTF-16 surrogate 0x\(hex(first))"), in: output)
                }
                position += 2
                scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            } else if first >= 0xDC00 && first <= 0xDFFF {
                throw error(.invalidEncoding("unpaired UTF-16 surrogate 0x\(hex(first))"), in: output)
            }
            UTF8Writer.append(scalar, to: &output)
        }
        if position < bytes.count {
            throw error(.invalidEncoding("UTF-16 text ends in the middle of a character"), in: output)
        }
        return output
    }

    /// An error at the end of `text` (for transcoding errors).
    private func error(_ problem: PropertyListProblem, in text: [UInt8]) -> PropertyListError {
        text.withUnsafeBufferPointer { error(problem, in: $0, at: $0.count) }
    }

    private func error(_ problem: PropertyListProblem, in text: UnsafeBufferPointer<UInt8>, at offset: Int)
        -> PropertyListError
    {
        var lines = LineCounter()
        let (line, column) = lines.position(of: offset, in: text)
        return PropertyListError(problem, at: SourceLocation(file: file, line: line, column: column))
    }

    private func hex<Number: BinaryInteger>(_ value: Number) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count % 2 == 1 ? "0" + digits : digits
    }
}

// MARK: - The parser

extension OpenStepPlistReader {

    /// The state machine over one UTF-8 buffer. It lives only inside `withUnsafeBufferPointer`.
    fileprivate struct Parser {
        /// A container being filled.
        private enum Container {
            case array
            /// A `{ … }` dictionary.
            case dictionary
            /// The brace-less top-level dictionary of a strings file; it ends with the file.
            case stringsFile
        }

        /// What the parser reads next.
        private enum State {
            /// A value, required.
            case value
            /// An array element or the closing `)` (after `(` or `,`).
            case elementOrClose
            /// A dictionary key or the container's end (after `{` or `;`).
            case keyOrClose
            /// `=` or `;` after a key.
            case afterKey
            /// Whatever follows a complete value: `,` or `)` in an array, `;` in a dictionary, the end
            /// of the file at the top.
            case afterValue
        }

        private let input: UnsafeBufferPointer<UInt8>
        private let file: String
        private let depthLimit: Int
        private var position = 0
        private var builder: DocumentBuilder
        private var lines = LineCounter()
        private var containers: [Container] = []
        /// The node of the key just read, for the `key;` form.
        private var lastKey: Int32 = -1

        init(input: UnsafeBufferPointer<UInt8>, file: String, depthLimit: Int) {
            self.input = input
            self.file = file
            self.depthLimit = depthLimit
            builder = DocumentBuilder(file: file, format: .openStep, expectedNodes: input.count / 32)
            builder.arena.reserveCapacity(input.count / 4)
        }

        mutating func parseDocument() throws(PropertyListError) -> PropertyListDocument {
            try skipSpace()
            guard position < input.count else {
                // Only comments: CoreFoundation reads an empty dictionary. It has no first character,
                // so no position.
                let root = builder.open(.dictionary, position1: 0, position2: 0)
                builder.close()
                return builder.finish(root: root)
            }
            // The root is the first node added, whatever it is.
            let root: Int32 = 0
            var state = State.value
            if isStringStart(input[position]) {
                let start = position
                let (line, column) = lines.position(of: start, in: input)
                let arenaStart = builder.arena.count
                try readString()
                try skipSpace()
                if position == input.count {
                    builder.addString(fromArena: arenaStart, position1: line, position2: column)
                    return builder.finish(root: root)
                }
                // A string with more text after it: a strings file, the string its first key.
                builder.open(.dictionary, position1: line, position2: column)
                containers.append(.stringsFile)
                lastKey = builder.addString(fromArena: arenaStart, position1: line, position2: column, isKey: true)
                state = .afterKey
            }
            while true {
                switch state {
                case .value:
                    try skipSpace()
                    state = try readValue(expected: "a value")
                case .elementOrClose:
                    try skipSpace()
                    if position < input.count && input[position] == Byte.closeParenthesis {
                        closeContainer()
                        state = .afterValue
                    } else {
                        state = try readValue(expected: "a value or ')'")
                    }
                case .keyOrClose:
                    state = try readKeyOrClose()
                case .afterKey:
                    state = try readAfterKey()
                case .afterValue:
                    guard let container = containers.last else {
                        try skipSpace()
                        guard position == input.count else { throw unexpected(expected: "end of file") }
                        return builder.finish(root: root)
                    }
                    state = try readAfterValue(in: container)
                }
            }
        }

        // MARK: States

        /// Reads a value starting at `position` (not whitespace).
        private mutating func readValue(expected: String) throws(PropertyListError) -> State {
            guard position < input.count else { throw unexpectedEnd(expected: expected) }
            let byte = input[position]
            switch byte {
            case Byte.openBrace:
                try openContainer(.dictionary, as: .dictionary)
                return .keyOrClose
            case Byte.openParenthesis:
                try openContainer(.array, as: .array)
                return .elementOrClose
            case Byte.lessThan:
                try readData()
                return .afterValue
            default:
                guard isStringStart(byte) else { throw unexpected(expected: expected) }
                let (line, column) = lines.position(of: position, in: input)
                let arenaStart = builder.arena.count
                try readString()
                builder.addString(fromArena: arenaStart, position1: line, position2: column)
                return .afterValue
            }
        }

        private mutating func readKeyOrClose() throws(PropertyListError) -> State {
            try skipSpace()
            let braced = containers.last == .dictionary
            let expected = braced ? "a key or '}'" : "a key or end of file"
            guard position < input.count else {
                guard !braced else { throw unexpectedEnd(expected: expected) }
                closeContainer()
                return .afterValue
            }
            let byte = input[position]
            if braced && byte == Byte.closeBrace {
                closeContainer()
                return .afterValue
            }
            guard isStringStart(byte) else { throw unexpected(expected: expected) }
            let (line, column) = lines.position(of: position, in: input)
            let arenaStart = builder.arena.count
            try readString()
            lastKey = builder.addString(fromArena: arenaStart, position1: line, position2: column, isKey: true)
            return .afterKey
        }

        private mutating func readAfterKey() throws(PropertyListError) -> State {
            try skipSpace()
            let expected = containers.last == .stringsFile ? "'=' or ';'" : "'='"
            guard position < input.count else { throw unexpectedEnd(expected: expected) }
            switch input[position] {
            case Byte.equals:
                position += 1
                return .value
            case Byte.semicolon:
                // `key;`: the value is the key itself (CF allows it in every dictionary). The `;` is
                // left for `afterValue` to read.
                let key = builder.nodes[Int(lastKey)]
                builder.add(
                    .string, payload: key.payload, length: key.length, position1: Int(key.position1),
                    position2: Int(key.position2))
                return .afterValue
            default:
                throw unexpected(expected: expected)
            }
        }

        private mutating func readAfterValue(in container: Container) throws(PropertyListError) -> State {
            try skipSpace()
            switch container {
            case .array:
                let expected = "',' or ')'"
                guard position < input.count else { throw unexpectedEnd(expected: expected) }
                switch input[position] {
                case Byte.comma:
                    position += 1
                    return .elementOrClose
                case Byte.closeParenthesis:
                    closeContainer()
                    return .afterValue
                default:
                    throw unexpected(expected: expected)
                }
            case .dictionary, .stringsFile:
                guard position < input.count else { throw unexpectedEnd(expected: "';'") }
                guard input[position] == Byte.semicolon else { throw unexpected(expected: "';'") }
                position += 1
                return .keyOrClose
            }
        }

        private mutating func openContainer(_ kind: PlistKind, as container: Container) throws(PropertyListError) {
            guard builder.depth < depthLimit else {
                throw error(.nestingTooDeep(limit: depthLimit), at: position)
            }
            let (line, column) = lines.position(of: position, in: input)
            builder.open(kind, position1: line, position2: column)
            containers.append(container)
            position += 1
        }

        /// Closes the innermost container; `position` is at its `)` or `}`, or at the end of a
        /// strings file.
        private mutating func closeContainer() {
            if containers.popLast() != .stringsFile { position += 1 }
            builder.close()
        }

        // MARK: Tokens

        /// Skips whitespace and comments. Whitespace is what CoreFoundation skips: tab, line feed,
        /// vertical tab, form feed, carriage return, space, U+2028 and U+2029.
        private mutating func skipSpace() throws(PropertyListError) {
            let end = input.count
            while position < end {
                switch input[position] {
                case 0x09...0x0D, Byte.space:
                    position += 1
                case 0xE2 where isUnicodeSeparator(at: position):
                    position += 3
                case Byte.slash:
                    guard position + 1 < end else { return }
                    let next = input[position + 1]
                    if next == Byte.slash {
                        position += 2
                        while position < end && !isLineEnd(at: position) { position += 1 }
                    } else if next == Byte.asterisk {
                        let start = position
                        position += 2
                        while true {
                            guard position + 1 < end else {
                                throw error(.unterminatedComment, at: start)
                            }
                            if input[position] == Byte.asterisk && input[position + 1] == Byte.slash {
                                position += 2
                                break
                            }
                            position += 1
                        }
                    } else {
                        // A lone `/` starts an unquoted string.
                        return
                    }
                default:
                    return
                }
            }
        }

        /// Reads a quoted or unquoted string at `position` into the arena.
        private mutating func readString() throws(PropertyListError) {
            let byte = input[position]
            if byte == Byte.doubleQuote || byte == Byte.singleQuote {
                try readQuotedString(quote: byte)
            } else {
                let start = position
                while position < input.count && isUnquoted(input[position]) { position += 1 }
                appendInput(start..<position)
            }
        }

        private mutating func readQuotedString(quote: UInt8) throws(PropertyListError) {
            let open = position
            let end = input.count
            position += 1
            var mark = position
            while position < end {
                let byte = input[position]
                if byte == quote {
                    appendInput(mark..<position)
                    position += 1
                    return
                }
                guard byte == Byte.backslash else {
                    if byte == 0 { warn(.nulInString, at: position) }
                    position += 1
                    continue
                }
                appendInput(mark..<position)
                position += 1
                // A `\` that ends the input leaves the string unclosed, as in CF.
                guard position < end else { break }
                mark = readEscape()
            }
            throw error(.unterminatedString, at: open)
        }

        /// Reads the escape whose character (after the `\`) is at `position`, appending what it
        /// stands for; returns where plain text resumes.
        private mutating func readEscape() -> Int {
            let byte = input[position]
            switch byte {
            case Byte.zero...Byte.seven:
                // One to three octal digits naming a NeXTSTEP-encoded byte; like CF's `uint8_t`, a
                // value over 0o377 keeps its low eight bits.
                var value = Int(byte - Byte.zero)
                position += 1
                var digits = 1
                while digits < 3, position < input.count, input[position] >= Byte.zero, input[position] <= Byte.seven {
                    value = (value << 3) + Int(input[position] - Byte.zero)
                    position += 1
                    digits += 1
                }
                appendScalar(NeXTSTEPEncoding.scalar(for: UInt8(truncatingIfNeeded: value)))
            case Byte.capitalU:
                let escape = position - 1
                position += 1
                appendScalar(readUTF16Escape(escapeAt: escape))
            default:
                let control: UInt8
                switch byte {
                case Byte.lowercaseA: control = 0x07
                case Byte.lowercaseB: control = 0x08
                case Byte.lowercaseF: control = 0x0C
                case Byte.lowercaseN: control = 0x0A
                case Byte.lowercaseR: control = 0x0D
                case Byte.lowercaseT: control = 0x09
                case Byte.lowercaseV: control = 0x0B
                default:
                    // Any other character stands for itself (`\"`, `\'`, `\\`, `\q`…), as in CF. It
                    // is plain text from here; skipping its first byte keeps a quote from closing.
                    let resume = position
                    position += 1
                    return resume
                }
                builder.arena.append(control)
                position += 1
            }
            return position
        }

        /// The scalar of a `\U` escape whose digits start at `position`: up to four hexadecimal
        /// digits (none reads as U+0000, as in CF) naming one UTF-16 code unit. A high surrogate
        /// directly followed by a `\U` low surrogate makes one scalar. CF keeps an unpaired
        /// surrogate in its UTF-16 string, which cannot be written as UTF-8; it becomes U+FFFD here,
        /// as it does when such a string is bridged to a Swift `String`.
        private mutating func readUTF16Escape(escapeAt escape: Int) -> UInt32 {
            let unit = readHexUnit(escapeAt: escape)
            switch unit {
            case 0xD800...0xDBFF:
                let resume = position
                if position + 1 < input.count && input[position] == Byte.backslash
                    && input[position + 1] == Byte.capitalU
                {
                    let lowEscape = position
                    position += 2
                    let low = readHexUnit(escapeAt: lowEscape)
                    if low >= 0xDC00 && low <= 0xDFFF {
                        return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                }
                position = resume
                return 0xFFFD
            case 0xDC00...0xDFFF:
                return 0xFFFD
            default:
                return unit
            }
        }

        /// The code unit of the hexadecimal digits at `position` (up to four); fewer than four is
        /// read as CF reads it, with a warning at the escape, which starts at `escape`.
        private mutating func readHexUnit(escapeAt escape: Int) -> UInt32 {
            var unit: UInt32 = 0
            var digits = 0
            while digits < 4, position < input.count, let digit = hexValue(input[position]) {
                unit = unit << 4 | UInt32(digit)
                position += 1
                digits += 1
            }
            if digits < 4 {
                let written = String(decoding: input[escape..<position], as: UTF8.self)
                warn(.shortUnicodeEscape(OutputEscaping.escape(written)), at: escape)
            }
            return unit
        }

        /// Records a warning at `offset`.
        private mutating func warn(_ kind: PropertyListWarning.Kind, at offset: Int) {
            var lines = self.lines
            let (line, column) = lines.position(of: offset, in: input)
            builder.warn(kind, at: SourceLocation(file: file, line: line, column: column))
        }

        /// Reads `<…>` data at `position`: pairs of hexadecimal digits, with whitespace (space, tab,
        /// line feed, carriage return, U+2028, U+2029 — CF's set) allowed between pairs only.
        private mutating func readData() throws(PropertyListError) {
            let open = position
            let (line, column) = lines.position(of: open, in: input)
            let arenaStart = builder.arena.count
            let end = input.count
            position += 1
            while true {
                guard position < end else { throw error(.invalidHexData("no closing '>'"), at: open) }
                let byte = input[position]
                if byte == Byte.greaterThan {
                    position += 1
                    builder.addData(fromArena: arenaStart, position1: line, position2: column)
                    return
                }
                if let high = hexValue(byte) {
                    let next = position + 1
                    guard next < end else { throw error(.invalidHexData("no closing '>'"), at: open) }
                    guard let low = hexValue(input[next]) else {
                        if dataSpaceWidth(at: next) != nil || input[next] == Byte.greaterThan {
                            let digit = describe(at: position)
                            let why = "digit \(digit) has no partner: a byte takes two hexadecimal digits"
                            throw error(.invalidHexData(why), at: position)
                        }
                        throw error(.invalidHexData("\(describe(at: next)) is not a hexadecimal digit"), at: next)
                    }
                    builder.arena.append(high << 4 | low)
                    position += 2
                } else if let width = dataSpaceWidth(at: position) {
                    position += width
                } else {
                    throw error(.invalidHexData("\(describe(at: position)) is not a hexadecimal digit"), at: position)
                }
            }
        }

        // MARK: Bytes

        private func isStringStart(_ byte: UInt8) -> Bool {
            byte == Byte.doubleQuote || byte == Byte.singleQuote || isUnquoted(byte)
        }

        /// CF's `isValidUnquotedStringCharacter`: ASCII letters, digits, `_ $ / : . -`.
        private func isUnquoted(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: return true
            case Byte.underscore, Byte.dollar, Byte.slash, Byte.colon, Byte.period, Byte.hyphen: return true
            default: return false
            }
        }

        /// Whether U+2028 or U+2029 (`E2 80 A8`, `E2 80 A9`) starts at `index`.
        private func isUnicodeSeparator(at index: Int) -> Bool {
            index + 2 < input.count && input[index] == 0xE2 && input[index + 1] == 0x80
                && (input[index + 2] == 0xA8 || input[index + 2] == 0xA9)
        }

        /// Whether a `//` comment ends at `index`: LF, CR, U+2028 or U+2029.
        private func isLineEnd(at index: Int) -> Bool {
            let byte = input[index]
            return byte == Byte.lineFeed || byte == Byte.carriageReturn || isUnicodeSeparator(at: index)
        }

        /// The length of the whitespace character at `index` inside `<…>` data, or `nil`.
        private func dataSpaceWidth(at index: Int) -> Int? {
            switch input[index] {
            case Byte.space, Byte.tab, Byte.lineFeed, Byte.carriageReturn: return 1
            case 0xE2 where isUnicodeSeparator(at: index): return 3
            default: return nil
            }
        }

        private func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x41...0x46: return byte - 0x41 + 10
            case 0x61...0x66: return byte - 0x61 + 10
            default: return nil
            }
        }

        private mutating func appendInput(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            builder.arena.append(contentsOf: UnsafeBufferPointer(rebasing: input[range]))
        }

        private mutating func appendScalar(_ scalar: UInt32) {
            UTF8Writer.append(scalar, to: &builder.arena)
        }

        // MARK: Errors

        /// The character at `index` for a message: `'='`, `'\u{7}'`, or `end of line`.
        private func describe(at index: Int) -> String {
            let byte = input[index]
            if byte == Byte.lineFeed || byte == Byte.carriageReturn { return "end of line" }
            let length: Int
            switch byte {
            case 0xC0...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF7: length = 4
            default: length = 1
            }
            let character = UnsafeBufferPointer(rebasing: input[index..<min(input.count, index + length)])
            return "'" + OutputEscaping.escape(String(decoding: character, as: UTF8.self)) + "'"
        }

        /// The character at `position` was not what the grammar allows there.
        private func unexpected(expected: String) -> PropertyListError {
            guard position < input.count else { return unexpectedEnd(expected: expected) }
            return error(.unexpectedCharacter(describe(at: position), expected: expected), at: position)
        }

        private func unexpectedEnd(expected: String) -> PropertyListError {
            error(.unexpectedEnd(expected: expected), at: input.count)
        }

        private func error(_ problem: PropertyListProblem, at offset: Int) -> PropertyListError {
            var lines = self.lines
            let (line, column) = lines.position(of: offset, in: input)
            return PropertyListError(problem, at: SourceLocation(file: file, line: line, column: column))
        }
    }

    // MARK: Support

    /// Turns byte offsets into 1-based lines and columns (columns count characters: UTF-8
    /// continuation bytes are skipped). Values are located in document order, so counting resumes
    /// where the previous call stopped: one pass in all.
    /// Lines end at LF, CR, or CR LF, as CF counts them.
    fileprivate struct LineCounter {
        private var offset = 0
        private var line = 1
        private var lineStart = 0
        /// UTF-8 continuation bytes between `lineStart` and `offset`.
        private var continuations = 0

        mutating func position(of target: Int, in text: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
            if target < offset {
                offset = 0
                line = 1
                lineStart = 0
                continuations = 0
            }
            var index = offset
            let end = min(target, text.count)
            while index < end {
                let byte = text[index]
                if byte <= Byte.carriageReturn {
                    if byte == Byte.lineFeed
                        || (byte == Byte.carriageReturn
                            && (index + 1 == text.count || text[index + 1] != Byte.lineFeed))
                    {
                        line += 1
                        lineStart = index + 1
                        continuations = 0
                    }
                } else if byte & 0xC0 == 0x80 {
                    continuations += 1
                }
                index += 1
            }
            offset = end
            return (line, target - lineStart - continuations + 1)
        }
    }

    /// Which text encoding the bytes are in, by the same signs the dispatcher uses.
    fileprivate enum TextEncoding {
        case utf8(bomLength: Int)
        case utf16(bigEndian: Bool, bomLength: Int)

        static func detect(_ bytes: [UInt8]) -> TextEncoding {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8(bomLength: 3) }
            if bytes.starts(with: [0xFE, 0xFF]) { return .utf16(bigEndian: true, bomLength: 2) }
            if bytes.starts(with: [0xFF, 0xFE]) { return .utf16(bigEndian: false, bomLength: 2) }
            // No byte-order mark: ASCII characters in UTF-16 have a zero byte beside them.
            if bytes.count >= 4 && bytes[0] == 0 && bytes[1] != 0 && bytes[2] == 0 {
                return .utf16(bigEndian: true, bomLength: 0)
            }
            if bytes.count >= 4 && bytes[0] != 0 && bytes[1] == 0 && bytes[3] == 0 {
                return .utf16(bigEndian: false, bomLength: 0)
            }
            return .utf8(bomLength: 0)
        }
    }

    /// Writes Unicode scalars as UTF-8.
    fileprivate enum UTF8Writer {
        /// Appends `scalar`; a value that is not a Unicode scalar (a surrogate, or above U+10FFFF)
        /// is written as U+FFFD.
        static func append(_ scalar: UInt32, to bytes: inout [UInt8]) {
            switch scalar {
            case 0..<0x80:
                bytes.append(UInt8(scalar))
            case 0x80..<0x800:
                bytes.append(0xC0 | UInt8(scalar >> 6))
                bytes.append(0x80 | UInt8(scalar & 0x3F))
            case 0xD800...0xDFFF, 0x11_0000...:
                bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
            case 0x800..<0x1_0000:
                bytes.append(0xE0 | UInt8(scalar >> 12))
                bytes.append(0x80 | UInt8(scalar >> 6 & 0x3F))
                bytes.append(0x80 | UInt8(scalar & 0x3F))
            default:
                bytes.append(0xF0 | UInt8(scalar >> 18))
                bytes.append(0x80 | UInt8(scalar >> 12 & 0x3F))
                bytes.append(0x80 | UInt8(scalar >> 6 & 0x3F))
                bytes.append(0x80 | UInt8(scalar & 0x3F))
            }
        }
    }

    /// The NeXTSTEP character set, which octal escapes (`\251`) name: ASCII below 0x80, and above it
    /// the table CoreFoundation's NextStepLatin converter uses.
    fileprivate enum NeXTSTEPEncoding {
        static func scalar(for byte: UInt8) -> UInt32 {
            guard byte >= 0x80 else { return UInt32(byte) }
            return UInt32(upperHalf[Int(byte - 0x80)])
        }

        /// 0x80…0xFF. The last two are undefined: CF's converter fails there and the escape reads as
        /// U+0000; we write U+FFFD, as the `openstep-plist` Python package does, so that nothing
        /// invisible enters the text.
        private static let upperHalf: [UInt16] = [
            0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7,  // 0x80
            0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,  // 0x88
            0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9,  // 0x90
            0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7,  // 0x98
            0x00A9, 0x00A1, 0x00A2, 0x00A3, 0x2044, 0x00A5, 0x0192, 0x00A7,  // 0xA0
            0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,  // 0xA8
            0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022,  // 0xB0
            0x201A, 0x201E, 0x201D, 0x00BB, 0x2026, 0x2030, 0x00AC, 0x00BF,  // 0xB8
            0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9,  // 0xC0
            0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7,  // 0xC8
            0x2014, 0x00B1, 0x00BC, 0x00BD, 0x00BE, 0x00E0, 0x00E1, 0x00E2,  // 0xD0
            0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,  // 0xD8
            0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1,  // 0xE0
            0x0141, 0x00D8, 0x0152, 0x00BA, 0x00F2, 0x00F3, 0x00F4, 0x00F5,  // 0xE8
            0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD,  // 0xF0
            0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0xFFFD, 0xFFFD,  // 0xF8
        ]
    }

    /// The ASCII bytes the grammar names.
    fileprivate enum Byte {
        static let tab = UInt8(ascii: "\t")
        static let lineFeed = UInt8(ascii: "\n")
        static let carriageReturn = UInt8(ascii: "\r")
        static let space = UInt8(ascii: " ")
        static let doubleQuote = UInt8(ascii: "\"")
        static let dollar = UInt8(ascii: "$")
        static let singleQuote = UInt8(ascii: "'")
        static let openParenthesis = UInt8(ascii: "(")
        static let closeParenthesis = UInt8(ascii: ")")
        static let asterisk = UInt8(ascii: "*")
        static let comma = UInt8(ascii: ",")
        static let hyphen = UInt8(ascii: "-")
        static let period = UInt8(ascii: ".")
        static let slash = UInt8(ascii: "/")
        static let zero = UInt8(ascii: "0")
        static let seven = UInt8(ascii: "7")
        static let colon = UInt8(ascii: ":")
        static let semicolon = UInt8(ascii: ";")
        static let lessThan = UInt8(ascii: "<")
        static let equals = UInt8(ascii: "=")
        static let greaterThan = UInt8(ascii: ">")
        static let capitalU = UInt8(ascii: "U")
        static let backslash = UInt8(ascii: "\\")
        static let underscore = UInt8(ascii: "_")
        static let lowercaseA = UInt8(ascii: "a")
        static let lowercaseB = UInt8(ascii: "b")
        static let lowercaseF = UInt8(ascii: "f")
        static let lowercaseN = UInt8(ascii: "n")
        static let lowercaseR = UInt8(ascii: "r")
        static let lowercaseT = UInt8(ascii: "t")
        static let lowercaseV = UInt8(ascii: "v")
        static let openBrace = UInt8(ascii: "{")
        static let closeBrace = UInt8(ascii: "}")
    }
}
