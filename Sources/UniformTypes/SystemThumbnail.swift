/// Whether the system renders content thumbnails (a picture of the content rather than a type
/// icon) for a type, on iOS (Files, `QLThumbnailGenerator`) and macOS (Finder, Quick Look), as
/// far as the reference (`system-thumbnails.md`) knows.
public struct SystemThumbnail: Sendable, Hashable {
    /// How sure the answer is.
    public enum Verdict: String, Sendable, Hashable, CaseIterable {
        /// Apple documents thumbnails for this content.
        case documented
        /// Strong indirect evidence says it renders thumbnails.
        case likely
        /// No usable source: treat as unknown, not as "no".
        case unknown
        /// Strong indirect evidence says it shows a type icon instead.
        case likelyNot = "likely-not"
    }

    /// The content category of the reference's table the type falls in, such as `image` or
    /// `office`; `nil` when it falls in none (then both verdicts are unknown).
    public var category: SystemThumbnailCategory?
    /// The answer for the iOS Files app and `QLThumbnailGenerator`.
    public var iOS: Verdict
    /// The answer for Finder and Quick Look on macOS.
    public var macOS: Verdict

    /// Creates an answer.
    public init(category: SystemThumbnailCategory?, iOS: Verdict, macOS: Verdict) {
        self.category = category
        self.iOS = iOS
        self.macOS = macOS
    }

    /// No category: unknown on both platforms.
    public static let unknown = SystemThumbnail(category: nil, iOS: .unknown, macOS: .unknown)
}

/// A row of the reference's thumbnail table: the content a type is, for thumbnail purposes.
public enum SystemThumbnailCategory: String, Sendable, Hashable, CaseIterable {
    /// Images, camera RAW included (`public.image` and below).
    case image
    /// Live Photos.
    case livePhoto = "live-photo"
    /// PDF.
    case pdf
    /// Movies (`public.movie` and below).
    case movie
    /// Audio (`public.audio` and below).
    case audio
    /// Plain text (`public.plain-text` and below).
    case plainText = "plain-text"
    /// Source code, JSON, XML, YAML, CSV/TSV: probably "text files", but Apple names none.
    case otherText = "other-text"
    /// USDZ 3D content (iOS and iPadOS only).
    case usdz
    /// Pages, Numbers, Keynote.
    case iWork = "iwork"
    /// Microsoft Office, OOXML and legacy.
    case office
    /// RTF and RTFD.
    case richText = "rich-text"
    /// HTML and web archives.
    case web
    /// vCard, iCalendar, e-mail, fonts.
    case contactCalendarMailFont = "contact-calendar-mail-font"
    /// Archives and installer packages.
    case archive
    /// Folders, packages, applications.
    case container

    /// A short phrase for reasons: `images (camera RAW included)`.
    public var phrase: String {
        switch self {
        case .image: "images (camera RAW included)"
        case .livePhoto: "Live Photos"
        case .pdf: "PDF documents"
        case .movie: "movies"
        case .audio: "audio"
        case .plainText: "plain text"
        case .otherText: "text formats such as source code, JSON, XML and CSV"
        case .usdz: "USDZ 3D content"
        case .iWork: "iWork documents"
        case .office: "Microsoft Office documents"
        case .richText: "rich text"
        case .web: "web pages and archives"
        case .contactCalendarMailFont: "contacts, calendars, mail and fonts"
        case .archive: "archives and installer packages"
        case .container: "folders, packages and applications"
        }
    }
}
