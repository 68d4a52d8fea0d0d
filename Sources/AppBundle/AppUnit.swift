import PropertyList

/// One app as the questions see it: its Info.plist model (build settings expanded and generated
/// keys merged when it comes from an Xcode project), the extensions it embeds, where its icons
/// are looked for, and what loading it found.
public struct AppUnit: Sendable {
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
    public var assetCatalogs: [AssetCatalog]
    /// Problems met while loading (unresolved build settings, unreadable extensions…), besides
    /// the shape findings each Info.plist model carries.
    public var findings: [AppBundleFinding]
    /// The build settings the app's Info.plist refers to, with the values they expanded to and
    /// where they were set (empty for an Info.plist read as written).
    public var settingsUsed: [UsedBuildSetting] = []

    /// A unit.
    public init(
        name: String, infoPlist: InfoPlist, extensions: [InfoPlist] = [], folder: String,
        assetCatalogs: [AssetCatalog] = [], findings: [AppBundleFinding] = []
    ) {
        self.name = name
        self.infoPlist = infoPlist
        self.extensions = extensions
        self.folder = folder
        self.assetCatalogs = assetCatalogs
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

    /// Whether an asset catalog has an icon set (any kind) named `name`.
    public func hasIconSet(named name: String) -> Bool {
        assetCatalogs.contains { $0.set(named: name) != nil }
    }

    /// Whether the app has an app icon: an app icon set with images, or icon files named by its keys.
    public var hasAppIcon: Bool {
        assetCatalogs.contains { $0.hasAppIconWithImages } || infoPlist.appIcon.declaresIcon
    }
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
