import PropertyList
import Support
import SwiftSource

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which Swift files belong to which app, and reading them.
///
/// An Xcode target's files are those its Sources build phase compiles and those its synchronised
/// folders give it (``SynchronizedFolder``). Outside projects (SwiftPM, XcodeGen, Tuist), a file
/// belongs to the loose Info.plist nearest in the folder tree, as loose extensions pair with
/// their app (``AppLoader/pairingLooseExtensions(_:loose:)``): the one nearest, if exactly one is
/// nearest and its folder is at most two levels below a folder holding the file; a file nearest
/// an extension's Info.plist is the extension's and is not read. Walks skip build products
/// (`build`, `.build`, `DerivedData`), vendored code (`Pods`, `Carthage`, `SourcePackages`,
/// `node_modules`), hidden folders, test folders (`Tests`, `…Tests`) and `Package.swift`.
public enum SwiftSourceFiles {
    /// Folder names a walk for Swift files never enters.
    public static let skippedNames: Set<String> = [
        "build", ".build", "DerivedData", "Pods", "Carthage", "SourcePackages", "node_modules",
    ]

    /// The deepest a walk goes.
    static let maximumDepth = 32

    /// Whether a walk for Swift files enters the folder `name`.
    public static func entersFolder(_ name: String) -> Bool {
        guard !name.hasPrefix("."), !skippedNames.contains(name), name != "Tests", !name.hasSuffix("Tests") else {
            return false
        }
        // Bundles and Xcode's own folders hold no source of the app.
        let skippedExtensions: Set<String> = ["xcodeproj", "xcworkspace", "xcassets", "app", "appex", "playground"]
        return !skippedExtensions.contains(Path.pathExtension(of: name))
    }

    /// Whether `name` is a Swift file a walk keeps.
    static func isSwiftFile(_ name: String) -> Bool {
        name.hasSuffix(".swift") && name != "Package.swift" && !name.hasPrefix(".")
    }

    /// The Swift files below `folder`, in byte order of their paths (`--sources DIR`).
    public static func files(under folder: String) -> [String] {
        var files: [String] = []
        walk(folder, relative: "", depth: 0) { path, _ in files.append(path) }
        return files
    }

    /// The Swift files of `target`: its Sources phase's, then its synchronised folders', each once.
    public static func files(of target: XcodeTarget) -> [String] {
        var files = target.swiftSources
        var seen = Set(files.map(Path.normalize))
        for folder in target.synchronizedFolders {
            if folder.isMember {
                walk(folder.path, relative: "", depth: 0) { path, relative in
                    if folder.contains(relativePath: relative), seen.insert(Path.normalize(path)).inserted {
                        files.append(path)
                    }
                }
            } else {
                // Only the files the exceptions name: no walk.
                for exception in folder.exceptions where isSwiftFile(Path.lastComponent(of: exception)) {
                    let path = Path.join(folder.path, exception)
                    if FileSystem.isFile(path), seen.insert(Path.normalize(path)).inserted { files.append(path) }
                }
            }
        }
        return files
    }

    /// Calls `body` with the path and the path relative to `folder` of every Swift file below it.
    private static func walk(
        _ folder: String, relative: String, depth: Int, _ body: (_ path: String, _ relative: String) -> Void
    ) {
        guard depth < maximumDepth, let entries = FileSystem.entries(of: folder) else { return }
        for entry in entries {
            let path = Path.join(folder, entry.name)
            let relativePath = relative.isEmpty ? entry.name : relative + "/" + entry.name
            switch entry.kind {
            case .directory:
                if entersFolder(entry.name) { walk(path, relative: relativePath, depth: depth + 1, body) }
            case .file:
                if isSwiftFile(entry.name) { body(path, relativePath) }
            case .other:
                continue
            }
        }
    }

