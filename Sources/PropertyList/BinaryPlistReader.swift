/// Reads `bplist00` binary property lists.
///
/// The trailer is checked against the bytes actually present before anything is allocated. Objects
/// are then decoded from the top object with an explicit stack, and each object is decoded once:
/// a container that several containers reference becomes one node that they share, so a file
/// whose full expansion would be astronomically large still reads in time and memory linear in its
/// size. A scalar referenced again (writers store equal strings, numbers and dates once) gets a
/// node of its own per use, sharing the decoded bytes: each use has its own key path, so findings
/// land where the rule reached the value, as in the XML twin (one node per reference: linear too).
struct BinaryPlistReader {
    let file: String
    let depthLimit: Int

    /// Parses `bytes`, which start with `bplist00`.
    func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListDocument {
        var work = BinaryReadWork()
        return try read(bytes, work: &work)
    }

    /// Parses `bytes`, adding to `work` what was done, whether the read succeeds or not: tests
    /// bound the work a hostile file causes by these counts, not by the time it takes.
    func read(_ bytes: [UInt8], work: inout BinaryReadWork) throws(PropertyListError) -> PropertyListDocument {
        try bytes.withUnsafeBufferPointer { buffer throws(PropertyListError) -> PropertyListDocument in
            let trailer = try BinaryPlistTrailer(buffer, file: file)
            var decoder = BinaryObjectDecoder(bytes: buffer, trailer: trailer, file: file, depthLimit: depthLimit)
            defer { work.add(decoder.work) }
            return try decoder.decode()
        }
    }
}

/// What a binary read did, counted: each count is bounded by the file's size when objects are
/// decoded once each, however often they are referenced.
struct BinaryReadWork: Sendable, Equatable {
    /// Offset-table entries checked.
    var offsetsChecked = 0
    /// Objects decoded (as values or as dictionary keys).
    var objectsDecoded = 0
    /// Object references read from containers.
    var referencesFollowed = 0

    /// Adds `other`'s counts to these.
    mutating func add(_ other: BinaryReadWork) {
        offsetsChecked += other.offsetsChecked
        objectsDecoded += other.objectsDecoded
        referencesFollowed += other.referencesFollowed
    }
}

/// The last 32 bytes of a binary plist, validated: every field is consistent with the others and
/// with the size of the file, so the decoder can index the offset table without further checks.
private struct BinaryPlistTrailer {
    static let size = 32
    static let headerSize = 8
    /// The largest file read: node indices are Int32, and one object can make two nodes.
    static let largestFile = Int(Int32.max) / 2

