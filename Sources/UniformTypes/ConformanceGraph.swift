import PropertyList

/// The conformance relation among a set of declarations: supertypes, subtypes, and whether one
/// type conforms to another.
///
/// Built once, then queried without walking the graph: identifiers are interned to small
/// integers, cycles are collapsed into their strongly connected components, and reachability is
/// precomputed as sorted ranges (tree-cover interval labelling; see `ReachabilityIntervals`), so
/// ``conforms(_:to:)`` is two dictionary look-ups and a binary search. Building uses explicit
/// stacks throughout; a chain of 100,000 types needs no deep recursion. Memory is at most one
/// range per (type, ancestor) pair, and one range per type on tree-like graphs.
///
/// Conformance is reflexive (every type conforms to itself) and transitive. Members of a cycle
/// conform to one another and to each other's supertypes; each cycle is reported once in
/// ``cycles``. A supertype nobody declares is kept as a node (the declaring type does conform to
/// it) and reported in ``unknownSupertypes``.
public struct ConformanceGraph: Sendable {
    /// An interned identifier: the fast handle for repeated queries.
    public struct Node: Sendable, Hashable, Comparable {
        /// The node's index.
        public let rawValue: Int32

        /// Orders by index.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Each node's identifier: declared ones first, in input order, then undeclared supertypes.
    private let identifiers: [UniformTypeIdentifier]
    private let nodeIndex: NodeIndex
    /// The number of declared nodes; nodes from here on are undeclared supertypes.
    public let declaredCount: Int
    /// Direct supertypes of node `n`: `parents[parentStart[n]..<parentStart[n + 1]]`, declared order.
    private let parentStart: [Int32]
    private let parents: [Int32]
    /// Direct subtypes of node `n`, in node order.
    private let childStart: [Int32]
    private let children: [Int32]
    private let components: StronglyConnectedComponents
    private let reachability: ReachabilityIntervals
    /// What a query needs of each node, eight bytes in one table: its component's post-order
    /// number and the lowest number of its spanning-tree subtree, so that "is `a` a tree
    /// descendant of `b`?" is one unsigned comparison over `b`'s entry. The sign bit of `low` says
    /// the component has descendants outside that range; only then is ``reachability`` searched.
    @usableFromInline let queryNodes: [QueryNode]
    /// Every cycle, sorted by first member.
    public let cycles: [ConformanceCycle]
    /// Every reference to an undeclared supertype (once per referencing type), sorted by
    /// identifier, then by referencing type.
    public let unknownSupertypes: [UnknownSupertype]

    /// Builds the graph of `declarations`. An identifier declared more than once keeps its first
    /// declaration (``TypeCatalog`` settles precedence before building its graph).
    public init(declarations: [TypeDeclaration]) {
        var identifiers: [UniformTypeIdentifier] = []
        var nodeIndex = NodeIndex()
        var declared: [Int] = []  // index into `declarations` of each declared node
        identifiers.reserveCapacity(declarations.count)
        nodeIndex.own.reserveCapacity(declarations.count)
        declared.reserveCapacity(declarations.count)
        for (position, declaration) in declarations.enumerated() where nodeIndex[declaration.identifier] == nil {
            nodeIndex.own.insert(Int32(identifiers.count), for: declaration.identifier)
            identifiers.append(declaration.identifier)
            declared.append(position)
        }
        var edges = EdgeBuilder(declaredCount: identifiers.count)
        for node in 0..<identifiers.count {
            edges.addConformances(
                of: declarations[declared[node]], identifiers: &identifiers, nodeIndex: &nodeIndex)
        }
        self.init(
            identifiers: identifiers, nodeIndex: nodeIndex, edges: edges, declaration: { declarations[declared[$0]] })
    }

