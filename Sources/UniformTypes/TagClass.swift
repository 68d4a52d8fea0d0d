import Support

/// A class of tags: the namespace a tag such as `jpg` or `image/jpeg` lives in.
public enum TagClass: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `public.filename-extension`: extensions without the leading dot.
    case filenameExtension
    /// `public.mime-type`.
    case mimeType
    /// `com.apple.ostype`: four-character codes (macOS only).
    case osType
    /// `com.apple.nspboard-type`: pasteboard types (macOS only).
    case pasteboardType
    /// Any other class, kept as declared.
    case other(String)

    /// The class for a tag-specification key; unknown keys become ``other(_:)``.
    public init(rawValue: String) {
        switch rawValue {
        case "public.filename-extension": self = .filenameExtension
        case "public.mime-type": self = .mimeType
        case "com.apple.ostype": self = .osType
        case "com.apple.nspboard-type": self = .pasteboardType
        default: self = .other(rawValue)
        }
    }

    /// The tag-specification key, such as `public.filename-extension`.
    public var rawValue: String {
        switch self {
        case .filenameExtension: "public.filename-extension"
        case .mimeType: "public.mime-type"
        case .osType: "com.apple.ostype"
        case .pasteboardType: "com.apple.nspboard-type"
        case .other(let name): name
        }
    }

    /// The tag-specification key.
    public var description: String { rawValue }

    /// Whether tags of this class compare case-insensitively. Extensions and MIME types do
    /// (Apple documents neither way for extensions; everyday behaviour, `.JPG` opening as JPEG,
    /// says they do); OSTypes are four exact bytes.
    public var isCaseInsensitive: Bool {
        switch self {
        case .filenameExtension, .mimeType: true
        case .osType, .pasteboardType, .other: false
        }
    }

    /// Orders the standard classes first, in the order above, then others by name.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs.rank, rhs.rank) {
        case (4, 4): lhs.rawValue < rhs.rawValue
        case let (left, right): left < right
        }
    }

    private var rank: Int {
        switch self {
        case .filenameExtension: 0
        case .mimeType: 1
        case .osType: 2
        case .pasteboardType: 3
        case .other: 4
        }
    }

    /// `tag` as it is compared within this class: lowercased when the class is case-insensitive.
    public func foldedTag(_ tag: String) -> String {
        guard isCaseInsensitive else { return tag }
        // Most tags are lower-case ASCII already: returned as they are, without the new string
        // `lowercased()` always makes (tags are folded for every look-up).
        let folded = tag.withUTF8Bytes { $0.allSatisfy { $0 < 0x80 && !($0 >= 0x41 && $0 <= 0x5A) } }
        return folded ? tag : tag.lowercased()
    }
}
