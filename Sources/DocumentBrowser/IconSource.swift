/// Where the icon a type shows comes from, in the order the system decides (info-plist-rules §2.7).
public enum IconSource: String, Sendable, Hashable, CaseIterable {
    /// A Thumbnail extension of the app that lists the type draws it.
    case extensionThumbnail = "extension-thumbnail"
    /// The system renders a thumbnail of the content (images, PDF, movies, text…).
    case systemThumbnail = "system-thumbnail"
    /// The system's own icon for a system-declared type.
    case systemIcon = "system-icon"
    /// A document icon the app declares (`UTTypeIcons`, `CFBundleTypeIconFiles`, `.icns`).
    case customIcon = "custom-icon"
    /// An icon the system makes from the app's icon.
    case appIcon = "app-icon"
    /// The generic blank document.
    case generic

    /// What the document shows, as a sentence's object: `the system's icon`.
    public var phrase: String {
        switch self {
        case .extensionThumbnail: "thumbnails from the app's Thumbnail extension"
        case .systemThumbnail: "system thumbnails"
        case .systemIcon: "the system's icon"
        case .customIcon: "the document icon the app declares"
        case .appIcon: "an icon made from the app icon"
        case .generic: "a generic icon"
        }
    }
}
