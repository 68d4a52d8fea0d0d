import PropertyList

/// The icon fields of a type declaration: `UTTypeIconFile`, `UTTypeIconFiles` and the
/// `UTTypeIcons` dictionary, each with its location.
public struct TypeIcons: Sendable, Hashable {
    /// The `UTTypeIcons` dictionary: a document icon composited at run time (iOS 14, macOS 11).
    public struct Composited: Sendable, Hashable {
        /// Where the dictionary was written.
        public var location: SourceLocation?
        /// `UTTypeIconBackgroundName`: asset used as the background fill.
        public var backgroundName: Located<String>?
        /// `UTTypeIconBadgeName`: asset drawn as the centre badge.
        public var badgeName: Located<String>?
        /// `UTTypeIconText`: the short label along the bottom edge.
        public var text: Located<String>?
        /// `UTTypeSymbolName`: the SF Symbol shown where a symbol stands in for the icon.
        public var symbolName: Located<String>?
        /// `UTTypeIconName`: undocumented, read by the system as an asset name.
        public var iconName: Located<String>?
        /// `UTTypeIconFile` inside the dictionary, as Apple's own declarations use it.
        public var iconFile: Located<String>?

        /// Creates the dictionary's fields.
        public init(
            location: SourceLocation? = nil, backgroundName: Located<String>? = nil,
            badgeName: Located<String>? = nil, text: Located<String>? = nil, symbolName: Located<String>? = nil,
            iconName: Located<String>? = nil, iconFile: Located<String>? = nil
        ) {
            self.location = location
            self.backgroundName = backgroundName
            self.badgeName = badgeName
            self.text = text
            self.symbolName = symbolName
            self.iconName = iconName
            self.iconFile = iconFile
        }
    }

    /// `UTTypeIconFile`: a macOS `.icns` resource.
    public var iconFile: Located<String>?
    /// `UTTypeIconFiles`: image resources, iOS style.
    public var iconFiles: [Located<String>]
    /// Where the `UTTypeIconFiles` array was written.
    public var iconFilesLocation: SourceLocation?
    /// `UTTypeIcons`, when present.
    public var composited: Composited?

    /// Creates the icon fields; all are optional.
    public init(
        iconFile: Located<String>? = nil, iconFiles: [Located<String>] = [], iconFilesLocation: SourceLocation? = nil,
        composited: Composited? = nil
    ) {
        self.iconFile = iconFile
        self.iconFiles = iconFiles
        self.iconFilesLocation = iconFilesLocation
        self.composited = composited
    }

    /// Whether the declaration names an icon of its own, by the rule the system catalog uses:
    /// an icon file or icon name (top level or in `UTTypeIcons`), an icon-file list with a real
    /// name (the placeholder `-` does not count), or a composited background, badge or text. A
    /// symbol name alone does not count.
    public var namesIcon: Bool {
        if iconFile != nil || iconFiles.contains(where: { $0.value != "-" && !$0.value.isEmpty }) { return true }
        guard let composited else { return false }
        return composited.iconFile != nil || composited.iconName != nil || composited.backgroundName != nil
            || composited.badgeName != nil || composited.text != nil
    }

    /// Whether no icon field is present at all.
    public var isEmpty: Bool { iconFile == nil && iconFiles.isEmpty && composited == nil }
}
