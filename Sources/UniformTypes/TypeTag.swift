import PropertyList

/// One tag of a declaration: `jpg` in class ``TagClass/filenameExtension``.
public struct TypeTag: Sendable, Hashable {
    /// The tag's class.
    public var tagClass: TagClass
    /// The tag as declared.
    public var value: String
    /// Where the tag was written.
    public var location: SourceLocation?

    /// Creates a tag.
    public init(_ tagClass: TagClass, _ value: String, at location: SourceLocation? = nil) {
        self.tagClass = tagClass
        self.value = value
        self.location = location
    }
}