    /// The interned identifiers and direct supertypes of a set of declarations that reference
    /// only each other (the system's): what a graph of more declarations reuses instead of
    /// hashing them again. Only that: no components, reachability or cycles, which such a graph
    /// computes over all its nodes anyway (a whole graph of the system's types, built at every
    /// start and never queried, made `lint` of gen.py's a_ios.plist and of Sketchbook 4.6%
    /// slower, `type public.jpeg` 5%; by turns, static release builds).
    struct Base: Sendable {
        /// Node `n` is the `n`th declaration's identifier.
        fileprivate let nodeIndex: IdentifierTable
        /// Direct supertypes of node `n`: `parents[parentStart[n]..<parentStart[n + 1]]`.
        fileprivate let parentStart: [Int32]
        fileprivate let parents: [Int32]

        /// The nodes and edges of `declarations`, whose identifiers `index` numbers by position
        /// (each once), or nil when one of them names a supertype none of them declares.
        init?(declarations: [TypeDeclaration], index: IdentifierTable) {
            precondition(index.count == declarations.count, "a base declares each identifier once")
            var identifiers = declarations.map(\.identifier)
            var nodeIndex = NodeIndex(own: index)
            var edges = EdgeBuilder(declaredCount: declarations.count)
            for declaration in declarations {
                edges.addConformances(of: declaration, identifiers: &identifiers, nodeIndex: &nodeIndex)
            }
            guard edges.unknown.isEmpty else { return nil }
            self.nodeIndex = nodeIndex.own
            self.parentStart = edges.parentStart
            self.parents = edges.parents
        }

        /// The nodes `index` numbers, with direct supertypes `parents[parentStart[n]..<parentStart[n + 1]]`
        /// of node `n`: each declared and listed once.
        init(index: IdentifierTable, parentStart: [Int32], parents: [Int32]) {
            precondition(parentStart.count == index.count + 1, "a base has one run of supertypes per node")
            self.nodeIndex = index
            self.parentStart = parentStart
            self.parents = parents
        }

        /// The number of nodes.
        var count: Int { parentStart.count - 1 }

        /// The identifier of node `node`.
        func identifier(of node: Int) -> UniformTypeIdentifier { nodeIndex.identifiers[node] }
    }

    /// Builds the graph of `declarations` — identifiers unique, undeclared supertypes allowed —
    /// reusing `base`, made of a subset of them (the system's): `basePosition[b]` is the
    /// position in `declarations` of base node `b`'s identifier, and `baseUnchanged[b]` says
    /// whether that declaration's conformances are still base node `b`'s own (otherwise another
    /// declaration of the identifier replaced it). A nil declaration is base node `b`'s own,
    /// unchanged, made by `baseDeclaration(b)` only if it is part of a cycle. The result is the
    /// graph ``init(declarations:)`` builds, without hashing the base's identifiers and
    /// conformances again.
    init(
        declarations: [TypeDeclaration?], reusing base: Base, basePosition: [Int32], baseUnchanged: [Bool],
        baseDeclaration: (Int) -> TypeDeclaration
    ) {
        precondition(basePosition.count == base.count)
        // What the base does not cover: the positions of declarations new to it.
        var fromBase = [Int32](repeating: -1, count: declarations.count)
        for (baseNode, position) in basePosition.enumerated() { fromBase[Int(position)] = Int32(baseNode) }
        var identifiers: [UniformTypeIdentifier] = []
        identifiers.reserveCapacity(declarations.count)
        for position in declarations.indices {
            identifiers.append(declarations[position]?.identifier ?? base.identifier(of: Int(fromBase[position])))
        }
        var nodeIndex = NodeIndex(base: base.nodeIndex, remap: basePosition)
        for position in declarations.indices where fromBase[position] < 0 {
            nodeIndex.own.insert(Int32(position), for: identifiers[position])
        }
        var edges = EdgeBuilder(declaredCount: declarations.count)
        for position in declarations.indices {
            let baseNode = Int(fromBase[position])
            if baseNode >= 0 && baseUnchanged[baseNode] {
                edges.addBaseEdges(
                    base.parents[Int(base.parentStart[baseNode])..<Int(base.parentStart[baseNode + 1])],
                    remap: basePosition)
            } else if let declaration = declarations[position] {
                edges.addConformances(of: declaration, identifiers: &identifiers, nodeIndex: &nodeIndex)
            } else {
                preconditionFailure("a declaration left to the base is the base's own")
            }
        }
        self.init(
            identifiers: identifiers, nodeIndex: nodeIndex, edges: edges,
            declaration: { declarations[$0] ?? baseDeclaration(Int(fromBase[$0])) })
    }

