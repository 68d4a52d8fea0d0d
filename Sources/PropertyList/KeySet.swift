#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fixed set of dictionary keys that a document's keys are looked up in byte by byte: no
/// `String` is made for a key in the set (readers of large documents look at every entry's keys).
public struct KeySet: Sendable {
    /// The keys.
    public var strings: Set<String> { Set(keys) }
    /// The keys in the order given, each once: a key's position here is where
    /// ``PlistValue/entryValues(for:)`` puts its value.
    public let keys: [String]
    /// The keys' UTF-8 bytes by their length, each with its position in ``keys``.
    private let byLength: [[(bytes: [UInt8], position: Int)]]

    /// The set of `keys`.
    public init(_ keys: some Sequence<String>) {
        var ordered: [String] = []
        var byLength: [[(bytes: [UInt8], position: Int)]] = []
        for key in keys {
            let bytes = Array(key.utf8)
            while byLength.count <= bytes.count { byLength.append([]) }
            // A repeated key keeps its first position (the keys are compared as bytes, as a set's are).
            guard !byLength[bytes.count].contains(where: { $0.bytes == bytes }) else { continue }
            byLength[bytes.count].append((bytes, ordered.count))
            ordered.append(key)
        }
        self.keys = ordered
        self.byLength = byLength
    }

    /// Whether `key` is in the set, compared byte for byte as a document's keys are (CoreFoundation
    /// compares keys by code point: a key spelled with U+212A KELVIN SIGN is not one with `K`).
    public func contains(_ key: String) -> Bool {
        position(of: key) != nil
    }

    /// The position of `key` in ``keys``, compared byte for byte; nil when it is not in the set.
    public func position(of key: String) -> Int? {
        var key = key
        return key.withUTF8 { position($0.baseAddress, count: $0.count) }
    }

    /// The position in ``keys`` of the key whose bytes are the `count` bytes at `start`.
    func position(_ start: UnsafePointer<UInt8>?, count: Int) -> Int? {
        guard count < byLength.count else { return nil }
        if count == 0 { return byLength[0].first?.position }
        guard let start else { return nil }
        for candidate in byLength[count] {
            let equal = candidate.bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { memcmp(start, $0, count) == 0 } ?? false
            }
            if equal { return candidate.position }
        }
        return nil
    }
}

extension PlistValue {
    /// The keys of a dictionary that are not in `known`, as text with their locations, in
    /// document order (empty for other kinds). Strings are made only for these keys.
    public func keys(notIn known: KeySet) -> [(key: String, location: SourceLocation)] {
        entryValues(for: known).unknown
    }

    /// One pass over a dictionary's entries for the keys of `known`: for each of `known.keys`,
    /// the value written for it (the last one when a key is repeated, as ``subscript(key:)``
    /// finds it), and the keys not in `known`, as ``keys(notIn:)`` gives them. Keys are compared
    /// as bytes; Strings are made only for unknown keys. (Readers that ask a dictionary for a
    /// dozen keys scanned its entries a dozen times.)
    public func entryValues(for known: KeySet) -> PlistEntryValues {
        var slots = [Int32](repeating: -1, count: known.keys.count)
        let record = self.record
        guard record.kind == .dictionary else { return PlistEntryValues(storage: storage, slots: slots, unknown: []) }
        let start = Int(record.payload)
        var unknown: [Int32] = []
        storage.arena.withUnsafeBufferPointer { arena in
            storage.children.withUnsafeBufferPointer { children in
                storage.nodes.withUnsafeBufferPointer { nodes in
                    for pair in 0..<Int(record.length) {
                        let key = children[start + 2 * pair]
                        let keyRecord = nodes[Int(key)]
                        let keyStart = arena.baseAddress.map { $0 + Int(keyRecord.payload) }
                        if let position = known.position(keyStart, count: Int(keyRecord.length)) {
                            slots[position] = children[start + 2 * pair + 1]
                        } else {
                            unknown.append(key)
                        }
                    }
                }
            }
        }
        return PlistEntryValues(
            storage: storage, slots: slots,
            unknown: unknown.map { index in
                let key = PlistValue(storage: storage, index: index)
                return (key.text, key.location)
            })
    }
}

/// A dictionary's values for the keys of a ``KeySet``, found in one pass over its entries
/// (``PlistValue/entryValues(for:)``): node numbers, made values only when asked for.
public struct PlistEntryValues: Sendable {
    private let storage: DocumentStorage
    /// Per position in the key set's `keys`, the value's node, or -1.
    private let slots: [Int32]
    /// The keys not in the set, in document order, with their locations.
    public let unknown: [(key: String, location: SourceLocation)]

    init(storage: DocumentStorage, slots: [Int32], unknown: [(key: String, location: SourceLocation)]) {
        self.storage = storage
        self.slots = slots
        self.unknown = unknown
    }

    /// The value for the key at `position` in the key set's `keys`, if the dictionary has one.
    public subscript(position: Int) -> PlistValue? {
        let node = slots[position]
        return node < 0 ? nil : PlistValue(storage: storage, index: node)
    }
}
