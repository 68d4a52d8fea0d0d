import Foundation

/// `utiscope-bench browse DIR [--rounds N]`: the release `utiscope browse --recursive` on gen.py's
/// tree (DIR/tree, about 200,000 files), classified for the app DIR/b_macos.plist where gen.py puts
/// it — above the tree, as an app's Info.plist sits above a checkout's documents — against
/// `find DIR/tree -type f` timed in the same run. Both write to /dev/null; they take turns for N
/// rounds (default 9) and the medians count, so that a slow spell of the machine meets both. The
/// target is 1.3× find's time. Peak memory is shown for the whole tree and for its top folder
/// alone: it should not grow with the tree.
enum BrowseBenchmark {
    static let target = 1.3

    static func run(directory: String, rounds: Int = 9) throws {
        let tree = directory + "/tree"
        let plist = directory + "/b_macos.plist"
        for path in [tree, plist] where !FileManager.default.fileExists(atPath: path) {
            throw BenchError("\(path) is missing: run python3 ../shared/bench/gen.py --only b,e \(directory) first")
        }
        let tool = LintBenchmark.siblingTool("utiscope")
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw BenchError("\(tool) is missing: build it first (swift build -c release)")
        }
        // The app stays where it is: its resources are looked for around it, never in the tree.
        let app = plist

        let find = ["/usr/bin/find", tree, "-type", "f"]
        let browse = [tool, "browse", tree, "--app", app, "--recursive"]
        _ = try runChildAllowingFailure(find)  // warm the cache

        var findTimes: [Double] = []
        var browseTimes: [Double] = []
        var browsePeak = 0
        for _ in 0..<rounds {
            findTimes.append(try runChildAllowingFailure(find).seconds)
            let browseRun = try runChildAllowingFailure(browse)
            guard browseRun.status == 0 else { throw BenchError("utiscope browse failed: \(browseRun.errors)") }
            browseTimes.append(browseRun.seconds)
            browsePeak = max(browsePeak, browseRun.peakBytes)
        }
        let findTime = median(findTimes)
        let browseTime = median(browseTimes)
        let roundRatios = zip(browseTimes, findTimes).map { $0 / $1 }
        let loads = try (0..<3).map { _ in try runChildAllowingFailure([tool, "allowed", "--app", app]).seconds }
        let load = median(loads)
        let topOnly = try runChildAllowingFailure([tool, "browse", tree, "--app", app])
        // Outputs are read last: a spawned child's peak memory starts from this process's.
        let summary = try spawn(browse, keepStandardError: false)
        guard summary.status == 0 else { throw BenchError("utiscope browse failed with status \(summary.status)") }
        let summaryLine = summary.output.split(separator: "\n").first { $0.hasPrefix("summary:") } ?? "no summary"
        let fileCount = try spawn(find, keepStandardError: false).output.utf8.filter { $0 == 0x0A }.count

        print("browse: \(tree) (\(fileCount) files), app \(plist); medians of \(rounds) rounds by turns")
        print("  utiscope browse -r  \(summaryLine)")
        print("  find -type f        \(format(findTime))")
        print("  utiscope browse -r  \(format(browseTime))  (of which loading the app: \(format(load)))")
        print(
            "  browse ÷ find       \(ratio(browseTime / findTime))  (target ≤ \(ratio(target)); rounds from "
                + "\(ratio(roundRatios.min() ?? 0)) to \(ratio(roundRatios.max() ?? 0)))")
        print(
            "  peak memory         \(megabytes(browsePeak)) for the tree, \(megabytes(topOnly.peakBytes)) for its top folder"
        )
        if browseTime / findTime > target {
            print("browse: over the target")
            exit(1)
        }
    }

    static func format(_ seconds: Double) -> String {
        String(format: "%7.1f ms", seconds * 1000)
    }
}
