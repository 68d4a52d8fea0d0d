/// The files and asset catalogs where an app keeps the resources its Info.plists name (icon
/// files, icon sets), found once when the app is loaded by one walk bounded in depth and in the
/// number of entries read.
///
/// The walk starts at the app's folder (a bundle, a project's source root, or the folder of an
/// Info.plist named directly) and skips what never holds the app's resources: hidden folders,
/// build and vendored folders (``ProjectDiscovery/isSkipped(name:parent:)``), other bundles and
/// projects, and the folders the caller excludes (the folder `browse` shows). Names are matched
/// exactly, as on an iOS device's case-sensitive file system; a name that matches only in another
/// letter case, which a Mac's default file system would accept, is told apart.
public struct ResourceIndex: Sendable {
    /// How a name was found.
    public enum Lookup: Sendable, Hashable {
        /// Found with this exact spelling, at the path.
        case found(path: String)
        /// Found only in another letter case: the path as it is on disk.
        case caseMismatch(path: String)
        /// Not found.
        case missing

        /// Whether the name was found with its exact spelling.
        public var isFound: Bool {
            if case .found = self { return true }
            return false
        }
    }

    /// Extensions tried when a name has none, in Xcode's order of preference.
    public static let candidateExtensions = ["icns", "png", "pdf", "jpg", "tiff", "heic"]
    /// How many folders deep the walk goes below the app's folder.
    public static let maximumDepth = 8
    /// How many directory entries the walk reads at most.
    public static let maximumEntries = 20_000

    /// The folder the walk started at.
    public let root: String
    /// The asset catalogs found, sorted by path.
    public let assetCatalogs: [AssetCatalog]
    /// Whether the walk read every folder it meant to (it stopped at neither bound); when false,
    /// a name not found may still be deeper in the tree.
    public let isComplete: Bool
    /// Whether the index covers the app's resources: a built bundle, a project's source root, or
    /// a folder with asset catalogs. An Info.plist named on its own may keep its resources
    /// anywhere in a checkout, so a name missing there proves little.
    public let isAuthoritative: Bool
    /// The files found, by name lowercased: the paths, sorted.
    private let files: [String: [String]]
    /// The same files by stem, lowercased: the name without its extension and without an `@2x` or
    /// `@3x` suffix, for names given without an extension (one look-up instead of one per
    /// extension Xcode tries).
    private let stems: [String: [String]]

    /// An index of nothing, for an Info.plist read without files around it.
    public static let empty = ResourceIndex(
        root: "", assetCatalogs: [], isComplete: true, isAuthoritative: false, files: [:])

    init(
        root: String, assetCatalogs: [AssetCatalog], isComplete: Bool, isAuthoritative: Bool, files: [String: [String]]
    ) {
        self.root = root
        self.assetCatalogs = assetCatalogs
        self.isComplete = isComplete
        self.isAuthoritative = isAuthoritative
        self.files = files
        var stems: [String: [String]] = [:]
        for paths in files.values {
            for path in paths {
                var stem = Path.baseName(of: path)
                if stem.hasSuffix("@2x") || stem.hasSuffix("@3x") { stem.removeLast(3) }
                stems[stem.lowercased(), default: []].append(path)
            }
        }
        self.stems = stems
    }

    /// An index of files named `fileNames` and asset-catalog sets named `assetNames`, as if found
    /// in one folder that is known to hold the app's resources: for examples and tests.
    public init(fileNames: [String], assetNames: [String]) {
        var files: [String: [String]] = [:]
        for name in fileNames { files[name.lowercased(), default: []].append(name) }
        let sets = assetNames.sorted().map {
            AssetCatalog.NamedSet(
                name: $0, kind: .icon, path: "Assets.xcassets/\($0).iconset", imageFiles: [$0 + ".png"])
        }
        let catalogs = sets.isEmpty ? [] : [AssetCatalog(path: "Assets.xcassets", sets: sets)]
        self.init(root: "", assetCatalogs: catalogs, isComplete: true, isAuthoritative: true, files: files)
    }

