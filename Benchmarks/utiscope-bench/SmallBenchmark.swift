import Foundation

/// `utiscope-bench small DIR [--rounds N]`: what an Xcode build phase, a pre-commit hook or a CI
/// step waits on — the release `utiscope lint` of one typical app — against the toolchain's
/// `plutil -lint` (syntax only) on the same property lists, both as whole processes taking turns
/// in this one run. The apps: gen.py's DIR/a_ios.plist and the bundled Sketchbook fixture (its
/// Info.plist and its extension's). Each of the N rounds (default 20) runs every command once;
/// the medians count. `utiscope --version` is timed beside them: the part of every run that is
/// the process starting. Target: the lint takes at most as long as `plutil -lint`.
enum SmallBenchmark {
    static let target = 1.0

    /// An app to lint: what `utiscope lint` is given, and the property lists `plutil` checks.
    struct App {
        var name: String
        var lintArgument: String
        var plists: [String]
    }

    static func run(directory: String, rounds: Int = 20) throws {
        let utiscope = LintBenchmark.siblingTool("utiscope")
        guard FileManager.default.isExecutableFile(atPath: utiscope) else {
            throw BenchError("\(utiscope) is missing: build the utiscope product first (swift build -c release)")
        }
        guard let plutil = LintBenchmark.findInPath("plutil") else { throw BenchError("plutil is not on PATH") }
        let apps = try Self.apps(directory: directory)

        var commands: [[String]] = [[utiscope, "--version"]]
        for app in apps {
            commands.append([utiscope, "lint", app.lintArgument])
            commands.append([plutil, "-lint"] + app.plists)
        }
        for argv in commands { _ = try spawnQuietly(argv) }  // warm the page cache
        var times = Array(repeating: [Double](), count: commands.count)
        for _ in 0..<rounds {
            for (slot, argv) in commands.enumerated() { times[slot].append(try spawnQuietly(argv)) }
        }
        let medians = times.map { median($0) }

        print("small: utiscope lint against plutil -lint, whole processes, medians of \(rounds) rounds by turns")
        print("  utiscope --version (the start alone)  \(format(medians[0]))")
        var over = false
        for (number, app) in apps.enumerated() {
            let lint = medians[1 + 2 * number]
            let syntax = medians[2 + 2 * number]
            print("  \(app.name)")
            print("    utiscope lint (all rules)           \(format(lint))")
            print("    plutil -lint (syntax only)          \(format(syntax))")
            print("    lint ÷ plutil                       \(ratio(lint / syntax))  (target ≤ \(ratio(target)))")
            over = over || lint / syntax > target
        }
        if over {
            print("small: over the target")
            exit(1)
        }
    }

    /// gen.py's typical iOS app and the package's Sketchbook fixture, found from the current folder
    /// (the package's root, where `swift run` and CI start).
    static func apps(directory: String) throws -> [App] {
        let typical = directory + "/a_ios.plist"
        guard FileManager.default.fileExists(atPath: typical) else {
            throw BenchError("\(typical) is missing: run python3 ../shared/bench/gen.py \(directory) first")
        }
        let sketchbook = "Fixtures/apps/Sketchbook"
        let plists = [sketchbook + "/Info.plist", sketchbook + "/PlugIns/SketchThumbnails.appex/Info.plist"]
        for path in plists where !FileManager.default.fileExists(atPath: path) {
            throw BenchError("\(path) is missing: run utiscope-bench small from the package's root folder")
        }
        return [
            App(name: "gen.py's a_ios.plist", lintArgument: typical, plists: [typical]),
            App(name: "Fixtures/apps/Sketchbook (2 plists)", lintArgument: sketchbook, plists: plists),
        ]
    }

    /// Runs `argv` with its output discarded and returns its wall time; exit status 0 or 1 (a lint
    /// with findings) counts as a run.
    static func spawnQuietly(_ argv: [String]) throws -> Double {
        let run = try spawn(argv, keepStandardError: false, discardingAll: true)
        guard run.status == 0 || run.status == 1 else {
            throw BenchError("\(argv.joined(separator: " ")) failed with status \(run.status)")
        }
        return run.seconds
    }

    static func format(_ seconds: Double) -> String {
        String(format: "%6.1f ms", seconds * 1000)
    }
}