    /// For each of `units` (loose Info.plists), the Swift files of `swiftFolders` that pair with
    /// it: not `claimed` by a project's target (normalised paths), nearest to its folder rather
    /// than to another unit's or to one of its extensions'. Distances are worked out once per
    /// folder.
    static func pairing(
        _ units: [AppUnit], swiftFolders: [(folder: String, files: [String])], claimed: Set<String>
    ) -> [[String]] {
        var assigned = [[String]](repeating: [], count: units.count)
        guard !units.isEmpty else { return assigned }
        // Every folder that may own code: each unit's, and each of its extensions'.
        var owners: [(unit: Int?, folder: [Substring])] = []
        for (index, unit) in units.enumerated() {
            owners.append((index, components(unit.folder)))
            for plist in unit.extensions {
                owners.append((nil, components(Path.directory(of: plist.file))))
            }
        }
        for (folderPath, files) in swiftFolders {
            let folder = components(folderPath)
            var best: Int?
            var bestOwners: [Int?] = []
            for owner in owners {
                let shared = zip(folder, owner.folder).prefix { $0 == $1 }.count
                let down = owner.folder.count - shared
                guard down <= 2 else { continue }
                let distance = folder.count - shared + down
                if best == nil || distance < best ?? 0 {
                    best = distance
                    bestOwners = [owner.unit]
                } else if distance == best {
                    bestOwners.append(owner.unit)
                }
            }
            guard bestOwners.count == 1, let unit = bestOwners[0] else { continue }
            assigned[unit] += claimed.isEmpty ? files : files.filter { !claimed.contains(Path.normalize($0)) }
        }
        return assigned
    }

    private static func components(_ path: String) -> [Substring] {
        Path.normalize(path).split(separator: "/").filter { $0 != "." }
    }

    /// Reads `paths` (on all cores) into the app's code facts; a file that cannot be read is a
    /// finding and is left out.
    public static func read(_ paths: [String]) -> (code: SwiftCodeFacts, findings: [AppBundleFinding]) {
        let read = readFiles(paths)
        return (SwiftCodeFacts(files: read.compactMap(\.file)), read.compactMap(\.finding))
    }

    /// Each of `paths` read on its own (on all cores): the file, or why it could not be read.
    static func readFiles(_ paths: [String]) -> [(file: SwiftFile?, finding: AppBundleFinding?)] {
        ParallelMap.map(paths) { path -> (file: SwiftFile?, finding: AppBundleFinding?) in
            switch contents(of: path) {
            case .success(let bytes): return (SwiftFile(path: path, bytes: bytes), nil)
            case .failure(let error):
                return (
                    nil,
                    AppBundleFinding(
                        .unreadableSource(path: path, reason: error.reason), at: SourceLocation(file: path))
                )
            }
        }
    }

    /// The bytes of the Swift file at `path`, read straight into an array of the file's size:
    /// `FileSystem.read`'s zeroed 64 KB chunk and copy per file cost a fifth of the reading's
    /// time beside the lexer on an app of 300 files (`utiscope-bench swift`).
    static func contents(of path: String) -> Result<[UInt8], FileReadError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(FileReadError(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            // Not a regular file (a pipe, say): the general reader.
            return FileSystem.read(path, limit: FileSystem.textSizeLimit)
        }
        let size = Int(info.st_size)
        guard size <= FileSystem.textSizeLimit else {
            return .failure(FileReadError(reason: "it is larger than \(FileSystem.textSizeLimit) bytes"))
        }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var done = 0
            while done < size, let base = buffer.baseAddress {
                let count = readBytes(descriptor, base + done, size - done)
                if count < 0 && errno == EINTR { continue }
                if count < 0 { failure = errno }
                guard count > 0 else { break }
                done += count
            }
            initialized = done
        }
        if failure != 0 { return .failure(FileReadError(reason: String(cString: strerror(failure)))) }
        return .success(bytes)
    }
}

#if canImport(Glibc)
    private let readBytes = Glibc.read
#elseif canImport(Darwin)
    private let readBytes = Darwin.read
#endif
