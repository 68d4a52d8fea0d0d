import PropertyList
import Support

/// Every type known for one analysis: the system's, plus what one or more bundles export and
/// import, layered with Apple's precedence, with the conformance graph and tag index built once.
///
/// Layers and precedence, for declarations of one identifier (compared case-insensitively):
/// 1. System declarations passed in ``init(system:declarations:)`` (origin
///    ``TypeOrigin/system(release:bundle:kind:)``, e.g. from `--system-types FILE`) replace the
///    embedded ones: they describe a newer OS release.
/// 2. An exported declaration beats an imported one (Apple's documented rule).
/// 3. Of two exported (or two imported) declarations, the system's beats a bundle's.
/// 4. Otherwise the one given first wins.
/// Every losing declaration is recorded in ``redeclarations`` with both locations.
public struct TypeCatalog: Sendable {
    /// The embedded (or given) system catalog under all layers.
    public let system: SystemTypeCatalog
    /// The conformance graph of the declarations in effect.
    public let graph: ConformanceGraph
    /// Every shadowed declaration, sorted by identifier, then in precedence order.
    public let redeclarations: [Redeclaration]

    /// The declaration in effect for each identifier, sorted by identifier; nil for a system
    /// type's own declaration when the system layer was reused (it is made when read: see
    /// ``declaration(atPosition:)``).
    private let effective: [TypeDeclaration?]
    /// The shadowed declarations of the identifiers declared more than once, by position in
    /// ``effective``, in precedence order.
    private let shadowed: [Int32: [TypeDeclaration]]
    /// Positions in ``effective`` of the declarations claiming each tag, in order: all of them,
    /// or, when the system layer was reused, those of the declarations that are not the system's.
    private let tagIndex: [TagKey: [Int32]]
    /// When the system layer was reused: its tag index (positions in `system.types`), and where
    /// each system type's declaration is in ``effective`` (-1 when another declaration of its
    /// identifier is in effect). Empty otherwise.
    private let systemTags: [TagKey: [Int32]]
    private let systemRemap: [Int32]
    /// Facts for system types declared by a layer rather than the embedded catalog.
    private let layeredFacts: [UniformTypeIdentifier: SystemTypeFacts]
    /// When the system layer was reused: per graph node, the position in `system.types` of the
    /// system type with its identifier, or -1. Empty otherwise.
    private let systemTypeOfNode: [Int32]
    /// Per declaration given, in order: the position in ``effective`` (the graph node) of the
    /// declaration in effect for its identifier.
    private let nodeOfGiven: [Int32]

    /// A tag as looked up: class and case-folded value.
    struct TagKey: Hashable, Sendable {
        let tagClass: TagClass
        let tag: String
        /// The key's hash (folded tag and class), made once: a key is looked up in the bundle's
        /// tag index and in the system's, and the rules ask about every tag of a large app.
        private let keyHash: Int

        /// The key `tag` is looked up by in `tagClass` (folded as the class compares).
        init(_ tag: String, in tagClass: TagClass) {
            self.tagClass = tagClass
            self.tag = tagClass.foldedTag(tag)
            var hasher = Hasher()
            hasher.combine(self.tag)
            hasher.combine(tagClass)
            self.keyHash = hasher.finalize()
        }

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.keyHash == rhs.keyHash && lhs.tagClass == rhs.tagClass && lhs.tag == rhs.tag
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(keyHash)
        }

