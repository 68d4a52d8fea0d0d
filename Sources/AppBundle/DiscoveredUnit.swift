/// One unit of analysis found by ``ProjectDiscovery``: an app (or another bundle that declares
/// itself) with the extensions it embeds.
public struct DiscoveredUnit: Sendable, Hashable {
    /// Where the unit was found.
    public enum Source: Sendable, Hashable {
        /// A target of an Xcode project (the `.xcodeproj` path and the target's name).
        case xcodeTarget(project: String, target: String)
        /// A built bundle (`X.app`).
        case bundle(path: String)
        /// An Info.plist outside any project and bundle.
        case standaloneInfoPlist
    }

    /// Where the unit was found.
    public var source: Source
    /// A display name: the target's or bundle's name, or the Info.plist's folder name.
    public var name: String
    /// The unit's Info.plist, when it has a file (a target may generate its Info.plist entirely).
    public var infoPlist: String?
    /// The product type, for Xcode targets.
    public var productType: ProductType?
    /// The folder icon files and asset catalogs are looked for in: the project's `SRCROOT`, the
    /// bundle, or the Info.plist's folder.
    public var folder: String
    /// The extensions the app embeds (Thumbnail and Preview extensions among them).
    public var extensions: [DiscoveredExtension]
}

/// An extension embedded in a discovered app.
public struct DiscoveredExtension: Sendable, Hashable {
    /// The target's or bundle's name.
    public var name: String
    /// Its Info.plist, when it has a file.
    public var infoPlist: String?
    /// The product type, for Xcode targets.
    public var productType: ProductType?
}
