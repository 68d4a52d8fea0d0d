import CLibXML2

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

    init(
        nodes: [NodeRecord], arena: [UInt8], children: [Int32], file: String, format: PropertyListFormat,
        commentText: [UInt8] = [], commentEnds: [Int32] = [], commentAnchors: [(line: UInt32, column: UInt32)] = []
    ) {
        self.nodes = nodes
        self.arena = arena
        self.children = children
        self.file = file
        self.format = format
        self.commentText = commentText
        self.commentEnds = commentEnds
        self.commentAnchors = commentAnchors
    }
}

/// An XML comment (`<!-- … -->`) and the element it stands before.
public struct PlistComment: Sendable, Hashable {
    /// The text between `<!--` and `-->`, as written.
    public let text: String
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
        if Self.keepsStorageUntilExit { keepUntilExit() }
    }

    /// Whether documents read from now on keep their storage until the process exits (false by
    /// default), as ``keepUntilExit()`` does. For a program that reads a bounded set of documents
    /// and exits, such as the `utiscope` command, which sets it before reading anything. Read and
    /// written atomically; a document being read while it changes may be kept or not.
    public static var keepsStorageUntilExit: Bool {
        get { utiscope_load_flag(KeepSwitch.flag) != 0 }
        set { utiscope_store_flag(KeepSwitch.flag, newValue ? 1 : 0) }
    }

    /// Keeps the document's storage until the process exits: it is never freed, even when no value
    /// of the document is left. Every value and source location read from a document points into
    /// its storage, and copying one on several cores at once makes them all update that one
    /// reference count in turn (the storage's, and those of the file name and the value text every
    /// location and string value shares) unless it is kept: a kept storage's counts are never
    /// written (~15% of `utiscope lint`'s time on a 51 MB Info.plist). Returns false, and changes
    /// nothing, when the Swift runtime lacks the entry points this uses. Not for a long-running
    /// process that reads many documents: their memory is never given back.
    @discardableResult
    public func keepUntilExit() -> Bool {
        guard utiscope_make_immortal(Unmanaged.passUnretained(storage).toOpaque()) != 0 else { return false }
        // The buffers the storage holds, where this runtime's layout is known (Linux: no bridging).
        // Each is checked to be the same kind of object as one made here before it is touched.
        for buffer in [
            ImmortalBuffers.object(of: storage.file), ImmortalBuffers.object(of: storage.arena),
            ImmortalBuffers.object(of: storage.nodes), ImmortalBuffers.object(of: storage.children),
        ] {
            if let buffer { _ = utiscope_make_immortal(buffer) }
        }
        return true
    }

    /// Whether the document's storage is kept until the process exits (see ``keepUntilExit()``),
    /// read from the runtime's reference-count word where its layout is known (x86_64 and arm64:
    /// the low 32 bits and the top bit set); false elsewhere, and for a storage that is not kept.
    public var isKeptUntilExit: Bool {
        withExtendedLifetime(storage) { ImmortalBuffers.isImmortal(Unmanaged.passUnretained(storage).toOpaque()) }
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
            return PlistComment(
                text: String(decoding: storage.commentText[range], as: UTF8.self),
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
        }.filter { _, range in storage.commentText[range].firstRange(of: pattern) != nil }
    }

    /// Whether the bytes of the document's strings, keys and data hold `text`'s UTF-8 bytes. Values
    /// are stored one after another, so a match may straddle two of them: false means that no
    /// string or key contains `text`; true means that one may. One pass over the values' bytes.
    public func mayContain(_ text: String) -> Bool {
        let pattern = Array(text.utf8)
        guard let first = pattern.first else { return true }
        return storage.arena.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return false }
            var offset = 0
            while offset + pattern.count <= bytes.count {
                guard let found = memchr(base + offset, Int32(first), bytes.count - offset) else { return false }
                let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if start + pattern.count > bytes.count { return false }
                if pattern.indices.allSatisfy({ bytes[start + $0] == pattern[$0] }) { return true }
                offset = start + 1
            }
            return false
        }
    }

    /// The value (not a dictionary key) of this document that `location` was made for, found
    /// without computing its key path and walking down to it again; nil when the location was
    /// made otherwise (given a key path, or made for another document or for a key).
    public func value(madeFor location: SourceLocation) -> PlistValue? {
        guard let value = location.sourceValue, value.storage === storage, !value.isKey else { return nil }
        return value
    }
}

