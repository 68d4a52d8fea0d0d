import PropertyList

/// A conformance to an identifier that no declaration in the graph defines.
public struct UnknownSupertype: Sendable, Hashable {
    /// The undeclared identifier, spelled as referenced.
    public var identifier: UniformTypeIdentifier
    /// The type whose conformance list names it.
    public var referencedBy: UniformTypeIdentifier
    /// Where the reference was written.
    public var location: SourceLocation?

    /// Creates a report.
    public init(identifier: UniformTypeIdentifier, referencedBy: UniformTypeIdentifier, location: SourceLocation?) {
        self.identifier = identifier
        self.referencedBy = referencedBy
        self.location = location
    }
}
