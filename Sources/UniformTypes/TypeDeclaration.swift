import PropertyList

/// One declaration of a type: what a `UTExportedTypeDeclarations` or `UTImportedTypeDeclarations`
/// entry, or the system, says about an identifier. Every field keeps where it was written.
public struct TypeDeclaration: Sendable, Hashable {
    /// The declared identifier.
    public var identifier: UniformTypeIdentifier
    /// Where the identifier was written.
    public var identifierLocation: SourceLocation?
    /// Who declared the type.
    public var origin: TypeOrigin
    /// Where the declaration (its dictionary) was written.
    public var location: SourceLocation?
    /// The direct supertypes (`UTTypeConformsTo`), in declared order.
    public var conformances: [Located<UniformTypeIdentifier>]
    /// Where the conformance list was written.
    public var conformancesLocation: SourceLocation?
    /// The tags (`UTTypeTagSpecification`), class by class in declared order, each class's tags
    /// in declared order; classes other than the standard four are kept as declared.
    public var tags: [TypeTag]
    /// Where the tag specification was written.
    public var tagsLocation: SourceLocation?
    /// The icon fields.
    public var icons: TypeIcons
    /// `UTTypeDescription`.
    public var typeDescription: Located<String>?
    /// `UTTypeReferenceURL`.
    public var referenceURL: Located<String>?
    /// `UTTypeVersion`, as text (it may be written as a number or a string).
    public var version: Located<String>?

    /// Creates a declaration; everything but the identifier and origin is optional.
    public init(
        identifier: UniformTypeIdentifier, identifierLocation: SourceLocation? = nil, origin: TypeOrigin,
        location: SourceLocation? = nil, conformances: [Located<UniformTypeIdentifier>] = [],
        conformancesLocation: SourceLocation? = nil, tags: [TypeTag] = [], tagsLocation: SourceLocation? = nil,
        icons: TypeIcons = TypeIcons(), typeDescription: Located<String>? = nil,
        referenceURL: Located<String>? = nil, version: Located<String>? = nil
    ) {
        self.identifier = identifier
        self.identifierLocation = identifierLocation
        self.origin = origin
        self.location = location
        self.conformances = conformances
        self.conformancesLocation = conformancesLocation
        self.tags = tags
        self.tagsLocation = tagsLocation
        self.icons = icons
        self.typeDescription = typeDescription
        self.referenceURL = referenceURL
        self.version = version
    }

    /// A declaration from plain values, without locations: handy in tests and for system types.
    public init(
        _ identifier: UniformTypeIdentifier, origin: TypeOrigin, conformsTo: [UniformTypeIdentifier] = [],
        extensions: [String] = [], mimeTypes: [String] = [], osTypes: [String] = []
    ) {
        self.init(
            identifier: identifier, origin: origin, conformances: conformsTo.map { Located($0) },
            tags: extensions.map { TypeTag(.filenameExtension, $0) } + mimeTypes.map { TypeTag(.mimeType, $0) }
                + osTypes.map { TypeTag(.osType, $0) })
    }

    /// The direct supertypes, in declared order.
    public var conformsTo: [UniformTypeIdentifier] { conformances.map(\.value) }

    /// The tags of one class, in declared order.
    public func tags(_ tagClass: TagClass) -> [String] {
        tags.compactMap { $0.tagClass == tagClass ? $0.value : nil }
    }

    /// The preferred tag of a class: the first one declared.
    public func preferredTag(_ tagClass: TagClass) -> String? {
        tags.first { $0.tagClass == tagClass }?.value
    }

    /// The tag classes the declaration uses, in declared order, each once.
    public var tagClasses: [TagClass] {
        var seen: [TagClass] = []
        for tag in tags where !seen.contains(tag.tagClass) { seen.append(tag.tagClass) }
        return seen
    }

    /// The filename extensions, in declared order.
    public var filenameExtensions: [String] { tags(.filenameExtension) }

    /// The MIME types, in declared order.
    public var mimeTypes: [String] { tags(.mimeType) }
}
