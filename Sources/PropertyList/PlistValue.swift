#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One value in a ``PropertyListDocument``, with its location. Cheap to copy: a reference to the
/// document and an index.
public struct PlistValue: Sendable {
    @usableFromInline let storage: DocumentStorage
    @usableFromInline let index: Int32

    @usableFromInline init(storage: DocumentStorage, index: Int32) {
        self.storage = storage
        self.index = index
    }

    @usableFromInline var record: NodeRecord { storage.nodes[Int(index)] }

    /// What kind of value this is.
    public var kind: PlistKind { record.kind }

    /// Whether this is a dictionary key rather than a value.
    public var isKey: Bool { record.flags & NodeRecord.keyFlag != 0 }

    /// Where the value is: file, line and column (or object and offset), and key path.
    public var location: SourceLocation {
        SourceLocation(value: self)
    }

    /// The 1-based line, when the format has lines.
    public var line: Int? {
        storage.format == .binary || record.position1 == 0 ? nil : Int(record.position1)
    }

    /// The path from the root to this value (for a key: to the value it names). Costs one step
    /// per level: each node knows its position in its container. A binary object shared by
    /// several containers reports the path through the first.
    public var keyPath: PlistKeyPath {
        PlistKeyPath(
            stepsUp.reversed().map { step in
                switch step {
                case .index(let position): .index(position)
                case .key(let key): .key(key.kind == .string ? String(decoding: text(of: key), as: UTF8.self) : "")
                }
            })
    }

    /// Appends ``keyPath``'s text to `bytes` as `keyPath.description` would write it, from the
    /// key nodes' bytes: no path, component or key string is made.
    func appendKeyPathText(to bytes: inout [UInt8]) {
        let start = bytes.count
        for step in stepsUp.reversed() { append(step, to: &bytes, first: bytes.count == start) }
    }

    /// ``appendKeyPathText(to:)`` through `cache`: the walk up the value's containers stops at
    /// the first one in the cached chain from the root, the path is kept up to it, and only the
    /// steps below it are written again (findings about one document-type entry alternate
    /// between its keys and its lists).
    func appendKeyPathText(to bytes: inout [UInt8], cache: inout KeyPathTextCache) {
        let nodes = storage.nodes
        if cache.storage !== storage {
            cache.storage = storage
            cache.chain.removeAll(keepingCapacity: true)
            cache.text.removeAll(keepingCapacity: true)
        }
        // The value's containers not in the chain, nearest first, up to the first one that is
        // (the chain above it is that container's own: a document is a tree); at most one per
        // node, so a malformed parent chain cannot loop.
        cache.scratch.removeAll(keepingCapacity: true)
        var shared = 0
        var current = nodes[Int(index)].parent
        while current >= 0, cache.scratch.count < nodes.count {
            if let level = cache.chain.lastIndex(where: { $0.node == current }) {
                shared = level + 1
                break
            }
            cache.scratch.append(current)
            current = nodes[Int(current)].parent
        }
        cache.chain.removeSubrange(shared...)
        cache.text.removeSubrange((cache.chain.last?.end ?? 0)...)
        for node in cache.scratch.reversed() {
            if let step = step(to: node, in: nodes) { append(step, to: &cache.text, first: cache.text.isEmpty) }
            cache.chain.append((node, cache.text.count))
        }
        bytes += cache.text
        if let step = step(to: index, in: nodes) { append(step, to: &bytes, first: cache.text.isEmpty) }
    }

    /// One step of a key path: a position in an array, or the key node of a dictionary entry.
    private enum PathStep {
        case index(Int)
        case key(NodeRecord)
    }

    /// The step from `node`'s container to `node`; nil for the root (and for an entry past its
    /// dictionary's length, which a well-formed document never has).
    private func step(to node: Int32, in nodes: [NodeRecord]) -> PathStep? {
        let record = nodes[Int(node)]
        guard record.parent >= 0 else { return nil }
        let parent = nodes[Int(record.parent)]
        let position = Int(record.indexInParent)
        if parent.kind == .array { return .index(position) }
        guard position < Int(parent.length) else { return nil }
        return .key(nodes[Int(storage.children[Int(parent.payload) + 2 * position])])
    }

    /// Appends `step` as `PlistKeyPath.description` writes it; `first` when nothing of the path
    /// precedes it (a key then has no leading dot).
    private func append(_ step: PathStep, to bytes: inout [UInt8], first: Bool) {
        switch step {
        case .index(let position):
            PlistKeyPath.appendIndex(position, to: &bytes)
        case .key(let key) where key.kind == .string:
            text(of: key).withUnsafeBufferPointer { PlistKeyPath.appendKey(bytes: $0, first: first, to: &bytes) }
        case .key:
            PlistKeyPath.appendKey("", first: first, to: &bytes)
        }
    }

    /// The steps between the root and this value, this value's first (read from the root down,
    /// reversed); at most one per node, so a malformed parent chain cannot loop.
    private var stepsUp: [PathStep] {
        let nodes = storage.nodes
        var steps: [PathStep] = []
        steps.reserveCapacity(8)
        var current = index
        var visited = 0
        while visited <= nodes.count, nodes[Int(current)].parent >= 0 {
            visited += 1
            if let step = step(to: current, in: nodes) { steps.append(step) }
            current = nodes[Int(current)].parent
        }
        return steps
    }

    /// The arena bytes of a string, key or data node.
    private func text(of record: NodeRecord) -> ArraySlice<UInt8> {
        let start = Int(record.payload)
        return storage.arena[start..<start + Int(record.length)]
    }

