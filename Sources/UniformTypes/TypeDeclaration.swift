import PropertyList

/// One declaration of a type: what a `UTExportedTypeDeclarations` or `UTImportedTypeDeclarations`
/// entry, or the system, says about an identifier. Every field keeps where it was written.
///
/// A value type whose fields live in one copy-on-write box: declarations are copied often
/// (catalogs, graphs, redeclaration records) and their locations make them large.
public struct TypeDeclaration: Sendable, Hashable {
    /// The fields. Visible to inlined code (as is the box), so that the getters below are
    /// inlined into other modules: reading one field of a declaration then copies only what the
    /// caller keeps (a lint reads a hundred thousand declarations' identifiers many times).
    @usableFromInline struct Fields: Sendable, Hashable {
        @usableFromInline var identifier: UniformTypeIdentifier
        @usableFromInline var identifierLocation: SourceLocation?
        @usableFromInline var origin: TypeOrigin
        @usableFromInline var location: SourceLocation?
        @usableFromInline var conformances: [Located<UniformTypeIdentifier>]
        @usableFromInline var conformancesLocation: SourceLocation?
        @usableFromInline var tags: [TypeTag]
        @usableFromInline var tagsLocation: SourceLocation?
        // The rarely set fields are kept out of line (an array of none or one), so a declaration
        // that does not use them costs a few bytes for them rather than close to a kilobyte:
        // an app may declare a hundred thousand types.
        @usableFromInline var iconStorage: [TypeIcons]
        @usableFromInline var descriptiveStorage: [Descriptive]
    }

    /// The descriptive fields, out of line (see ``Fields``).
    @usableFromInline struct Descriptive: Sendable, Hashable {
        var typeDescription: Located<String>?
        var referenceURL: Located<String>?
        var version: Located<String>?

        var isEmpty: Bool { typeDescription == nil && referenceURL == nil && version == nil }
    }

    private var descriptive: Descriptive {
        box.fields.descriptiveStorage.first ?? Descriptive()
    }

    private mutating func updateDescriptive(_ change: (inout Descriptive) -> Void) {
        var value = descriptive
        change(&value)
        update { $0.descriptiveStorage = value.isEmpty ? [] : [value] }
    }

    /// Holds the fields, never changed: a write makes a new box. (A `let`, so that reading a
    /// field costs no run-time exclusivity check: rules read a hundred thousand declarations'
    /// fields many times, and only a few declarations are ever changed once made.)
    @usableFromInline final class Box: Sendable {
        @usableFromInline let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    /// The shared fields.
    @usableFromInline var box: Box

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = box.fields
        change(&fields)
        box = Box(fields)
    }

    /// Equal when every field is equal, locations included.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
    }

    /// The declared identifier.
    public var identifier: UniformTypeIdentifier {
        @inlinable get { box.fields.identifier }
        set { update { $0.identifier = newValue } }
    }

    /// Where the identifier was written.
    public var identifierLocation: SourceLocation? {
        @inlinable get { box.fields.identifierLocation }
        set { update { $0.identifierLocation = newValue } }
    }

    /// Who declared the type.
    public var origin: TypeOrigin {
        @inlinable get { box.fields.origin }
        set { update { $0.origin = newValue } }
    }

    /// Where the declaration (its dictionary) was written.
    public var location: SourceLocation? {
        @inlinable get { box.fields.location }
        set { update { $0.location = newValue } }
    }

    /// The direct supertypes (`UTTypeConformsTo`), in declared order.
    public var conformances: [Located<UniformTypeIdentifier>] {
        @inlinable get { box.fields.conformances }
        set { update { $0.conformances = newValue } }
    }

    /// Where the conformance list was written.
    public var conformancesLocation: SourceLocation? {
        @inlinable get { box.fields.conformancesLocation }
        set { update { $0.conformancesLocation = newValue } }
    }

    /// The tags (`UTTypeTagSpecification`), class by class in declared order, each class's tags
    /// in declared order; classes other than the standard four are kept as declared.
    public var tags: [TypeTag] {
        @inlinable get { box.fields.tags }
        set { update { $0.tags = newValue } }
    }

    /// Where the tag specification was written.
    public var tagsLocation: SourceLocation? {
        @inlinable get { box.fields.tagsLocation }
        set { update { $0.tagsLocation = newValue } }
    }

    /// The icon fields.
    public var icons: TypeIcons {
        get { box.fields.iconStorage.first ?? TypeIcons() }
        set { update { $0.iconStorage = newValue.isEmpty ? [] : [newValue] } }
    }

    /// `UTTypeDescription`.
    public var typeDescription: Located<String>? {
        get { descriptive.typeDescription }
        set { updateDescriptive { $0.typeDescription = newValue } }
    }

    /// `UTTypeReferenceURL`.
    public var referenceURL: Located<String>? {
        get { descriptive.referenceURL }
        set { updateDescriptive { $0.referenceURL = newValue } }
    }

    /// `UTTypeVersion`, as text (it may be written as a number or a string).
    public var version: Located<String>? {
        get { descriptive.version }
        set { updateDescriptive { $0.version = newValue } }
    }

    /// Creates a declaration; everything but the identifier and origin is optional.
    public init(
        identifier: UniformTypeIdentifier, identifierLocation: SourceLocation? = nil, origin: TypeOrigin,
        location: SourceLocation? = nil, conformances: [Located<UniformTypeIdentifier>] = [],
        conformancesLocation: SourceLocation? = nil, tags: [TypeTag] = [], tagsLocation: SourceLocation? = nil,
        icons: TypeIcons = TypeIcons(), typeDescription: Located<String>? = nil,
        referenceURL: Located<String>? = nil, version: Located<String>? = nil
    ) {
        box = Box(
            Fields(
                identifier: identifier,
                identifierLocation: identifierLocation,
                origin: origin,
                location: location,
                conformances: conformances,
                conformancesLocation: conformancesLocation,
                tags: tags,
                tagsLocation: tagsLocation,
                iconStorage: icons.isEmpty ? [] : [icons],
                descriptiveStorage: typeDescription == nil && referenceURL == nil && version == nil
                    ? [] : [Descriptive(typeDescription: typeDescription, referenceURL: referenceURL, version: version)]
            ))
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

    /// Whether any tag is of `tagClass`: whether ``tags(_:)`` has any, without making the list.
    public func hasTag(_ tagClass: TagClass) -> Bool {
        tags.contains { $0.tagClass == tagClass }
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

    /// This declaration as the system's, for layering declarations of a newer OS release
    /// (`--system-types FILE`) over the embedded catalog: the origin becomes
    /// ``TypeOrigin/system(release:bundle:kind:)`` with the same bundle and kind.
    public func asSystemDeclaration(release: String) -> TypeDeclaration {
        var copy = self
        copy.origin = .system(release: release, bundle: origin.bundle, kind: origin.kind)
        return copy
    }
}
