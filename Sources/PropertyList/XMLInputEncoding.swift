/// How libxml2 reads an XML document's bytes: as the UTF-8 they are, or converted to UTF-8 first.
///
/// Decided from the bytes as libxml2 decides (a byte-order mark, zero bytes among the first four,
/// the XML declaration's `encoding`), not from its parser's input buffer, whose members 2.15
/// deprecated. When the document is read as it is, libxml2's byte offsets are the document's, and
/// a malformed UTF-8 sequence libxml2 complains about can be found in it (``UTF8Validation``).
enum XMLInputEncoding: Sendable, Hashable {
    /// UTF-8, read as it is (with or without a byte-order mark, which libxml2 steps over).
    case utf8
    /// Converted to UTF-8 before it is parsed: from the encoding the XML declaration names (as
    /// spelt there), or nil when the first bytes decide it (UTF-16 or UTF-32 without a declaration
    /// that can be read as ASCII, EBCDIC) or the declaration cannot be read.
    case converted(String?)

    /// How libxml2 reads `bytes`.
    init(of bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            start = 3
        } else if bytes.prefix(4).contains(0) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
            || bytes.starts(with: [0x4C, 0x6F, 0xA7, 0x94])
        {
            self = .converted(nil)
            return
        }
        switch Self.declaredName(in: UnsafeBufferPointer(rebasing: bytes[start...])) {
        case .none: self = .utf8
        case .unreadable: self = .converted(nil)
        case .named(let name):
            let lowered = name.map { $0 | 0x20 }
            let isUTF8 = lowered.elementsEqual("utf-8".utf8) || lowered.elementsEqual("utf8".utf8)
            self = isUTF8 ? .utf8 : .converted(String(decoding: name, as: UTF8.self))
        }
    }

    /// The encoding the XML declaration names, when the document is converted from it.
    var declaredName: String? {
        if case .converted(let name) = self { return name }
        return nil
    }

    /// What an XML declaration says of the encoding.
    private enum Declared {
        /// No declaration, or one that names no encoding.
        case none
        /// The name, as spelt between its quotes.
        case named(ArraySlice<UInt8>)
        /// A declaration whose `?>` is not in its first 256 bytes, or whose name is not quoted.
        case unreadable
    }

    /// The encoding named by the XML declaration at the start of `bytes`.
    private static func declaredName(in bytes: UnsafeBufferPointer<UInt8>) -> Declared {
        guard bytes.starts(with: "<?xml".utf8) else { return .none }
        let declaration = Array(bytes.prefix(256))
        guard let end = declaration.indices.first(where: { declaration[$0...].starts(with: "?>".utf8) }) else {
            return .unreadable
        }
        let keyword = Array("encoding".utf8)
        guard let at = (0..<end).first(where: { declaration[$0..<end].starts(with: keyword) }) else { return .none }
        var index = at + keyword.count
        while index < end, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "=")].contains(declaration[index]) { index += 1 }
        guard index < end, declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'") else {
            return .unreadable
        }
        let quote = declaration[index]
        return .named(declaration[(index + 1)..<end].prefix { $0 != quote })
    }
}
