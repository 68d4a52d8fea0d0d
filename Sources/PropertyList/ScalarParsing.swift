import Support

/// Parsing of the text inside `<integer>`, `<real>` and `<data>`, from bytes, without Foundation.
enum ScalarParsing {
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The bytes without leading and trailing XML whitespace.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end && isSpace(bytes[start]) { start += 1 }
        while end > start && isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// Text for messages: at most 40 characters of the input, escaped where needed.
    static func quote(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let shown = bytes.count > 40 ? UnsafeBufferPointer(rebasing: bytes[0..<40]) : bytes
        return OutputEscaping.escape(String(decoding: shown, as: UTF8.self)) + (bytes.count > 40 ? "…" : "")
    }

    /// A decimal or `0x` hexadecimal integer with an optional sign, from Int64.min to UInt64.max.
    /// Stops at the first character that does not belong, so 100,000 digits fail fast.
    static func integer(_ raw: UnsafeBufferPointer<UInt8>) -> Result<PlistInteger, PropertyListProblem> {
        let bytes = trimmed(raw)
        var position = 0
        var negative = false
        if position < bytes.count && (bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+")) {
            negative = bytes[position] == UInt8(ascii: "-")
            position += 1
        }
        var radix: UInt64 = 10
        if position + 1 < bytes.count && bytes[position] == UInt8(ascii: "0")
            && (bytes[position + 1] | 0x20) == UInt8(ascii: "x")
        {
            radix = 16
            position += 2
        }
        guard position < bytes.count else { return .failure(.invalidInteger(quote(raw))) }
        var magnitude: UInt64 = 0
        while position < bytes.count {
            let byte = bytes[position]
            let digit: UInt64
            switch byte {
            case 0x30...0x39: digit = UInt64(byte - 0x30)
            case 0x61...0x66 where radix == 16: digit = UInt64(byte - 0x61 + 10)
            case 0x41...0x46 where radix == 16: digit = UInt64(byte - 0x41 + 10)
            default: return .failure(.invalidInteger(quote(raw)))
            }
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 {
                // Out of range; make sure the rest is digits so the message is the right one.
                return .failure(.integerOutOfRange(quote(raw)))
            }
            magnitude = sum
            position += 1
        }
        if negative {
            if magnitude <= UInt64(Int64.max) { return .success(.signed(-Int64(magnitude))) }
            if magnitude == UInt64(Int64.max) + 1 { return .success(.signed(Int64.min)) }
            return .failure(.integerOutOfRange(quote(raw)))
        }
        if magnitude <= UInt64(Int64.max) { return .success(.signed(Int64(magnitude))) }
        return .success(.unsigned(magnitude))
    }

    /// A decimal real with an optional exponent, or `nan`, `inf`, `infinity` with an optional sign
    /// in any letter case. Hexadecimal is refused. `overflowed` is set when a finite-looking value is
    /// beyond Double's range and became infinity.
    static func real(_ raw: UnsafeBufferPointer<UInt8>) -> (value: Double, overflowed: Bool)? {
        let bytes = trimmed(raw)
        guard !bytes.isEmpty, bytes.count <= 1024 else { return nil }
        var body = bytes
        var sign = 1.0
        if body[0] == UInt8(ascii: "-") || body[0] == UInt8(ascii: "+") {
            sign = body[0] == UInt8(ascii: "-") ? -1 : 1
            body = UnsafeBufferPointer(rebasing: body[1...])
        }
        let lower = String(decoding: body.map { $0 | 0x20 }, as: UTF8.self)
        if lower == "nan" { return (.nan, false) }
        if lower == "inf" || lower == "infinity" { return (sign * .infinity, false) }
        // Grammar: digits [. digits] [e [sign] digits], at least one digit in the mantissa.
        var position = 0
        var mantissaDigits = 0
        while position < body.count && body[position] >= 0x30 && body[position] <= 0x39 {
            position += 1
            mantissaDigits += 1
        }
        if position < body.count && body[position] == UInt8(ascii: ".") {
            position += 1
            while position < body.count && body[position] >= 0x30 && body[position] <= 0x39 {
                position += 1
                mantissaDigits += 1
            }
        }
        guard mantissaDigits > 0 else { return nil }
        if position < body.count && (body[position] | 0x20) == UInt8(ascii: "e") {
            position += 1
            if position < body.count && (body[position] == UInt8(ascii: "-") || body[position] == UInt8(ascii: "+")) {
                position += 1
            }
            var exponentDigits = 0
            while position < body.count && body[position] >= 0x30 && body[position] <= 0x39 {
                position += 1
                exponentDigits += 1
            }
            guard exponentDigits > 0 else { return nil }
        }
        guard position == body.count else { return nil }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)) else { return nil }
        return (value, value.isInfinite)
    }

    private static let base64Values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    /// Decodes base64 with any whitespace inside, appending the bytes to `output`. Padding is
    /// optional; `=` may only end the text. Returns a reason on failure.
    static func base64(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> String? {
        var accumulator: UInt32 = 0
        var bits = 0
        var symbols = 0
        var padding = 0
        for byte in bytes {
            if isSpace(byte) { continue }
            if byte == UInt8(ascii: "=") {
                padding += 1
                if padding > 2 { return "too much '=' padding" }
                continue
            }
            if padding > 0 { return "text after '=' padding" }
            let value = base64Values[Int(byte)]
            if value == 0xFF {
                return "'\(OutputEscaping.escape(String(decoding: [byte], as: UTF8.self)))' is not a base64 character"
            }
            symbols += 1
            accumulator = (accumulator << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        if symbols % 4 == 1 { return "its length leaves a lone character at the end" }
        if padding > 0 && (symbols + padding) % 4 != 0 { return "wrong amount of '=' padding" }
        return nil
    }
}