    /// Direct supertypes as they are collected, node by node in order.
    private struct EdgeBuilder {
        let declaredCount: Int
        var parentStart: [Int32] = [0]
        var parents: [Int32] = []
        var unknown: [UnknownSupertype] = []

        init(declaredCount: Int) {
            self.declaredCount = declaredCount
            parentStart.reserveCapacity(declaredCount + 1)
        }

        /// Adds the next node's direct supertypes, deduplicated; undeclared ones become nodes of
        /// their own.
        mutating func addConformances(
            of declaration: TypeDeclaration, identifiers: inout [UniformTypeIdentifier], nodeIndex: inout NodeIndex
        ) {
            let first = parents.count
            // Read in place: a conformance is copied only when it names an undeclared type.
            declaration.conformances.withUnsafeBufferPointer { conformances in
                for index in conformances.indices {
                    let parent: Int32
                    if let known = nodeIndex[conformances[index].value] {
                        parent = known
                    } else {
                        parent = Int32(identifiers.count)
                        nodeIndex.own.insert(parent, for: conformances[index].value)
                        identifiers.append(conformances[index].value)
                    }
                    guard !parents[first...].contains(parent) else { continue }
                    parents.append(parent)
                    if Int(parent) >= declaredCount {
                        unknown.append(
                            UnknownSupertype(
                                identifier: conformances[index].value, referencedBy: declaration.identifier,
                                location: conformances[index].location))
                    }
                }
            }
            parentStart.append(Int32(parents.count))
        }

        /// Adds the next node's direct supertypes as a base graph has them (deduplicated and all
        /// declared), renumbered.
        mutating func addBaseEdges(_ baseParents: ArraySlice<Int32>, remap: [Int32]) {
            for parent in baseParents { parents.append(remap[Int(parent)]) }
            parentStart.append(Int32(parents.count))
        }
    }

    /// The rest of building, from the nodes and their direct supertypes; `declaration(n)` is
    /// declared node `n`'s declaration, read for the nodes of a cycle.
    private init(
        identifiers: [UniformTypeIdentifier], nodeIndex: NodeIndex, edges: EdgeBuilder,
        declaration: (Int) -> TypeDeclaration
    ) {
        let declaredCount = edges.declaredCount
        var parentStart = edges.parentStart
        let parents = edges.parents
        let unknown = edges.unknown
        let nodeCount = identifiers.count
        while parentStart.count < nodeCount + 1 { parentStart.append(Int32(parents.count)) }

        // Direct subtypes: the same edges reversed.
        var childStart = [Int32](repeating: 0, count: nodeCount + 1)
        for parent in parents { childStart[Int(parent) + 1] += 1 }
        for index in 0..<nodeCount { childStart[index + 1] += childStart[index] }
        var fill = childStart
        var children = [Int32](repeating: 0, count: parents.count)
        for node in 0..<nodeCount {
            for edge in Int(parentStart[node])..<Int(parentStart[node + 1]) {
                let parent = Int(parents[edge])
                children[Int(fill[parent])] = Int32(node)
                fill[parent] += 1
            }
        }

        let components = StronglyConnectedComponents(nodeCount: nodeCount, edgeStart: parentStart, edges: parents)
        self.identifiers = identifiers
        self.nodeIndex = nodeIndex
        self.declaredCount = declaredCount
        self.parentStart = parentStart
        self.parents = parents
        self.childStart = childStart
        self.children = children
        self.components = components
        let reachability = Self.label(components, parentStart: parentStart, parents: parents)
        self.reachability = reachability
        var queryNodes: [QueryNode] = []
        queryNodes.reserveCapacity(components.componentOf.count)
        for component in components.componentOf {
            let index = Int(component)
            let post = reachability.post[index]
            let low = reachability.low[index]
            let start = Int(reachability.rangeStart[index])
            let onlyTree =
                reachability.rangeCount[index] == 1 && reachability.bounds[2 * start] == low
                && reachability.bounds[2 * start + 1] == post
            queryNodes.append(QueryNode(post: post, low: onlyTree ? low : low | Int32.min))
        }
        self.queryNodes = queryNodes
        self.cycles = Self.findCycles(
            components, parentStart: parentStart, parents: parents, identifiers: identifiers,
            declaredCount: declaredCount, declaration: declaration, nodeIndex: nodeIndex)
        self.unknownSupertypes = unknown.sorted {
            ($0.identifier, $0.referencedBy) < ($1.identifier, $1.referencedBy)
        }
    }

