import CLibXML2
import Support

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The format a property list was read from.
public enum PropertyListFormat: String, Sendable, Hashable, CaseIterable {
    /// Apple's XML plist.
    case xml
    /// `bplist00`.
    case binary
    /// OpenStep (ASCII) text, including the strings-file form and `project.pbxproj`.
    case openStep = "openstep"
}

/// The kind of a property-list value.
public enum PlistKind: UInt8, Sendable, Hashable, CustomStringConvertible {
    /// A dictionary: keys (strings) and values, in document order.
    case dictionary
    /// An array.
    case array
    /// A string.
    case string
    /// An integer, signed 64-bit or unsigned up to 2^64-1.
    case integer
    /// A real (double).
    case real
    /// A boolean.
    case boolean
    /// A date.
    case date
    /// Bytes.
    case data
    /// A UID (binary plists only, used by keyed archives).
    case uid

    /// The article-less name used in messages: `dictionary`, `string`…
    public var description: String {
        switch self {
        case .dictionary: return "dictionary"
        case .array: return "array"
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .boolean: return "boolean"
        case .date: return "date"
        case .data: return "data"
        case .uid: return "UID"
        }
    }
}

/// One node of the flat tree. Text and data live in the document's arena as byte ranges, so
/// reading makes no `String` until one is asked for.
@usableFromInline
struct NodeRecord: Sendable {
    /// Integer bits, real or date bit pattern, boolean, UID; arena start for strings and data;
    /// start in `children` for containers.
    var payload: UInt64
    /// Byte length for strings and data; entry count for containers (pairs for dictionaries).
    var length: UInt32
    /// The containing node, or -1 for the root. A binary object shared by several containers has
    /// its first container here.
    var parent: Int32
    /// The node's position in its container: the element index in an array, the entry (pair)
    /// index in a dictionary, for keys and values alike. Makes key paths O(depth).
    var indexInParent: UInt32 = 0
    /// Line (text) or object index (binary).
    var position1: UInt32
    /// Column (text) or byte offset (binary).
    var position2: UInt32
    var kind: PlistKind
    /// `NodeRecord.unsignedFlag` and the like.
    var flags: UInt8

    static let unsignedFlag: UInt8 = 1
    static let keyFlag: UInt8 = 2
}

/// The immutable storage behind a ``PropertyListDocument``; identity is real (values point into it).
@usableFromInline
final class DocumentStorage: Sendable {
    let nodes: [NodeRecord]
    let arena: [UInt8]
    let children: [Int32]
    let file: String
    let format: PropertyListFormat
    /// The comments' text, one after another, and where each ends in it.
    let commentText: [UInt8]
    let commentEnds: [Int32]
    /// Where the start tag after each comment begins (0, 0 when an end tag comes first).
    let commentAnchors: [(line: UInt32, column: UInt32)]
    /// Where each comment's `<!--` stands (0, 0 when unknown).
    let commentStarts: [(line: UInt32, column: UInt32)]

    init(
        nodes: [NodeRecord], arena: [UInt8], children: [Int32], file: String, format: PropertyListFormat,
        commentText: [UInt8] = [], commentEnds: [Int32] = [], commentAnchors: [(line: UInt32, column: UInt32)] = [],
        commentStarts: [(line: UInt32, column: UInt32)] = []
    ) {
        self.nodes = nodes
        self.arena = arena
        self.children = children
        self.file = file
        self.format = format
        self.commentText = commentText
        self.commentEnds = commentEnds
        self.commentAnchors = commentAnchors
        self.commentStarts = commentStarts
    }
}

/// An XML comment (`<!-- … -->`) and the element it stands before.
public struct PlistComment: Sendable, Hashable {
    /// The text between `<!--` and `-->`, as written.
    public let text: String
    /// The line of the comment's `<!--`; nil when unknown.
    public let line: Int?
    /// The column of the comment's `<!--`, in Unicode scalars; nil when unknown.
    public let column: Int?
    /// The line of the start tag that follows the comment (after blanks, text and other
    /// comments); nil when an end tag comes first.
    public let nextElementLine: Int?
    /// That start tag's column, in Unicode scalars.
    public let nextElementColumn: Int?
}

