/// A table from identifiers (compared as ``UniformTypeIdentifier``'s `==` compares them,
/// case-insensitively) to node numbers, remembering the order identifiers were first stored in.
/// Entries are added or replaced, never removed.
struct IdentifierTable: Sendable {
    private var keys: [UniformTypeIdentifier] = []
    private var entries: [UniformTypeIdentifier: Int32] = [:]

    /// An empty table.
    init() {}

    /// Whether the table has no entry.
    var isEmpty: Bool { keys.isEmpty }

    /// How many identifiers the table holds.
    var count: Int { keys.count }

    /// Makes room for `capacity` entries without growing again.
    mutating func reserveCapacity(_ capacity: Int) {
        keys.reserveCapacity(capacity)
        entries.reserveCapacity(capacity)
    }

    /// The number stored for `key`, if any.
    subscript(key: UniformTypeIdentifier) -> Int32? {
        entries[key]
    }

    /// Stores `value` for `key`, replacing the number stored for an equal identifier.
    mutating func insert(_ value: Int32, for key: UniformTypeIdentifier) {
        if entries.updateValue(value, forKey: key) == nil { keys.append(key) }
    }

    /// The number stored for `key`; when there is none, `value`, stored for it.
    mutating func value(for key: UniformTypeIdentifier, inserting value: Int32) -> Int32 {
        if let stored = entries[key] { return stored }
        entries[key] = value
        keys.append(key)
        return value
    }

    /// The identifiers stored, in the order they were first stored.
    var identifiers: [UniformTypeIdentifier] { keys }
}