    /// Width of one offset-table entry, 1…8 bytes.
    let offsetSize: Int
    /// Width of one object reference inside arrays and dictionaries, 1…8 bytes.
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    /// Where the offset table starts; the object area is `headerSize..<offsetTableStart`.
    let offsetTableStart: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(PropertyListError) {
        // Layout: 5 unused bytes, the sort version, the offset size, the reference size, then three
        // big-endian UInt64s: object count, top object, offset-table start.
        let fileSize = bytes.count
        // Node indices are Int32, and a string object may become two nodes (key and value).
        guard fileSize <= Self.largestFile else {
            throw PropertyListError(
                .inputTooLarge(size: fileSize, limit: Self.largestFile), at: SourceLocation(file: file))
        }
        // The header, one object byte, one offset entry and the trailer must all be present.
        guard fileSize >= Self.headerSize + 2 + Self.size else {
            throw PropertyListError(.truncated(Message.tooShort(fileSize)), at: SourceLocation(file: file))
        }
        // The dispatcher checks the magic; checking it again keeps this reader safe on its own.
        guard bytes.starts(with: "bplist00".utf8) else {
            throw PropertyListError(.unknownFormat, at: SourceLocation(file: file, byteOffset: 0))
        }
        let trailerStart = fileSize - Self.size
        func failure(_ why: String, field: Int) -> PropertyListError {
            PropertyListError(.invalidTrailer(why), at: SourceLocation(file: file, byteOffset: trailerStart + field))
        }
        func field(at position: Int) -> UInt64 {
            var value: UInt64 = 0
            for byte in bytes[(trailerStart + position)..<(trailerStart + position + 8)] {
                value = value << 8 | UInt64(byte)
            }
            return value
        }

        let offsetSize = Int(bytes[trailerStart + 6])
        // Offset-table entries are 1 to 8 bytes wide (3 is valid: 24-bit offsets).
        guard (1...8).contains(offsetSize) else { throw failure(Message.offsetSize(offsetSize), field: 6) }
        let referenceSize = Int(bytes[trailerStart + 7])
        // Object references are 1 to 8 bytes wide (3 is valid: 24-bit references).
        guard (1...8).contains(referenceSize) else { throw failure(Message.referenceSize(referenceSize), field: 7) }
        let objectCount = field(at: 8)
        // There is at least one object: the top one.
        guard objectCount >= 1 else { throw failure(Message.noObjects, field: 8) }
        let topObject = field(at: 16)
        // The top object is one of the objects.
        guard topObject < objectCount else { throw failure(Message.topObject(topObject, objectCount), field: 16) }
        let tableStart = field(at: 24)
        // The offset table follows the header and at least one byte of objects.
        guard tableStart > UInt64(Self.headerSize) else { throw failure(Message.tableInHeader(tableStart), field: 24) }
        // The offset table ends before the trailer. Overflow-checked, so a count of 2^63 objects fails
        // here, before anything is allocated for them.
        let (tableSize, sizeOverflow) = objectCount.multipliedReportingOverflow(by: UInt64(offsetSize))
        let (tableEnd, endOverflow) = tableStart.addingReportingOverflow(tableSize)
        guard !sizeOverflow, !endOverflow, tableEnd <= UInt64(trailerStart) else {
            throw failure(Message.tableTooLong(objectCount, offsetSize, tableStart, trailerStart), field: 8)
        }
        // Every field is now below the file size, so these conversions are exact.
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = Int(truncatingIfNeeded: objectCount)
        self.topObject = Int(truncatingIfNeeded: topObject)
        self.offsetTableStart = Int(truncatingIfNeeded: tableStart)
    }
}

/// An object, as errors name it: its index and its byte offset.
private struct ObjectSite {
    var object: Int
    var offset: Int
}

/// An open array or dictionary: where its references are and how far the decoder has got.
private struct Frame {
    var site: ObjectSite
    var node: Int32
    var isDictionary: Bool
    /// Byte position of the first reference (for a dictionary, of the first key reference).
    var referencesStart: Int
    /// Elements, or key–value pairs.
    var count: Int
    /// References to visit: `count`, or `2 * count` for a dictionary, keys and values alternating.
    var total: Int
    /// The next reference to visit, in 0..<total.
    var next: Int
    /// Where this container's decoded children begin in the scratch list.
    var scratchStart: Int
}

/// What decoding one object produced: a finished node, or a container to fill.
private enum Decoded {
    case value(Int32)
    case container(Frame)
}

/// Decodes the objects of a binary plist whose trailer has been validated.
private struct BinaryObjectDecoder {
    private static let unvisited: Int32 = -1
    private static let inProgress: Int32 = -2

    let bytes: UnsafeBufferPointer<UInt8>
    let trailer: BinaryPlistTrailer
    let file: String
    let depthLimit: Int
    /// The end of the object area: every object, and all it holds, lies before this.
    let objectEnd: Int
    var builder: DocumentBuilder
    /// Object index → its value node, `unvisited`, or `inProgress` while it is an open container.
    var valueNodes: [Int32]
    /// Object index → its node as a dictionary key. A string object can be both a key and a value,
    /// and only a key node carries `NodeRecord.keyFlag`, so the two uses are memoised apart.
    var keyNodes: [Int32]
    /// The decoded children of every open container, stacked; reused throughout.
    var scratch: [Int32] = []
    /// One container's children, handed to the builder; reused throughout.
    var childList: [Int32] = []
    /// The open containers around the innermost one.
    var parents: [Frame] = []
    /// What has been done so far.
    var work = BinaryReadWork()