    /// The component DAG (edges from supertype to subtype) and its interval labelling.
    private static func label(
        _ components: StronglyConnectedComponents, parentStart: [Int32], parents: [Int32]
    ) -> ReachabilityIntervals {
        let count = components.count
        // The tree parent is the deepest parent (longest path to a root; the first declared on a
        // tie): it covers the most ancestors with one range, which keeps the labelling small.
        // Components are numbered supertypes first, so every parent's depth is known in time.
        var treeParent = [Int32](repeating: -1, count: count)
        var depth = [Int32](repeating: 0, count: count)
        var edges: [(parent: Int32, child: Int32)] = []
        for component in 0..<count {
            for member in components.members(of: Int32(component)) {
                for edge in Int(parentStart[Int(member)])..<Int(parentStart[Int(member) + 1]) {
                    let parent = components.componentOf[Int(parents[edge])]
                    guard parent != Int32(component) else { continue }
                    if treeParent[component] < 0 || depth[Int(parent)] > depth[Int(treeParent[component])] {
                        treeParent[component] = parent
                    }
                    edges.append((parent, Int32(component)))
                }
            }
            if treeParent[component] >= 0 { depth[component] = depth[Int(treeParent[component])] + 1 }
        }
        // Group the edges by parent (a counting sort: edges were collected child by child in
        // increasing order, so each parent's children come out sorted), then drop repeats.
        var childStart = [Int32](repeating: 0, count: count + 1)
        for edge in edges { childStart[Int(edge.parent) + 1] += 1 }
        for index in 0..<count { childStart[index + 1] += childStart[index] }
        var grouped = [Int32](repeating: 0, count: edges.count)
        var fill = childStart
        for edge in edges {
            grouped[Int(fill[Int(edge.parent)])] = edge.child
            fill[Int(edge.parent)] += 1
        }
        var children: [Int32] = []
        children.reserveCapacity(edges.count)
        var unique = [Int32](repeating: 0, count: count + 1)
        for parent in 0..<count {
            var previous: Int32 = -1
            for slot in Int(childStart[parent])..<Int(childStart[parent + 1]) where grouped[slot] != previous {
                children.append(grouped[slot])
                previous = grouped[slot]
            }
            unique[parent + 1] = Int32(children.count)
        }
        childStart = unique
        return ReachabilityIntervals(count: count, childStart: childStart, children: children, treeParent: treeParent)
    }

