/// A type the operating system declares: its declaration and the reference's facts about it.
public struct SystemType: Sendable, Hashable {
    /// The system's declaration (origin ``TypeOrigin/system(release:bundle:kind:)``).
    public var declaration: TypeDeclaration
    /// Icon, thumbnail and hardware facts.
    public var facts: SystemTypeFacts

    /// Pairs a declaration with its facts.
    public init(declaration: TypeDeclaration, facts: SystemTypeFacts) {
        self.declaration = declaration
        self.facts = facts
    }

    /// The type's identifier.
    public var identifier: UniformTypeIdentifier { declaration.identifier }
}
