/// The value of a string literal without interpolation, as the compiler makes it.
///
/// Escapes `\0 \\ \t \n \r \" \'` and `\u{…}` are decoded (in a raw string, only when written
/// with the literal's own number of `#` after the `\`); in a multiline string the closing
/// delimiter's indentation is removed from every line, the line breaks after the opening and
/// before the closing delimiter are not part of the value, and `\` at a line's end joins it to
/// the next. An unknown escape keeps its character.
struct StringLiteralValue {
    /// The value.
    let value: String

    init(token: SwiftToken, bytes: UnsafeBufferPointer<UInt8>) {
        let hashes = Int(token.hashes)
        let multiline = token.flags.contains(.multiline)
        let quotes = multiline ? 3 : 1
        let start = Int(token.start) + hashes + quotes
        var end = Int(token.end)
        if !token.flags.contains(.unterminated) { end -= hashes + quotes }
        guard start <= end else {
            value = ""
            return
        }
        var content = Array(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        if multiline { content = Self.removingIndentation(content) }
        value =
            token.flags.contains(.hasEscape)
            ? Self.decoded(content, hashes: hashes) : String(decoding: content, as: UTF8.self)
    }

    /// A multiline string's lines without the opening line and the closing delimiter's
    /// indentation.
    private static func removingIndentation(_ content: [UInt8]) -> [UInt8] {
        var lines = content.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        let indentation = lines.last.map { last in last.prefix { $0 == 0x20 || $0 == 0x09 } } ?? []
        guard lines.count >= 2 else { return content }
        lines.removeFirst()
        lines.removeLast()
        var result: [UInt8] = []
        for (number, line) in lines.enumerated() {
            if number > 0 { result.append(0x0A) }
            result += line.starts(with: indentation) ? Array(line.dropFirst(indentation.count)) : line
        }
        return result
    }

    private static func decoded(_ content: [UInt8], hashes: Int) -> String {
        var scalars = String.UnicodeScalarView()
        var text: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: text, as: UTF8.self).unicodeScalars)
            text.removeAll(keepingCapacity: true)
        }
        var index = 0
        while index < content.count {
            let byte = content[index]
            var after = index + 1
            var found = 0
            while byte == UInt8(ascii: "\\") && found < hashes && after < content.count
                && content[after] == UInt8(ascii: "#")
            {
                found += 1
                after += 1
            }
            guard byte == UInt8(ascii: "\\"), found == hashes, after < content.count else {
                text.append(byte)
                index += 1
                continue
            }
            let escaped = content[after]
            index = after + 1
            switch escaped {
            case UInt8(ascii: "0"): text.append(0)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case 0x0A: break  // a line continuation
            case UInt8(ascii: "u"):
                guard index < content.count, content[index] == UInt8(ascii: "{"),
                    let close = content[index...].firstIndex(of: UInt8(ascii: "}")),
                    let code = UInt32(String(decoding: content[(index + 1)..<close], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(code)
                else {
                    text.append(escaped)
                    continue
                }
                flush()
                scalars.append(scalar)
                index = close + 1
            default: text.append(escaped)
            }
        }
        flush()
        return String(scalars)
    }
}
