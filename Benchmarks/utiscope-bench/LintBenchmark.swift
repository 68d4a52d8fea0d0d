import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `utiscope-bench lint DIR`: the full semantic `utiscope lint` on gen.py's c_huge.plist against
/// the toolchain's `plutil -lint` (syntax only) on the same file, both as child processes in this
/// one run; the best of three of each. Target: lint at least 4× faster.
enum LintBenchmark {
    static func run(directory: String) throws {
        let path = directory + "/c_huge.plist"
        guard FileManager.default.fileExists(atPath: path) else {
            throw BenchError("\(path) is missing: run python3 ../shared/bench/gen.py first")
        }
        let utiscope = siblingTool("utiscope")
        guard FileManager.default.isExecutableFile(atPath: utiscope) else {
            throw BenchError("\(utiscope) is missing: build the utiscope product first (swift build -c release)")
        }
        guard let plutil = findInPath("plutil") else { throw BenchError("plutil is not on PATH") }
        print("lint: \(path)")
        let lint = try best([
            "/bin/sh", "-c", "exec \"$0\" lint --format json \"$1\" > /dev/null 2> /dev/null", utiscope, path,
        ])
        let syntax = try best([plutil, "-lint", path])
        print("  utiscope lint (all rules)  \(format(lint.seconds))  peak \(megabytes(lint.peakBytes))")
        print("  plutil -lint (syntax only) \(format(syntax.seconds))  peak \(megabytes(syntax.peakBytes))")
        print("  plutil ÷ lint              \(ratio(syntax.seconds / lint.seconds))  (target ≥ 4×)")
    }

    /// The fastest of three runs (exit status 0 or 1: findings are expected).
    static func best(_ argv: [String]) throws -> (seconds: Double, peakBytes: Int) {
        var result: (seconds: Double, peakBytes: Int) = (.infinity, 0)
        for _ in 0..<3 {
            let run = try spawn(argv, keepStandardError: false)
            guard run.status == 0 || run.status == 1 else {
                throw BenchError("\(argv.joined(separator: " ")) failed with status \(run.status)")
            }
            result = (min(result.seconds, run.seconds), max(result.peakBytes, run.peakBytes))
        }
        return result
    }

    /// `name` beside this executable (both are products of one build).
    static func siblingTool(_ name: String) -> String {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent(name).path
    }

    static func findInPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static func format(_ seconds: Double) -> String {
        String(format: "%7.3f s", seconds)
    }
}
