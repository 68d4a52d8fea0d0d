/// An imported type that the type preferred for its extension would stand in for.
public struct ImportedTypeSubstitution: Sendable, Hashable {
    /// The imported type.
    public var imported: UniformTypeIdentifier
    /// Its preferred filename extension.
    public var tag: String
    /// How that extension resolves: the substitute is its `preferred` type, or one of its `tied`
    /// types when ambiguous.
    public var resolution: TagResolution

    /// Creates a record.
    public init(imported: UniformTypeIdentifier, tag: String, resolution: TagResolution) {
        self.imported = imported
        self.tag = tag
        self.resolution = resolution
    }

    /// The substitute, when one type is preferred.
    public var substitute: UniformTypeIdentifier? { resolution.preferred }
}
