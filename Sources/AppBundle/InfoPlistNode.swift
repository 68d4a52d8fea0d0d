import PropertyList

/// A value of an Info.plist tree, as the model reads it: either a value of a parsed file
/// (``PlistValue``) or a value of an Info.plist as built (``InfoPlistValue``: build settings
/// expanded, generated keys merged). The model is read the same way from both.
public protocol InfoPlistNode: Sendable {
    /// The kind of value.
    var nodeKind: PlistKind { get }
    /// The string, when this is a string.
    var string: String? { get }
    /// The boolean, when this is a boolean.
    var boolean: Bool? { get }
    /// The integer, when this is an integer.
    var integer: PlistInteger? { get }
    /// The real, when this is a real.
    var real: Double? { get }
    /// The elements of an array (empty for other kinds).
    var nodeElements: [Self] { get }
    /// The entries of a dictionary, in order (empty for other kinds).
    var nodeEntries: [(key: String, keyLocation: SourceLocation?, value: Self)] { get }
    /// The value for `key` in a dictionary (the last one written wins).
    subscript(key: String) -> Self? { get }
    /// Where the value is, when known.
    var nodeLocation: SourceLocation? { get }
    /// The keys of a dictionary that are not in `known`, with their locations (made only for them).
    func unknownKeys(among known: KeySet) -> [(key: String, location: SourceLocation?)]
}

extension PlistValue: InfoPlistNode {
    /// The kind of value.
    public var nodeKind: PlistKind { kind }
    /// The elements of an array.
    public var nodeElements: [PlistValue] { elements }
    /// The entries of a dictionary, with the keys' locations.
    public var nodeEntries: [(key: String, keyLocation: SourceLocation?, value: PlistValue)] {
        entries.map { ($0.key.text, $0.key.location, $0.value) }
    }
    /// Where the value is.
    public var nodeLocation: SourceLocation? { location }
    /// The keys not in `known`; keys are compared as bytes, and Strings made only for unknown ones.
    public func unknownKeys(among known: KeySet) -> [(key: String, location: SourceLocation?)] {
        keys(notIn: known).map { ($0.key, $0.location) }
    }
}

extension InfoPlistValue: InfoPlistNode {
    /// The kind of value.
    public var nodeKind: PlistKind {
        switch content {
        case .string: return .string
        case .boolean: return .boolean
        case .integer: return .integer
        case .real: return .real
        case .date: return .date
        case .data: return .data
        case .uid: return .uid
        case .array: return .array
        case .dictionary: return .dictionary
        }
    }
    /// The integer, when this is an integer.
    public var integer: PlistInteger? {
        if case .integer(let value) = content { return value }
        return nil
    }
    /// The real, when this is a real.
    public var real: Double? {
        if case .real(let value) = content { return value }
        return nil
    }
    /// The elements of an array.
    public var nodeElements: [InfoPlistValue] { elements }
    /// The entries of a dictionary, with the keys' locations when they come from the file.
    public var nodeEntries: [(key: String, keyLocation: SourceLocation?, value: InfoPlistValue)] {
        entries.map { ($0.key, $0.keyLocation, $0.value) }
    }
    /// Where the value is: in the file, or the setting that generated it.
    public var nodeLocation: SourceLocation? { location }
    /// The keys not in `known`, with their locations.
    public func unknownKeys(among known: KeySet) -> [(key: String, location: SourceLocation?)] {
        entries.filter { !known.contains($0.key) }.map { ($0.key, $0.keyLocation) }
    }
}
