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
