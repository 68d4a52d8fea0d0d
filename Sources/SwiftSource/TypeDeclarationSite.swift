import PropertyList

/// A `UTType(exportedAs: "id")` or `UTType(importedAs: "id")` written in code, wherever it is
/// (a constant, a list, a local value).
public struct TypeDeclarationSite: Sendable, Hashable {
    /// Exported or imported.
    public var kind: TypeDeclarationKind
    /// The identifier, when the argument is a string literal or a `let` bound to one; nil when
    /// it is computed.
    public var identifier: String?
    /// Where `UTType` (or `.init`) is written.
    public var location: SourceLocation
    /// The name of the app's type constant (`extension UTType { static let name = … }`) whose
    /// value this is, if any.
    public var constantName: String?

    /// Makes a site.
    public init(kind: TypeDeclarationKind, identifier: String?, location: SourceLocation, constantName: String? = nil) {
        self.kind = kind
        self.identifier = identifier
        self.location = location
        self.constantName = constantName
    }
}
