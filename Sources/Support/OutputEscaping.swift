/// Makes text from an input file safe to print: control characters, DEL, and the invisible or
/// direction-changing characters that can disguise text (zero-width spaces, bidi overrides and
/// isolates, the byte-order mark, the line and paragraph separators) are shown as escapes.
public enum OutputEscaping {
    /// Whether `scalar` must not reach a terminal raw.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// `text` with every character that `needsEscape` names written as `\n`, `\t`, `\r` or
    /// `\u{XXXX}`.
    public static func escape(_ text: String) -> String {
        // Printable ASCII needs nothing: checked byte by byte first, the usual case by far.
        if text.withUTF8Bytes({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) { return text }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }
}

extension String {
    /// The text between two `mark`s (an ASCII character), made at its final size: joining with
    /// `+` appends twice, and messages quote a few values each (a lint of a huge app writes
    /// hundreds of thousands of them).
    public func enclosed(in mark: Unicode.Scalar) -> String {
        precondition(mark.isASCII, "the mark is one UTF-8 byte")
        let count = utf8.count
        return String(unsafeUninitializedCapacity: count + 2) { buffer in
            buffer[0] = UInt8(mark.value)
            let inner = UnsafeMutableBufferPointer(rebasing: buffer[1..<count + 1])
            withUTF8Bytes { _ = inner.initialize(from: $0) }
            buffer[count + 1] = UInt8(mark.value)
            return count + 2
        }
    }
}
