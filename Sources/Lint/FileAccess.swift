import PropertyList

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading and writing the files the linter's features use (configuration, baselines, fixes).
public enum FileAccess {
    /// What a path names.
    public enum Kind: Sendable, Hashable {
        /// A file (or anything that is not a directory).
        case file
        /// A directory.
        case directory
    }

    /// What `path` names, or nil when nothing is there.
    public static func kind(of path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    /// The bytes of `path`, or nil when it cannot be read.
    public static func read(_ path: String) -> [UInt8]? { SourceFile.read(path) }

    /// Why a file could not be read, in the words of `cannot read file: …`.
    public struct Unreadable: Error, Sendable, Hashable {
        /// The reason: `no such file or folder`, `it is a directory`, the system's words otherwise.
        public var reason: String
    }

    /// The bytes of `path`, or why they cannot be read.
    public static func contents(of path: String) -> Result<[UInt8], Unreadable> {
        do {
            return .success(try FileInput.readAll(path: path, limit: .max))
        } catch {
            if case .unreadable(let reason) = error.problem { return .failure(Unreadable(reason: reason)) }
            return .failure(Unreadable(reason: error.problem.message))
        }
    }

    /// Writes `bytes` to `path` (through a temporary file renamed over it); false on failure.
    public static func write(_ bytes: [UInt8], to path: String) -> Bool { SourceFile.write(bytes, to: path) }

    /// Writes `bytes` to `path`; nil when written, else why not (`no such file or folder`).
    public static func writeFailure(_ bytes: [UInt8], to path: String) -> String? {
        SourceFile.writeFailure(bytes, to: path)
    }
}
