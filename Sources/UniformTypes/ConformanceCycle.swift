import PropertyList

/// A group of types that conform to one another in a circle: a strongly connected component of
/// the conformance graph with more than one member, or one type that conforms to itself.
///
/// Each group is reported once, however many circular paths run through it. Its members are
/// treated as conforming to each other and to each other's supertypes.
public struct ConformanceCycle: Sendable, Hashable {
    /// The members, sorted by identifier.
    public var members: [UniformTypeIdentifier]
    /// The conformance edges between members, each with where it was declared; sorted by
    /// subtype, then supertype.
    public var edges: [ConformanceEdge]

    /// Creates a cycle report.
    public init(members: [UniformTypeIdentifier], edges: [ConformanceEdge]) {
        self.members = members
        self.edges = edges
    }
}

/// One declared conformance: `subtype` lists `supertype` in its `UTTypeConformsTo`.
public struct ConformanceEdge: Sendable, Hashable {
    /// The declaring type.
    public var subtype: UniformTypeIdentifier
    /// The type it conforms to, spelled as referenced.
    public var supertype: UniformTypeIdentifier
    /// Where the reference was written.
    public var location: SourceLocation?

    /// Creates an edge.
    public init(subtype: UniformTypeIdentifier, supertype: UniformTypeIdentifier, location: SourceLocation?) {
        self.subtype = subtype
        self.supertype = supertype
        self.location = location
    }
}