    /// One report per component with more than one member or a self-conformance.
    private static func findCycles(
        _ components: StronglyConnectedComponents, parentStart: [Int32], parents: [Int32],
        identifiers: [UniformTypeIdentifier], declaredCount: Int, declaration: (Int) -> TypeDeclaration,
        nodeIndex: NodeIndex
    ) -> [ConformanceCycle] {
        var cycles: [ConformanceCycle] = []
        for component in 0..<components.count {
            let members = components.members(of: Int32(component))
            if members.count == 1, let node = members.first,
                !parents[Int(parentStart[Int(node)])..<Int(parentStart[Int(node) + 1])].contains(node)
            {
                continue
            }
            var edges: [ConformanceEdge] = []
            for member in members where Int(member) < declaredCount {
                let declaration = declaration(Int(member))
                for conformance in declaration.conformances {
                    guard let parent = nodeIndex[conformance.value],
                        components.componentOf[Int(parent)] == Int32(component)
                    else { continue }
                    edges.append(
                        ConformanceEdge(
                            subtype: declaration.identifier, supertype: conformance.value,
                            location: conformance.location))
                }
            }
            guard members.count > 1 || !edges.isEmpty else { continue }
            cycles.append(
                ConformanceCycle(
                    members: members.map { identifiers[Int($0)] }.sorted(),
                    edges: edges.sorted { ($0.subtype, $0.supertype) < ($1.subtype, $1.supertype) }))
        }
        return cycles.sorted { $0.members.lexicographicallyPrecedes($1.members) }
    }

    // MARK: Nodes

    /// The number of nodes, undeclared supertypes included.
    public var nodeCount: Int { identifiers.count }

    /// The node for `identifier`, if the graph has it.
    public func node(for identifier: UniformTypeIdentifier) -> Node? {
        nodeIndex[identifier].map(Node.init(rawValue:))
    }

    /// The node for `identifier` when it is declared, not only referenced as a supertype. Declared
    /// nodes are numbered in the order of the declarations the graph was built from (first
    /// declarations of each identifier).
    public func declaredNode(for identifier: UniformTypeIdentifier) -> Node? {
        guard let index = nodeIndex[identifier], Int(index) < declaredCount else { return nil }
        return Node(rawValue: index)
    }

    /// The identifier of `node`, spelled as first declared or referenced.
    public func identifier(of node: Node) -> UniformTypeIdentifier {
        identifiers[Int(node.rawValue)]
    }

    /// Whether the graph has `identifier`, declared or referenced as a supertype.
    public func contains(_ identifier: UniformTypeIdentifier) -> Bool {
        nodeIndex[identifier] != nil
    }

    /// Whether `identifier` is declared (rather than only referenced as a supertype).
    public func isDeclared(_ identifier: UniformTypeIdentifier) -> Bool {
        nodeIndex[identifier].map { Int($0) < declaredCount } ?? false
    }

    /// Whether `node` is declared (rather than only referenced as a supertype).
    public func isDeclared(_ node: Node) -> Bool {
        Int(node.rawValue) < declaredCount
    }

    /// Every declared identifier as the graph spells it (``identifier(of:)``), in node order:
    /// ``declaredIdentifiers`` without the sort.
    public var declaredSpellings: ArraySlice<UniformTypeIdentifier> {
        identifiers[..<declaredCount]
    }

    /// Every declared identifier, sorted.
    public var declaredIdentifiers: [UniformTypeIdentifier] {
        identifiers[..<declaredCount].sorted()
    }

    // MARK: Queries

    /// Whether `type` conforms to `supertype`: they are equal, `supertype` is reachable through
    /// declared conformances, or both sit in one cycle. An identifier the graph lacks conforms
    /// only to itself.
    public func conforms(_ type: UniformTypeIdentifier, to supertype: UniformTypeIdentifier) -> Bool {
        if type == supertype { return true }
        guard let node = nodeIndex[type], let target = nodeIndex[supertype] else { return false }
        return conforms(Node(rawValue: node), to: Node(rawValue: target))
    }

    /// Whether node `type` conforms to node `supertype`: the fast form of `conforms(_:to:)` for repeated queries.
    @inlinable
    public func conforms(_ type: Node, to supertype: Node) -> Bool {
        let descendant = queryNodes[Int(type.rawValue)].post
        let ancestor = queryNodes[Int(supertype.rawValue)]
        // The ancestor's tree subtree, its own component included, is `low...post`: one unsigned
        // comparison, no branch on whether the ancestor is a leaf (that branch mispredicts).
        let lower = ancestor.low & Int32.max
        let inTree = UInt32(bitPattern: descendant &- lower) <= UInt32(bitPattern: ancestor.post &- lower)
        // Descendants outside the tree subtree (a second parent's) need the full labelling.
        if _slowPath(!inTree && ancestor.low < 0) { return covers(descendant, below: supertype) }
        return inTree
    }

