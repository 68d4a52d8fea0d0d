import PropertyList

/// A target's build settings for one configuration, with the answers most callers want.
public struct TargetSettings: Sendable {
    /// The project's folder (`SRCROOT`), which `INFOPLIST_FILE` is relative to.
    public var sourceRoot: String
    /// The target.
    public var target: XcodeTarget
    /// The configuration used.
    public var configuration: String
    /// The layered settings.
    public var settings: BuildSettings
    /// Problems met while layering (unreadable xcconfig files, an unknown configuration…).
    public var findings: [AppBundleFinding]

    init(
        project: XcodeProject, target: XcodeTarget, configuration: String, settings: BuildSettings,
        findings: [AppBundleFinding]
    ) {
        self.sourceRoot = project.sourceRoot
        self.target = target
        self.configuration = configuration
        self.settings = settings
        self.findings = findings
    }

    /// The expanded value of `name`, with the problems met turned into located findings; `nil`
    /// when the setting is not set.
    public func value(of name: String) -> (value: String, findings: [AppBundleFinding])? {
        guard let expansion = settings.expandedValue(of: name) else { return nil }
        let location = settings.assignment(for: name)?.location ?? target.location
        return (expansion.value, expansion.problems.map { AppBundleFinding($0, at: location) })
    }

    /// `INFOPLIST_FILE` expanded, as written (relative to ``sourceRoot``); `nil` when unset or empty.
    public var infoPlistSetting: String? {
        guard let value = value(of: "INFOPLIST_FILE")?.value.trimmingSpaces(), !value.isEmpty else { return nil }
        return value
    }

    /// The Info.plist's path on disk: `INFOPLIST_FILE` joined to ``sourceRoot``.
    public var infoPlistPath: String? {
        infoPlistSetting.map { Path.normalize(Path.join(sourceRoot, $0)) }
    }

    /// Whether Xcode generates Info.plist content from settings (`GENERATE_INFOPLIST_FILE = YES`).
    public var generatesInfoPlist: Bool { settings.bool("GENERATE_INFOPLIST_FILE") }

    /// `PRODUCT_BUNDLE_IDENTIFIER` expanded, when set.
    public var bundleIdentifier: String? { value(of: "PRODUCT_BUNDLE_IDENTIFIER")?.value }

    /// `PRODUCT_NAME` expanded.
    public var productName: String? { value(of: "PRODUCT_NAME")?.value }

    /// `ASSETCATALOG_COMPILER_APPICON_NAME` expanded, when set: the icon set the app uses.
    public var appIconName: String? { value(of: "ASSETCATALOG_COMPILER_APPICON_NAME")?.value }
}
