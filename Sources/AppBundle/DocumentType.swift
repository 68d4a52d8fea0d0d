import PropertyList
import Support
import UniformTypes

/// One entry of `CFBundleDocumentTypes`, every key kept with its location (info-plist-rules §1.1).
///
/// The fields live in one shared box, copied only when a copy is changed: rules and reports pass
/// entries around by value many times, and copying a couple of dozen strings and locations each
/// time showed all over the profile of a big app's lint.
public struct DocumentType: Sendable, Hashable {
    /// The fields, compared and hashed as a whole. Visible to inlined code (as is the box), so
    /// that the getters below are inlined into the rules: reading one field then copies only what
    /// the caller keeps.
    @usableFromInline struct Fields: Sendable, Hashable {
        @usableFromInline var index: Int
        @usableFromInline var location: SourceLocation
        @usableFromInline var name: Located<String>?
        @usableFromInline var role: Located<String>?
        @usableFromInline var rank: Located<String>?
        @usableFromInline var contentTypes: [Located<UniformTypeIdentifier>]
        @usableFromInline var contentTypesLocation: SourceLocation?
        @usableFromInline var iconFiles: [Located<String>]
        @usableFromInline var iconFile: Located<String>?
        @usableFromInline var iconSystemGenerated: Located<Bool>?
        @usableFromInline var isPackage: Located<Bool>?
        @usableFromInline var documentClass: Located<String>?
        @usableFromInline var exportableTypes: [Located<UniformTypeIdentifier>]
        @usableFromInline var legacyExtensions: [Located<String>]
        @usableFromInline var legacyMIMETypes: [Located<String>]
        @usableFromInline var legacyOSTypes: [Located<String>]
    }

    /// Holds the fields, never changed: a write makes a new box. (A `let`, so that reading a
    /// field costs no run-time exclusivity check: rules read every entry's fields many times, and
    /// entries are changed only in tests and tools, one at a time.)
    @usableFromInline final class Box: Sendable {
        @usableFromInline let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The shared fields.
    @usableFromInline var box: Box

    /// The fields, for changing: a change makes a new box.
    private var fields: Fields {
        get { box.fields }
        set { box = Box(newValue) }
    }

    /// The entry's index in the array.
    public var index: Int {
        @inlinable get { box.fields.index }
        set { fields.index = newValue }
    }
    /// Where the entry's dictionary is.
    public var location: SourceLocation {
        @inlinable get { box.fields.location }
        set { fields.location = newValue }
    }
    /// `CFBundleTypeName`.
    public var name: Located<String>? {
        @inlinable get { box.fields.name }
        set { fields.name = newValue }
    }
    /// `CFBundleTypeRole`: `Editor`, `Viewer`, `Shell`, `None` (or `QLGenerator` and others, kept).
    public var role: Located<String>? {
        @inlinable get { box.fields.role }
        set { fields.role = newValue }
    }
    /// Whether ``role`` is written as `role`, byte for byte, compared in place: no copy of the
    /// role and its location (rules ask this of every entry of an app).
    public func hasRole(_ role: StaticString) -> Bool {
        guard let written = box.fields.role?.value else { return false }
        return written.withUTF8Bytes { written in role.withUTF8Buffer { written.elementsEqual($0) } }
    }

    /// `LSHandlerRank`: `Owner`, `Default`, `Alternate`, `None`.
    public var rank: Located<String>? {
        @inlinable get { box.fields.rank }
        set { fields.rank = newValue }
    }

    /// The rank in effect: `LSHandlerRank` as written, or `Default`, which an entry without one
    /// has (info-plist-rules §1.1).
    public var effectiveRank: String { rank?.value ?? "Default" }

    /// The types that stand for any file (or anything): listing one claims every file no app owns.
    public static let catchAllTypes: Set<UniformTypeIdentifier> = [.data, .item, .content]

    /// Whether the entry lists one of ``catchAllTypes``.
    public var listsCatchAllType: Bool { contentTypes.contains { Self.catchAllTypes.contains($0.value) } }
    /// `LSItemContentTypes`.
    public var contentTypes: [Located<UniformTypeIdentifier>] {
        @inlinable get { box.fields.contentTypes }
        set { fields.contentTypes = newValue }
    }
    /// Where `LSItemContentTypes` is, when present.
    public var contentTypesLocation: SourceLocation? {
        @inlinable get { box.fields.contentTypesLocation }
        set { fields.contentTypesLocation = newValue }
    }
    /// `CFBundleTypeIconFiles` (iOS document icons).
    public var iconFiles: [Located<String>] {
        @inlinable get { box.fields.iconFiles }
        set { fields.iconFiles = newValue }
    }
    /// `CFBundleTypeIconFile` (macOS `.icns`).
    public var iconFile: Located<String>? {
        @inlinable get { box.fields.iconFile }
        set { fields.iconFile = newValue }
    }
    /// `CFBundleTypeIconSystemGenerated` (macOS 11+, undocumented by Apple).
    public var iconSystemGenerated: Located<Bool>? {
        @inlinable get { box.fields.iconSystemGenerated }
        set { fields.iconSystemGenerated = newValue }
    }
    /// `LSTypeIsPackage` (legacy macOS).
    public var isPackage: Located<Bool>? {
        @inlinable get { box.fields.isPackage }
        set { fields.isPackage = newValue }
    }
    /// `NSDocumentClass`.
    public var documentClass: Located<String>? {
        @inlinable get { box.fields.documentClass }
        set { fields.documentClass = newValue }
    }
    /// `NSExportableTypes`.
    public var exportableTypes: [Located<UniformTypeIdentifier>] {
        @inlinable get { box.fields.exportableTypes }
        set { fields.exportableTypes = newValue }
    }
    /// `CFBundleTypeExtensions` (deprecated; macOS only).
    public var legacyExtensions: [Located<String>] {
        @inlinable get { box.fields.legacyExtensions }
        set { fields.legacyExtensions = newValue }
    }
    /// `CFBundleTypeMIMETypes` (deprecated; macOS only).
    public var legacyMIMETypes: [Located<String>] {
        @inlinable get { box.fields.legacyMIMETypes }
        set { fields.legacyMIMETypes = newValue }
    }
    /// `CFBundleTypeOSTypes` (deprecated; macOS only).
    public var legacyOSTypes: [Located<String>] {
        @inlinable get { box.fields.legacyOSTypes }
        set { fields.legacyOSTypes = newValue }
    }

    /// An entry with `fields`, made at once (the reader of an Info.plist makes each entry so).
    init(fields: Fields) {
        box = Box(fields)
    }

    /// An entry at `index` with nothing declared yet.
    public init(index: Int, location: SourceLocation) {
        box = Box(
            Fields(
                index: index, location: location, name: nil, role: nil, rank: nil, contentTypes: [],
                contentTypesLocation: nil, iconFiles: [], iconFile: nil, iconSystemGenerated: nil, isPackage: nil,
                documentClass: nil, exportableTypes: [], legacyExtensions: [], legacyMIMETypes: [], legacyOSTypes: []))
    }

    /// Entries are equal when every field is.
    public static func == (lhs: DocumentType, rhs: DocumentType) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

    /// The name for messages: `CFBundleTypeName`, or `entry N` when it has none.
    public var displayName: String {
        if let name = name?.value, !name.isEmpty { return name.enclosed(in: "'") }
        return "entry \(index)"
    }
}
