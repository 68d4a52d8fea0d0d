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
    public var document: PropertyListDocument? {
        didSet { valuesAsRead = false }
    }
    /// `CFBundleIdentifier`.
    public var bundleIdentifier: Located<String>? {
        didSet { valuesAsRead = false }
    }
    /// The platform and why it was chosen.
    public var platform: PlatformEvidence
    /// `CFBundleDocumentTypes`, in order.
    public var documentTypes: [DocumentType] {
        didSet { valuesAsRead = false }
    }
    /// Where `CFBundleDocumentTypes` is, when present.
    public var documentTypesLocation: SourceLocation?
    /// `UTExportedTypeDeclarations`, in order.
    public var exportedTypes: [TypeDeclaration] {
        didSet { valuesAsRead = false }
    }
    /// `UTImportedTypeDeclarations`, in order.
    public var importedTypes: [TypeDeclaration] {
        didSet { valuesAsRead = false }
    }
    /// `LSSupportsOpeningDocumentsInPlace`.
    public var supportsOpeningDocumentsInPlace: Located<Bool>?
    /// `UISupportsDocumentBrowser`.
    public var supportsDocumentBrowser: Located<Bool>?
    /// `UIFileSharingEnabled`.
    public var fileSharingEnabled: Located<Bool>?
    /// The app-icon keys.
    public var appIcon: AppIconDeclaration {
        didSet { valuesAsRead = false }
    }
    /// `NSExtension`, when the bundle is an app extension.
    public var appExtension: AppExtensionDeclaration? {
        didSet { valuesAsRead = false }
    }
    /// Whether the bundle is an App Clip (it has an `NSAppClip` dictionary).
    public var isAppClip: Bool
    /// Problems of shape met while reading: wrong value types, empty strings, misspelt keys.
    public var findings: [AppBundleFinding]

    /// Whether the values are those ``init(document:platform:bundleName:)`` read from
    /// ``document``: none of the properties holding values was assigned since.
    var valuesAsRead = false

    /// Whether a value of the model (a string in a document type, a declaration, the extension,
    /// the bundle identifier or the icon keys) may hold a build-setting reference, `$(…)` or
    /// `${…}`: false only when the values are still those read from ``document`` and the file
    /// holds neither `$(` nor `${` anywhere, so that a check of every value can be skipped.
    public var mayHoldBuildSettingReferences: Bool {
        guard valuesAsRead, let document else { return true }
        return document.mayContain("$(") || document.mayContain("${")
    }

    /// Every declaration, exported first, in file order.
    public var declarations: [TypeDeclaration] { exportedTypes + importedTypes }
}
