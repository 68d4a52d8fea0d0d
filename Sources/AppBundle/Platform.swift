import PropertyList

/// The platform an Info.plist is for, as far as its keys tell.
public enum Platform: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// iOS and iPadOS (and Mac Catalyst builds of them).
    case iOS = "ios"
    /// macOS.
    case macOS = "macos"
    /// Neither could be told from the keys.
    case unknown

    /// `iOS`, `macOS` or `unknown platform`.
    public var description: String {
        switch self {
        case .iOS: return "iOS"
        case .macOS: return "macOS"
        case .unknown: return "unknown platform"
        }
    }
}

/// Why a platform was chosen: the key that says so, or the user's `--platform`.
public struct PlatformEvidence: Sendable, Hashable {
    /// The platform chosen.
    public var platform: Platform
    /// The key that decided it (`LSRequiresIPhoneOS`…), or nil when the user chose.
    public var key: String?
    /// Where that key is.
    public var location: SourceLocation?

    /// Evidence for `platform` from `key` at `location`.
    public init(platform: Platform, key: String?, location: SourceLocation?) {
        self.platform = platform
        self.key = key
        self.location = location
    }

    /// Infers the platform from an Info.plist's keys: `LSRequiresIPhoneOS`, `UIDeviceFamily`,
    /// `UIRequiredDeviceCapabilities` and `UILaunchStoryboardName` mean iOS;
    /// `LSMinimumSystemVersion`, `NSPrincipalClass`, `NSMainNibFile` and `NSMainStoryboardFile` mean
    /// macOS; `CFBundleSupportedPlatforms` names either. The first key found in that order decides.
    public static func infer<Node: InfoPlistNode>(from root: Node) -> PlatformEvidence {
        if let platforms = root["CFBundleSupportedPlatforms"] {
            let names = platforms.nodeElements.compactMap(\.string)
            if names.contains(where: { $0.hasPrefix("iPhone") }) {
                return PlatformEvidence(
                    platform: .iOS, key: "CFBundleSupportedPlatforms", location: platforms.nodeLocation)
            }
            if names.contains("MacOSX") {
                return PlatformEvidence(
                    platform: .macOS, key: "CFBundleSupportedPlatforms", location: platforms.nodeLocation)
            }
        }
        for key in ["LSRequiresIPhoneOS", "UIDeviceFamily", "UIRequiredDeviceCapabilities", "UILaunchStoryboardName"] {
            if let value = root[key] { return PlatformEvidence(platform: .iOS, key: key, location: value.nodeLocation) }
        }
        for key in ["LSMinimumSystemVersion", "NSPrincipalClass", "NSMainNibFile", "NSMainStoryboardFile"] {
            if let value = root[key] {
                return PlatformEvidence(platform: .macOS, key: key, location: value.nodeLocation)
            }
        }
        return PlatformEvidence(platform: .unknown, key: nil, location: nil)
    }
}
