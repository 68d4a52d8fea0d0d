/// Reads `bplist00` binary property lists.
///
/// The trailer is checked against the bytes actually present before anything is allocated. Objects
/// are then decoded from the top object with an explicit stack, and each object is decoded once:
/// an object that several containers reference becomes one node that they share, so a file whose
/// full expansion would be astronomically large still reads in time and memory linear in its size.
struct BinaryPlistReader {
    let file: String
    let depthLimit: Int

    /// Parses `bytes`, which start with `bplist00`.
    func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListDocument {
        try bytes.withUnsafeBufferPointer { buffer throws(PropertyListError) -> PropertyListDocument in
            let trailer = try BinaryPlistTrailer(buffer, file: file)
            var decoder = BinaryObjectDecoder(bytes: buffer, trailer: trailer, file: file, depthLimit: depthLimit)
            return try decoder.decode()
        }
    }
}

/// The last 32 bytes of a binary plist, validated: every field is consistent with the others and
/// with the size of the file, so the decoder can index the offset table without further checks.
private struct BinaryPlistTrailer {
    static let size = 32
    static let headerSize = 8

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
        // Node indices are Int32 and a string object may become two nodes (key and value).
        guard fileSize <= Int(Int32.max) / 2 else {
            throw PropertyListError(
                .inputTooLarge(size: fileSize, limit: Int(Int32.max) / 2), at: SourceLocation(file: file))
        }
        // The header, one object byte, one offset entry and the trailer must all be present.
        guard fileSize >= Self.headerSize + 2 + Self.size else {
            throw PropertyListError(
                .truncated("\(fileSize) bytes is too short for the header, one object and the 32-byte trailer"),
                at: SourceLocation(file: file, byteOffset: fileSize))
        }
        // The magic is checked by the dispatcher; checking it again keeps this reader safe alone.
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
        guard (1...8).contains(offsetSize) else {
            throw failure("offset size is \(offsetSize), not 1 to 8 bytes", field: 6)
        }
        let referenceSize = Int(bytes[trailerStart + 7])
        // Object references are 1 to 8 bytes wide (3 is valid: 24-bit references).
        guard (1...8).contains(referenceSize) else {
            throw failure("object reference size is \(referenceSize), not 1 to 8 bytes", field: 7)
        }
        let objectCount = field(at: 8)
        // There is at least one object: the top one.
        guard objectCount >= 1 else { throw failure("the file declares no objects", field: 8) }
        let topObject = field(at: 16)
        // The top object is one of the objects.
        guard topObject < objectCount else {
            throw failure("top object \(topObject) is not below the object count \(objectCount)", field: 16)
        }
        let tableStart = field(at: 24)
        // The offset table follows the header and at least one byte of objects.
        guard tableStart > UInt64(Self.headerSize) else {
            throw failure("offset table starts at byte \(tableStart), before any object", field: 24)
        }
        // The offset table ends before the trailer; computed with overflow checks, so a count of 2^63
        // objects fails here, before anything is allocated for them.
        let (tableSize, sizeOverflow) = objectCount.multipliedReportingOverflow(by: UInt64(offsetSize))
        let (tableEnd, endOverflow) = tableStart.addingReportingOverflow(tableSize)
        guard !sizeOverflow, !endOverflow, tableEnd <= UInt64(trailerStart) else {
            throw failure(
                "an offset table of \(objectCount) \(offsetSize)-byte entries at byte \(tableStart) "
                    + "does not end before the trailer at byte \(trailerStart)",
                field: 8)
        }
        // Every field is now below the file size, so the conversions to Int below are exact.
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = Int(truncatingIfNeeded: objectCount)
        self.topObject = Int(truncatingIfNeeded: topObject)
        self.offsetTableStart = Int(truncatingIfNeeded: tableStart)
    }
}

/// An open array or dictionary: where its references are and how far the decoder has got.
private struct Frame {
    var object: Int
    var offset: Int
    var node: Int32
    var isDictionary: Bool
    /// Byte position of the first reference (for a dictionary, the first key reference).
    var referencesStart: Int
    /// Elements, or key–value pairs.
    var count: Int
    /// References to visit: `count`, or `2 * count` for a dictionary (keys and values alternate).
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
    /// End of the object area: every object, and everything inside it, lies before this.
    let objectEnd: Int
    var builder: DocumentBuilder
    /// Object index → its value node, `unvisited`, or `inProgress` while it is an open container.
    var valueNodes: [Int32]
    /// Object index → its node as a dictionary key. A string object can serve as both key and
    /// value, and a key node carries `NodeRecord.keyFlag`, so the two uses are memoised apart.
    var keyNodes: [Int32]
    /// The decoded children of every open container, stacked; reused throughout.
    var scratch: [Int32] = []
    /// One container's children, handed to the builder; reused throughout.
    var childList: [Int32] = []
    /// The open containers around the innermost one.
    var parents: [Frame] = []

