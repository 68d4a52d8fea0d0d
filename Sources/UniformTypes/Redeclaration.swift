/// An identifier declared more than once, and which declaration won.
///
/// One record per losing declaration; both declarations keep their origin and location.
public struct Redeclaration: Sendable, Hashable {
    /// Why one declaration won over the other.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// An exported declaration beats an imported one (Apple's documented rule).
        case exportedOverImported = "exported-over-imported"
        /// Both exported or both imported: the system's declaration beats a bundle's.
        case systemOverBundle = "system-over-bundle"
        /// Same kind and same layer: the declaration given first wins (a duplicate).
        case firstDeclared = "first-declared"
        /// Declarations layered for a newer OS release replace the embedded ones.
        case newerSystemRelease = "newer-system-release"
    }

    /// The declaration in effect.
    public var kept: TypeDeclaration
    /// The declaration it shadows.
    public var shadowed: TypeDeclaration
    /// Why `kept` won.
    public var reason: Reason

    /// Creates a record.
    public init(kept: TypeDeclaration, shadowed: TypeDeclaration, reason: Reason) {
        self.kept = kept
        self.shadowed = shadowed
        self.reason = reason
    }

    /// The identifier, as the kept declaration spells it.
    public var identifier: UniformTypeIdentifier { kept.identifier }

    /// Whether the two spellings differ only in letter case.
    public var differsInCase: Bool { kept.identifier.rawValue != shadowed.identifier.rawValue }
}
