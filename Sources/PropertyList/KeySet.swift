#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fixed set of dictionary keys that a document's keys are looked up in byte by byte: no
/// `String` is made for a key in the set (readers of large documents look at every entry's keys).
public struct KeySet: Sendable {
    /// The keys.
    public let strings: Set<String>
    /// The keys' UTF-8 bytes by their length.
    private let byLength: [[[UInt8]]]

    /// The set of `keys`.
    public init(_ keys: some Sequence<String>) {
        strings = Set(keys)
        var byLength: [[[UInt8]]] = []
        for key in strings.sorted() {
            let bytes = Array(key.utf8)
            while byLength.count <= bytes.count { byLength.append([]) }
            byLength[bytes.count].append(bytes)
        }
        self.byLength = byLength
    }

    /// Whether `key` is in the set, compared byte for byte as a document's keys are (CoreFoundation
    /// compares keys by code point: a key spelled with U+212A KELVIN SIGN is not one with `K`).
    public func contains(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { contains($0.baseAddress, count: $0.count) }
    }

    /// Whether the `count` bytes at `start` are one of the keys.
    func contains(_ start: UnsafePointer<UInt8>?, count: Int) -> Bool {
        guard count < byLength.count else { return false }
        if count == 0 { return !byLength[0].isEmpty }
        guard let start else { return false }
        return byLength[count].contains { candidate in
            candidate.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { memcmp(start, $0, count) == 0 } ?? false
            }
        }
    }
}

extension PlistValue {
    /// The keys of a dictionary that are not in `known`, as text with their locations, in
    /// document order (empty for other kinds). Strings are made only for these keys.
    public func keys(notIn known: KeySet) -> [(key: String, location: SourceLocation)] {
        let record = self.record
        guard record.kind == .dictionary else { return [] }
        let start = Int(record.payload)
        var unknown: [Int32] = []
        storage.arena.withUnsafeBufferPointer { arena in
            for pair in 0..<Int(record.length) {
                let key = storage.children[start + 2 * pair]
                let keyRecord = storage.nodes[Int(key)]
                let count = Int(keyRecord.length)
                if known.contains(arena.baseAddress.map { $0 + Int(keyRecord.payload) }, count: count) { continue }
                unknown.append(key)
            }
        }
        return unknown.map { index in
            let key = PlistValue(storage: storage, index: index)
            return (key.text, key.location)
        }
    }
}