    /// Walks `root` (down to `maxDepth` folders below it), never entering `excluded` folders.
    /// `authoritative` says whether the folder is known to hold the app's resources (a bundle or a
    /// project); a folder with asset catalogs counts as such too.
    public static func walking(
        _ root: String, maxDepth: Int = maximumDepth, excluding excluded: [String] = [], authoritative: Bool
    ) -> ResourceIndex {
        let skipped = Set(excluded.map(Path.normalize))
        var files: [String: [String]] = [:]
        var catalogs: [AssetCatalog] = []
        var pending: [(String, Int)] = [(root, 0)]
        var read = 0
        var complete = true
        while let (folder, depth) = pending.popLast() {
            guard let entries = FileSystem.entries(of: folder) else { continue }
            read += entries.count
            if read > maximumEntries {
                complete = false
                break
            }
            for entry in entries {
                let path = Path.join(folder, entry.name)
                switch entry.kind {
                case .file:
                    files[entry.name.lowercased(), default: []].append(path)
                case .directory:
                    let fileExtension = Path.pathExtension(of: entry.name)
                    if fileExtension == "xcassets" {
                        catalogs.append(AssetCatalog.read(path: path))
                        continue
                    }
                    if entry.name.hasPrefix(".") || ProjectDiscovery.isSkipped(name: entry.name, parent: folder)
                        || ["xcodeproj", "xcworkspace", "app", "appex", "framework"].contains(fileExtension)
                        || (!skipped.isEmpty && skipped.contains(Path.normalize(path)))
                    {
                        continue
                    }
                    if depth < maxDepth {
                        pending.append((path, depth + 1))
                    } else {
                        complete = false
                    }
                case .other:
                    continue
                }
            }
        }
        for key in files.keys { files[key]?.sort() }
        return ResourceIndex(
            root: root, assetCatalogs: catalogs.sorted { $0.path < $1.path }, isComplete: complete,
            isAuthoritative: authoritative || !catalogs.isEmpty, files: files)
    }

    /// The file `name` names: a name with a '/' is a path below the root; a name without an
    /// extension is tried with ``candidateExtensions`` and the `@2x`/`@3x` variants, as Xcode
    /// copies icon files.
    public func file(named name: String) -> Lookup {
        guard !name.isEmpty else { return .missing }
        if name.contains("/") {
            let wanted = Path.normalize(Path.join(root, name))
            let last = Path.lastComponent(of: name).lowercased()
            let paths = files[last] ?? []
            if paths.contains(where: { Path.normalize($0) == wanted }) { return .found(path: wanted) }
            let folded = wanted.lowercased()
            if let other = paths.first(where: { Path.normalize($0).lowercased() == folded }) {
                return .caseMismatch(path: other)
            }
            return .missing
        }
        var candidates = [name]
        let folded = name.lowercased()
        var paths = files[folded] ?? []
        if Path.pathExtension(of: name).isEmpty, let stemmed = stems[folded] {
            for fileExtension in Self.candidateExtensions {
                candidates += ["", "@2x", "@3x"].map { name + $0 + "." + fileExtension }
            }
            paths += stemmed
        }
        guard !paths.isEmpty else { return .missing }
        var mismatch: String?
        for candidate in candidates {
            let folded = candidate.lowercased()
            let matching = paths.filter { Path.lastComponent(of: $0).lowercased() == folded }
            if let exact = matching.first(where: { Path.lastComponent(of: $0) == candidate }) {
                return .found(path: exact)
            }
            if mismatch == nil { mismatch = matching.first }
        }
        return mismatch.map { .caseMismatch(path: $0) } ?? .missing
    }

    /// The asset-catalog set `name` names (its name, exactly; another letter case is told apart).
    public func assetSet(named name: String) -> Lookup {
        var mismatch: String?
        for catalog in assetCatalogs {
            for set in catalog.sets {
                if set.name == name { return .found(path: set.path) }
                if mismatch == nil, set.name.lowercased() == name.lowercased() { mismatch = set.path }
            }
        }
        return mismatch.map { .caseMismatch(path: $0) } ?? .missing
    }

    /// An icon named `name` in an Info.plist: an asset-catalog set (also named with an image
    /// extension, `Doc.png` for the set `Doc`) or a file.
    public func icon(named name: String) -> Lookup {
        let set = assetSet(named: name)
        if set.isFound { return set }
        let base = Path.baseName(of: name)
        if base != name, ["icns", "png", "pdf"].contains(Path.pathExtension(of: name)) {
            let byBase = assetSet(named: base)
            if byBase.isFound { return byBase }
        }
        let file = file(named: name)
        if file.isFound { return file }
        if case .caseMismatch = set { return set }
        return file
    }
}
