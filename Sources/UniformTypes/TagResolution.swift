import PropertyList

/// The answer to "which type is a file with this extension (or data with this MIME type)?": every
/// type that claims the tag, the one preferred under Apple's documented rules, and, when those
/// rules do not decide, the tie reported as a tie.
public struct TagResolution: Sendable, Hashable {
    /// How the preferred type was chosen, or why there is none.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// Exactly one type claims the tag.
        case onlyCandidate = "only-candidate"
        /// A public type is preferred over non-public ones.
        case publicOverNonPublic = "public-over-non-public"
        /// Among equally public types, an exported declaration is preferred over imported ones:
        /// an undocumented rule, applied only when asked for (``TagResolver/exportedWins``).
        case exportedOverImported = "exported-over-imported"
        /// Several types remain after the rules: Apple documents the choice as undefined.
        case ambiguous
        /// No declared type claims the tag: the system makes a dynamic identifier.
        case noCandidate = "no-candidate"
    }

    /// When the tie is between one exported declaration and imported ones: the exported type,
    /// which the undocumented exported-over-imported rule would pick.
    public var exportedAmongTied: UniformTypeIdentifier? {
        let exported = candidates.filter { tied.contains($0.identifier) && $0.origin.kind == .exported }
        return exported.count == 1 ? exported[0].identifier : nil
    }

    /// A type that claims the tag.
    public struct Candidate: Sendable, Hashable {
        /// The type.
        public var identifier: UniformTypeIdentifier
        /// Who declared it.
        public var origin: TypeOrigin
        /// Whether the tag is the type's preferred (first-listed) tag of its class.
        public var isPreferredTag: Bool
        /// Where the tag was written.
        public var location: SourceLocation?

        /// Creates a candidate.
        public init(
            identifier: UniformTypeIdentifier, origin: TypeOrigin, isPreferredTag: Bool, location: SourceLocation?
        ) {
            self.identifier = identifier
            self.origin = origin
            self.isPreferredTag = isPreferredTag
            self.location = location
        }
    }

    /// The tag looked up, as given.
    public var tag: String
    /// Its class.
    public var tagClass: TagClass
    /// The supertype candidates had to conform to, if any.
    public var restriction: UniformTypeIdentifier?
    /// The types that claim the tag and pass the restriction: public first, exported before
    /// imported, then by identifier.
    public var candidates: [Candidate]
    /// The types that claim the tag but do not conform to the restriction, by identifier.
    public var excluded: [Candidate]
    /// The preferred type, when the documented rules single one out.
    public var preferred: UniformTypeIdentifier?
    /// When ambiguous, the types the rules could not choose between, by identifier.
    public var tied: [UniformTypeIdentifier]
    /// How `preferred` was chosen.
    public var reason: Reason
    /// When no type claims the tag: the dynamic identifier the system would make for it.
    public var dynamicIdentifier: UniformTypeIdentifier?

    /// Creates a resolution.
    public init(
        tag: String, tagClass: TagClass, restriction: UniformTypeIdentifier?, candidates: [Candidate],
        excluded: [Candidate], preferred: UniformTypeIdentifier?, tied: [UniformTypeIdentifier], reason: Reason,
        dynamicIdentifier: UniformTypeIdentifier?
    ) {
        self.tag = tag
        self.tagClass = tagClass
        self.restriction = restriction
        self.candidates = candidates
        self.excluded = excluded
        self.preferred = preferred
        self.tied = tied
        self.reason = reason
        self.dynamicIdentifier = dynamicIdentifier
    }

    /// Whether several types remain and the documented rules do not choose.
    public var isAmbiguous: Bool { reason == .ambiguous }

    /// The type the tag resolves to: the preferred one, or the dynamic identifier when nothing
    /// claims the tag; `nil` when ambiguous.
    public var resolvedIdentifier: UniformTypeIdentifier? { preferred ?? dynamicIdentifier }
}
