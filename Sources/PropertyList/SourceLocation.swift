import Support

/// Where a value came from: the file, and a position within it.
///
/// Text formats (XML and OpenStep) give a 1-based line and column (columns count Unicode scalars).
/// Binary plists have no lines: they give the object's index and its byte offset instead. Every
/// location carries the key path from the root, so a binary finding can still be pointed at.
/// Unknown parts are `nil`, never invented.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    // A model keeps a location for every value it reads and a report one for every finding, so
    // their size is much of a large app's memory: a location made for a value of a document is
    // the document and the value's node (24 bytes), its fields read from the node when asked
    // for; only a location given field by field, or changed once made, keeps its fields in a box
    // of its own.

    /// The document of a location made for one of its values, with `node` that value's node;
    /// nil when ``fields`` holds everything.
    private var storage: DocumentStorage?
    private var node: Int32
    /// The fields of a location given field by field or changed since it was made; never
    /// mutated while shared (replaced first unless this location is its only owner).
    private var fields: Fields?

    /// The fields of a location that is not a document value's: positions are stored in 32 bits
    /// with `unknown` for nil.
    private final class Fields: @unchecked Sendable {
        var file: String
        var line: UInt32
        var column: UInt32
        var offset: UInt32
        var object: UInt32
        /// The key path, or the value it is computed from when first asked for: most key paths
        /// are never looked at.
        var keyPathSource: KeyPathSource

        init(
            file: String, line: UInt32, column: UInt32, offset: UInt32, object: UInt32, keyPathSource: KeyPathSource
        ) {
            self.file = file
            self.line = line
            self.column = column
            self.offset = offset
            self.object = object
            self.keyPathSource = keyPathSource
        }

        /// A box of its own with the same fields.
        func copy() -> Fields {
            Fields(file: file, line: line, column: column, offset: offset, object: object, keyPathSource: keyPathSource)
        }
    }

    private static let unknown = UInt32.max

    private static func store(_ value: Int?) -> UInt32 {
        guard let value, value >= 0 else { return unknown }
        return UInt32(clamping: min(value, Int(unknown) - 1))
    }

    private static func load(_ value: UInt32) -> Int? { value == unknown ? nil : Int(value) }

    /// The four positions as stored: read from the value's node (text formats give line and
    /// column, binary ones object index and byte offset; 0 is "unknown" in text formats), or
    /// from the fields.
    private var stored: (line: UInt32, column: UInt32, offset: UInt32, object: UInt32) {
        if let fields { return (fields.line, fields.column, fields.offset, fields.object) }
        guard let storage else { return (Self.unknown, Self.unknown, Self.unknown, Self.unknown) }
        if let position = textPosition {
            return (Self.textStore(position.line), Self.textStore(position.column), Self.unknown, Self.unknown)
        }
        let record = storage.nodes[Int(node)]
        return (Self.unknown, Self.unknown, Self.store(Int(record.position2)), Self.store(Int(record.position1)))
    }

    /// A text format's position as a node has it (0 for unknown), as stored.
    private static func textStore(_ position: UInt32) -> UInt32 {
        position > 0 ? store(Int(position)) : unknown
    }

    /// Changes the fields, moving them into a box of this location's own first.
    private mutating func update(_ change: (Fields) -> Void) {
        if fields == nil {
            let positions = stored
            fields = Fields(
                file: file, line: positions.line, column: positions.column, offset: positions.offset,
                object: positions.object, keyPathSource: keyPathSource)
            storage = nil
            node = -1
        } else if !isKnownUniquelyReferenced(&fields) {
            fields = fields?.copy()
        }
        if let fields { change(fields) }
    }

    /// The path of the file as the user named it (`-` for standard input).
    public var file: String {
        get {
            if let fields { return fields.file }
            return storage?.file ?? ""
        }
        set { update { $0.file = newValue } }
    }

    /// The 1-based line in a text format.
    public var line: Int? {
        get {
            if let fields { return Self.load(fields.line) }
            return textPosition.flatMap { Self.load(Self.textStore($0.line)) }
        }
        set { update { $0.line = Self.store(newValue) } }
    }
    /// The 1-based column (in Unicode scalars) in a text format.
    public var column: Int? {
        get {
            if let fields { return Self.load(fields.column) }
            return textPosition.flatMap { Self.load(Self.textStore($0.column)) }
        }
        set { update { $0.column = Self.store(newValue) } }
    }
    /// The byte offset in a binary plist.
    public var byteOffset: Int? {
        get { Self.load(stored.offset) }
        set { update { $0.offset = Self.store(newValue) } }
    }
    /// The object index in a binary plist.
    public var objectIndex: Int? {
        get { Self.load(stored.object) }
        set { update { $0.object = Self.store(newValue) } }
    }

    /// The value's line and column as its node has them (0 for unknown), for a location made for
    /// a value of a text-format document: what ``line`` and ``column`` read (reports ask for them
    /// for every finding).
    private var textPosition: (line: UInt32, column: UInt32)? {
        guard let storage, storage.format != .binary else { return nil }
        return storage.nodes.withUnsafeBufferPointer { nodes in
            (nodes[Int(node)].position1, nodes[Int(node)].position2)
        }
    }

    /// Where the key path comes from: the value the location was made for, or a given path.
    private var keyPathSource: KeyPathSource {
        if let fields { return fields.keyPathSource }
        if let storage { return .value(PlistValue(storage: storage, index: node)) }
        return .path(PlistKeyPath())
    }

    /// The key path from the root, such as `CFBundleDocumentTypes[2].LSItemContentTypes[0]`.
    public var keyPath: PlistKeyPath {
        get {
            switch keyPathSource {
            case .path(let path): return path
            case .value(let value): return value.keyPath
            }
        }
        set { update { $0.keyPathSource = .path(newValue) } }
    }

    /// Appends the UTF-8 text of ``keyPath`` (its `description`) to `bytes`; a path still to be
    /// computed from its value is written straight from the document's nodes, without making
    /// the path or its keys' strings (reports write a key path for nearly every finding).
    public func appendKeyPathText(to bytes: inout [UInt8]) {
        switch keyPathSource {
        case .path(let path): path.appendText(to: &bytes)
        case .value(let value): value.appendKeyPathText(to: &bytes)
        }
    }

    /// ``appendKeyPathText(to:)`` for locations written one after another (findings sorted by
    /// place): `cache` keeps the path text of the containers reached last, from the root down, so
    /// that the path of a value near the previous one is written from the part they share without
    /// walking up to the root again.
    public func appendKeyPathText(to bytes: inout [UInt8], cache: inout KeyPathTextCache) {
        switch keyPathSource {
        case .path(let path): path.appendText(to: &bytes)
        case .value(let value): value.appendKeyPathText(to: &bytes, cache: &cache)
        }
    }

    /// Whether `other` is known to have the same key path without computing either: both are
    /// the path of one value of one document, or both paths were given and are equal. False
    /// means "not known", not "different" (a report holds many findings about one value, and
    /// a writer can reuse the path it wrote last).
    public func sharesKeyPath(with other: SourceLocation) -> Bool {
        if let storage, let theirs = other.storage { return storage === theirs && node == other.node }
        switch (keyPathSource, other.keyPathSource) {
        case (.value(let mine), .value(let theirs)):
            return mine.storage === theirs.storage && mine.index == theirs.index
        case (.path(let mine), .path(let theirs)): return mine == theirs
        default: return false
        }
    }

    /// Creates a location; everything but the file is optional.
    public init(
        file: String, line: Int? = nil, column: Int? = nil, byteOffset: Int? = nil,
        objectIndex: Int? = nil, keyPath: PlistKeyPath = PlistKeyPath()
    ) {
        storage = nil
        node = -1
        fields = Fields(
            file: file, line: Self.store(line), column: Self.store(column), offset: Self.store(byteOffset),
            object: Self.store(objectIndex), keyPathSource: .path(keyPath))
    }

    /// The location of `value`: its file, its position as the reader recorded it, and its key
    /// path, computed from the value when asked for.
    init(value: PlistValue) {
        storage = value.storage
        node = value.index
        fields = nil
    }

    /// The value the location was made for, when its key path is still computed from it.
    var sourceValue: PlistValue? {
        if case .value(let value) = keyPathSource { return value }
        return nil
    }

    /// Equal when every part is equal, key paths included.
    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if let left = lhs.storage, let right = rhs.storage, left === right, lhs.node == rhs.node { return true }
        let (left, right) = (lhs.stored, rhs.stored)
        return left.line == right.line && left.column == right.column && left.offset == right.offset
            && left.object == right.object && lhs.file == rhs.file && lhs.keyPath == rhs.keyPath
    }

    /// Hashes the position; key paths are left out (equal locations still hash equally).
    public func hash(into hasher: inout Hasher) {
        let positions = stored
        hasher.combine(file)
        hasher.combine(positions.line)
        hasher.combine(positions.column)
        hasher.combine(positions.offset)
        hasher.combine(positions.object)
    }

    /// `path:line:col`, `path:line`, or `path` — dropping what is unknown, never inventing `0`.
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }

    /// A short phrase for positions that have no line: `object 12 at byte 345`, or `at byte 345`.
    public var binaryPosition: String? {
        guard let objectIndex else { return byteOffset.map { "at byte \($0)" } }
        if let byteOffset { return "object \(objectIndex) at byte \(byteOffset)" }
        return "object \(objectIndex)"
    }
}

