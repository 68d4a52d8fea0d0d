/// A dynamic identifier (`dyn.a…`): the identifier the system derives for a tag no declaration
/// claims, encoded from the tag, its class and a conformance, and decoded back.
///
/// Apple calls the payload opaque; the format here is reverse-engineered (see
/// info-plist-rules.md §2.4) and checked against identifiers seen on real systems:
/// `dyn.ah62d4rv4ge81g6pq` is `?0=6:1=sql` (extension `sql`, conforming to `public.data`).
/// After `dyn.` comes the variant letter `a`, then the payload's UTF-8 bytes in a base-32 of the
/// alphabet `abcdefghkmnpqrstuvwxyz0123456789`, most significant bit first, unpadded. The
/// payload is `?` and `key=value` fields joined by `:`. Keys and common values are abbreviated
/// by codes (``Key``, ``knownValueCodes``); a code outside the known table is kept as opaque
/// rather than guessed. How `:`, `=` and `\` inside a tag are escaped has not been observed:
/// this encoder writes them after a `\`.
public struct DynamicIdentifier: Sendable, Hashable {
    /// A field's key.
    public enum Key: Sendable, Hashable {
        /// `0`: the type conforms to the field's value.
        case conformsTo
        /// `1`–`5`, or a tag class spelled out: the field's value is a tag of this class.
        case tag(TagClass)
        /// A code outside the known table, kept as written.
        case opaque(String)
    }

    /// A field's value.
    public enum Value: Sendable, Hashable {
        /// An identifier, abbreviated by a known code or written out.
        case identifier(UniformTypeIdentifier)
        /// Text, such as a tag.
        case text(String)
        /// A code outside the known table (such as `13`), kept as written.
        case opaque(String)
    }

    /// One `key=value` field.
    public struct Field: Sendable, Hashable {
        /// The key, interpreted.
        public var key: Key
        /// The value, interpreted.
        public var value: Value