    // MARK: Scalars

    /// The raw UTF-8 bytes of a string or key, or the bytes of data; empty for other kinds.
    public var bytes: ArraySlice<UInt8> {
        let record = self.record
        guard record.kind == .string || record.kind == .data else { return [] }
        return text(of: record)
    }

    /// The text of a string or key (empty for other kinds).
    public var text: String {
        guard record.kind == .string else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The string, when this is a string.
    public var string: String? { kind == .string ? text : nil }

    /// The integer, when this is an integer.
    public var integer: PlistInteger? {
        let record = self.record
        guard record.kind == .integer else { return nil }
        return record.flags & NodeRecord.unsignedFlag != 0
            ? .unsigned(record.payload) : .signed(Int64(bitPattern: record.payload))
    }

    /// The real, when this is a real.
    public var real: Double? { kind == .real ? Double(bitPattern: record.payload) : nil }

    /// The boolean, when this is a boolean.
    public var boolean: Bool? { kind == .boolean ? record.payload != 0 : nil }

    /// The date, when this is a date.
    public var date: PlistDate? {
        kind == .date ? PlistDate(secondsSinceReferenceDate: Double(bitPattern: record.payload)) : nil
    }

    /// The bytes, when this is data.
    public var data: [UInt8]? { kind == .data ? Array(bytes) : nil }

    /// The UID, when this is a UID.
    public var uid: UInt64? { kind == .uid ? record.payload : nil }

    // MARK: Containers

    /// The number of elements (array) or entries (dictionary); 0 for scalars.
    public var count: Int {
        let kind = self.kind
        return kind == .array || kind == .dictionary ? Int(record.length) : 0
    }

    /// The elements of an array (empty for other kinds).
    public var elements: [PlistValue] {
        let record = self.record
        guard record.kind == .array else { return [] }
        let start = Int(record.payload)
        return (0..<Int(record.length)).map {
            PlistValue(storage: storage, index: storage.children[start + $0])
        }
    }

    /// The element at `position` of an array, without building the whole element list; nil out
    /// of range or for other kinds.
    public func element(at position: Int) -> PlistValue? {
        let record = self.record
        guard record.kind == .array, position >= 0, position < Int(record.length) else { return nil }
        return PlistValue(storage: storage, index: storage.children[Int(record.payload) + position])
    }

    /// The entries of a dictionary in document order, duplicates included (empty for other kinds).
    public var entries: [(key: PlistValue, value: PlistValue)] {
        let record = self.record
        guard record.kind == .dictionary else { return [] }
        let start = Int(record.payload)
        return (0..<Int(record.length)).map {
            (
                PlistValue(storage: storage, index: storage.children[start + 2 * $0]),
                PlistValue(storage: storage, index: storage.children[start + 2 * $0 + 1])
            )
        }
    }

    /// The value for `key` in a dictionary; with duplicate keys the last one wins, as in
    /// CoreFoundation. `nil` for a missing key or a value that is not a dictionary.
    public subscript(key: String) -> PlistValue? {
        let record = self.record
        guard record.kind == .dictionary else { return nil }
        var key = key
        return key.withUTF8 { wanted -> PlistValue? in
            let start = Int(record.payload)
            var pair = Int(record.length) - 1
            while pair >= 0 {
                let keyRecord = storage.nodes[Int(storage.children[start + 2 * pair])]
                if Int(keyRecord.length) == wanted.count && matches(keyRecord, wanted) {
                    return PlistValue(storage: storage, index: storage.children[start + 2 * pair + 1])
                }
                pair -= 1
            }
            return nil
        }
    }

    /// Whether a key node's bytes are `wanted`.
    private func matches(_ keyRecord: NodeRecord, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let keyStart = Int(keyRecord.payload)
        return storage.arena.withUnsafeBufferPointer { arena in
            guard let base = arena.baseAddress, let target = wanted.baseAddress else { return wanted.isEmpty }
            return memcmp(base + keyStart, target, wanted.count) == 0
        }
    }

    /// Whether this is a dictionary key whose text is `text`, compared without making a `String`.
    public func keyEquals(_ text: String) -> Bool {
        let record = self.record
        guard record.kind == .string else { return false }
        var text = text
        return text.withUTF8 { wanted in Int(record.length) == wanted.count && matches(record, wanted) }
    }

    /// The key of this value's entry when its container is a dictionary.
    public var keyNode: PlistValue? {
        let record = self.record
        guard record.parent >= 0 else { return nil }
        let parentRecord = storage.nodes[Int(record.parent)]
        guard parentRecord.kind == .dictionary, record.indexInParent < parentRecord.length else { return nil }
        let key = storage.children[Int(parentRecord.payload) + 2 * Int(record.indexInParent)]
        return key == index ? nil : PlistValue(storage: storage, index: key)
    }
}

/// An integer as a plist holds it: signed 64-bit, or unsigned when above Int64.max.
public enum PlistInteger: Sendable, Hashable, CustomStringConvertible {
    /// Any value from Int64.min to Int64.max.
    case signed(Int64)
    /// A value above Int64.max, up to UInt64.max.
    case unsigned(UInt64)

    /// The value when it fits in an `Int`.
    public var intValue: Int? {
        switch self {
        case .signed(let value): return Int(exactly: value)
        case .unsigned(let value): return Int(exactly: value)
        }
    }

    /// The decimal digits.
    public var description: String {
        switch self {
        case .signed(let value): return String(value)
        case .unsigned(let value): return String(value)
        }
    }
}
