import PropertyList

/// Some types and everything they conform to, down to the system roots, in a stable order, each
/// with who declares it and where: the part of the conformance graph that `utiscope graph` and the
/// report draw. System types the seeds do not reach are not in it.
public struct SupertypeGraph: Sendable {
    /// Who declares a type.
    public enum Origin: String, CaseIterable, Sendable {
        /// The app exports it.
        case exported
        /// The app imports it.
        case imported
        /// The system declares it.
        case system
        /// Something names it, but nothing declares it.
        case undeclared
    }

    /// One type.
    public struct Node: Sendable {
        /// The type.
        public var identifier: UniformTypeIdentifier
        /// Who declares it.
        public var origin: Origin
        /// Where the app declares it (nil for system and undeclared types).
        public var location: SourceLocation?
    }

    /// The types: the seeds in order, then their supertypes breadth-first (``ConformanceGraph/upwardClosure(of:)``).
    public private(set) var nodes: [Node] = []
    /// The direct supertypes of each node, as node numbers, in declared order, each once.
    public private(set) var supertypes: [[Int]] = []
    /// The node number of each identifier.
    public private(set) var index: [UniformTypeIdentifier: Int] = [:]

    /// `seeds` and all their supertypes over `catalog`.
    public init(catalog: TypeCatalog, seeds: [UniformTypeIdentifier]) {
        let graph = catalog.graph
        for identifier in graph.upwardClosure(of: seeds) {
            index[identifier] = nodes.count
            let declaration = catalog.declaration(for: identifier)
            let origin: Origin
            switch declaration?.origin {
            case .exported?: origin = .exported
            case .imported?: origin = .imported
            case .system?: origin = .system
            case nil: origin = .undeclared
            }
            let location = declaration?.origin.isSystem == false ? declaration?.location : nil
            nodes.append(Node(identifier: identifier, origin: origin, location: location))
        }
        supertypes = nodes.map { node in
            var seen: Set<Int> = []
            return graph.directSupertypes(of: node.identifier).compactMap { index[$0] }.filter {
                seen.insert($0).inserted
            }
        }
    }
}
