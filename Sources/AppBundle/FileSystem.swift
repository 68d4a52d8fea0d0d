#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX file operations this module needs, without Foundation: Foundation's directory
/// enumerators were 45–80× slower than `readdir` on Linux.
enum FileSystem {
    /// What a directory entry is.
    enum EntryKind: Sendable, Hashable {
        case file
        case directory
        case other
    }

    /// One entry of a directory listing.
    struct Entry: Sendable, Hashable {
        var name: String
        var kind: EntryKind
    }

    /// The largest text file (xcconfig, Contents.json) read: 8 MiB.
    static let textSizeLimit = 8 << 20

    /// The kind of the item at `path` after following links, or `nil` when nothing is there.
    static func kind(of path: String) -> EntryKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return .other
        }
    }

    /// Whether a regular file exists at `path`.
    static func isFile(_ path: String) -> Bool { kind(of: path) == .file }

    /// Whether a directory exists at `path`.
    static func isDirectory(_ path: String) -> Bool { kind(of: path) == .directory }

    /// A path found by ``find(_:in:)``.
    struct Found: Sendable, Hashable {
        /// The path as the directory listings spell it: the base as given, then the names listed.
        var path: String
        /// Whether every name matched with its letter case as written. False when only a file
        /// system that ignores letter case (a Mac's, by default) finds the path; iOS devices,
        /// Linux and case-sensitive volumes do not.
        var caseMatches: Bool
    }

    /// Finds `relative` (names joined by `/`) under the directory `base`, matching each name
    /// against `base`'s listings as written, so that the answer is the same on every file system:
    /// `stat` on a file system that ignores letter case would accept `Info.plist` for a file
    /// `info.plist` that one respecting case treats as missing. Names that differ only in Unicode
    /// normalisation match, as on APFS (a Mac's and an iOS device's). A name with no such match is
    /// matched ignoring letter case, which is reported through ``Found/caseMatches``. `nil` when nothing is there in any case. `.` and `..` are
    /// taken as they are, and a folder that cannot be listed (searchable but not readable) is
    /// asked with `stat`. `base` itself is not checked: it comes from the user. A `relative` that
    /// starts with `/` is looked for from the root instead.
    static func find(_ relative: String, in base: String) -> Found? {
        var path = relative.hasPrefix("/") ? "/" : base
        var caseMatches = true
        for name in relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            if name == "." || name == ".." {
                path = Path.join(path, name)
                continue
            }
            guard let listed = names(in: path) else {
                path = Path.join(path, name)
                guard kind(of: path) != nil else { return nil }
                continue
            }
            // Swift's `==` takes canonically equivalent names (`é` composed or not) as equal, as
            // APFS does on Macs and iOS devices alike; the same bytes are preferred.
            if let match = listed.first(where: { $0.utf8.elementsEqual(name.utf8) })
                ?? listed.first(where: { $0 == name })
            {
                path = Path.join(path, match)
                continue
            }
            let folded = name.lowercased()
            guard let match = listed.first(where: { $0.lowercased() == folded }) else { return nil }
            path = Path.join(path, match)
            caseMatches = false
        }
        return kind(of: path) == nil ? nil : Found(path: path, caseMatches: caseMatches)
    }

    /// The first of `candidates` (paths relative to `base`) that is a regular file with its letter
    /// case as written; failing that, the first that is one only when case is ignored. With the
    /// candidate that matched.
    static func findFile(_ candidates: [String], in base: String) -> (candidate: String, found: Found)? {
        let found = candidates.compactMap { candidate in find(candidate, in: base).map { (candidate, $0) } }
            .filter { kind(of: $0.1.path) == .file }
        return found.first(where: \.1.caseMatches) ?? found.first
    }

    /// `path` (as the user's settings or a project name it) found against the listings of the
    /// folders below `base`, a folder the user named: ``find(_:in:)`` on the part of `path` inside
    /// `base`, or on all of it when it lies elsewhere.
    static func find(_ path: String, under base: String) -> Found? {
        guard let inside = Path.relative(path, to: base) else { return find(path, in: ".") }
        return find(inside, in: base)
    }

    /// The names in the directory at `path`, sorted bytewise (the first case-insensitive match is
    /// then the same on every system); `nil` when it cannot be listed.
    private static func names(in path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let pointer = readdir(directory) {
            let name = DirectoryEntryName.string(of: pointer)
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The entries of the directory at `path`, sorted by name (byte order) so that every walk is
    /// deterministic; `nil` when it cannot be opened. `.` and `..` are left out; links are followed
    /// to learn their kind.
    static func entries(of path: String) -> [Entry]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let pointer = readdir(directory) {
            let name = DirectoryEntryName.string(of: pointer)
            if name == "." || name == ".." { continue }
            let kind: EntryKind
            switch Int32(pointer.pointee.d_type) {
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_REG): kind = .file
            case Int32(DT_LNK), Int32(DT_UNKNOWN): kind = self.kind(of: Path.join(path, name)) ?? .other
            default: kind = .other
            }
            entries.append(Entry(name: name, kind: kind))
        }
        return entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// The bytes of the file at `path`, or the reason it could not be read.
    static func read(_ path: String, limit: Int = textSizeLimit) -> Result<[UInt8], FileReadError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(FileReadError(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(FileReadError(reason: "it is a directory")) }
            if Int(info.st_size) > limit { return .failure(FileReadError(reason: "it is larger than \(limit) bytes")) }
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(FileReadError(reason: String(cString: strerror(errno))))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return .failure(FileReadError(reason: "it is larger than \(limit) bytes")) }
        }
        return .success(bytes)
    }

    /// The text of the file at `path` as UTF-8 (a byte-order mark dropped), or why it could not be read.
    static func readText(_ path: String) -> Result<String, FileReadError> {
        read(path).map { bytes in
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
            return String(decoding: body, as: UTF8.self)
        }
    }
}

/// Why a file could not be read, in `strerror` words.
struct FileReadError: Error, Sendable, Hashable {
    var reason: String
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif
