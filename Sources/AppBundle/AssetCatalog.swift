/// An asset catalog (`.xcassets`) and the named sets in it that icon keys can refer to.
///
/// `UTTypeIcons` names (`UTTypeIconBackgroundName`, `UTTypeIconBadgeName`) and
/// `CFBundleTypeIconFiles` entries refer to sets by name; `ASSETCATALOG_COMPILER_APPICON_NAME`
/// names the app icon set. Folders inside a catalog that are not sets are groups and are walked;
/// a set's name is its folder's name without the extension (namespaces are not applied).
public struct AssetCatalog: Sendable, Hashable {
    /// What a named set holds.
    public enum SetKind: String, Sendable, Hashable {
        /// `.appiconset`: an app icon.
        case appIcon = "appiconset"
        /// `.iconset`: a (document) icon.
        case icon = "iconset"
        /// `.imageset`: an image.
        case image = "imageset"
        /// `.symbolset`: a custom SF Symbol.
        case symbol = "symbolset"
        /// `.solidimagestack` / `.imagestack` / `.brandassets`: tvOS layered images.
        case layeredImage = "imagestack"
    }

    /// One named set.
    public struct NamedSet: Sendable, Hashable {
        /// The set's name (folder name without extension).
        public var name: String
        /// What it holds.
        public var kind: SetKind
        /// The set's folder.
        public var path: String
        /// The image files in the folder (`.png`, `.pdf`, `.svg`, `.jpg`, `.heic`…), sorted.
        public var imageFiles: [String]

        /// Whether the set has at least one image.
        public var hasImages: Bool { !imageFiles.isEmpty }
    }

    /// The catalog's folder.
    public var path: String
    /// The sets found, sorted by path.
    public var sets: [NamedSet]

    /// The app icon sets (`.appiconset`).
    public var appIconSets: [NamedSet] { sets.filter { $0.kind == .appIcon } }

    /// Whether the catalog has an app icon set with at least one image.
    public var hasAppIconWithImages: Bool { appIconSets.contains { $0.hasImages } }

    /// The set named `name`, preferring an icon kind when several share the name.
    public func set(named name: String) -> NamedSet? {
        let matches = sets.filter { $0.name == name }
        return matches.first { $0.kind == .appIcon || $0.kind == .icon } ?? matches.first
    }

    /// Extensions of files that count as images in a set.
    static let imageExtensions: Set<String> = [
        "png", "pdf", "svg", "jpg", "jpeg", "heic", "heif", "tif", "tiff", "gif", "icns",
    ]

    /// Reads the catalog at `path` (an `.xcassets` folder).
    public static func read(path: String) -> AssetCatalog {
        var sets: [NamedSet] = []
        collect(path, into: &sets, depth: 0)
        return AssetCatalog(path: path, sets: sets.sorted { $0.path < $1.path })
    }

    /// Every `.xcassets` catalog under `directory` (down to `maxDepth` folders below it), skipping
    /// the folders discovery skips, sorted by path.
    public static func scan(directory: String, maxDepth: Int = Int.max) -> [AssetCatalog] {
        var catalogs: [AssetCatalog] = []
        var pending = [(directory, 0)]
        var visited = 0
        while let (folder, depth) = pending.popLast() {
            visited += 1
            guard visited < 100_000, let entries = FileSystem.entries(of: folder) else { continue }
            for entry in entries where entry.kind == .directory {
                let child = Path.join(folder, entry.name)
                if Path.pathExtension(of: entry.name) == "xcassets" {
                    catalogs.append(read(path: child))
                } else if depth < maxDepth && !ProjectDiscovery.isSkipped(name: entry.name, parent: folder) {
                    pending.append((child, depth + 1))
                }
            }
        }
        return catalogs.sorted { $0.path < $1.path }
    }

    private static func collect(_ folder: String, into sets: inout [NamedSet], depth: Int) {
        guard depth < 32, let entries = FileSystem.entries(of: folder) else { return }
        for entry in entries where entry.kind == .directory {
            let child = Path.join(folder, entry.name)
            let fileExtension = Path.pathExtension(of: entry.name)
            let kind: SetKind?
            switch fileExtension {
            case "appiconset": kind = .appIcon
            case "iconset": kind = .icon
            case "imageset": kind = .image
            case "symbolset": kind = .symbol
            case "imagestack", "solidimagestack", "brandassets": kind = .layeredImage
            default: kind = nil
            }
            if let kind {
                let images = (FileSystem.entries(of: child) ?? []).filter {
                    $0.kind == .file && imageExtensions.contains(Path.pathExtension(of: $0.name).lowercased())
                }.map(\.name)
                sets.append(NamedSet(name: Path.baseName(of: entry.name), kind: kind, path: child, imageFiles: images))
            } else if fileExtension.isEmpty {
                collect(child, into: &sets, depth: depth + 1)
            }
        }
    }
}
