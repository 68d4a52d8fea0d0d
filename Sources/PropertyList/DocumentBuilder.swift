import Support

/// Builds a ``PropertyListDocument``'s flat storage. Streaming readers (XML, OpenStep) open and
/// close containers in document order; the binary reader adds detached nodes and attaches their
/// children once it has decoded them.
struct DocumentBuilder {
    private(set) var nodes: [NodeRecord] = []
    var arena: [UInt8] = []
    private var children: [Int32] = []
    /// Child indices of the open containers, stacked; `open[i].pendingStart` marks where each begins.
    private var pending: [Int32] = []
    private(set) var open: [(node: Int32, pendingStart: Int)] = []
    /// Warnings with the node they are about; their locations are made once the storage exists.
    private var pendingWarnings: [(kind: PropertyListWarning.Kind, node: Int32)] = []
    /// Warnings whose location is known without a node (text between elements, say).
    private var placedWarnings: [PropertyListWarning] = []
    /// The comments' text, one after another, and where each ends in it.
    private var commentText: [UInt8] = []
    private var commentEnds: [Int32] = []
    /// For each comment, where the start tag after it begins (line and column, 0 while unknown
    /// or when an end tag comes first); `anchoredComments` comments have been settled.
    private var commentAnchors: [(line: UInt32, column: UInt32)] = []
    private var anchoredComments = 0
    /// For each comment, where its `<!--` stands (0 when unknown).
    private var commentStarts: [(line: UInt32, column: UInt32)] = []

    /// In the second part of a split XML read, how many nodes (the first ones) stand in for the
    /// first part's open containers and their keys: their children are only complete once the
    /// parts are joined (``append(rest:)``), so their keys are checked for duplicates then.
    var standIns: Int32 = 0

    let file: String
    let format: PropertyListFormat

    init(file: String, format: PropertyListFormat, expectedNodes: Int = 0) {
        self.file = file
        self.format = format
        if expectedNodes > 0 { nodes.reserveCapacity(expectedNodes) }
    }

    /// How many containers are open.
    var depth: Int { open.count }

    /// The kind of the innermost open container.
    var currentContainerKind: PlistKind? { open.last.map { nodes[Int($0.node)].kind } }

    /// How many children the innermost open container has so far.
    var currentChildCount: Int { open.last.map { pending.count - $0.pendingStart } ?? 0 }

    /// The innermost open container's node.
    var currentContainer: Int32? { open.last?.node }

    /// Adds a node as the next child of the innermost open container (or as a root).
    @discardableResult
    mutating func add(
        _ kind: PlistKind, payload: UInt64 = 0, length: UInt32 = 0, position1: Int, position2: Int,
        flags: UInt8 = 0
    ) -> Int32 {
        let index = Int32(truncatingIfNeeded: nodes.count)
        let parent = open.last?.node ?? -1
        nodes.append(
            NodeRecord(
                payload: payload, length: length, parent: parent,
                position1: UInt32(clamping: position1), position2: UInt32(clamping: position2),
                kind: kind, flags: flags))
        if !open.isEmpty { pending.append(index) }
        return index
    }

    /// Adds a string (or key) whose bytes are `arena[start...]`.
    @discardableResult
    mutating func addString(fromArena start: Int, position1: Int, position2: Int, isKey: Bool = false) -> Int32 {
        add(
            .string, payload: UInt64(start), length: UInt32(truncatingIfNeeded: arena.count - start),
            position1: position1, position2: position2, flags: isKey ? NodeRecord.keyFlag : 0)
    }

    /// Adds data whose bytes are `arena[start...]`.
    @discardableResult
    mutating func addData(fromArena start: Int, position1: Int, position2: Int) -> Int32 {
        add(
            .data, payload: UInt64(start), length: UInt32(truncatingIfNeeded: arena.count - start),
            position1: position1, position2: position2)
    }

    /// Adds an integer.
    @discardableResult
    mutating func addInteger(_ value: PlistInteger, position1: Int, position2: Int) -> Int32 {
        switch value {
        case .signed(let number):
            return add(.integer, payload: UInt64(bitPattern: number), position1: position1, position2: position2)
        case .unsigned(let number):
            return add(
                .integer, payload: number, position1: position1, position2: position2,
                flags: NodeRecord.unsignedFlag)
        }
    }

    /// Opens a container; its children are the nodes added until the matching `close()`.
    @discardableResult
    mutating func open(_ kind: PlistKind, position1: Int, position2: Int) -> Int32 {
        let index = add(kind, position1: position1, position2: position2)
        open.append((index, pending.count))
        return index
    }

