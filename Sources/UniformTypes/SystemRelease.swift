/// A system release whose declared types the answers use: the embedded catalog is macOS 12.7's,
/// and each later release adds the type constants Apple introduced in it
/// (`newer-system-types.tsv`). The catalog is macOS's; iOS releases of the same year declare the
/// same constants.
public enum SystemRelease: String, Sendable, Hashable, CaseIterable, Comparable {
    /// macOS 12.7 (iOS 15): the embedded catalog alone.
    case macOS12 = "macos12"
    /// macOS 15 (iOS 18): `public.geojson`, `com.apple.linkpresentation.metadata`.
    case macOS15 = "macos15"
    /// macOS 15.2 (iOS 18.2): `public.jpeg-xl`.
    case macOS15Point2 = "macos15.2"
    /// macOS 27 (iOS 27): `net.daringfireball.markdown`.
    case macOS27 = "macos27"

    /// The newest release the package knows: the default.
    public static let newest = SystemRelease.allCases[SystemRelease.allCases.count - 1]

    /// `macOS 15.2 (iOS 18.2)`.
    public var name: String {
        switch self {
        case .macOS12: "macOS 12.7 (iOS 15)"
        case .macOS15: "macOS 15 (iOS 18)"
        case .macOS15Point2: "macOS 15.2 (iOS 18.2)"
        case .macOS27: "macOS 27 (iOS 27)"
        }
    }

    /// `macOS 15.2`: the release as a declaration's origin names it.
    public var macOSName: String {
        switch self {
        case .macOS12: "macOS 12.7"
        case .macOS15: "macOS 15"
        case .macOS15Point2: "macOS 15.2"
        case .macOS27: "macOS 27"
        }
    }

    /// Orders by release.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
