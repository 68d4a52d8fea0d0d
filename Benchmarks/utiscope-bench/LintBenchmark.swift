import AppBundle
import Foundation
import Lint
import PropertyList

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `utiscope-bench lint DIR [--rounds N]`: the full semantic `utiscope lint` on gen.py's
/// c_huge.plist against the toolchain's `plutil -lint` (syntax only) on the same file, both as
/// child processes in this one run; the best of three of each, taking turns. Target: lint at least
/// 3× faster (the median of the rounds). With `--rounds N`, the comparison is made N times in a
/// row and the rounds' ratios are summarised (lowest, median, highest): on a shared machine one
/// round is one sample.
enum LintBenchmark {
    /// The floor for the median of the rounds' ratios: `plutil -lint` ÷ `utiscope lint`.
    static let target = 3.0

    static func run(directory: String, rounds: Int = 1) throws {
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
        var ratios: [Double] = []
        for round in 1...max(rounds, 1) {
            if rounds > 1 { print("round \(round) of \(rounds)") }
            let (lint, syntax) = try bestAlternating(
                ["/bin/sh", "-c", "exec \"$0\" lint --format json \"$1\" > /dev/null 2> /dev/null", utiscope, path],
                [plutil, "-lint", path])
            print("  utiscope lint (all rules)  \(format(lint.seconds))  peak \(megabytes(lint.peakBytes))")
            print("  plutil -lint (syntax only) \(format(syntax.seconds))  peak \(megabytes(syntax.peakBytes))")
            print(
                "  plutil ÷ lint              \(ratio(syntax.seconds / lint.seconds))  (target: a median ≥ \(ratio(target)))"
            )
            ratios.append(syntax.seconds / lint.seconds)
        }
        if rounds > 1 {
            let summary = Self.summary(of: ratios)
            print(
                "plutil ÷ lint in \(rounds) rounds: lowest \(ratio(summary.lowest)), median \(ratio(summary.median)), "
                    + "highest \(ratio(summary.highest)); \(summary.atTarget) of \(rounds) at or above \(ratio(target))"
            )
        }
        try phases(path)
    }

    /// The lowest, median (the mean of the middle two for an even count) and highest of `ratios`,
    /// and how many reach the target; `ratios` is not empty.
    static func summary(of ratios: [Double]) -> (lowest: Double, median: Double, highest: Double, atTarget: Int) {
        (ratios.min() ?? 0, median(ratios), ratios.max() ?? 0, ratios.count { $0 >= target })
    }

    /// Where the lint's time goes, in this process (the best of three of each phase, as the
    /// library runs it: the model, the context, the rules and the JSON on both cores), as shares
    /// of their sum and in seconds; then each rule alone on one core, as shares of all rules and
    /// in seconds: what to make faster first.
    static func phases(_ path: String) throws {
        var best: [(name: String, seconds: Double, cpu: Double)] = [
            ("read the XML", .infinity, 0), ("Info.plist model", .infinity, 0),
            ("context (catalog, indexes)", .infinity, 0), ("rules, suppressions, sort", .infinity, 0),
            ("JSON", .infinity, 0),
        ]
        var context: LintContext?
        for _ in 0..<3 {
            var marks = [(DispatchTime.now(), processorSeconds())]
            let document = try PropertyListReader().read(contentsOf: path)
            marks.append((DispatchTime.now(), processorSeconds()))
            let app = InfoPlist(document: document)
            marks.append((DispatchTime.now(), processorSeconds()))
            let built = LintContext(unit: AppUnit(name: "c_huge", infoPlist: app, folder: "/nonexistent"))
            marks.append((DispatchTime.now(), processorSeconds()))
            let diagnostics = Linter().lint(built)
            marks.append((DispatchTime.now(), processorSeconds()))
            let bytes = JSONReporter().renderBytes(LintReport(diagnostics: diagnostics, files: 1))
            marks.append((DispatchTime.now(), processorSeconds()))
            precondition(!bytes.isEmpty)
            for index in best.indices {
                let seconds = TypesBenchmark.seconds(marks[index].0, marks[index + 1].0)
                if seconds < best[index].seconds {
                    best[index] = (best[index].name, seconds, marks[index + 1].1 - marks[index].1)
                }
            }
            context = built
        }
        let total = best.reduce(0) { $0 + $1.seconds }
        print(
            "  in-process phases (share of \(format(total).trimmingCharacters(in: .whitespaces)); CPU time: how many cores were busy):"
        )
        for phase in best {
            print(
                "    \(phase.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(share(phase.seconds / total))  \(format(phase.seconds))  CPU \(format(phase.cpu))"
            )
        }
        guard let context else { return }
        var rules: [(code: String, seconds: Double, findings: Int)] = []
        for rule in RuleRegistry.rules {
            let start = DispatchTime.now()
            let found = rule.check(context)
            rules.append(
                (type(of: rule).description.code, TypesBenchmark.seconds(start, DispatchTime.now()), found.count))
        }
        let all = rules.reduce(0) { $0 + $1.seconds }
        print(
            "  rules one at a time (share of \(format(all).trimmingCharacters(in: .whitespaces)) on one core), the ten slowest:"
        )
        for rule in rules.sorted(by: { $0.seconds > $1.seconds }).prefix(10) {
            print(
                "    \(rule.code.padding(toLength: 10, withPad: " ", startingAt: 0)) \(share(rule.seconds / all))  \(format(rule.seconds))  \(rule.findings) findings"
            )
        }
    }

    /// User and system time this process has used so far, on all its threads.
    static func processorSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    static func share(_ fraction: Double) -> String {
        String(format: "%5.1f%%", fraction * 100)
    }

    /// The fastest of three runs of each command (exit status 0 or 1: findings are expected), the
    /// two taking turns: on a shared machine whose speed drifts, both then see the same spells.
    static func bestAlternating(_ first: [String], _ second: [String]) throws -> (
        first: (seconds: Double, peakBytes: Int), second: (seconds: Double, peakBytes: Int)
    ) {
        var results: [(seconds: Double, peakBytes: Int)] = [(.infinity, 0), (.infinity, 0)]
        for _ in 0..<3 {
            for (slot, argv) in [first, second].enumerated() {
                let run = try spawn(argv, keepStandardError: false)
                guard run.status == 0 || run.status == 1 else {
                    throw BenchError("\(argv.joined(separator: " ")) failed with status \(run.status)")
                }
                results[slot] = (min(results[slot].seconds, run.seconds), max(results[slot].peakBytes, run.peakBytes))
            }
        }
        return (results[0], results[1])
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