    init(bytes: UnsafeBufferPointer<UInt8>, trailer: BinaryPlistTrailer, file: String, depthLimit: Int) {
        self.bytes = bytes
        self.trailer = trailer
        self.file = file
        self.depthLimit = depthLimit
        self.objectEnd = trailer.offsetTableStart
        // Each of these is bounded by the file size, which the trailer has been checked against.
        builder = DocumentBuilder(file: file, format: .binary, expectedNodes: trailer.objectCount)
        builder.arena.reserveCapacity(trailer.offsetTableStart)
        valueNodes = [Int32](repeating: Self.unvisited, count: trailer.objectCount)
        keyNodes = [Int32](repeating: Self.unvisited, count: trailer.objectCount)
        scratch.reserveCapacity(64)
    }

    mutating func decode() throws(PropertyListError) -> PropertyListDocument {
        try validateOffsetTable()
        let root = try decodeTree()
        return builder.finish(root: root)
    }

    // MARK: Offset table

    /// Checks every offset-table entry, as CoreFoundation does: a file with an entry outside the
    /// object area is refused even when nothing references that object.
    private mutating func validateOffsetTable() throws(PropertyListError) {
        let size = trailer.offsetSize
        var position = trailer.offsetTableStart
        for object in 0..<trailer.objectCount {
            work.offsetsChecked &+= 1
            let offset = readUnsigned(at: position, size: size)
            // Objects start after the header and before the offset table.
            guard offset >= UInt64(BinaryPlistTrailer.headerSize), offset < UInt64(objectEnd) else {
                throw PropertyListError(
                    .invalidObjectOffset(object: object, offset: Int(clamping: offset)),
                    at: SourceLocation(file: file, byteOffset: position, objectIndex: object))
            }
            position &+= size
        }
    }

    /// Where `object` (below the object count) starts, from the validated offset table.
    private func site(of object: Int) -> ObjectSite {
        let size = trailer.offsetSize
        let offset = readUnsigned(at: trailer.offsetTableStart &+ object &* size, size: size)
        return ObjectSite(object: object, offset: Int(truncatingIfNeeded: offset))
    }

    // MARK: Tree

    /// Decodes from the top object down, depth first, with `parents` as the stack.
    private mutating func decodeTree() throws(PropertyListError) -> Int32 {
        var frame: Frame
        switch try decode(site(of: trailer.topObject), depth: 1) {
        case .value(let node): return node
        case .container(let container): frame = container
        }
        do throws(PropertyListError) {
            while true {
                guard frame.next < frame.total else {
                    finish(frame)
                    guard let parent = parents.popLast() else { return frame.node }
                    scratch.append(frame.node)
                    frame = parent
                    continue
                }
                let child = frame.next
                frame.next &+= 1
                work.referencesFollowed &+= 1
                if frame.isDictionary && child & 1 == 0 {
                    scratch.append(try keyNode(try reference(child >> 1, in: frame)))
                    continue
                }
                let reference = try reference(frame.isDictionary ? frame.count &+ child >> 1 : child, in: frame)
                let known = valueNodes[reference]
                if known >= 0 {
                    scratch.append(builder.isContainer(known) ? known : builder.copyDetached(known))
                    continue
                }
                let site = site(of: reference)
                // An open container met again is one of its own descendants.
                guard known != Self.inProgress else { throw failure(.referenceCycle(object: reference), at: site) }
                switch try decode(site, depth: parents.count &+ 2) {
                case .value(let node):
                    valueNodes[reference] = node
                    scratch.append(node)
                case .container(let container):
                    parents.append(frame)
                    frame = container
                }
            }
        } catch {
            // Name the path to the object that failed: the stack knows it, the nodes do not yet.
            var located = error
            located.location.keyPath = keyPath(innermost: frame)
            throw located
        }
    }

    /// Gives a finished container its children, and memoises it.
    private mutating func finish(_ frame: Frame) {
        childList.removeAll(keepingCapacity: true)
        childList.append(contentsOf: scratch[frame.scratchStart...])
        scratch.removeLast(scratch.count &- frame.scratchStart)
        builder.attach(children: childList, to: frame.node)
        valueNodes[frame.site.object] = frame.node
    }

    /// The object that reference number `slot` of `frame` names.
    private func reference(_ slot: Int, in frame: Frame) throws(PropertyListError) -> Int {
        let size = trailer.referenceSize
        // In bounds: opening the container checked that all its references lie in the object area.
        let value = readUnsigned(at: frame.referencesStart &+ slot &* size, size: size)
        guard value < UInt64(trailer.objectCount) else {
            throw failure(.invalidObjectReference(Int(clamping: value), count: trailer.objectCount), at: frame.site)
        }
        return Int(truncatingIfNeeded: value)
    }