        /// The tables' raw hash from the stored one and the seed through one integer mix, as
        /// `UniformTypeIdentifier` does, instead of a SipHash round per look-up.
        func _rawHashValue(seed: Int) -> Int {
            UniformTypeIdentifier.mix(keyHash, seed: seed)
        }
    }

    /// A declaration waiting for precedence to be settled.
    private struct Candidate {
        var declaration: TypeDeclaration
        var layer: Int  // 0 bundle, 1 embedded system, 2 layered system
        var sequence: Int
        var next: Int32  // the next candidate of the same identifier, or -1

        var rank: (Int, Int, Int) {
            (declaration.origin.kind == .exported ? 0 : 1, layer == 0 ? 1 : 0, sequence)
        }
    }

    /// Layers `declarations` over `system`; see the type's summary for the precedence.
    public init(system: SystemTypeCatalog = .embedded, declarations: [TypeDeclaration] = []) {
        self.init(system: system, declarations: declarations, reusingSystemLayer: true)
    }

    /// Layers `declarations` over `system`, starting from the system's prebuilt graph and tag
    /// index when `reusingSystemLayer` and no declaration is a system one; otherwise building
    /// everything. Both give the same catalog (a test compares them); reuse saves hashing the
    /// system's 1,300-odd identifiers and tags again for every app.
    init(system: SystemTypeCatalog, declarations: [TypeDeclaration], reusingSystemLayer: Bool) {
        if reusingSystemLayer, let layer = system.layer, let layering = Layering(system: system, bundle: declarations) {
            self = Self.layered(system: system, layer: layer, layering: layering, concurrently: false)
        } else {
            self.init(system: system, allDeclarations: declarations)
        }
    }

    /// Builds everything from the system's types and `declarations`.
    private init(system: SystemTypeCatalog, allDeclarations declarations: [TypeDeclaration]) {
        // Group candidates by identifier: `heads[g]` starts group `g`'s chain through `next`.
        var candidates: [Candidate] = []
        var groupOf: [UniformTypeIdentifier: Int32] = [:]
        var heads: [Int32] = []
        var tails: [Int32] = []
        var groupIdentifiers: [UniformTypeIdentifier] = []
        var groupOfCandidate: [Int32] = []
        candidates.reserveCapacity(system.types.count + declarations.count)
        groupOf.reserveCapacity(system.types.count + declarations.count)
        groupOfCandidate.reserveCapacity(system.types.count + declarations.count)
        func add(_ declaration: TypeDeclaration, layer: Int) {
            let position = Int32(candidates.count)
            candidates.append(Candidate(declaration: declaration, layer: layer, sequence: candidates.count, next: -1))
            if let group = groupOf[declaration.identifier] {
                candidates[Int(tails[Int(group)])].next = position
                tails[Int(group)] = position
                groupOfCandidate.append(group)
            } else {
                groupOf[declaration.identifier] = Int32(heads.count)
                groupOfCandidate.append(Int32(heads.count))
                heads.append(position)
                tails.append(position)
                groupIdentifiers.append(declaration.identifier)
            }
        }
        for type in system.types { add(type.declaration, layer: 1) }
        for declaration in declarations { add(declaration, layer: declaration.origin.isSystem ? 2 : 0) }

        var effective: [TypeDeclaration] = []
        var shadowed: [Int32: [TypeDeclaration]] = [:]
        var redeclarations: [Redeclaration] = []
        var layeredIdentifiers: [UniformTypeIdentifier] = []
        var positionOfGroup = [Int32](repeating: -1, count: heads.count)
        effective.reserveCapacity(heads.count)
        for groupNumber in groupIdentifiers.indices.sorted(by: { groupIdentifiers[$0] < groupIdentifiers[$1] }) {
            let head = candidates[Int(heads[groupNumber])]
            if head.next < 0 {
                if head.layer == 2 { layeredIdentifiers.append(head.declaration.identifier) }
                positionOfGroup[groupNumber] = Int32(effective.count)
                effective.append(head.declaration)
                continue
            }
            var group: [Candidate] = []
            var cursor = heads[groupNumber]
            while cursor >= 0 {
                group.append(candidates[Int(cursor)])
                cursor = candidates[Int(cursor)].next
            }
            let settled = Self.settle(group)
            if settled.layered { layeredIdentifiers.append(head.declaration.identifier) }
            guard let winner = settled.winner else { continue }
            redeclarations += settled.redeclarations
            positionOfGroup[groupNumber] = Int32(effective.count)
            shadowed[Int32(effective.count)] = settled.losers
            effective.append(winner.declaration)
        }

        let tagIndex = Self.tagIndex(of: effective)

        // The graph numbers declared nodes in input order: node `n` is `effective[n]`.
        let graph = ConformanceGraph(declarations: effective)
        self.system = system
        self.graph = graph
        self.redeclarations = redeclarations
        self.effective = effective.map(Optional.some)
        self.shadowed = shadowed
        self.tagIndex = tagIndex
        self.systemTags = [:]
        self.systemRemap = []
        var layeredFacts: [UniformTypeIdentifier: SystemTypeFacts] = [:]
        for identifier in layeredIdentifiers {
            // The layered declaration: the first system one after the winner (the embedded one,
            // superseded, comes last).
            guard let position = graph.declaredNode(for: identifier)?.rawValue,
                let declaration = ([effective[Int(position)]] + (shadowed[position] ?? [])).first(where: {
                    $0.origin.isSystem
                })
            else { continue }
            layeredFacts[identifier] = Self.facts(for: declaration, system: system, graph: graph)
        }
        self.layeredFacts = layeredFacts
        self.systemTypeOfNode = []
        // A group always has a winner (`settle` is given at least two candidates).
        self.nodeOfGiven = groupOfCandidate[system.types.count...].map { positionOfGroup[Int($0)] }
    }

    /// Settles one identifier's declarations (at least two): the winner, the others in
    /// precedence order with a record each, and whether a layered system release took part.
    private static func settle(_ group: [Candidate]) -> (
        winner: Candidate?, losers: [TypeDeclaration], redeclarations: [Redeclaration], layered: Bool
    ) {
        let layered = group.contains { $0.layer == 2 }
        let contenders = group.filter { !(layered && $0.layer == 1) }.sorted { $0.rank < $1.rank }
        let superseded = group.filter { layered && $0.layer == 1 }
        guard let winner = contenders.first else { return (nil, [], [], layered) }
        var redeclarations: [Redeclaration] = []
        for loser in contenders.dropFirst() {
            let reason: Redeclaration.Reason =
                if winner.declaration.origin.kind != loser.declaration.origin.kind {
                    .exportedOverImported
                } else if winner.layer != 0 && loser.layer == 0 {
                    .systemOverBundle
                } else {
                    .firstDeclared
                }
            redeclarations.append(Redeclaration(kept: winner.declaration, shadowed: loser.declaration, reason: reason))
        }
        for old in superseded {
            redeclarations.append(
                Redeclaration(kept: winner.declaration, shadowed: old.declaration, reason: .newerSystemRelease))
        }
        return (winner, (contenders.dropFirst() + superseded).map(\.declaration), redeclarations, layered)
    }

    /// Positions of the declarations claiming each tag, in order; a tag repeated within one
    /// declaration (`jpg`, `JPG`) is listed once.
    static func tagIndex(of declarations: [TypeDeclaration]) -> [TagKey: [Int32]] {
        tagIndex(of: declarations.map(Optional.some))
    }

    /// ``tagIndex(of:)`` of the declarations that are not nil.
    private static func tagIndex(of declarations: [TypeDeclaration?]) -> [TagKey: [Int32]] {
        var tagIndex: [TagKey: [Int32]] = [:]
        tagIndex.reserveCapacity(declarations.count)  // most declarations claim a tag or two
        for (position, declaration) in declarations.enumerated() {
            guard let declaration else { continue }
            for tag in declaration.tags {
                addClaim(of: TagKey(tag.value, in: tag.tagClass), at: position, to: &tagIndex)
            }
        }
        return tagIndex
    }

    /// Records in `tagIndex` that the declaration at `position` claims `key`; positions come in
    /// order, and a key a declaration repeats (`jpg`, `JPG`) is recorded for it once.
    static func addClaim(of key: TagKey, at position: Int, to tagIndex: inout [TagKey: [Int32]]) {
        if tagIndex[key]?.last != Int32(position) { tagIndex[key, default: []].append(Int32(position)) }
    }

    /// Builds the catalog of `declarations` over `system`, as ``init(system:declarations:)``
    /// does, and runs `work` beside it when `concurrently` (for a large bundle). Over the
    /// system's prebuilt layer, `work` runs on the other core while precedence is settled, then
    /// the conformance graph and the tag index are built side by side; otherwise `work` runs
    /// beside the whole build. `work` does not see the catalog. Measured: `lint` of gen.py's
    /// c_huge.plist 7% slower when built one step after the other (8 rounds by turns).
    public static func building<Other: Sendable>(
        system: SystemTypeCatalog = .embedded, declarations: [TypeDeclaration], concurrently: Bool,
        beside work: @Sendable () -> Other
    ) -> (catalog: TypeCatalog, other: Other) {
        guard let layer = system.layer else {
            return ParallelMap.both(
                concurrently: concurrently, { TypeCatalog(system: system, allDeclarations: declarations) }, work)
        }
        // Whether a declaration is a system one (then everything is built whole) is found while
        // layering, which reads every declaration anyway: not in a pass of its own before it.
        // The whole build then runs after `work` rather than beside it (`--system-types` only).
        let (layering, other) = ParallelMap.both(
            concurrently: concurrently, { Layering(system: system, bundle: declarations) }, work)
        guard let layering else { return (TypeCatalog(system: system, allDeclarations: declarations), other) }
        return (layered(system: system, layer: layer, layering: layering, concurrently: concurrently), other)
    }

    /// The catalog of a settled layering, its graph reusing `layer`'s: the graph and the tag
    /// index side by side when `concurrently`.
    private static func layered(
        system: SystemTypeCatalog, layer: SystemTypeCatalog.Layer, layering: Layering, concurrently: Bool
    ) -> TypeCatalog {
        // The system's winners are in the layer's tag index already: only the others are indexed.
        var others = layering.effective
        for position in layering.systemRemap where position >= 0 { others[Int(position)] = nil }
        let bundleWinners = others
        let (graph, tagIndex) = ParallelMap.both(
            concurrently: concurrently,
            {
                ConformanceGraph(
                    declarations: layering.effective, reusing: layer.conformances, basePosition: layering.basePosition,
                    baseUnchanged: layering.baseUnchanged, baseDeclaration: system.declaration(at:))
            },
            { Self.tagIndex(of: bundleWinners) })
        return TypeCatalog(system: system, layer: layer, layering: layering, graph: graph, tagIndex: tagIndex)
    }

    /// The declarations in effect when a bundle's (none of them a system one) are layered over
    /// the system's prebuilt layer, precedence settled: everything the catalog keeps but the
    /// graph and the tag index. The same precedence as the full build, merging the bundle's
    /// identifiers into the system's sorted ones instead of hashing and sorting everything again.
    private struct Layering: Sendable {
        /// The declarations in effect; nil for a system type's own, made when read.
        var effective: [TypeDeclaration?] = []
        var shadowed: [Int32: [TypeDeclaration]] = [:]
        var redeclarations: [Redeclaration] = []
        var basePosition: [Int32]
        var baseUnchanged: [Bool]
        var systemRemap: [Int32]
        /// Per bundle declaration, the position in `effective` of its identifier's winner.
        var nodeOfGiven: [Int32] = []

        /// Nil when a declaration is a system one (a newer release's types are built whole).
        init?(system: SystemTypeCatalog, bundle declarations: [TypeDeclaration]) {
            let systemCount = system.identifiers.count
            // The bundle's declarations grouped by identifier, groups in order of first appearance:
            // a group is its first declaration's offset and a chain through `nextInGroup` (most
            // groups have one declaration; an array each was ~100,000 allocations to make and free).
            // Groups are numbered by identifier in a table probed on the identifier's precomputed
            // hash, which keeps each group's identifier once (a dictionary hashed each again, and
            // a second array of identifiers was ~100,000 more copies to retain and free).
            var groupOf = IdentifierTable()
            groupOf.reserveCapacity(declarations.count)
            var groupFirst: [Int32] = []
            var groupLast: [Int32] = []
            var nextInGroup = [Int32](repeating: -1, count: declarations.count)
            var groupOfGiven: [Int32] = []
            groupOfGiven.reserveCapacity(declarations.count)
            for (offset, declaration) in declarations.enumerated() {
                if declaration.origin.isSystem { return nil }
                let newGroup = Int32(groupFirst.count)
                // One probe: the group found, or the new one inserted.
                let group = groupOf.value(for: declaration.identifier, inserting: newGroup)
                if group == newGroup {
                    groupFirst.append(Int32(offset))
                    groupLast.append(Int32(offset))
                } else {
                    nextInGroup[Int(groupLast[Int(group)])] = Int32(offset)
                    groupLast[Int(group)] = Int32(offset)
                }
                groupOfGiven.append(group)
            }
            // The candidates of bundle group `number`, in the order given.
            func candidates(of number: Int) -> [Candidate] {
                var candidates: [Candidate] = []
                var offset = groupFirst[number]
                while offset >= 0 {
                    candidates.append(
                        Candidate(
                            declaration: declarations[Int(offset)], layer: 0, sequence: systemCount + Int(offset),
                            next: -1))
                    offset = nextInGroup[Int(offset)]
                }
                return candidates
            }
            let groupIdentifiers = groupOf.identifiers
            var positionOfGroup = [Int32](repeating: -1, count: groupFirst.count)
            // Groups on a system identifier, by system position; the others sorted by identifier.
            var onSystem = [Int](repeating: -1, count: systemCount)
            var fresh: [Int] = []
            for (number, identifier) in groupIdentifiers.enumerated() {
                if let position = system.position(of: identifier) {
                    onSystem[position] = number
                } else {
                    fresh.append(number)
                }
            }
            fresh.sort { groupIdentifiers[$0] < groupIdentifiers[$1] }

            basePosition = [Int32](repeating: 0, count: systemCount)
            baseUnchanged = [Bool](repeating: true, count: systemCount)
            systemRemap = [Int32](repeating: -1, count: systemCount)
            effective.reserveCapacity(systemCount + fresh.count)
            // Appends bundle group `number`'s winner, settled among its candidates and `system`'s
            // declaration of its identifier when there is one; returns the winner's layer.
            @discardableResult func add(number: Int, system own: Candidate? = nil) -> Int {
                let first = Int(groupFirst[number])
                guard own != nil || nextInGroup[first] >= 0 else {
                    positionOfGroup[number] = Int32(effective.count)
                    effective.append(declarations[first])
                    return 0
                }
                let settled = TypeCatalog.settle((own.map { [$0] } ?? []) + candidates(of: number))
                guard let winner = settled.winner else { return -1 }
                redeclarations += settled.redeclarations
                positionOfGroup[number] = Int32(effective.count)
                shadowed[Int32(effective.count)] = settled.losers
                effective.append(winner.declaration)
                return winner.layer
            }
            var nextFresh = 0
            for (position, identifier) in system.identifiers.enumerated() {
                while nextFresh < fresh.count, groupIdentifiers[fresh[nextFresh]] < identifier {
                    add(number: fresh[nextFresh])
                    nextFresh += 1
                }
                let here = Int32(effective.count)
                basePosition[position] = here
                guard onSystem[position] >= 0 else {
                    effective.append(nil)
                    systemRemap[position] = here
                    continue
                }
                let own = Candidate(
                    declaration: system.declaration(at: position), layer: 1, sequence: position, next: -1)
                if add(number: onSystem[position], system: own) == 1 {
                    systemRemap[position] = here
                } else {
                    baseUnchanged[position] = false
                }
            }
            while nextFresh < fresh.count {
                add(number: fresh[nextFresh])
                nextFresh += 1
            }
            // A group always has a winner (`settle` is given at least two candidates).
            nodeOfGiven = groupOfGiven.map { positionOfGroup[Int($0)] }
        }
    }

    /// The catalog of a settled layering, with its graph (reusing `layer`'s) and its tag index of
    /// the bundle's winners.
    private init(
        system: SystemTypeCatalog, layer: SystemTypeCatalog.Layer, layering: Layering, graph: ConformanceGraph,
        tagIndex: [TagKey: [Int32]]
    ) {
        self.system = system
        self.graph = graph
        self.redeclarations = layering.redeclarations
        self.effective = layering.effective
        self.shadowed = layering.shadowed
        self.tagIndex = tagIndex
        self.systemTags = layer.tagIndex
        self.systemRemap = layering.systemRemap
        self.layeredFacts = [:]
        var systemTypeOfNode = [Int32](repeating: -1, count: layering.effective.count)
        for (type, node) in layering.basePosition.enumerated() { systemTypeOfNode[Int(node)] = Int32(type) }
        self.systemTypeOfNode = systemTypeOfNode
        self.nodeOfGiven = layering.nodeOfGiven
    }

    /// Facts for a system declaration that is not the embedded one: icons from its own fields;
    /// thumbnail and hardware from the embedded type of the same identifier when there is one,
    /// otherwise from its nearest embedded supertype with a thumbnail category and from its
    /// conformance to `public.device` / `public.display`.
    private static func facts(
        for declaration: TypeDeclaration, system: SystemTypeCatalog, graph: ConformanceGraph
    ) -> SystemTypeFacts {
        let icon = SystemIconSource(declaring: declaration.icons)
        if let embedded = system.facts(for: declaration.identifier) {
            return SystemTypeFacts(icon: icon, thumbnail: embedded.thumbnail, isHardwareModel: embedded.isHardwareModel)
        }
        let inherited = graph.supertypes(of: declaration.identifier).lazy
            .compactMap { system.facts(for: $0)?.thumbnail }
            .first { $0.category != nil }
        let hardware =
            graph.conforms(declaration.identifier, to: .device) || graph.conforms(declaration.identifier, to: .display)
        return SystemTypeFacts(icon: icon, thumbnail: inherited ?? .unknown, isHardwareModel: hardware)
    }

    // MARK: Declarations

    /// The declaration in effect for `identifier`.
    public func declaration(for identifier: UniformTypeIdentifier) -> TypeDeclaration? {
        position(of: identifier).map { declaration(atPosition: Int($0)) }
    }

    /// The declaration in effect at `position` in ``effective``: a system type's own is made by
    /// the system catalog when first read.
    private func declaration(atPosition position: Int) -> TypeDeclaration {
        effective[position] ?? system.declaration(at: Int(systemTypeOfNode[position]))
    }

    /// The declaration in effect for graph node `node` (``graph``'s), or nil when the node is
    /// only referenced as a supertype: ``declaration(for:)`` for a caller that has the node.
    public func declaration(at node: ConformanceGraph.Node) -> TypeDeclaration? {
        graph.isDeclared(node) ? declaration(atPosition: Int(node.rawValue)) : nil
    }

    /// The graph node of the declaration given at `position` (in the order given to the
    /// initialiser or to ``building(system:declarations:concurrently:beside:)``): the node of its
    /// identifier, whose declaration in effect is it or the one that shadows it. The same as
    /// `graph.declaredNode(for: declaration.identifier)`, without hashing the identifier.
    public func node(ofDeclarationAt position: Int) -> ConformanceGraph.Node? {
        let node = nodeOfGiven[position]
        return node < 0 ? nil : ConformanceGraph.Node(rawValue: node)
    }

    /// `identifier` as the declaration in effect spells it, or nil when no layer declares it:
    /// ``declaration(for:)``'s identifier, read from the graph without the declaration.
    public func declaredSpelling(of identifier: UniformTypeIdentifier) -> UniformTypeIdentifier? {
        graph.declaredNode(for: identifier).map(graph.identifier(of:))
    }

    /// Every declaration of `identifier`: the one in effect first, then the shadowed ones in
    /// precedence order.
    public func declarations(for identifier: UniformTypeIdentifier) -> [TypeDeclaration] {
        graph.declaredNode(for: identifier).map { declarations(at: $0) } ?? []
    }

    /// ``declarations(for:)`` for a caller that has the identifier's graph node: none for a node
    /// only referenced as a supertype.
    public func declarations(at node: ConformanceGraph.Node) -> [TypeDeclaration] {
        guard graph.isDeclared(node) else { return [] }
        return [declaration(atPosition: Int(node.rawValue))] + (shadowed[node.rawValue] ?? [])
    }

    /// Whether any layer declares `identifier`.
    public func contains(_ identifier: UniformTypeIdentifier) -> Bool {
        position(of: identifier) != nil
    }

    /// The position of `identifier`'s declaration in ``effectiveDeclarations``: its graph node.
    private func position(of identifier: UniformTypeIdentifier) -> Int32? {
        graph.declaredNode(for: identifier)?.rawValue
    }

    /// The declarations in effect, sorted by identifier.
    public var effectiveDeclarations: [TypeDeclaration] { effective.indices.map(declaration(atPosition:)) }

    /// The declarations in effect, hardware-model system types left out.
    public var userFacingDeclarations: [TypeDeclaration] {
        userFacingPositions.map(declaration(atPosition:))
    }

    /// The identifiers of ``userFacingDeclarations``, in order; no system declaration is made.
    public var userFacingIdentifiers: [UniformTypeIdentifier] {
        userFacingPositions.map { graph.identifier(of: ConformanceGraph.Node(rawValue: Int32($0))) }
    }

    /// The positions in ``effective`` of the declarations in effect that are not hardware models.
    private var userFacingPositions: [Int] {
        if !systemTypeOfNode.isEmpty {
            // Over the system layer, by position: no identifier is looked up.
            return effective.indices.filter { position in
                let type = systemTypeOfNode[position]
                return type < 0 || !system.facts(at: Int(type)).isHardwareModel
            }
        }
        return effective.indices.filter {
            systemFacts(for: graph.identifier(of: ConformanceGraph.Node(rawValue: Int32($0))))?.isHardwareModel != true
        }
    }

    /// Whether the system (embedded or layered) declares `identifier`, whoever's declaration is
    /// in effect.
    public func isSystemDeclared(_ identifier: UniformTypeIdentifier) -> Bool {
        graph.declaredNode(for: identifier).map { isSystemDeclared(at: $0) } ?? false
    }

    /// ``isSystemDeclared(_:)`` for a caller that has the identifier's graph node (false for a
    /// node only referenced as a supertype); no array of the declarations is made.
    public func isSystemDeclared(at node: ConformanceGraph.Node) -> Bool {
        guard graph.isDeclared(node) else { return false }
        // A declaration left to the system catalog is the system's own.
        if effective[Int(node.rawValue)]?.origin.isSystem ?? true { return true }
        return shadowed[node.rawValue]?.contains { $0.origin.isSystem } ?? false
    }

    /// What the reference knows about `identifier` as a system type: icon, thumbnails, hardware.
    /// `nil` when the system does not declare it.
    public func systemFacts(for identifier: UniformTypeIdentifier) -> SystemTypeFacts? {
        if let facts = layeredFacts[identifier] { return facts }
        return system.facts(for: identifier)
    }

    /// The nearest supertype of `type` (itself excluded, in `graph.supertypes(of:)`'s order) that
    /// the system declares with facts satisfying `predicate`, with those facts: what a walk of
    /// ``systemFacts(for:)`` over the supertypes finds, answered on the graph's node numbers when
    /// the system layer was reused (no identifier is copied or hashed).
    public func nearestSystemSupertype(
        of type: UniformTypeIdentifier, where predicate: (SystemTypeFacts) -> Bool
    ) -> (identifier: UniformTypeIdentifier, facts: SystemTypeFacts)? {
        guard let node = graph.node(for: type) else { return nil }
        return nearestSystemSupertype(of: node, where: predicate)
    }

    /// ``nearestSystemSupertype(of:where:)`` for graph node `node` (``graph``'s).
    public func nearestSystemSupertype(
        of node: ConformanceGraph.Node, where predicate: (SystemTypeFacts) -> Bool
    ) -> (identifier: UniformTypeIdentifier, facts: SystemTypeFacts)? {
        guard !systemTypeOfNode.isEmpty else {
            for supertype in graph.supertypes(of: graph.identifier(of: node)) {
                if let facts = systemFacts(for: supertype), predicate(facts) { return (supertype, facts) }
            }
            return nil
        }
        // Referenced-only nodes come after the declared ones: no system type is among them.
        func systemType(_ node: Int32) -> Int? {
            guard Int(node) < systemTypeOfNode.count, systemTypeOfNode[Int(node)] >= 0 else { return nil }
            return Int(systemTypeOfNode[Int(node)])
        }
        guard
            let found = graph.firstSupertypeNode(
                of: node, where: { node in systemType(node).map { predicate(system.facts(at: $0)) } ?? false }),
            let position = systemType(found)
        else { return nil }
        return (graph.identifier(of: ConformanceGraph.Node(rawValue: found)), system.facts(at: position))
    }

    /// The declarations in effect that claim `tag` in `tagClass` (compared case-insensitively for
    /// extensions and MIME types), sorted by identifier.
    public func declarations(claiming tag: String, in tagClass: TagClass) -> [TypeDeclaration] {
        let key = TagKey(tag, in: tagClass)
        var positions = tagIndex[key] ?? []
        if let fromSystem = systemClaimants(of: key) {
            positions += fromSystem
            positions.sort()
        }
        return positions.map { declaration(atPosition: Int($0)) }
    }

    /// How many declarations in effect claim `tag` in `tagClass`: what ``declarations(claiming:in:)``
    /// would return, counted without making the list (most tags have one claimant).
    public func claimantCount(of tag: String, in tagClass: TagClass) -> Int {
        let key = TagKey(tag, in: tagClass)
        return (tagIndex[key]?.count ?? 0) + (systemClaimants(of: key)?.count ?? 0)
    }

    /// By graph node, whether the declaration in effect there, when it is not a system one,
    /// claims a tag of one of `classes` that another declaration in effect also claims: whether
    /// ``claimantCount(of:in:)`` is above 1 for one of its tags. Found in one pass over the tag
    /// index, for a rule that would otherwise ask about every tag of a large bundle. Nodes of
    /// system declarations and undeclared nodes are false: the tags the system's own types share
    /// (jpg, image/jpeg…) are not looked at for every app.
    public func claimsContestedTag(in classes: Set<TagClass>) -> [Bool] {
        var contested = [Bool](repeating: false, count: graph.nodeCount)
        for (key, positions) in tagIndex where classes.contains(key.tagClass) {
            guard positions.count + (systemClaimants(of: key)?.count ?? 0) > 1 else { continue }
            for position in positions where effective[Int(position)]?.origin.isSystem == false {
                contested[Int(position)] = true
            }
        }
        return contested
    }

    /// When the system layer was reused: the positions in ``effective`` of its declarations
    /// claiming `key` that are still in effect (``tagIndex`` leaves them out), in system order.
    /// Nil when the layer has no claimant of `key`.
    private func systemClaimants(of key: TagKey) -> LazyFilterSequence<LazyMapSequence<[Int32], Int32>>? {
        guard !systemTags.isEmpty, let hits = systemTags[key] else { return nil }
        return hits.lazy.map { systemRemap[Int($0)] }.filter { $0 >= 0 }
    }

    /// Whether `type` conforms to `supertype`; see `ConformanceGraph.conforms(_:to:)`.
    public func conforms(_ type: UniformTypeIdentifier, to supertype: UniformTypeIdentifier) -> Bool {
        graph.conforms(type, to: supertype)
    }

    /// Resolves tags against this catalog.
    public var tagResolver: TagResolver { TagResolver(catalog: self) }

    /// A resolver for this catalog's tags, with the undocumented exported-over-imported rule when
    /// `exportedWins`.
    public func tagResolver(exportedWins: Bool) -> TagResolver {
        TagResolver(catalog: self, exportedWins: exportedWins)
    }
}
