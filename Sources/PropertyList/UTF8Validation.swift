/// Finds bytes that are not UTF-8, for the readers that report them with their own position
/// (OpenStep text, and XML that libxml2 reads as UTF-8 and refuses).
enum UTF8Validation {
    /// The offset of the first byte that does not begin a well-formed UTF-8 sequence (no
    /// overlong forms, surrogates, or scalars above U+10FFFF), or `nil`.
    static func firstInvalid(in text: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = text.count
        var index = 0
        while index < count {
            let lead = text[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let trailing: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: trailing = 1
            case 0xE0: trailing = 2; lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: trailing = 2
            case 0xED: trailing = 2; highest = 0x9F
            case 0xF0: trailing = 3; lowest = 0x90
            case 0xF1...0xF3: trailing = 3
            case 0xF4: trailing = 3; highest = 0x8F
            default: return index
            }
            guard index + trailing < count else { return index }
            guard text[index + 1] >= lowest && text[index + 1] <= highest else { return index }
            var next = 2
            while next <= trailing {
                guard text[index + next] & 0xC0 == 0x80 else { return index }
                next += 1
            }
            index += trailing + 1
        }
        return nil
    }
}
