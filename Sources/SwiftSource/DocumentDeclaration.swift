import PropertyList

/// A SwiftUI document type: a type conforming to `FileDocument` or `ReferenceFileDocument`,
/// with the content types it declares (merged over its declaration and its extensions).
public struct DocumentDeclaration: Sendable, Hashable {
    /// The protocol the type conforms to.
    public enum Conformance: String, Sendable, Hashable {
        /// `FileDocument` (a value type).
        case fileDocument = "FileDocument"
        /// `ReferenceFileDocument` (a class).
        case referenceFileDocument = "ReferenceFileDocument"
    }

    /// The type's name.
    public var name: String
    /// The protocol.
    public var conformance: Conformance
    /// Where the conformance is written (the type's name in that declaration).
    public var location: SourceLocation
    /// `static var readableContentTypes`, when declared.
    public var readableContentTypes: TypeList?
    /// `static var writableContentTypes`, when declared (SwiftUI's default is
    /// `readableContentTypes`).
    public var writableContentTypes: TypeList?
    /// Where a `writeableContentTypes` (misspelt: the compiler accepts it and SwiftUI ignores it)
    /// is declared on the type.
    public var misspeltWritableContentTypes: [SourceLocation]

    /// Makes a document declaration.
    public init(
        name: String, conformance: Conformance, location: SourceLocation, readableContentTypes: TypeList? = nil,
        writableContentTypes: TypeList? = nil, misspeltWritableContentTypes: [SourceLocation] = []
    ) {
        self.name = name
        self.conformance = conformance
        self.location = location
        self.readableContentTypes = readableContentTypes
        self.writableContentTypes = writableContentTypes
        self.misspeltWritableContentTypes = misspeltWritableContentTypes
    }
}
