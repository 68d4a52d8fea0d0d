import PropertyList
import UniformTypes

/// One entry of `CFBundleDocumentTypes`, every key kept with its location (info-plist-rules §1.1).
public struct DocumentType: Sendable, Hashable {
    /// The entry's index in the array.
    public var index: Int
    /// Where the entry's dictionary is.
    public var location: SourceLocation
    /// `CFBundleTypeName`.
    public var name: Located<String>?
    /// `CFBundleTypeRole`: `Editor`, `Viewer`, `Shell`, `None` (or `QLGenerator` and others, kept).
    public var role: Located<String>?
    /// `LSHandlerRank`: `Owner`, `Default`, `Alternate`, `None`.
    public var rank: Located<String>?
    /// `LSItemContentTypes`.
    public var contentTypes: [Located<UniformTypeIdentifier>]
    /// Where `LSItemContentTypes` is, when present.
    public var contentTypesLocation: SourceLocation?
    /// `CFBundleTypeIconFiles` (iOS document icons).
    public var iconFiles: [Located<String>]
    /// `CFBundleTypeIconFile` (macOS `.icns`).
    public var iconFile: Located<String>?
    /// `CFBundleTypeIconSystemGenerated` (macOS 11+, undocumented by Apple).
    public var iconSystemGenerated: Located<Bool>?
    /// `LSTypeIsPackage` (legacy macOS).
    public var isPackage: Located<Bool>?
    /// `NSDocumentClass`.
    public var documentClass: Located<String>?
    /// `NSExportableTypes`.
    public var exportableTypes: [Located<UniformTypeIdentifier>]
    /// `CFBundleTypeExtensions` (deprecated; macOS only).
    public var legacyExtensions: [Located<String>]
    /// `CFBundleTypeMIMETypes` (deprecated; macOS only).
    public var legacyMIMETypes: [Located<String>]
    /// `CFBundleTypeOSTypes` (deprecated; macOS only).
    public var legacyOSTypes: [Located<String>]

    /// An entry at `index` with nothing declared yet.
    public init(index: Int, location: SourceLocation) {
        self.index = index
        self.location = location
        contentTypes = []
        iconFiles = []
        exportableTypes = []
        legacyExtensions = []
        legacyMIMETypes = []
        legacyOSTypes = []
    }

    /// The name for messages: `CFBundleTypeName`, or `entry N` when it has none.
    public var displayName: String {
        if let name = name?.value, !name.isEmpty { return "'\(name)'" }
        return "entry \(index)"
    }
}