    /// Whether post-order number `descendant` lies in any of `ancestor`'s descendant ranges.
    @usableFromInline
    func covers(_ descendant: Int32, below ancestor: Node) -> Bool {
        reachability.covers(descendant, below: Int(components.componentOf[Int(ancestor.rawValue)]))
    }

    /// Whether node `type` conforms to `supertype`, false when there is no such node: for a
    /// supertype looked up once (`node(for: .data)`) and asked about many times.
    @inlinable
    public func conforms(_ type: Node, to supertype: Node?) -> Bool {
        guard let supertype else { return false }
        return conforms(type, to: supertype)
    }

    /// Whether `type` conforms to any of `supertypes`.
    public func conforms(_ type: UniformTypeIdentifier, toAnyOf supertypes: [UniformTypeIdentifier]) -> Bool {
        supertypes.contains { conforms(type, to: $0) }
    }

    /// The direct supertypes of `type`, in declared order.
    public func directSupertypes(of type: UniformTypeIdentifier) -> [UniformTypeIdentifier] {
        guard let node = nodeIndex[type] else { return [] }
        return parents[Int(parentStart[Int(node)])..<Int(parentStart[Int(node) + 1])].map { identifiers[Int($0)] }
    }

    /// The direct subtypes of `type`, sorted.
    public func directSubtypes(of type: UniformTypeIdentifier) -> [UniformTypeIdentifier] {
        guard let node = nodeIndex[type] else { return [] }
        return children[Int(childStart[Int(node)])..<Int(childStart[Int(node) + 1])].map { identifiers[Int($0)] }
            .sorted()
    }

    /// Whether a supertype of `type` (itself excluded) is only referenced, never declared: what
    /// `supertypes(of:)` would show, answered on the graph's numbers without listing them.
    public func hasUndeclaredSupertype(_ type: UniformTypeIdentifier) -> Bool {
        guard let start = nodeIndex[type] else { return false }
        return hasUndeclaredSupertype(Node(rawValue: start))
    }

    /// ``hasUndeclaredSupertype(_:)`` for a node: the form for callers that looked the node up once.
    public func hasUndeclaredSupertype(_ node: Node) -> Bool {
        let declaredCount = declaredCount
        return firstSupertypeNode(of: node) { Int($0) >= declaredCount } != nil
    }

    /// Every supertype of `type`, itself excluded, nearest first: breadth-first through the
    /// declared conformances, each level in declared order. Walks the graph; meant for display.
    public func supertypes(of type: UniformTypeIdentifier) -> [UniformTypeIdentifier] {
        guard let start = nodeIndex[type] else { return [] }
        var found: [UniformTypeIdentifier] = []
        walkSupertypes(from: start) { node in
            found.append(identifiers[Int(node)])
            return true
        }
        return found
    }

    /// The nearest supertype node of `type` (itself excluded, in ``supertypes(of:)``'s order)
    /// that satisfies `predicate`.
    func firstSupertypeNode(of type: UniformTypeIdentifier, where predicate: (Int32) -> Bool) -> Int32? {
        guard let start = nodeIndex[type] else { return nil }
        return firstSupertypeNode(of: Node(rawValue: start), where: predicate)
    }

    /// ``firstSupertypeNode(of:where:)`` from a node.
    func firstSupertypeNode(of start: Node, where predicate: (Int32) -> Bool) -> Int32? {
        var found: Int32?
        walkSupertypes(from: start.rawValue) { node in
            guard predicate(node) else { return true }
            found = node
            return false
        }
        return found
    }

