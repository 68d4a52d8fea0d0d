import PropertyList

/// Whether an app has an icon the system can make document icons from, and how that is known:
/// from its Info.plist's icon keys, from the app icon set of its asset catalogs (which Xcode
/// names in the built Info.plist), or not at all (an Info.plist read without its bundle or
/// project). One answer for every command that asks.
public struct AppIconStatus: Sendable, Hashable {
    /// Whether the app has an icon.
    public enum Presence: String, Sendable, Hashable {
        /// It has one.
        case present
        /// It has none.
        case absent
        /// It cannot be known from what was read.
        case unknown
    }

    /// Whether the app has an icon.
    public var presence: Presence
    /// Why, lower-case first, without a position.
    public var because: String
    /// Where the fact it rests on was written, when it was.
    public var location: SourceLocation?

    /// A status.
    public init(_ presence: Presence, because: String, at location: SourceLocation? = nil) {
        self.presence = presence
        self.because = because
        self.location = location
    }
}

extension AppUnit {
    /// Whether the app has an icon: its Info.plist's icon keys first, then an app icon set with
    /// images in its asset catalogs (for an Xcode target, the set `ASSETCATALOG_COMPILER_APPICON_NAME`
    /// names), else none for a built bundle or a project target, and unknown for an Info.plist
    /// read on its own.
    public var appIconStatus: AppIconStatus {
        let keys = infoPlist.appIcon
        var named: [(String, SourceLocation?)] = []
        if let name = keys.primaryIconName {
            named.append(("'CFBundleIcons' primary icon '\(name.value)'", name.location))
        }
        if let first = keys.primaryIconFiles.first {
            named.append(("'CFBundlePrimaryIcon' 'CFBundleIconFiles' (\(keys.primaryIconFiles.count))", first.location))
        }
        if let name = keys.iconName { named.append(("'CFBundleIconName' '\(name.value)'", name.location)) }
        if let file = keys.iconFile { named.append(("'CFBundleIconFile' '\(file.value)'", file.location)) }
        if let first = keys.iconFiles.first {
            named.append(("'CFBundleIconFiles' (\(keys.iconFiles.count))", first.location))
        }
        if let first = named.first {
            return AppIconStatus(
                .present, because: "the Info.plist names the app icon: " + named.map(\.0).joined(separator: ", "),
                at: first.1)
        }
        let wanted = appIconSetName?.value
        let sets = assetCatalogs.flatMap(\.appIconSets).filter { $0.hasImages && (wanted == nil || $0.name == wanted) }
        if let set = sets.first {
            let setting = appIconSetName == nil ? "" : " ('ASSETCATALOG_COMPILER_APPICON_NAME')"
            return AppIconStatus(
                .present,
                because:
                    "the asset catalog has the app icon set '\(set.name)'\(setting), which Xcode names in the built Info.plist",
                at: appIconSetName?.location)
        }
        switch origin {
        case .builtBundle:
            return AppIconStatus(.absent, because: "the built app's Info.plist names no icon")
        case .xcodeTarget:
            let set = wanted.map { "no app icon set '\($0)' with images" } ?? "no app icon set with images"
            return AppIconStatus(
                .absent, because: "the Info.plist names no icon and the target's asset catalogs have \(set)",
                at: appIconSetName?.location)
        case .infoPlist:
            return AppIconStatus(
                .unknown,
                because:
                    "this Info.plist names no icon and no asset catalog with an app icon set was found beside it; Xcode adds the icon keys when it builds the app"
            )
        }
    }
}