/// A parsed property list: its root value, the format it was read from, and the warnings found.
public struct PropertyListDocument: Sendable {
    @usableFromInline let storage: DocumentStorage
    let rootIndex: Int32
    /// Warnings found while reading (duplicate keys, a missing `<plist>` element…), in file order.
    public let warnings: [PropertyListWarning]

    init(storage: DocumentStorage, root: Int32, warnings: [PropertyListWarning]) {
        self.storage = storage
        self.rootIndex = root
        self.warnings = warnings
    }

    /// The top-level value.
    public var root: PlistValue { PlistValue(storage: storage, index: rootIndex) }
    /// The format the document was read from.
    public var format: PropertyListFormat { storage.format }
    /// The file the document was read from, as the user named it.
    public var file: String { storage.file }
    /// The number of distinct values (a binary object shared by several containers counts once).
    public var valueCount: Int { storage.nodes.count }

    /// The text of each XML comment (`<!-- … -->`), in document order, as written; empty for the
    /// other formats.
    public var comments: [String] {
        var start = 0
        return storage.commentEnds.map { end in
            defer { start = Int(end) }
            return String(decoding: storage.commentText[start..<Int(end)], as: UTF8.self)
        }
    }

    /// Whether an XML comment holds `text`, compared byte for byte, without making a String per
    /// comment (callers look for a directive in comments).
    public func hasComment(containing text: String) -> Bool {
        commentRanges(containing: text).first { _ in true } != nil
    }

    /// The XML comments that hold `text` (compared byte for byte), in document order, each with
    /// where the element after it starts.
    public func comments(containing text: String) -> [PlistComment] {
        commentRanges(containing: text).map { index, range in
            let anchor = storage.commentAnchors[index]
            let start = index < storage.commentStarts.count ? storage.commentStarts[index] : (line: 0, column: 0)
            return PlistComment(
                text: String(decoding: storage.commentText[range], as: UTF8.self),
                line: start.line > 0 ? Int(start.line) : nil, column: start.column > 0 ? Int(start.column) : nil,
                nextElementLine: anchor.line > 0 ? Int(anchor.line) : nil,
                nextElementColumn: anchor.column > 0 ? Int(anchor.column) : nil)
        }
    }

    /// Each comment holding `text` (byte for byte), lazily: its index and its range in the
    /// comments' text.
    private func commentRanges(containing text: String) -> some Sequence<(Int, Range<Int>)> {
        let pattern = Array(text.utf8)
        let storage = self.storage
        return storage.commentEnds.indices.lazy.map { index in
            (index, (index == 0 ? 0 : Int(storage.commentEnds[index - 1]))..<Int(storage.commentEnds[index]))
        }.filter { _, range in
            storage.commentText.withUnsafeBufferPointer {
                Self.holds(pattern, UnsafeBufferPointer(rebasing: $0[range]))
            }
        }
    }

    /// Whether `bytes` hold `pattern` (empty: always), found with `memchr` on its first byte (the
    /// collections' generic `firstRange(of:)` looks up type metadata at its first use: ~0.1 ms of
    /// a lint of one small app, by profile).
    private static func holds(_ pattern: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = pattern.first else { return true }
        guard let base = bytes.baseAddress else { return false }
        return pattern.withUnsafeBufferPointer { pattern in
            var offset = 0
            while offset + pattern.count <= bytes.count {
                guard let found = memchr(base + offset, Int32(first), bytes.count - offset) else { return false }
                let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if start + pattern.count > bytes.count { return false }
                if UnsafeBufferPointer(rebasing: bytes[start..<start + pattern.count]).matches(pattern) { return true }
                offset = start + 1
            }
            return false
        }
    }

    /// Whether the bytes of the document's strings, keys and data hold `text`'s UTF-8 bytes. Values
    /// are stored one after another, so a match may straddle two of them: false means that no
    /// string or key contains `text`; true means that one may. One pass over the values' bytes.
    public func mayContain(_ text: String) -> Bool {
        let pattern = Array(text.utf8)
        return storage.arena.withUnsafeBufferPointer { Self.holds(pattern, $0) }
    }

    /// The value (not a dictionary key) of this document that `location` was made for, found
    /// without computing its key path and walking down to it again; nil when the location was
    /// made otherwise (given a key path, or made for another document or for a key).
    public func value(madeFor location: SourceLocation) -> PlistValue? {
        guard let value = location.sourceValue, value.storage === storage, !value.isKey else { return nil }
        return value
    }
}
