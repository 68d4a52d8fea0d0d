import PropertyList
import SwiftSource
import UniformTypes

/// One app as the questions see it: its Info.plist model (build settings expanded and generated
/// keys merged when it comes from an Xcode project), the extensions it embeds, where its icons
/// are looked for, and what loading it found.
public struct AppUnit: Sendable {
    /// Where an app was read from.
    public enum Origin: String, Sendable, Hashable {
        /// An Info.plist named, or found outside any project and bundle.
        case infoPlist
        /// A built bundle (`X.app`).
        case builtBundle
        /// A target of an Xcode project: its Info.plist as Xcode builds it.
        case xcodeTarget
    }

    /// A display name: the target's or bundle's name, or the Info.plist's folder name.
    public var name: String
    /// The app's Info.plist.
    public var infoPlist: InfoPlist
    /// The Info.plists of the extensions it embeds (Thumbnail and Preview extensions among them).
    public var extensions: [InfoPlist]
    /// The folder icon files are looked for in: the project's folder, the bundle, or the
    /// Info.plist's folder.
    public var folder: String
    /// The asset catalogs found for the app.
    public var assetCatalogs: [AssetCatalog] { resources.assetCatalogs }
    /// The app's resource files and asset catalogs, found once (when the loader walks them in the
    /// background, the first use waits for the walk).
    public var resources: ResourceIndex {
        get { pendingResources.value }
        set { pendingResources = Pending(newValue) }
    }
    /// The resources, found or being found.
    var pendingResources: Pending<ResourceIndex>
    /// Where the app was read from.
    public var origin: Origin
    /// For an Xcode target, `ASSETCATALOG_COMPILER_APPICON_NAME` as set, with where.
    public var appIconSetName: Located<String>?
    /// Whether Xcode runs the C preprocessor over the Info.plist before reading it
    /// (`INFOPLIST_PREPROCESS = YES`): its `#if` lines are then intended.
    public var preprocessesInfoPlist = false
    /// Problems met while loading (unresolved build settings, unreadable extensions…), besides
    /// the shape findings each Info.plist model carries.
    public var findings: [AppBundleFinding]
    /// The build settings the app's Info.plist refers to, with the values they expanded to and
    /// where they were set (empty for an Info.plist read as written).
    public var settingsUsed: [UsedBuildSetting] = []
    /// The Swift files that belong to the app (``SwiftSourceFiles``), found when sources are read.
    public var swiftFiles: [String] = []
    /// Whether the app's Swift files were looked for (a project's target, a folder's loose
    /// Info.plist, `--sources`): ``AppLoader/readingCode(_:)`` then reads them, none found or not.
    public var sourcesLookedFor = false
    /// What the app's Swift code says; nil when its sources are not read (`--no-sources`, a
    /// built bundle, an Info.plist named without `--sources`). When the loader reads the code in
    /// the background (``AppLoader/readingCode(_:)``), the first use waits for it.
    public var code: SwiftCodeFacts? {
        get { pendingCode?.value.facts }
        set { pendingCode = newValue.map { PendingCode(CodeRead(facts: $0, findings: [])) } }
    }
    /// The Swift files of the app that could not be read (the first use waits for the reading).
    public var sourceFindings: [AppBundleFinding] { pendingCode?.value.findings ?? [] }
    /// The code, read or being read.
    var pendingCode: PendingCode?

    /// A unit.
    public init(
        name: String, infoPlist: InfoPlist, extensions: [InfoPlist] = [], folder: String,
        resources: ResourceIndex = .empty, origin: Origin = .infoPlist, findings: [AppBundleFinding] = []
    ) {
        self.init(
            name: name, infoPlist: infoPlist, extensions: extensions, folder: folder, resources: Pending(resources),
            origin: origin, findings: findings)
    }

    /// A unit whose resources are found or being found (``AppLoader`` walks them in the background).
    init(
        name: String, infoPlist: InfoPlist, extensions: [InfoPlist], folder: String,
        resources: Pending<ResourceIndex>, origin: Origin, findings: [AppBundleFinding] = []
    ) {
        self.name = name
        self.infoPlist = infoPlist
        self.extensions = extensions
        self.folder = folder
        self.pendingResources = resources
        self.origin = origin
        self.findings = findings
    }

    /// The Thumbnail extensions among ``extensions``.
    public var thumbnailExtensions: [InfoPlist] {
        extensions.filter { $0.appExtension?.point == .thumbnail }
    }

    /// The Preview extensions among ``extensions``.
    public var previewExtensions: [InfoPlist] {
        extensions.filter { $0.appExtension?.point == .preview }
    }

    /// Whether the app has an app icon: ``appIconStatus`` says it is present.
    public var hasAppIcon: Bool { appIconStatus.presence == .present }
}

/// A build setting an Info.plist refers to (`$(PRODUCT_BUNDLE_IDENTIFIER)`), and what it expanded to.
public struct UsedBuildSetting: Sendable, Hashable {
    /// The setting's name.
    public var name: String
    /// Its value, expanded; nil when no layer defines it.
    public var value: String?
    /// Where it was set, when known.
    public var location: SourceLocation?

    /// A used setting.
    public init(name: String, value: String?, location: SourceLocation?) {
        self.name = name
        self.value = value
        self.location = location
    }
}

extension AppUnit {
    /// The types the app names: those it (and its extensions) exports and imports, in declaration
    /// order, then those its document types list. What `utiscope graph` and the report draw from.
    public var namedTypes: [UniformTypeIdentifier] {
        infoPlist.declarations.map(\.identifier)
            + infoPlist.documentTypes.flatMap { $0.contentTypes.map(\.value) }
            + extensions.flatMap { $0.declarations.map(\.identifier) }
    }
}