        /// Creates a field.
        public init(key: Key, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The fields in payload order.
    public var fields: [Field]

    /// Creates a dynamic identifier from its fields.
    public init(fields: [Field]) {
        self.fields = fields
    }

    /// The dynamic identifier for `tag` of class `tagClass` conforming to `conformsTo`:
    /// conformance fields first, then the tag, as observed.
    public init(tagClass: TagClass, tag: String, conformsTo: [UniformTypeIdentifier]) {
        self.fields =
            conformsTo.map { Field(key: .conformsTo, value: .identifier($0)) }
            + [Field(key: .tag(tagClass), value: .text(tag))]
    }

    // MARK: Meaning

    /// The types the identifier conforms to; opaque codes are left out (see ``fields``).
    public var conformsTo: [UniformTypeIdentifier] {
        fields.compactMap {
            if case .conformsTo = $0.key, case .identifier(let identifier) = $0.value { return identifier }
            return nil
        }
    }

    /// The first tag field's class.
    public var tagClass: TagClass? {
        for field in fields { if case .tag(let tagClass) = field.key { return tagClass } }
        return nil
    }

    /// The first tag field's value.
    public var tag: String? {
        for field in fields {
            if case .tag = field.key, case .text(let text) = field.value { return text }
        }
        return nil
    }

    /// Whether any key or value is an unknown code.
    public var hasOpaqueParts: Bool {
        fields.contains {
            if case .opaque = $0.key { return true }
            if case .opaque = $0.value { return true }
            return false
        }
    }

    // MARK: Codes

    /// The known value codes for conformances: `6` is `public.data` (confirmed by an observed
    /// identifier); the rest come from a public table whose author was unsure of some.
    public static let knownValueCodes: [(code: String, identifier: UniformTypeIdentifier)] = [
        ("6", "public.data"), ("7", "public.text"), ("8", "public.plain-text"), ("9", "public.utf16-plain-text"),
        ("A", "com.apple.traditional-mac-plain-text"), ("B", "public.image"), ("C", "public.video"),
        ("D", "public.audio"), ("E", "public.directory"), ("F", "public.folder"),
    ]

    private static let tagClassCodes: [(code: String, tagClass: TagClass)] = [
        ("1", .filenameExtension), ("2", .osType), ("3", .mimeType), ("4", .pasteboardType),
        ("5", .other("public.url-scheme")),
    ]

    // MARK: Encoding

    /// The payload, such as `?0=6:1=sql`.
    public var payload: String {
        "?"
            + fields.map { field in
                Self.encodeKey(field.key) + "=" + Self.encodeValue(field.value)
            }.joined(separator: ":")
    }

    /// The identifier, such as `dyn.ah62d4rv4ge81g6pq`.
    public var identifier: UniformTypeIdentifier {
        UniformTypeIdentifier("dyn.a" + DynamicBase32.encode(Array(payload.utf8)))
    }

    private static func encodeKey(_ key: Key) -> String {
        switch key {
        case .conformsTo: "0"
        case .tag(let tagClass): tagClassCodes.first { $0.tagClass == tagClass }?.code ?? escape(tagClass.rawValue)
        case .opaque(let code): code
        }
    }

    private static func encodeValue(_ value: Value) -> String {
        switch value {
        case .identifier(let identifier):
            knownValueCodes.first { $0.identifier == identifier }?.code ?? escape(identifier.rawValue)
        case .text(let text): escape(text)
        case .opaque(let code): code
        }
    }

    private static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == ":" || $0 == "=" || $0 == "\\" }) else { return text }
        var escaped = ""
        for character in text {
            if character == ":" || character == "=" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    // MARK: Decoding

    /// Decodes `identifier`, which must be a `dyn.a…` identifier (letter case is ignored: the
    /// alphabet has lower-case letters only).
    public init(decoding identifier: UniformTypeIdentifier) throws(DynamicIdentifierError) {
        let text = identifier.normalized
        guard text.hasPrefix("dyn.") else { throw .notDynamic }
        let encoded = text.dropFirst(4)
        guard let variant = encoded.first else { throw .missingPayload }
        guard variant == "a" else { throw .unknownVariant(variant) }
        let bytes = try DynamicBase32.decode(encoded.dropFirst())
        // Decoding replaces ill-formed UTF-8 with U+FFFD, so a payload whose bytes do not come back
        // unchanged was not UTF-8. (`String(validating:as:)` says so directly, but needs macOS 15.)
        let payload = String(decoding: bytes, as: UTF8.self)
        guard payload.utf8.elementsEqual(bytes) else { throw .invalidUTF8 }
        guard payload.first == "?" else { throw .malformedPayload(payload) }
        var fields: [Field] = []
        for part in Self.split(payload.dropFirst(), on: ":") where !part.isEmpty {
            let pieces = Self.split(part, on: "=")
            guard pieces.count >= 2 else { throw .malformedPayload(payload) }
            let key = Self.decodeKey(Self.unescape(pieces[0]))
            let rawValue = Self.unescape(pieces.dropFirst().joined(separator: "="))
            fields.append(Field(key: key, value: Self.decodeValue(rawValue, for: key)))
        }
        self.fields = fields
    }

    private static func decodeKey(_ code: String) -> Key {
        if code == "0" { return .conformsTo }
        if let known = tagClassCodes.first(where: { $0.code == code }) { return .tag(known.tagClass) }
        return code.contains(".") ? .tag(TagClass(rawValue: code)) : .opaque(code)
    }

    private static func decodeValue(_ text: String, for key: Key) -> Value {
        guard case .conformsTo = key else { return .text(text) }
        if let known = knownValueCodes.first(where: { $0.code == text }) { return .identifier(known.identifier) }
        return text.contains(".") ? .identifier(UniformTypeIdentifier(text)) : .opaque(text)
    }

    /// Splits on `separator` where it is not escaped by `\`; escapes are kept.
    private static func split(_ text: some StringProtocol, on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == separator {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    private static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var escaped = false
        for character in text {
            if !escaped && character == "\\" {
                escaped = true
            } else {
                result.append(character)
                escaped = false
            }
        }
        return result
    }
}

/// Why a string is not a decodable dynamic identifier.
public enum DynamicIdentifierError: Error, Sendable, Hashable {
    /// It does not start with `dyn.`.
    case notDynamic
    /// Nothing follows `dyn.`.
    case missingPayload
    /// The variant letter after `dyn.` is not `a`, the only one observed.
    case unknownVariant(Character)
    /// A character outside the base-32 alphabet, at this 0-based offset after `dyn.a`.
    case invalidCharacter(Character, offset: Int)
    /// The decoded bytes are not UTF-8.
    case invalidUTF8
    /// The payload does not have the `?key=value:…` shape.
    case malformedPayload(String)
}

/// The base-32 of dynamic identifiers: alphabet `abcdefghkmnpqrstuvwxyz0123456789`, five bits per
/// character, most significant first, no padding.
enum DynamicBase32 {
    static let alphabet: [Character] = Array("abcdefghkmnpqrstuvwxyz0123456789")

    static func encode(_ bytes: [UInt8]) -> String {
        var result = ""
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                result.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
            }
        }
        if bits > 0 { result.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return result
    }

    static func decode(_ text: Substring) throws(DynamicIdentifierError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for (offset, character) in text.enumerated() {
            guard let value = alphabet.firstIndex(of: character) else {
                throw .invalidCharacter(character, offset: offset)
            }
            buffer = ((buffer << 5) | UInt32(value)) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return bytes
    }
}