    /// The key path to the object that was being decoded when an error happened.
    private func keyPath(innermost: Frame) -> PlistKeyPath {
        var components: [PlistKeyPath.Component] = []
        for frame in parents + [innermost] where frame.next > 0 {
            let child = frame.next - 1
            if !frame.isDictionary {
                components.append(.index(child))
            } else if child & 1 == 1 {
                // A value: its key is the child decoded just before it.
                components.append(.key(builder.keyText(scratch[frame.scratchStart + child - 1])))
            }
        }
        return PlistKeyPath(components)
    }

    // MARK: Objects

    /// Decodes one object: a scalar becomes a node; an array or dictionary becomes a frame to fill.
    /// `depth` is the nesting level the object has if it is a container (the top object's is 1).
    private mutating func decode(_ site: ObjectSite, depth: Int) throws(PropertyListError) -> Decoded {
        work.objectsDecoded &+= 1
        let marker = bytes[site.offset]
        let position = site.offset &+ 1
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08, 0x09: return .value(add(.boolean, payload: marker == 0x09 ? 1 : 0, at: site))
            case 0x00: throw failure(.invalidObject(Message.null), at: site)
            case 0x0F: throw failure(.invalidObject(Message.fill), at: site)
            default: throw failure(.unknownObjectMarker(marker), at: site)
            }
        case 0x1:
            return .value(try integer(marker, at: position, site))
        case 0x2:
            // 0x22 is a float, 0x23 a double; other sizes do not exist.
            guard marker == 0x22 || marker == 0x23 else { throw failure(.unknownObjectMarker(marker), at: site) }
            let size = marker == 0x22 ? 4 : 8
            try requireBytes(size, at: position, for: "real", site)
            let bits = readUnsigned(at: position, size: size)
            let value =
                size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
            return .value(add(.real, payload: value.bitPattern, at: site))
        case 0x3:
            guard marker == 0x33 else { throw failure(.unknownObjectMarker(marker), at: site) }
            try requireBytes(8, at: position, for: "date", site)
            let seconds = Double(bitPattern: readUnsigned(at: position, size: 8))
            guard !seconds.isNaN else { throw failure(.invalidObject(Message.dateNaN), at: site) }
            guard seconds.isFinite else { throw failure(.invalidObject(Message.dateInfinite), at: site) }
            let node = add(.date, payload: seconds.bitPattern, at: site)
            if !PlistDate(secondsSinceReferenceDate: seconds).isWritable {
                builder.warn(.dateOutOfRange(seconds), about: node)
            }
            return .value(node)
        case 0x4:
            var start = position
            let count = try length(marker, at: &start, for: "data", site)
            try requireBytes(count, at: start, for: "data", site)
            let arenaStart = builder.arena.count
            builder.arena.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(start &+ count)]))
            return .value(addFromArena(.data, start: arenaStart, at: site))
        case 0x5, 0x6:
            return .value(try string(marker, at: position, flags: 0, site))
        case 0x8:
            return .value(try uid(marker, at: position, site))
        case 0xA, 0xD:
            return .container(try container(marker, at: position, depth: depth, site))
        case 0xC:
            throw failure(.invalidObject(Message.set), at: site)
        default:
            throw failure(.unknownObjectMarker(marker), at: site)
        }
    }

    /// Opens an array or dictionary, once its depth is allowed and all its references are present.
    private mutating func container(
        _ marker: UInt8, at position: Int, depth: Int, _ site: ObjectSite
    ) throws(PropertyListError) -> Frame {
        // The top object is at depth 1; `depthLimit` containers may nest, one more may not.
        guard depth <= depthLimit else { throw failure(.nestingTooDeep(limit: depthLimit), at: site) }
        let isDictionary = marker >> 4 == 0xD
        let what = isDictionary ? "dictionary" : "array"
        var start = position
        let count = try length(marker, at: &start, for: what, site)
        // `count` is at most the bytes left in the object area, so these products cannot overflow.
        let total = isDictionary ? count &* 2 : count
        try requireBytes(total &* trailer.referenceSize, at: start, for: what, site)
        let node = add(isDictionary ? .dictionary : .array, at: site)
        valueNodes[site.object] = Self.inProgress
        return Frame(
            site: site, node: node, isDictionary: isDictionary, referencesStart: start, count: count, total: total,
            next: 0, scratchStart: scratch.count)
    }

    /// The node for `object` as a dictionary key, which must be a string.
    private mutating func keyNode(_ object: Int) throws(PropertyListError) -> Int32 {
        let known = keyNodes[object]
        if known >= 0 { return builder.copyDetached(known) }
        work.objectsDecoded &+= 1
        let site = site(of: object)
        let marker = bytes[site.offset]
        let kind: String
        switch marker >> 4 {
        case 0x5, 0x6:
            let node = try string(marker, at: site.offset &+ 1, flags: NodeRecord.keyFlag, site)
            keyNodes[object] = node
            return node
        case 0x0 where marker == 0x08 || marker == 0x09: kind = "a boolean"
        case 0x0 where marker == 0x00: kind = "null"
        case 0x1 where marker & 0x0F <= 4: kind = "an integer"
        case 0x2 where marker == 0x22 || marker == 0x23: kind = "a real"
        case 0x3 where marker == 0x33: kind = "a date"
        case 0x4: kind = "data"
        case 0x8: kind = "a UID"
        case 0xA: kind = "an array"
        case 0xC: kind = "a set"
        case 0xD: kind = "a dictionary"
        default: throw failure(.unknownObjectMarker(marker), at: site)
        }
        throw failure(.nonStringKey(kind), at: site)
    }

    /// An integer: 1, 2 and 4 bytes are unsigned, 8 bytes signed; 16 bytes hold up to UInt64.max.
    private mutating func integer(_ marker: UInt8, at position: Int, _ site: ObjectSite) throws(PropertyListError)
        -> Int32
    {
        let exponent = marker & 0x0F
        // Sizes are 2^0…2^4 bytes.
        guard exponent <= 4 else { throw failure(.unknownObjectMarker(marker), at: site) }
        let size = 1 << exponent
        try requireBytes(size, at: position, for: "integer", site)
        let payload: UInt64
        var isUnsigned = false
        var truncated = false
        switch size {
        case 16:
            let high = readUnsigned(at: position, size: 8)
            payload = readUnsigned(at: position &+ 8, size: 8)
            let negative = Int64(bitPattern: payload) < 0
            // Zero high bits: unsigned, up to UInt64.max. All-ones high bits: a sign-extended
            // negative number. Anything else does not fit: keep the low bits as CoreFoundation does,
            // and say so.
            isUnsigned = high != UInt64.max && negative
            truncated = high != 0 && !(high == UInt64.max && negative)
        default:
            // 1, 2 and 4 bytes are unsigned and fit in Int64; 8 bytes are Int64's bit pattern.
            payload = readUnsigned(at: position, size: size)
        }
        let node = add(.integer, payload: payload, at: site, flags: isUnsigned ? NodeRecord.unsignedFlag : 0)
        if truncated { builder.warn(.integerTruncated, about: node) }
        return node
    }

    /// An ASCII (0x5n) or UTF-16BE (0x6n) string, stored in the arena as UTF-8.
    private mutating func string(
        _ marker: UInt8, at position: Int, flags: UInt8, _ site: ObjectSite
    ) throws(PropertyListError) -> Int32 {
        var start = position
        let arenaStart = builder.arena.count
        if marker >> 4 == 0x5 {
            let count = try length(marker, at: &start, for: "ASCII string", site)
            try requireBytes(count, at: start, for: "ASCII string", site)
            let text = UnsafeBufferPointer(rebasing: bytes[start..<(start &+ count)])
            var combined: UInt8 = 0
            for byte in text { combined |= byte }
            guard combined < 0x80 else {
                let byte = text.first { $0 >= 0x80 } ?? combined
                throw failure(.invalidObject(Message.notASCII(byte)), at: site)
            }
            builder.arena.append(contentsOf: text)
        } else {
            let count = try length(marker, at: &start, for: "UTF-16 string", site)
            // `count` is at most the bytes left in the object area, so doubling it cannot overflow.
            try requireBytes(count &* 2, at: start, for: "UTF-16 string", site)
            if let unit = appendUTF16(from: start, units: count) {
                throw failure(.invalidObject(Message.loneSurrogate(unit)), at: site)
            }
        }
        return addFromArena(.string, start: arenaStart, at: site, flags: flags)
    }

    /// Appends `units` big-endian UTF-16 code units at `start` to the arena as UTF-8, and returns
    /// the first unpaired surrogate, if any. The caller has checked that the bytes are present.
    private mutating func appendUTF16(from start: Int, units: Int) -> UInt16? {
        var position = start
        let end = start &+ units &* 2
        while position < end {
            let unit = UInt16(bytes[position]) << 8 | UInt16(bytes[position &+ 1])
            position &+= 2
            switch unit {
            case 0..<0x80:
                builder.arena.append(UInt8(truncatingIfNeeded: unit))
            case 0x80..<0x800:
                builder.arena.append(0xC0 | UInt8(truncatingIfNeeded: unit >> 6))
                builder.arena.append(0x80 | UInt8(truncatingIfNeeded: unit & 0x3F))
            case 0xD800..<0xDC00:
                guard position < end else { return unit }
                let low = UInt16(bytes[position]) << 8 | UInt16(bytes[position &+ 1])
                guard (0xDC00..<0xE000).contains(low) else { return unit }
                position &+= 2
                let scalar = 0x10000 &+ (UInt32(unit &- 0xD800) << 10 | UInt32(low &- 0xDC00))
                builder.arena.append(0xF0 | UInt8(truncatingIfNeeded: scalar >> 18))
                builder.arena.append(0x80 | UInt8(truncatingIfNeeded: (scalar >> 12) & 0x3F))
                builder.arena.append(0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F))
                builder.arena.append(0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F))
            case 0xDC00..<0xE000:
                return unit
            default:
                builder.arena.append(0xE0 | UInt8(truncatingIfNeeded: unit >> 12))
                builder.arena.append(0x80 | UInt8(truncatingIfNeeded: (unit >> 6) & 0x3F))
                builder.arena.append(0x80 | UInt8(truncatingIfNeeded: unit & 0x3F))
            }
        }
        return nil
    }

    /// A UID of 1 to 16 bytes; one wider than 8 bytes must start with zeros.
    private mutating func uid(_ marker: UInt8, at position: Int, _ site: ObjectSite) throws(PropertyListError) -> Int32
    {
        let size = Int(marker & 0x0F) &+ 1
        try requireBytes(size, at: position, for: "UID", site)
        let extra = max(0, size &- 8)
        for byte in bytes[position..<(position &+ extra)] where byte != 0 {
            throw failure(.invalidObject(Message.wideUID(size)), at: site)
        }
        return add(.uid, payload: readUnsigned(at: position &+ extra, size: size &- extra), at: site)
    }

    // MARK: Nodes

    private mutating func add(
        _ kind: PlistKind, payload: UInt64 = 0, at site: ObjectSite, flags: UInt8 = 0
    ) -> Int32 {
        builder.addDetached(kind, payload: payload, objectIndex: site.object, offset: site.offset, flags: flags)
    }

    /// Adds a string or data node for the arena bytes from `start` to the end.
    private mutating func addFromArena(
        _ kind: PlistKind, start: Int, at site: ObjectSite, flags: UInt8 = 0
    ) -> Int32 {
        builder.addDetached(
            kind, payload: UInt64(start), length: UInt32(truncatingIfNeeded: builder.arena.count &- start),
            objectIndex: site.object, offset: site.offset, flags: flags)
    }

    // MARK: Reading

    /// The count in a marker's low nibble or, when that is 0xF, in the integer object after it;
    /// moves `position` past that integer. The count is at most the bytes left in the object area.
    private func length(
        _ marker: UInt8, at position: inout Int, for what: @autoclosure () -> String, _ site: ObjectSite
    ) throws(PropertyListError) -> Int {
        let nibble = marker & 0x0F
        guard nibble == 0x0F else { return Int(nibble) }
        try requireBytes(1, at: position, for: "length of \(what())", site)
        let lengthMarker = bytes[position]
        // A long count is a 1-, 2-, 4- or 8-byte integer object.
        guard lengthMarker >> 4 == 0x1, lengthMarker & 0x0F <= 3 else {
            throw failure(.invalidObject(Message.lengthMarker(lengthMarker, what())), at: site)
        }
        let size = 1 << (lengthMarker & 0x0F)
        try requireBytes(size, at: position &+ 1, for: "length of \(what())", site)
        let value = readUnsigned(at: position &+ 1, size: size)
        position &+= 1 &+ size
        // No count can exceed the bytes left; checking it here keeps every later product small.
        let left = objectEnd &- position
        guard value <= UInt64(left) else {
            throw failure(.invalidObject(Message.tooLong(what(), value, left)), at: site)
        }
        return Int(truncatingIfNeeded: value)
    }

    /// Throws unless `count` bytes from `position` lie inside the object area.
    private func requireBytes(
        _ count: Int, at position: Int, for what: @autoclosure () -> String, _ site: ObjectSite
    ) throws(PropertyListError) {
        let left = objectEnd &- position
        guard count <= left else {
            throw failure(.invalidObject(Message.pastEnd(what(), count, left)), at: site)
        }
    }

    /// A big-endian unsigned integer of `size` (0…8) bytes; the caller has checked the bounds.
    private func readUnsigned(at position: Int, size: Int) -> UInt64 {
        switch size {
        case 1:
            return UInt64(bytes[position])
        case 2:
            return UInt64(bytes[position]) << 8 | UInt64(bytes[position &+ 1])
        default:
            var value: UInt64 = 0
            for index in position..<(position &+ size) { value = value << 8 | UInt64(bytes[index]) }
            return value
        }
    }

    private func failure(_ problem: PropertyListProblem, at site: ObjectSite) -> PropertyListError {
        PropertyListError(problem, at: SourceLocation(file: file, byteOffset: site.offset, objectIndex: site.object))
    }
}

