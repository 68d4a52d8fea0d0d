/// A type the operating system declares: its declaration and the reference's facts about it.
public struct SystemType: Sendable, Hashable {
    /// The system's declaration (origin ``TypeOrigin/system(release:bundle:kind:)``).
    public var declaration: TypeDeclaration
    /// Icon, thumbnail and hardware facts.
    public var facts: SystemTypeFacts
    /// The release that added the type, for one newer than the embedded catalog's release.
    public var introduced: SystemRelease?

    /// Pairs a declaration with its facts.
    public init(declaration: TypeDeclaration, facts: SystemTypeFacts, introduced: SystemRelease? = nil) {
        self.declaration = declaration
        self.facts = facts
        self.introduced = introduced
    }

    /// The type's identifier.
    public var identifier: UniformTypeIdentifier { declaration.identifier }
}
