import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Temporary files for the tests: every folder is made under one folder per test process,
/// which is removed with everything in it when the process exits normally (failed expectations
/// included), so that a test run leaves nothing behind in the temporary directory; a crash or a
/// killed run leaves that one folder.
///
/// The folder holds an empty `.git` folder: to `utiscope` it is the root of a repository, so a
/// `.utiscope.json` above it (in the temporary directory, say) is never read by a test.
public enum Scratch {
    /// The test process's own folder in the temporary directory, made on first use.
    public static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "utiscope-tests-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(
            at: url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Scratch.root) }
        return url
    }()

    /// A new empty folder under ``root``, its name starting with `prefix`.
    public static func folder(_ prefix: String = "scratch") throws -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
