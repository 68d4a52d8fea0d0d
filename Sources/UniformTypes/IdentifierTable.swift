/// A hash table from identifiers (compared as ``UniformTypeIdentifier``'s `==` compares them,
/// case-insensitively) to node numbers.
///
/// It probes on the hash each identifier computed once when it was made, with no per-look-up
/// seeding or mixing (on a huge app, graph look-ups by identifier were a tenth of a lint's time
/// when a `Dictionary` ran a `Hasher` for each; since `UniformTypeIdentifier` implements
/// `_rawHashValue(seed:)` a `Dictionary` no longer does, and whether this table still earns its
/// place has not been measured again). Entries are added or replaced, never removed.
struct IdentifierTable: Sendable {
    private var keys: [UniformTypeIdentifier] = []
    private var values: [Int32] = []
    /// Per slot, the entry's number plus one, or 0 when empty: a power of two long, at most half full.
    private var slots: [Int32] = []

    /// An empty table.
    init() {}

    /// Whether the table has no entry.
    var isEmpty: Bool { keys.isEmpty }

    /// How many identifiers the table holds.
    var count: Int { keys.count }

    /// Makes room for `capacity` entries without growing again.
    mutating func reserveCapacity(_ capacity: Int) {
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        var size = max(8, slots.count)
        while size < 2 * capacity { size *= 2 }
        if size > slots.count { rehash(to: size) }
    }

    /// The number stored for `key`, if any.
    subscript(key: UniformTypeIdentifier) -> Int32? {
        guard let entry = find(key).entry else { return nil }
        return values[entry]
    }

    /// Stores `value` for `key`, replacing the number stored for an equal identifier.
    mutating func insert(_ value: Int32, for key: UniformTypeIdentifier) {
        if let entry = add(value, for: key) { values[entry] = value }
    }

    /// The number stored for `key`; when there is none, `value`, stored for it (one probe for both).
    mutating func value(for key: UniformTypeIdentifier, inserting value: Int32) -> Int32 {
        guard let entry = add(value, for: key) else { return value }
        return values[entry]
    }

    /// Stores `value` for `key` and returns nil when no equal identifier is stored; otherwise
    /// leaves the table as it is and returns the entry holding it. One probe either way.
    private mutating func add(_ value: Int32, for key: UniformTypeIdentifier) -> Int? {
        var found = find(key)
        if let entry = found.entry { return entry }
        if 2 * (keys.count + 1) > slots.count {
            rehash(to: max(8, 2 * slots.count))
            found = find(key)
        }
        keys.append(key)
        values.append(value)
        slots[found.slot] = Int32(keys.count)
        return nil
    }

    /// The identifiers stored, in the order they were first stored.
    var identifiers: [UniformTypeIdentifier] { keys }

    /// The entry holding `key`, or the empty slot where it would go.
    private func find(_ key: UniformTypeIdentifier) -> (entry: Int?, slot: Int) {
        guard !slots.isEmpty else { return (nil, 0) }
        return slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBufferPointer { keys in
                let mask = slots.count - 1
                var slot = key.normalizedHash & mask
                while true {
                    let entry = Int(slots[slot]) - 1
                    if entry < 0 { return (nil, slot) }
                    if keys[entry] == key { return (entry, slot) }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// Places every entry again in `size` slots.
    private mutating func rehash(to size: Int) {
        var fresh = [Int32](repeating: 0, count: size)
        let mask = size - 1
        for (entry, key) in keys.enumerated() {
            var slot = key.normalizedHash & mask
            while fresh[slot] != 0 { slot = (slot + 1) & mask }
            fresh[slot] = Int32(entry + 1)
        }
        slots = fresh
    }
}