    /// Closes the innermost container, checking its dictionary keys for duplicates.
    mutating func close() {
        guard let (node, start) = open.popLast() else { return }
        let first = children.count
        let count = pending.count - start
        pending.withUnsafeBufferPointer {
            children.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<$0.count]))
        }
        pending.removeLast(count)
        adopt(childrenAt: first, count: count, by: node)
    }

    /// Makes `children[first..<first + count]` the children of the container `node`: its range,
    /// their places in it, and (for a dictionary) the duplicate-key check.
    private mutating func adopt(childrenAt first: Int, count: Int, by node: Int32) {
        let isDictionary = nodes[Int(node)].kind == .dictionary
        nodes[Int(node)].payload = UInt64(first)
        nodes[Int(node)].length = UInt32(truncatingIfNeeded: isDictionary ? count / 2 : count)
        let shift = isDictionary ? 1 : 0
        for offset in 0..<count {
            nodes[Int(children[first + offset])].indexInParent = UInt32(truncatingIfNeeded: offset >> shift)
        }
        if isDictionary && count >= 4 && node >= standIns { findDuplicateKeys(childrenStart: first, pairs: count / 2) }
    }

    /// Joins the second part of a split XML read to this first part, which stopped at the cut with
    /// containers open. `rest` read the remainder behind stand-ins for those containers (its first
    /// `rest.standIns` nodes: outermost first, each container followed by a stand-in key when it is a
    /// dictionary) and closed them at the real end tags. The nodes, text, comments and warnings of
    /// `rest` follow this part's, and each open container gets its children from both parts, as
    /// a whole read would have given it. The caller checked that the stand-ins match `open`.
    ///
    /// `concurrently` copies the nodes on one core and the text and child lists on another: they
    /// land on pages reserved and never touched yet, and touching them costs more than the copy.
    mutating func append(rest: DocumentBuilder, concurrently: Bool = false) {
        let standIns = Int(rest.standIns)
        // Where each of `rest`'s nodes lands: stand-in containers on the open containers (stand-in
        // keys nowhere: no real node refers to them), the others after this part's nodes.
        var target = [Int32](repeating: -1, count: standIns)
        // The stand-in of each open container, outermost first.
        let standInOfLevel = (0..<standIns).filter { rest.nodes[$0].kind != .string }
        for (level, index) in standInOfLevel.enumerated() { target[index] = open[level].node }
        let place = Placement(
            standIns: standIns, shift: Int32(truncatingIfNeeded: nodes.count - standIns), target: target)
        let arenaBase = UInt64(arena.count)
        let childrenBase = UInt64(children.count)
        let joinedLists = (0..<standIns).reduce(pending.count) { total, index in
            let record = rest.nodes[index]
            return total + Int(record.length) * (record.kind == .dictionary ? 2 : record.kind == .array ? 1 : 0)
        }
        let parts = JoinedParts(nodes: nodes, arena: arena, children: children)
        (nodes, arena, children) = ([], [], [])
        _ = ParallelMap.both(
            concurrently: concurrently,
            {
                var nodes = parts.nodes
                parts.nodes = []
                nodes.reserveCapacity(nodes.count + rest.nodes.count - standIns)
                for index in standIns..<rest.nodes.count {
                    var record = rest.nodes[index]
                    record.parent = place(record.parent)
                    switch record.kind {
                    case .string, .data: record.payload += arenaBase
                    case .dictionary, .array: record.payload += childrenBase
                    case .integer, .real, .boolean, .date, .uid: break
                    }
                    nodes.append(record)
                }
                parts.nodes = nodes
            },
            {
                var arena = parts.arena
                parts.arena = []
                arena.reserveCapacity(arena.count + rest.arena.count)
                arena.append(contentsOf: rest.arena)
                parts.arena = arena
                var children = parts.children
                parts.children = []
                children.reserveCapacity(children.count + rest.children.count + joinedLists)
                for child in rest.children { children.append(place(child)) }
                parts.children = children
            })
        // Taken out, not copied: the box must not keep a second reference (the next change to
        // an array would copy it whole).
        (nodes, arena, children) = parts.take()
        // The open containers, innermost first (as their end tags came): this part's children,
        // then `rest`'s without the stand-ins at their start.
        for level in open.indices.reversed() {
            let (node, pendingStart) = open[level]
            let pendingEnd = level + 1 < open.count ? open[level + 1].pendingStart : pending.count
            let standIn = rest.nodes[standInOfLevel[level]]
            let restStart = Int(standIn.payload)
            let restCount = Int(standIn.length) * (standIn.kind == .dictionary ? 2 : 1)
            let first = children.count
            children.append(contentsOf: pending[pendingStart..<pendingEnd])
            for child in rest.children[restStart..<restStart + restCount] where child >= standIns {
                children.append(place(child))
            }
            adopt(childrenAt: first, count: children.count - first, by: node)
        }
        pending.removeAll()
        open.removeAll()
        for (kind, node) in rest.pendingWarnings where node >= standIns {
            pendingWarnings.append((kind, place(node)))
        }
        placedWarnings += rest.placedWarnings
        let commentBase = Int32(clamping: commentText.count)
        commentText += rest.commentText
        for end in rest.commentEnds { commentEnds.append(commentBase &+ end) }
        // The cut follows an end tag, so every comment of this part is settled already.
        commentAnchors += rest.commentAnchors
        commentStarts += rest.commentStarts
        anchoredComments = commentAnchors.count - (rest.commentAnchors.count - rest.anchoredComments)
    }

    /// Where a node of a split read's second part lands in the joined document.
    private struct Placement: Sendable {
        let standIns: Int
        let shift: Int32
        /// The node each stand-in lands on (-1 for stand-in keys).
        let target: [Int32]

        func callAsFunction(_ node: Int32) -> Int32 {
            node >= standIns ? node + shift : node >= 0 ? target[Int(node)] : -1
        }
    }

    /// The first part's arrays while the second part's are appended to them on two threads (each
    /// thread takes its arrays out, so that no access to a property overlaps another).
    private final class JoinedParts: @unchecked Sendable {
        var nodes: [NodeRecord]
        var arena: [UInt8]
        var children: [Int32]

        init(nodes: [NodeRecord], arena: [UInt8], children: [Int32]) {
            (self.nodes, self.arena, self.children) = (nodes, arena, children)
        }

        /// The arrays, leaving the box empty.
        func take() -> ([NodeRecord], [UInt8], [Int32]) {
            defer { (nodes, arena, children) = ([], [], []) }
            return (nodes, arena, children)
        }
    }

    /// Adds a node that belongs to no open container (binary objects, decoded out of order).
    mutating func addDetached(
        _ kind: PlistKind, payload: UInt64 = 0, length: UInt32 = 0, objectIndex: Int, offset: Int,
        flags: UInt8 = 0
    ) -> Int32 {
        let index = Int32(truncatingIfNeeded: nodes.count)
        nodes.append(
            NodeRecord(
                payload: payload, length: length, parent: -1, position1: UInt32(clamping: objectIndex),
                position2: UInt32(clamping: offset), kind: kind, flags: flags))
        return index
    }

    /// A new detached node holding what `node` (a scalar: not an array or dictionary) holds, the
    /// same bytes of the arena included: a binary object referenced again gets a node of its own,
    /// so that each use has its own container and key path.
    mutating func copyDetached(_ node: Int32) -> Int32 {
        var record = nodes[Int(node)]
        record.parent = -1
        record.indexInParent = 0
        let index = Int32(truncatingIfNeeded: nodes.count)
        nodes.append(record)
        return index
    }

    /// Whether `node` is an array or a dictionary.
    func isContainer(_ node: Int32) -> Bool {
        let kind = nodes[Int(node)].kind
        return kind == .array || kind == .dictionary
    }

    /// Gives a detached container its children (keys and values alternating for a dictionary).
    /// A child that already has a container keeps it: shared containers point at their first one.
    mutating func attach(children list: [Int32], to node: Int32) {
        let first = children.count
        children.append(contentsOf: list)
        let isDictionary = nodes[Int(node)].kind == .dictionary
        let shift = isDictionary ? 1 : 0
        for (offset, child) in list.enumerated() where nodes[Int(child)].parent < 0 && child != node {
            nodes[Int(child)].parent = node
            nodes[Int(child)].indexInParent = UInt32(truncatingIfNeeded: offset >> shift)
        }
        nodes[Int(node)].payload = UInt64(first)
        nodes[Int(node)].length = UInt32(truncatingIfNeeded: isDictionary ? list.count / 2 : list.count)
        if isDictionary && list.count >= 4 { findDuplicateKeys(childrenStart: first, pairs: list.count / 2) }
    }

    /// Records a warning about `node`.
    mutating func warn(_ kind: PropertyListWarning.Kind, about node: Int32) {
        pendingWarnings.append((kind, node))
    }

    /// Records a warning at a position that belongs to no value.
    mutating func warn(_ kind: PropertyListWarning.Kind, at location: SourceLocation) {
        placedWarnings.append(PropertyListWarning(kind, at: location))
    }

    /// The text of a key node (for messages).
    func keyText(_ node: Int32) -> String {
        let record = nodes[Int(node)]
        let start = Int(record.payload)
        return String(decoding: arena[start..<start + Int(record.length)], as: UTF8.self)
    }

    private func keyBytes(_ node: Int32) -> ArraySlice<UInt8> {
        let record = nodes[Int(node)]
        let start = Int(record.payload)
        return arena[start..<start + Int(record.length)]
    }

    /// Reserves room up front: growing a large array copies it, and the copy is what makes peak
    /// memory. Capacity that is never touched costs address space, not memory.
    mutating func reserve(nodes nodeCount: Int, arenaBytes: Int) {
        nodes.reserveCapacity(nodeCount)
        children.reserveCapacity(nodeCount)
        arena.reserveCapacity(arenaBytes)
    }

    private mutating func findDuplicateKeys(childrenStart: Int, pairs: Int) {
        if pairs <= 16 {
            // Small dictionaries (nearly all of them): compare every pair, no allocation.
            for later in 1..<pairs {
                let laterKey = keyBytes(children[childrenStart + 2 * later])
                for earlier in 0..<later {
                    let earlierKey = keyBytes(children[childrenStart + 2 * earlier])
                    if earlierKey.count == laterKey.count && earlierKey.elementsEqual(laterKey) {
                        let firstKey = children[childrenStart + 2 * earlier]
                        let firstLine = format == .binary ? nil : Int(nodes[Int(firstKey)].position1)
                        warn(
                            .duplicateKey(keyText(children[childrenStart + 2 * later]), firstLine: firstLine),
                            about: children[childrenStart + 2 * later])
                        break
                    }
                }
            }
            return
        }
        // Hash every key, sort by hash, and compare neighbours: n log n for any dictionary size.
        var hashed: [(hash: UInt64, pair: Int)] = []
        hashed.reserveCapacity(pairs)
        for pair in 0..<pairs {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in keyBytes(children[childrenStart + 2 * pair]) {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            hashed.append((hash, pair))
        }
        hashed.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.pair < $1.pair }
        var duplicates: [(second: Int, first: Int)] = []
        var run = 0
        while run < hashed.count {
            var end = run + 1
            while end < hashed.count && hashed[end].hash == hashed[run].hash { end += 1 }
            if end - run > 1 {
                // Within one hash, pair each key with the earliest equal key before it.
                for later in (run + 1)..<end {
                    let laterKey = keyBytes(children[childrenStart + 2 * hashed[later].pair])
                    for earlier in run..<later
                    where keyBytes(children[childrenStart + 2 * hashed[earlier].pair]).elementsEqual(laterKey) {
                        duplicates.append((hashed[later].pair, hashed[earlier].pair))
                        break
                    }
                }
            }
            run = end
        }
        for (second, first) in duplicates.sorted(by: { $0.second < $1.second }) {
            let secondKey = children[childrenStart + 2 * second]
            let firstKey = children[childrenStart + 2 * first]
            let firstLine = format == .binary ? nil : Int(nodes[Int(firstKey)].position1)
            warn(.duplicateKey(keyText(secondKey), firstLine: firstLine), about: secondKey)
        }
    }

    /// Records a comment's text (the input's size bounds their total) and where its `<!--`
    /// stands (0 when unknown); where the next element starts is told by
    /// ``anchorComments(line:column:)`` or ``unanchorComments()``.
    mutating func addComment(_ text: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        commentText.append(contentsOf: text)
        commentEnds.append(Int32(clamping: commentText.count))
        commentAnchors.append((0, 0))
        commentStarts.append((UInt32(clamping: max(0, line)), UInt32(clamping: max(0, column))))
    }

    /// A start tag at `line`:`column`: the comments since the last tag stand before it.
    mutating func anchorComments(line: Int, column: Int) {
        guard anchoredComments < commentAnchors.count else { return }
        for index in anchoredComments..<commentAnchors.count {
            commentAnchors[index] = (UInt32(clamping: line), UInt32(clamping: column))
        }
        anchoredComments = commentAnchors.count
    }

    /// An end tag: the comments since the last tag stand before no element.
    mutating func unanchorComments() {
        anchoredComments = commentAnchors.count
    }

    /// Finishes the document with `root` as its top-level value.
    consuming func finish(root: Int32) -> PropertyListDocument {
        let storage = DocumentStorage(
            nodes: nodes, arena: arena, children: children, file: file, format: format, commentText: commentText,
            commentEnds: commentEnds, commentAnchors: commentAnchors, commentStarts: commentStarts)
        var warnings = pendingWarnings.map { warning in
            PropertyListWarning(warning.kind, at: PlistValue(storage: storage, index: warning.node).location)
        }
        warnings += placedWarnings
        warnings.sort {
            ($0.location.line ?? 0, $0.location.column ?? 0) < ($1.location.line ?? 0, $1.location.column ?? 0)
        }
        return PropertyListDocument(storage: storage, root: root, warnings: warnings)
    }

    /// A location for `node` while the document is still being built (no key path yet).
    func location(of node: Int32) -> SourceLocation {
        let record = nodes[Int(node)]
        switch format {
        case .binary:
            return SourceLocation(file: file, byteOffset: Int(record.position2), objectIndex: Int(record.position1))
        case .xml, .openStep:
            return SourceLocation(
                file: file, line: record.position1 > 0 ? Int(record.position1) : nil,
                column: record.position2 > 0 ? Int(record.position2) : nil)
        }
    }
}
