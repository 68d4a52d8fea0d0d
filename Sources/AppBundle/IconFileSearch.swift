/// Looks for icon files named in an Info.plist (`CFBundleTypeIconFile`, `CFBundleIconFile`,
/// `CFBundleTypeIconFiles`) in a project's folder, as Xcode copies resources by name.
public enum IconFileSearch {
    /// Extensions tried when a name has none, in Xcode's order of preference.
    public static let candidateExtensions = ["icns", "png", "pdf", "jpg", "tiff", "heic"]

    /// The files under `folder` whose name is `name` or, when `name` has no extension, `name`
    /// with one of ``candidateExtensions`` (also the `@2x`/`@3x` variants); sorted by path.
    /// Folders discovery skips are skipped, and bundles and asset catalogs are not entered.
    public static func find(name: String, in folder: String) -> [String] {
        guard !name.isEmpty, !name.contains("/") else {
            let direct = Path.join(folder, name)
            return FileSystem.isFile(direct) ? [direct] : []
        }
        var wanted: Set<String> = [name]
        if Path.pathExtension(of: name).isEmpty {
            for fileExtension in candidateExtensions {
                wanted.insert(name + "." + fileExtension)
                wanted.insert(name + "@2x." + fileExtension)
                wanted.insert(name + "@3x." + fileExtension)
            }
        }
        var found: [String] = []
        var pending = [folder]
        var visited = 0
        while let current = pending.popLast() {
            visited += 1
            guard visited < 100_000, let entries = FileSystem.entries(of: current) else { continue }
            for entry in entries {
                let path = Path.join(current, entry.name)
                switch entry.kind {
                case .file where wanted.contains(entry.name):
                    found.append(path)
                case .directory:
                    let fileExtension = Path.pathExtension(of: entry.name)
                    if ["xcassets", "xcodeproj", "xcworkspace", "app"].contains(fileExtension)
                        || ProjectDiscovery.isSkipped(name: entry.name, parent: current)
                    {
                        continue
                    }
                    pending.append(path)
                default:
                    continue
                }
            }
        }
        return found.sorted()
    }
}
