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
    /// What ``values(for:)`` finds.
    associatedtype FoundValues: KeyedLookup<Self>
    /// One pass over a dictionary for the keys of `known`: what ``subscript(key:)`` gives for
    /// each of them and what ``unknownKeys(among:)`` gives (nothing for other kinds).
    func values(for known: KeySet) -> FoundValues
}

/// A dictionary's values for the keys of a ``KeySet``, found in one pass over its entries: a
/// reader that wants a dozen keys of each of a hundred thousand dictionaries does not scan each
/// a dozen times.
public protocol KeyedLookup<Node> {
    /// The values' type.
    associatedtype Node
    /// The value for the key at `position` in the key set's `keys` (the last one written wins).
    func value(at position: Int) -> Node?
    /// The keys that are not in the set, in order, with their locations.
    var unknownKeys: [(key: String, location: SourceLocation?)] { get }
}

/// The values a dictionary of an Info.plist as built has for the keys of a ``KeySet``.
public struct KeyedValues<Node>: KeyedLookup {
    /// Per position in the key set's `keys`, the value for that key.
    let values: [Node?]
    /// The keys that are not in the set, in order, with their locations.
    public let unknownKeys: [(key: String, location: SourceLocation?)]

    /// The value for the key at `position` in the key set's `keys`.
    public func value(at position: Int) -> Node? { values[position] }
}

extension PlistEntryValues: KeyedLookup {
    /// The value for the key at `position` in the key set's `keys`.
    public func value(at position: Int) -> PlistValue? { self[position] }
    /// The keys that are not in the set, in document order, with their locations.
    public var unknownKeys: [(key: String, location: SourceLocation?)] { unknown.map { ($0.key, $0.location) } }
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
    /// The values for the keys of `known` and the other keys, in one pass over the entries (keys
    /// compared as bytes, as the subscript and ``unknownKeys(among:)`` compare them).
    public func values(for known: KeySet) -> PlistEntryValues {
        entryValues(for: known)
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
    /// The values for the keys of `known`, each as the subscript finds it, and the other keys:
    /// an Info.plist as built is small, so this asks key by key.
    public func values(for known: KeySet) -> KeyedValues<InfoPlistValue> {
        KeyedValues(values: known.keys.map { self[$0] }, unknownKeys: unknownKeys(among: known))
    }
}
