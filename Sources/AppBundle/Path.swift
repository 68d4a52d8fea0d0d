/// Path arithmetic on `/`-separated strings, without touching the file system. Paths keep the
/// spelling the user gave them: nothing is made absolute behind their back.
public enum Path {
    /// `base` and `component` joined with one `/`; an absolute `component` replaces `base`, and an
    /// empty or `.` base leaves `component` as it is.
    public static func join(_ base: String, _ component: String) -> String {
        if component.isEmpty { return base }
        if component.hasPrefix("/") || base.isEmpty || base == "." { return component }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// Everything before the last `/`: `a/b` for `a/b/c`, `.` for `c`, `/` for `/c`.
    public static func directory(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.utf8.lastIndex(of: slashByte) else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// The last component: `c` for `a/b/c` and for `a/b/c/`.
    public static func lastComponent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.utf8.lastIndex(of: slashByte) else { return String(trimmed) }
        return String(trimmed[trimmed.utf8.index(after: slash)...])
    }

    /// The extension of the last component without its dot (`plist` for `Info.plist`), or `""`.
    public static func pathExtension(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.utf8.lastIndex(of: dotByte), dot != name.startIndex else { return "" }
        return String(name[name.utf8.index(after: dot)...])
    }

    /// The last component without its extension (`Info` for `a/Info.plist`).
    public static func baseName(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.utf8.lastIndex(of: dotByte), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `path` with `.` components and `x/..` pairs removed lexically; leading `..` of a relative
    /// path stay. The empty path and a path that cancels out become `.`.
    public static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let current: Substring = "."
        let parent: Substring = ".."
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == current { continue }
            if part == parent, let last = parts.last, last != parent {
                parts.removeLast()
                continue
            }
            if part == parent, absolute { continue }
            parts.append(part)
        }
        // Appended part by part: `joined(separator:)` over substrings and comparisons with
        // string literals are generic and look up type metadata at their first use (~0.1 ms of a
        // lint of one small app, by profile).
        var joined = absolute ? "/" : ""
        for (index, part) in parts.enumerated() {
            if index > 0 { joined += "/" }
            joined += part
        }
        return joined.isEmpty ? "." : joined
    }

    /// `path` expressed relative to `base` when it lies inside it (both normalised), else `nil`.
    public static func relative(_ path: String, to base: String) -> String? {
        let path = normalize(path)
        let base = normalize(base)
        if base == "." { return path.hasPrefix("/") || path.hasPrefix("../") || path == ".." ? nil : path }
        if path == base { return "." }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        guard path.hasPrefix(prefix) else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    /// `path` without trailing slashes, a lone `/` kept. The helpers above work on UTF-8 bytes:
    /// `/` and `.` are ASCII, so a byte index found is a character boundary of the string.
    private static func trimmingTrailingSlashes(_ path: String) -> Substring {
        var trimmed = Substring(path)
        while trimmed.utf8.count > 1, trimmed.utf8.last == slashByte { trimmed = trimmed.dropLast() }
        return trimmed
    }

    private static let slashByte = UInt8(ascii: "/")
    private static let dotByte = UInt8(ascii: ".")
}
