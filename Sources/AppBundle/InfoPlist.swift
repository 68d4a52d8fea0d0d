import PropertyList
import UniformTypes

/// An app (or app extension) as its Info.plist declares it, every value with its location
/// (info-plist-rules §1). Read with ``InfoPlist/init(document:platform:bundleName:)`` or from a
/// resolved Info.plist; problems of
/// shape become ``findings`` and reading goes on past them.
public struct InfoPlist: Sendable {
    /// The file the model was read from (for a generated Info.plist, the project's).
    public var file: String
    /// The document the model was read from, when it was read from a file as written (a
    /// generated or resolved Info.plist has none).
    public var document: PropertyListDocument?
    /// `CFBundleIdentifier`.
    public var bundleIdentifier: Located<String>?
    /// The platform and why it was chosen.
    public var platform: PlatformEvidence
    /// `CFBundleDocumentTypes`, in order.
    public var documentTypes: [DocumentType]
    /// Where `CFBundleDocumentTypes` is, when present.
    public var documentTypesLocation: SourceLocation?
    /// `UTExportedTypeDeclarations`, in order.
    public var exportedTypes: [TypeDeclaration]
    /// `UTImportedTypeDeclarations`, in order.
    public var importedTypes: [TypeDeclaration]
    /// `LSSupportsOpeningDocumentsInPlace`.
    public var supportsOpeningDocumentsInPlace: Located<Bool>?
    /// `UISupportsDocumentBrowser`.
    public var supportsDocumentBrowser: Located<Bool>?
    /// `UIFileSharingEnabled`.
    public var fileSharingEnabled: Located<Bool>?
    /// The app-icon keys.
    public var appIcon: AppIconDeclaration
    /// `NSExtension`, when the bundle is an app extension.
    public var appExtension: AppExtensionDeclaration?
    /// Whether the bundle is an App Clip (it has an `NSAppClip` dictionary).
    public var isAppClip: Bool
    /// Problems of shape met while reading: wrong value types, empty strings, misspelt keys.
    public var findings: [AppBundleFinding]

    /// Every declaration, exported first, in file order.
    public var declarations: [TypeDeclaration] { exportedTypes + importedTypes }
}