    /// How many reached nodes (the start included) ``walkSupertypes(from:_:)`` keeps on the stack
    /// and searches as a list before it moves on to an array and a set.
    static let smallWalkLimit = 32

    /// Walks up from `start` breadth-first, each level in declared order, and calls `visit` with
    /// each supertype when first reached; stops early when `visit` returns false. Most types have
    /// a few supertypes: the first nodes reached are kept on the stack and searched as a list (no
    /// allocation per question; the rules ask about every type of a large app); past
    /// ``smallWalkLimit`` the rest go to an array and every node reached to a set.
    private func walkSupertypes(from start: Int32, _ visit: (Int32) -> Bool) {
        let nearLimit = Self.smallWalkLimit
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: nearLimit) { near in
            near[0] = start
            var far: [Int32] = []
            var seen: Set<Int32> = []
            var count = 1
            var head = 0
            while head < count {
                let node = Int(head < nearLimit ? near[head] : far[head - nearLimit])
                head += 1
                for edge in Int(parentStart[node])..<Int(parentStart[node + 1]) {
                    let parent = parents[edge]
                    if count <= nearLimit {
                        if UnsafeBufferPointer(rebasing: near[..<count]).contains(parent) { continue }
                    } else if !seen.insert(parent).inserted {
                        continue
                    }
                    if count < nearLimit {
                        near[count] = parent
                    } else {
                        if far.isEmpty { seen = Set(near).union([parent]) }
                        far.append(parent)
                    }
                    count += 1
                    guard visit(parent) else { return }
                }
            }
        }
    }

    /// `seeds` and everything they conform to, each identifier once (compared case-insensitively):
    /// the seeds in order, then their supertypes breadth-first, each level in declared order. For
    /// drawing the part of the graph an app uses.
    public func upwardClosure(of seeds: [UniformTypeIdentifier]) -> [UniformTypeIdentifier] {
        var seen: Set<UniformTypeIdentifier> = []
        var queue: [UniformTypeIdentifier] = []
        var pending = seeds
        var position = 0
        while position < pending.count {
            let identifier = pending[position]
            position += 1
            guard seen.insert(identifier).inserted else { continue }
            queue.append(identifier)
            pending += directSupertypes(of: identifier)
        }
        return queue
    }

    /// Every type that conforms to `type`, itself excluded, sorted. Read from the precomputed
    /// ranges, not by walking.
    public func subtypes(of type: UniformTypeIdentifier) -> [UniformTypeIdentifier] {
        guard let node = nodeIndex[type] else { return [] }
        var result: [UniformTypeIdentifier] = []
        for component in reachability.descendants(of: components.componentOf[Int(node)]) {
            for member in components.members(of: component) where member != node {
                result.append(identifiers[Int(member)])
            }
        }
        return result.sorted()
    }

    /// The members of the cycle `type` is in (itself included), or `nil` when it is in none.
    public func cycle(containing type: UniformTypeIdentifier) -> ConformanceCycle? {
        guard nodeIndex[type] != nil else { return nil }
        return cycles.first { $0.members.contains(type) }
    }

    /// The number of ranges the precomputed closure holds: a measure of its memory.
    public var closureRangeCount: Int { reachability.rangeTotal }
}

/// A node's entry in the query table: its component's post-order number and the lowest number
/// of its spanning-tree subtree, whose sign bit says there are descendants outside that subtree.
@usableFromInline
struct QueryNode: Sendable {
    @usableFromInline var post: Int32
    @usableFromInline var low: Int32
}

/// Identifier → node: the graph's own entries, and optionally a base graph's index whose node
/// numbers are renumbered through `remap` (shared, not copied or rehashed).
struct NodeIndex: Sendable {
    var base = IdentifierTable()
    var remap: [Int32] = []
    var own = IdentifierTable()

    subscript(identifier: UniformTypeIdentifier) -> Int32? {
        if !base.isEmpty, let node = base[identifier] { return remap[Int(node)] }
        return own[identifier]
    }
}