/// The memory behind ``PropertyListDocument/keepsStorageUntilExit``: one C `int`, allocated once
/// and never freed, so that every file of the module reads and writes the same flag through the
/// shim's atomic loads and stores.
private enum KeepSwitch {
    /// The flag: 0 off, 1 on.
    nonisolated(unsafe) static let flag: UnsafeMutablePointer<CInt> = {
        let flag = UnsafeMutablePointer<CInt>.allocate(capacity: 1)
        flag.initialize(to: 0)
        return flag
    }()
}

/// The heap objects behind native strings and arrays, for making them immortal along with a kept
/// document: a string's or an array's buffer shared by every value of a document is retained on
/// every copy, on every core. Only on Linux, where a native array is one reference to its buffer
/// and a native string's second word is the buffer's address under a four-bit discriminator (the
/// standard library's ABI); every object found is first checked to be of the same class as the
/// buffer of a string or array made here, and anything else (small or foreign strings, empty
/// arrays, another layout) gives nil.
enum ImmortalBuffers {
    /// The buffer object of `string`, or nil.
    static func object(of string: String) -> UnsafeMutableRawPointer? {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
            let reference = String(repeating: "x", count: 32)
            guard let candidate = address(ofNative: string), let known = address(ofNative: reference),
                withExtendedLifetime(reference, { isa(of: known) }) == isa(of: candidate)
            else { return nil }
            return candidate
        #else
            return nil
        #endif
    }

    /// The buffer object of `array`, or nil (an empty array's is the runtime's shared, immortal one).
    static func object<Element>(of array: [Element]) -> UnsafeMutableRawPointer? {
        #if os(Linux)
            guard !array.isEmpty, MemoryLayout<[Element]>.size == MemoryLayout<UnsafeMutableRawPointer>.size,
                let sample = array.first
            else { return nil }
            let reference = [sample]
            let candidate = unsafeBitCast(array, to: UnsafeMutableRawPointer.self)
            let known = unsafeBitCast(reference, to: UnsafeMutableRawPointer.self)
            guard withExtendedLifetime(reference, { isa(of: known) }) == isa(of: candidate) else { return nil }
            return candidate
        #else
            return nil
        #endif
    }

    /// The buffer address of a native, heap-allocated string, or nil.
    private static func address(ofNative string: String) -> UnsafeMutableRawPointer? {
        guard MemoryLayout<String>.size == 16 else { return nil }
        let words = unsafeBitCast(string, to: (UInt64, UInt64).self)
        // Discriminator 0: a native (not small, not immortal literal, not bridged) string.
        guard words.1 >> 60 == 0, words.1 != 0 else { return nil }
        return UnsafeMutableRawPointer(bitPattern: UInt(words.1 & 0x0FFF_FFFF_FFFF_FFFF))
    }

    /// Whether the object at `object` is immortal: on 64-bit reference counts (the word after the
    /// class pointer), the low 32 bits set and the top bit. False for nil, and where the layout is
    /// not known.
    static func isImmortal(_ object: UnsafeMutableRawPointer?) -> Bool {
        #if arch(x86_64) || arch(arm64)
            // Read atomically: other threads may be retaining an object that is not kept.
            guard let word = object.map({ utiscope_load_word($0 + 8) }) else { return false }
            return word & 0xFFFF_FFFF == 0xFFFF_FFFF && word >> 63 == 1
        #else
            return false
        #endif
    }

    /// An object's class pointer: its first word.
    private static func isa(of object: UnsafeMutableRawPointer) -> UInt {
        object.load(as: UInt.self)
    }
}