/// The wording of this file's messages: lower-case first, no trailing period, no position.
private enum Message {
    static func tooShort(_ size: Int) -> String {
        "\(size) bytes is too short for the header, an object and the 32-byte trailer"
    }
    static func offsetSize(_ size: Int) -> String { "offset size is \(size), not 1 to 8 bytes" }
    static func referenceSize(_ size: Int) -> String { "object reference size is \(size), not 1 to 8 bytes" }
    static let noObjects = "the file declares no objects"
    static func topObject(_ top: UInt64, _ count: UInt64) -> String {
        "top object \(top) is not below the object count \(count)"
    }
    static func tableInHeader(_ start: UInt64) -> String {
        "offset table starts at byte \(start), leaving no room for objects after the header"
    }
    static func tableTooLong(_ count: UInt64, _ size: Int, _ start: UInt64, _ trailer: Int) -> String {
        "an offset table of \(count) \(size)-byte entries from byte \(start) "
            + "does not end before the trailer at byte \(trailer)"
    }
    static let null = "null objects are not supported: property lists have no null value"
    static let fill = "fill byte 0x0F is padding, not a value"
    static let set = "set objects are not supported: property lists hold arrays and dictionaries, not sets"
    static let dateNaN = "date is not a number"
    static let dateInfinite = "date is infinite"
    static func notASCII(_ byte: UInt8) -> String { "ASCII string holds byte 0x\(hex(byte)), which is not ASCII" }
    static func loneSurrogate(_ unit: UInt16) -> String { "UTF-16 string holds a lone surrogate 0x\(hex(unit))" }
    static func wideUID(_ size: Int) -> String { "UID of \(size) bytes does not fit in 64 bits" }
    static func lengthMarker(_ marker: UInt8, _ what: String) -> String {
        "length of \(what) has marker 0x\(hex(marker)), not a 1- to 8-byte integer"
    }
    static func tooLong(_ what: String, _ count: UInt64, _ left: Int) -> String {
        "\(what) of length \(count) does not fit in the \(left) bytes left before the offset table"
    }
    static func pastEnd(_ what: String, _ count: Int, _ left: Int) -> String {
        "\(what) needs \(count) bytes, but only \(left) are left before the offset table"
    }

    private static func hex(_ value: some BinaryInteger) -> String { String(value, radix: 16, uppercase: true) }
}
