#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a path, by `stat` (links followed): the one file-system question the answers ask
/// of a single path.
enum FileStatus: Sendable, Hashable {
    /// Nothing is there (or it cannot be reached).
    case missing
    /// A directory.
    case directory
    /// Anything else: a file, a device, a socket.
    case file

    /// The status of `path`.
    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            self = .missing
            return
        }
        self = (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }
}
