import PropertyList
import UniformTypes

/// The app-icon keys of an Info.plist (info-plist-rules §1.3): what the system can build document
/// icons from when a type has none of its own.
public struct AppIconDeclaration: Sendable, Hashable {
    /// `CFBundleIcons.CFBundlePrimaryIcon.CFBundleIconName`.
    public var primaryIconName: Located<String>?
    /// `CFBundleIcons.CFBundlePrimaryIcon.CFBundleIconFiles`.
    public var primaryIconFiles: [Located<String>]
    /// `CFBundleIconFiles`.
    public var iconFiles: [Located<String>]
    /// `CFBundleIconFile`.
    public var iconFile: Located<String>?
    /// `CFBundleIconName`.
    public var iconName: Located<String>?

    /// No icon keys.
    public init() {
        primaryIconFiles = []
        iconFiles = []
    }

    /// Whether any icon key names an icon.
    public var declaresIcon: Bool {
        primaryIconName != nil || !primaryIconFiles.isEmpty || !iconFiles.isEmpty || iconFile != nil || iconName != nil
    }

    /// The asset-catalog icon-set names the keys use (`CFBundleIconName` and the primary icon's).
    public var iconSetNames: [Located<String>] {
        [primaryIconName, iconName].compactMap { $0 }
    }
}