/// Where a location's key path comes from.
/// The key path text of the container whose value's path was written last, with where each of
/// its ancestors' paths ends in it: see ``SourceLocation/appendKeyPathText(to:cache:)``.
public struct KeyPathTextCache {
    var storage: DocumentStorage?
    /// The containers from the root down to the last one, each with the length of its path text.
    var chain: [(node: Int32, end: Int)] = []
    var text: [UInt8] = []
    /// Room for a value's ancestors while they are compared with ``chain``.
    var scratch: [Int32] = []

    /// An empty cache.
    public init() {}
}

private enum KeyPathSource: Sendable {
    case path(PlistKeyPath)
    case value(PlistValue)
}

/// The path from a property list's root to one value.
public struct PlistKeyPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: a dictionary key or an array index.
    public enum Component: Sendable, Hashable {
        /// A dictionary key.
        case key(String)
        /// An array index.
        case index(Int)
    }

    /// The steps from the root.
    public var components: [Component]

    /// The root's (empty) path, or the path made of `components`.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// This path followed by `component`.
    public func appending(_ component: Component) -> PlistKeyPath {
        PlistKeyPath(components + [component])
    }

    /// `CFBundleDocumentTypes[2].LSItemContentTypes[0]`; keys that are not plain words are quoted
    /// as `["key.with.dots"]`. The root is the empty string.
    public var description: String {
        var bytes: [UInt8] = []
        appendText(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``description``'s UTF-8 bytes to `bytes`.
    func appendText(to bytes: inout [UInt8]) {
        let start = bytes.count
        for component in components {
            switch component {
            case .index(let index):
                Self.appendIndex(index, to: &bytes)
            case .key(let key):
                Self.appendKey(key, first: bytes.count == start, to: &bytes)
            }
        }
    }

    /// Appends an index step: `[3]`.
    static func appendIndex(_ index: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        bytes.appendDecimal(index)
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends a key step: the key after a dot (none before the first step) when it is a plain
    /// word, `["key"]` with `\` and `"` escaped otherwise.
    static func appendKey(_ key: String, first: Bool, to bytes: inout [UInt8]) {
        key.withUTF8Bytes { appendKey(utf8: $0, first: first, to: &bytes) }
    }

    /// Appends a key step from the key's bytes in a document, as ``appendKey(_:first:to:)`` does
    /// for its text: a plain key's bytes (ASCII) are copied as they are, another key goes through
    /// `String`, which repairs invalid UTF-8 as the key's text does.
    static func appendKey(bytes key: UnsafeBufferPointer<UInt8>, first: Bool, to bytes: inout [UInt8]) {
        if isPlain(key) {
            appendPlainKey(key, first: first, to: &bytes)
        } else {
            appendKey(String(decoding: key, as: UTF8.self), first: first, to: &bytes)
        }
    }

    /// A plain key after a dot (none before the first step).
    private static func appendPlainKey(_ key: UnsafeBufferPointer<UInt8>, first: Bool, to bytes: inout [UInt8]) {
        if !first { bytes.append(UInt8(ascii: ".")) }
        bytes += key
    }

    /// ``appendKey(_:first:to:)`` for valid UTF-8.
    private static func appendKey(utf8 key: UnsafeBufferPointer<UInt8>, first: Bool, to bytes: inout [UInt8]) {
        if isPlain(key) {
            appendPlainKey(key, first: first, to: &bytes)
        } else {
            bytes += "[\"".utf8
            for byte in key {
                if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes += "\"]".utf8
        }
    }

    /// Whether a key is written as a plain word: ASCII letters, digits, `_` and `-`, at least one.
    private static func isPlain(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        !key.isEmpty
            && key.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F || byte == 0x2D
            }
    }
}

extension String {
    /// Replaces every occurrence of `target` (a plain substring) without Foundation.
    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
