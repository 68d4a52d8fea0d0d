import PropertyList

/// A value of an Info.plist as the built app would carry it: build settings expanded in string
/// values, generated keys merged in. Each value remembers where it came from.
public struct InfoPlistValue: Sendable, Hashable {
    /// The value itself.
    public indirect enum Content: Sendable, Hashable {
        /// A string, expanded.
        case string(String)
        /// A boolean.
        case boolean(Bool)
        /// An integer.
        case integer(PlistInteger)
        /// A real.
        case real(Double)
        /// A date.
        case date(PlistDate)
        /// Bytes.
        case data([UInt8])
        /// A UID (binary plists only).
        case uid(UInt64)
        /// An array.
        case array([InfoPlistValue])
        /// A dictionary, in order; a key appears once (the last value written wins).
        case dictionary([InfoPlistEntry])
    }

    /// Where a value came from.
    public enum Origin: Sendable, Hashable {
        /// Written in the Info.plist file, at this location.
        case file(SourceLocation)
        /// Generated from a build setting (`INFOPLIST_KEY_…`, `PRODUCT_BUNDLE_IDENTIFIER`…), set
        /// at this location when known.
        case buildSetting(name: String, location: SourceLocation?)
    }

    /// The value.
    public var content: Content
    /// Where it came from.
    public var origin: Origin
    /// For a string whose text changed in expansion: the text as written.
    public var writtenText: String?
    /// Names left unresolved in this string's expansion.
    public var unresolved: [String]

    /// A value with its origin.
    public init(_ content: Content, origin: Origin, writtenText: String? = nil, unresolved: [String] = []) {
        self.content = content
        self.origin = origin
        self.writtenText = writtenText
        self.unresolved = unresolved
    }

    /// The location of the value: in the file, or of the setting that generated it.
    public var location: SourceLocation? {
        switch origin {
        case .file(let location): return location
        case .buildSetting(_, let location): return location
        }
    }

    /// The string, when this is a string.
    public var string: String? {
        if case .string(let text) = content { return text }
        return nil
    }

    /// The boolean, when this is a boolean.
    public var boolean: Bool? {
        if case .boolean(let value) = content { return value }
        return nil
    }

    /// The elements of an array (empty for other kinds).
    public var elements: [InfoPlistValue] {
        if case .array(let elements) = content { return elements }
        return []
    }

    /// The entries of a dictionary (empty for other kinds).
    public var entries: [InfoPlistEntry] {
        if case .dictionary(let entries) = content { return entries }
        return []
    }

    /// The value for `key` in a dictionary.
    public subscript(key: String) -> InfoPlistValue? {
        entries.last { $0.key == key }?.value
    }

    /// Whether this is a dictionary.
    public var isDictionary: Bool {
        if case .dictionary = content { return true }
        return false
    }

    /// Whether this is an array.
    public var isArray: Bool {
        if case .array = content { return true }
        return false
    }

    /// Whether this is a scalar (neither array nor dictionary).
    var isScalar: Bool { !isArray && !isDictionary }
}

/// One key of an Info.plist dictionary and its value.
public struct InfoPlistEntry: Sendable, Hashable {
    /// The key (keys are never expanded).
    public var key: String
    /// Where the key is written, when it comes from the file.
    public var keyLocation: SourceLocation?
    /// The value.
    public var value: InfoPlistValue

    /// An entry.
    public init(key: String, keyLocation: SourceLocation? = nil, value: InfoPlistValue) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
