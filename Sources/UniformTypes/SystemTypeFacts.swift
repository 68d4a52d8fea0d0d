/// What the reference knows about a system type beyond its declaration: whether the system has
/// an icon for it, whether it renders content thumbnails for it, and whether it is a hardware
/// model rather than a kind of file.
public struct SystemTypeFacts: Sendable, Hashable {
    /// Which kind of icon the system's declaration names.
    public var icon: SystemIconSource
    /// Whether the system renders content thumbnails, per platform, with confidence.
    public var thumbnail: SystemThumbnail
    /// Whether the type describes a piece of hardware (a Mac, an iPhone, a display…) rather than
    /// files; such types are left out of user-facing lists.
    ///
    /// Rule: the type is `public.device` or `public.display`, conforms to one of them, or is
    /// declared by a `MobileDevices` or `MachineTypes` bundle. See
    /// `Scripts/generate-system-types.py`.
    public var isHardwareModel: Bool

    /// Creates the facts.
    public init(icon: SystemIconSource, thumbnail: SystemThumbnail, isHardwareModel: Bool) {
        self.icon = icon
        self.thumbnail = thumbnail
        self.isHardwareModel = isHardwareModel
    }

    /// Whether the system has an icon of the type's own.
    public var hasIcon: Bool { icon != .none }
}

/// Which kind of icon a system declaration names.
public enum SystemIconSource: String, Sendable, Hashable, CaseIterable {
    /// No icon of its own: an inherited or generic icon shows.
    case none
    /// An icon file or icon name (`UTTypeIconFile`, `UTTypeIconName`, top level or in
    /// `UTTypeIcons`): a real macOS icon.
    case file
    /// Only a composited document icon (`UTTypeIcons` background, badge or text).
    case composited
    /// Only an iOS-style `UTTypeIconFiles` list of images.
    case files
}

extension SystemIconSource {
    /// The kind of icon a declaration's own icon fields name, by the rule of the embedded catalog:
    /// an icon file or name first, then a composited icon, then an icon-file list.
    public init(declaring icons: TypeIcons) {
        let composited = icons.composited
        if icons.iconFile != nil || composited?.iconFile != nil || composited?.iconName != nil {
            self = .file
        } else if let composited,
            composited.backgroundName != nil || composited.badgeName != nil || composited.text != nil
        {
            self = .composited
        } else if icons.namesIcon {
            self = .files
        } else {
            self = .none
        }
    }
}