    init(bytes: UnsafeBufferPointer<UInt8>, trailer: BinaryPlistTrailer, file: String, depthLimit: Int) {
        self.bytes = bytes
        self.trailer = trailer
        self.file = file
        self.depthLimit = depthLimit
        self.objectEnd = trailer.offsetTableStart
        // All of these are bounded by the file size, which the trailer has been checked against.
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
    private func validateOffsetTable() throws(PropertyListError) {
        let size = trailer.offsetSize
        var position = trailer.offsetTableStart
        for object in 0..<trailer.objectCount {
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

    /// The byte offset of `object` (< objectCount), from the validated offset table.
    private func offset(of object: Int) -> Int {
        let size = trailer.offsetSize
        return Int(truncatingIfNeeded: readUnsigned(at: trailer.offsetTableStart &+ object &* size, size: size))
    }

    // MARK: Tree

    /// Decodes from the top object down, depth first, with `parents` as the stack.
    private mutating func decodeTree() throws(PropertyListError) -> Int32 {
        var frame: Frame
        switch try decode(object: trailer.topObject, depth: 1) {
        case .value(let node): return node
        case .container(let container): frame = container
        }
        do throws(PropertyListError) {
            while true {
                if frame.next < frame.total {
                    let child = frame.next
                    frame.next &+= 1
                    if frame.isDictionary && child & 1 == 0 {
                        let reference = try reference(at: child >> 1, in: frame)
                        scratch.append(try keyNode(reference))
                        continue
                    }
                    let slot = frame.isDictionary ? frame.count &+ child >> 1 : child
                    let reference = try reference(at: slot, in: frame)
                    let known = valueNodes[reference]
                    if known >= 0 {
                        scratch.append(known)
                        continue
                    }
                    if known == Self.inProgress {
                        throw failure(.referenceCycle(object: reference), object: reference)
                    }
                    switch try decode(object: reference, depth: parents.count &+ 2) {
                    case .value(let node):
                        valueNodes[reference] = node
                        scratch.append(node)
                    case .container(let container):
                        parents.append(frame)
                        frame = container
                    }
                    continue
                }
                finish(frame)
                guard let parent = parents.popLast() else { return frame.node }
                scratch.append(frame.node)
                frame = parent
            }
        } catch {
            // Name the path to the object that failed: the stack knows it, the nodes do not yet.
            var located = error
            located.location.keyPath = keyPath(innermost: frame)
            throw located
        }
    }

    /// Gives a finished container its children and memoises it.
    private mutating func finish(_ frame: Frame) {
        childList.removeAll(keepingCapacity: true)
        childList.append(contentsOf: scratch[frame.scratchStart...])
        scratch.removeLast(scratch.count &- frame.scratchStart)
        builder.attach(children: childList, to: frame.node)
        valueNodes[frame.object] = frame.node
    }

    /// The object that reference number `slot` of `frame` names.
    private func reference(at slot: Int, in frame: Frame) throws(PropertyListError) -> Int {
        let size = trailer.referenceSize
        // In bounds: the container's header checked that all its references fit in the object area.
        let value = readUnsigned(at: frame.referencesStart &+ slot &* size, size: size)
        guard value < UInt64(trailer.objectCount) else {
            throw PropertyListError(
                .invalidObjectReference(Int(clamping: value), count: trailer.objectCount),
                at: location(object: frame.object, offset: frame.offset))
        }
        return Int(truncatingIfNeeded: value)
    }

    /// The key path to the object being decoded when an error happened.
    private func keyPath(innermost: Frame) -> PlistKeyPath {
        var components: [PlistKeyPath.Component] = []
        for frame in parents + [innermost] where frame.next > 0 {
            let child = frame.next - 1
            if !frame.isDictionary {
                components.append(.index(child))
            } else if child & 1 == 1 {
                // A value: its key was decoded just before it.
                components.append(.key(builder.keyText(scratch[frame.scratchStart + child - 1])))
            }
        }
        return PlistKeyPath(components)
    }

    // MARK: Objects

    /// Decodes `object`: a scalar becomes a node; an array or dictionary becomes a frame to fill.
    /// `depth` is the nesting level the object would have as a container (the top object's is 1).
    private mutating func decode(object: Int, depth: Int) throws(PropertyListError) -> Decoded {
        let offset = offset(of: object)
        let marker = bytes[offset]
        let position = offset &+ 1
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08, 0x09:
                let value: UInt64 = marker == 0x09 ? 1 : 0
                return .value(builder.addDetached(.boolean, payload: value, objectIndex: object, offset: offset))
            case 0x00:
                throw failure(.invalidObject(notSupportedNull), object: object, offset: offset)
            case 0x0F:
                throw failure(.invalidObject(fillIsNotAValue), object: object, offset: offset)
            default:
                throw failure(.unknownObjectMarker(marker), object: object, offset: offset)
            }
        case 0x1:
            return .value(try integer(marker: marker, at: position, object: object, offset: offset))
        case 0x2:
            let size = marker == 0x22 ? 4 : marker == 0x23 ? 8 : 0
            guard size > 0 else { throw failure(.unknownObjectMarker(marker), object: object, offset: offset) }
            try requireBytes(size, at: position, what: "real", object: object, offset: offset)
            let bits = readUnsigned(at: position, size: size)
            let value = size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
            return .value(
                builder.addDetached(.real, payload: value.bitPattern, objectIndex: object, offset: offset))
        case 0x3:
            guard marker == 0x33 else { throw failure(.unknownObjectMarker(marker), object: object, offset: offset) }
            try requireBytes(8, at: position, what: "date", object: object, offset: offset)
            let seconds = Double(bitPattern: readUnsigned(at: position, size: 8))
            guard !seconds.isNaN else {
                throw failure(.invalidObject("date is not a number"), object: object, offset: offset)
            }
            guard seconds.isFinite else {
                throw failure(.invalidObject("date is infinite"), object: object, offset: offset)
            }
            return .value(
                builder.addDetached(.date, payload: seconds.bitPattern, objectIndex: object, offset: offset))
        case 0x4:
            var start = position
            let count = try length(marker: marker, at: &start, what: "data", object: object, offset: offset)
            try requireBytes(count, at: start, what: "data", object: object, offset: offset)
            let arenaStart = builder.arena.count
            builder.arena.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(start &+ count)]))
            return .value(
                builder.addDetached(
                    .data, payload: UInt64(arenaStart), length: UInt32(truncatingIfNeeded: count),
                    objectIndex: object, offset: offset))
        case 0x5, 0x6:
            return .value(try string(marker: marker, at: position, flags: 0, object: object, offset: offset))
        case 0x8:
            return .value(try uid(marker: marker, at: position, object: object, offset: offset))
        case 0xA, 0xD:
            return .container(try container(marker: marker, at: position, depth: depth, object: object, offset: offset))
        case 0xC:
            throw failure(.invalidObject(setsAreNotSupported), object: object, offset: offset)
        default:
            throw failure(.unknownObjectMarker(marker), object: object, offset: offset)
        }
    }

    /// Opens an array or dictionary: checks its depth and that all its references are present.
    private mutating func container(
        marker: UInt8, at position: Int, depth: Int, object: Int, offset: Int
    ) throws(PropertyListError) -> Frame {
        // The top object is at depth 1; `depthLimit` containers may nest, one more may not.
        guard depth <= depthLimit else {
            throw failure(.nestingTooDeep(limit: depthLimit), object: object, offset: offset)
        }
        let isDictionary = marker >> 4 == 0xD
        let what = isDictionary ? "dictionary" : "array"
        var start = position
        let count = try length(marker: marker, at: &start, what: what, object: object, offset: offset)
        // `count` fits in the object area, so these products cannot overflow.
        let total = isDictionary ? count &* 2 : count
        try requireBytes(
            total &* trailer.referenceSize, at: start, what: "\(what) of \(count) entries", object: object,
            offset: offset)
        let node = builder.addDetached(isDictionary ? .dictionary : .array, objectIndex: object, offset: offset)
        valueNodes[object] = Self.inProgress
        return Frame(
            object: object, offset: offset, node: node, isDictionary: isDictionary, referencesStart: start,
            count: count, total: total, next: 0, scratchStart: scratch.count)
    }

    /// The node for `object` as a dictionary key, which must be a string.
    private mutating func keyNode(_ object: Int) throws(PropertyListError) -> Int32 {
        let known = keyNodes[object]
        if known >= 0 { return known }
        let offset = offset(of: object)
        let marker = bytes[offset]
        let kind: String
        switch marker >> 4 {
        case 0x5, 0x6:
            let node = try string(
                marker: marker, at: offset &+ 1, flags: NodeRecord.keyFlag, object: object, offset: offset)
            keyNodes[object] = node
            return node
        case 0x0 where marker == 0x08 || marker == 0x09: kind = "a boolean"
        case 0x0 where marker == 0x00: kind = "null"
        case 0x1: kind = "an integer"
        case 0x2 where marker == 0x22 || marker == 0x23: kind = "a real"
        case 0x3 where marker == 0x33: kind = "a date"
        case 0x4: kind = "data"
        case 0x8: kind = "a UID"
        case 0xA: kind = "an array"
        case 0xC: kind = "a set"
        case 0xD: kind = "a dictionary"
        default: throw failure(.unknownObjectMarker(marker), object: object, offset: offset)
        }
        throw failure(.nonStringKey(kind), object: object, offset: offset)
    }

    /// An integer: 1, 2 and 4 bytes are unsigned, 8 bytes signed; 16 bytes hold up to UInt64.max.
    private mutating func integer(
        marker: UInt8, at position: Int, object: Int, offset: Int
    ) throws(PropertyListError) -> Int32 {
        let exponent = marker & 0x0F
        guard exponent <= 4 else { throw failure(.unknownObjectMarker(marker), object: object, offset: offset) }
        let size = 1 << exponent
        try requireBytes(size, at: position, what: "integer", object: object, offset: offset)
        var value: PlistInteger
        var truncated = false
        switch size {
        case 16:
            let high = readUnsigned(at: position, size: 8)
            let low = readUnsigned(at: position &+ 8, size: 8)
            if high == 0 || (high == UInt64.max && Int64(bitPattern: low) < 0) {
                // The value fits in 64 bits: unsigned, or a sign-extended negative number.
                value = high == 0 && low > UInt64(Int64.max) ? .unsigned(low) : .signed(Int64(bitPattern: low))
            } else {
                // Too large for 64 bits: keep the low bits, read as CoreFoundation reads them, and say so.
                value = low > UInt64(Int64.max) ? .unsigned(low) : .signed(Int64(bitPattern: low))
                truncated = true
            }
        case 8:
            value = .signed(Int64(bitPattern: readUnsigned(at: position, size: 8)))
        default:
            value = .signed(Int64(truncatingIfNeeded: readUnsigned(at: position, size: size)))
        }
        let node: Int32
        switch value {
        case .signed(let number):
            node = builder.addDetached(.integer, payload: UInt64(bitPattern: number), objectIndex: object, offset: offset)
        case .unsigned(let number):
            node = builder.addDetached(
                .integer, payload: number, objectIndex: object, offset: offset, flags: NodeRecord.unsignedFlag)
        }
        if truncated { builder.warn(.integerTruncated, about: node) }
        return node
    }

    /// An ASCII (0x5n) or UTF-16BE (0x6n) string, stored in the arena as UTF-8.
    private mutating func string(
        marker: UInt8, at position: Int, flags: UInt8, object: Int, offset: Int
    ) throws(PropertyListError) -> Int32 {
        var start = position
        let arenaStart = builder.arena.count
        if marker >> 4 == 0x5 {
            let count = try length(marker: marker, at: &start, what: "string", object: object, offset: offset)
            try requireBytes(count, at: start, what: "string of \(count) characters", object: object, offset: offset)
            let text = UnsafeBufferPointer(rebasing: bytes[start..<(start &+ count)])
            var combined: UInt8 = 0
            for byte in text { combined |= byte }
            guard combined < 0x80 else {
                let byte = text.first(where: { $0 >= 0x80 }) ?? combined
                throw failure(
                    .invalidObject("ASCII string holds byte 0x\(hex(byte)), which is not ASCII"),
                    object: object, offset: offset)
            }
            builder.arena.append(contentsOf: text)
        } else {
            let count = try length(
                marker: marker, at: &start, what: "UTF-16 string", object: object, offset: offset)
            // `count` fits in the object area, so doubling it cannot overflow.
            try requireBytes(
                count &* 2, at: start, what: "UTF-16 string of \(count) code units", object: object, offset: offset)
            if let unit = appendUTF16(from: start, units: count) {
                throw failure(
                    .invalidObject("UTF-16 string holds a lone surrogate 0x\(hex(unit))"), object: object,
                    offset: offset)
            }
        }
        return builder.addDetached(
            .string, payload: UInt64(arenaStart), length: UInt32(truncatingIfNeeded: builder.arena.count - arenaStart),
            objectIndex: object, offset: offset, flags: flags)
    }

    /// Appends `units` big-endian UTF-16 code units at `start` to the arena as UTF-8; returns the
    /// first unpaired surrogate, if any (the bytes are in bounds: the caller checked).
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

    /// A UID of 1 to 16 bytes; one wider than 8 bytes must have leading zeros.
    private mutating func uid(marker: UInt8, at position: Int, object: Int, offset: Int) throws(PropertyListError) -> Int32 {
        let size = Int(marker & 0x0F) &+ 1
        try requireBytes(size, at: position, what: "UID", object: object, offset: offset)
        let extra = max(0, size - 8)
        for byte in bytes[position..<(position &+ extra)] where byte != 0 {
            throw failure(.invalidObject("UID of \(size) bytes does not fit in 64 bits"), object: object, offset: offset)
        }
        let value = readUnsigned(at: position &+ extra, size: size - extra)
        return builder.addDetached(.uid, payload: value, objectIndex: object, offset: offset)
    }

    // MARK: Reading

    /// The count in a marker's low nibble or, when that is 0xF, in the integer object after it.
    /// Moves `position` past that integer. The count is at most the bytes left in the object area.
    private func length(
        marker: UInt8, at position: inout Int, what: String, object: Int, offset: Int
    ) throws(PropertyListError) -> Int {
        let nibble = marker & 0x0F
        guard nibble == 0x0F else { return Int(nibble) }
        guard position < objectEnd else {
            throw failure(.invalidObject("length of \(what) runs past the object area"), object: object, offset: offset)
        }
        let lengthMarker = bytes[position]
        guard lengthMarker >> 4 == 0x1, lengthMarker & 0x0F <= 3 else {
            throw failure(
                .invalidObject("length of \(what) has marker 0x\(hex(lengthMarker)), not a 1- to 8-byte integer"),
                object: object, offset: offset)
        }
        let size = 1 << (lengthMarker & 0x0F)
        try requireBytes(size, at: position &+ 1, what: "length of \(what)", object: object, offset: offset)
        let value = readUnsigned(at: position &+ 1, size: size)
        position &+= 1 &+ size
        // No length can exceed the bytes left; checking here keeps every later product small.
        guard value <= UInt64(objectEnd &- position) else {
            throw failure(
                .invalidObject("\(what) of \(value) entries runs past the end of the object area"), object: object,
                offset: offset)
        }
        return Int(truncatingIfNeeded: value)
    }

    /// Throws unless `count` bytes from `position` lie inside the object area.
    private func requireBytes(
        _ count: Int, at position: Int, what: String, object: Int, offset: Int
    ) throws(PropertyListError) {
        guard count <= objectEnd &- position else {
            throw failure(
                .invalidObject("\(what) of \(count) bytes runs past the end of the object area"), object: object,
                offset: offset)
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

    // MARK: Errors

    private func location(object: Int, offset: Int) -> SourceLocation {
        SourceLocation(file: file, byteOffset: offset, objectIndex: object)
    }

    private func failure(_ problem: PropertyListProblem, object: Int, offset: Int) -> PropertyListError {
        PropertyListError(problem, at: location(object: object, offset: offset))
    }

    private func failure(_ problem: PropertyListProblem, object: Int) -> PropertyListError {
        failure(problem, object: object, offset: offset(of: object))
    }
}

private func hex(_ value: some BinaryInteger) -> String {
    String(value, radix: 16, uppercase: true)
}

private let notSupportedNull = "null objects are not supported: property lists have no null value"
private let fillIsNotAValue = "fill byte 0x0F is padding, not a value"
private let setsAreNotSupported =
    "set objects are not supported: property lists hold arrays and dictionaries, not sets"
