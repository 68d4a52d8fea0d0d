/// Finds and caches `.utiscope.json` files above inputs, from each input's folder up to the root
/// of the repository holding it (the nearest folder with a `.git` folder or file): a file above a
/// checkout belongs to something else, and would change what a lint in that checkout finds. Out of
/// any repository, the search goes on to `/`. A file that cannot be used is reported once and
/// counted in ``failures``: a broken configuration stops the lint (exit 2) rather than being
/// passed over.
public struct ConfigurationFinder {
    /// Where problems with configuration files go: one line each, `path:line:column: error: …`.
    private let report: (String) -> Void
    /// The `--config` file, used for every input.
    public var fixed: LintConfiguration?
    private var byFolder: [String: LintConfiguration?] = [:]
    /// How many configuration files could not be used.
    public private(set) var failures = 0

    /// A finder that reports problems with the files it reads to `report`.
    public init(report: @escaping (String) -> Void) {
        self.report = report
    }

    /// Reads a configuration file, reporting problems (`path:line:column: error: …`); nil when it
    /// cannot be used.
    public func load(_ path: String) -> LintConfiguration? {
        let bytes: [UInt8]
        switch FileAccess.contents(of: path) {
        case .success(let read): bytes = read
        case .failure(let unreadable):
            report("\(path): error: cannot read the configuration file: \(unreadable.reason)")
            return nil
        }
        let folder = Self.parent(path)
        do {
            let known = Set(RuleRegistry.descriptions.map(\.code))
            let (configuration, warnings) = try LintConfiguration.read(bytes, folder: folder, knownCodes: known)
            for warning in warnings { report("\(warning.place(in: path)): warning: \(warning.message)") }
            return configuration
        } catch {
            report("\(error.place(in: path)): error: \(error.message)")
            return nil
        }
    }

    /// The configuration for an input: `--config`, else the nearest `.utiscope.json` above it
    /// within its repository, else `fallback` (the default configuration unless given).
    public mutating func configuration(for path: String, fallback: LintConfiguration = LintConfiguration())
        -> LintConfiguration
    {
        if let fixed { return fixed }
        guard path != "-" else { return fallback }
        var folder = FileAccess.kind(of: path) == .directory ? path : Self.parent(path)
        var visited: [String] = []
        for _ in 0..<64 {
            if let cached = byFolder[folder] {
                for seen in visited { byFolder[seen] = cached }
                return cached ?? fallback
            }
            visited.append(folder)
            let candidate = folder == "/" ? "/" + LintConfiguration.fileName : folder + "/" + LintConfiguration.fileName
            if FileAccess.read(candidate) != nil {
                let found = load(candidate)
                if found == nil { failures += 1 }
                for seen in visited { byFolder[seen] = .some(found) }
                return found ?? fallback
            }
            if Self.isRepositoryRoot(folder) { break }
            let parent = Self.parent(folder)
            if parent == folder { break }
            folder = parent
        }
        for seen in visited { byFolder[seen] = .some(nil) }
        return fallback
    }

    /// Whether `folder` is the root of a git repository or worktree: it holds `.git` (a folder,
    /// or a file pointing to one).
    static func isRepositoryRoot(_ folder: String) -> Bool {
        FileAccess.kind(of: folder == "/" ? "/.git" : folder + "/.git") != nil
    }

    /// The folder of `path`: `.` for a bare name, `/` for the root; `..` goes up from `.`.
    public static func parent(_ path: String) -> String {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed == "." { return ".." }
        if trimmed.hasSuffix("..") { return trimmed + "/.." }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }
}
