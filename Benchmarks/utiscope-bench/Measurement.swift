import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One measured run of a task in a child process: wall time and the child's peak memory.
struct Measurement {
    var seconds: Double
    var peakBytes: Int
    var output: String
}

/// Runs `utiscope-bench _task NAME ARGS…` in a child process so each task's peak memory is its own,
/// and returns the fastest of `repetitions` runs (with the largest peak seen).
func measure(task: String, _ arguments: [String], repetitions: Int = 3) throws -> Measurement {
    var best: Measurement?
    for _ in 0..<repetitions {
        let run = try runChild([CommandLine.arguments[0], "_task", task] + arguments)
        if best == nil || run.seconds < (best?.seconds ?? .infinity) {
            best = Measurement(
                seconds: run.seconds, peakBytes: max(run.peakBytes, best?.peakBytes ?? 0), output: run.output)
        } else if let current = best {
            best?.peakBytes = max(current.peakBytes, run.peakBytes)
        }
    }
    guard let best else { throw BenchError("no runs") }
    return best
}

/// Runs a command, timing it and reading its peak resident memory from `wait4`; fails unless it
/// exits with status 0.
func runChild(_ argv: [String]) throws -> Measurement {
    let run = try spawn(argv, keepStandardError: false)
    guard run.status == 0 else { throw BenchError("\(argv.joined(separator: " ")) failed with status \(run.status)") }
    return Measurement(seconds: run.seconds, peakBytes: run.peakBytes, output: run.output)
}

/// Starts `argv` with posix_spawn (not Foundation's Process, which reaps the child itself and so
/// hides its resource usage), collects standard output (or standard error, discarding standard
/// output; or neither, with `discardingAll`), and waits with `wait4` for the exit status and peak
/// memory.
func spawn(_ argv: [String], keepStandardError: Bool, discardingAll: Bool = false) throws -> (
    status: Int32, seconds: Double, peakBytes: Int, output: String
) {
    let pipe = Pipe()
    // An opaque pointer on Darwin (initialized through `&Optional`), a struct on Glibc.
    #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        let environment = _NSGetEnviron().pointee
    #else
        var actions = posix_spawn_file_actions_t()
        let environment = environ
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if discardingAll {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    } else if keepStandardError {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe.fileHandleForWriting.fileDescriptor, 2)
    } else {
        posix_spawn_file_actions_adddup2(&actions, pipe.fileHandleForWriting.fileDescriptor, 1)
    }
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now()
    let status = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environment)
    guard status == 0 else { throw BenchError("cannot start \(argv[0]): \(String(cString: strerror(status)))") }
    try pipe.fileHandleForWriting.close()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    var exitStatus: Int32 = 0
    var usage = rusage()
    wait4(pid, &exitStatus, 0, &usage)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)
    #else
        let peak = Int(usage.ru_maxrss) * 1024
    #endif
    let code = (exitStatus & 0x7F) == 0 ? (exitStatus >> 8) & 0xFF : 128 + (exitStatus & 0x7F)
    return (code, seconds, peak, String(decoding: data, as: UTF8.self))
}

/// A benchmark that cannot run: its reason.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Formats bytes as MB with one decimal.
func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_000_000)
}

/// The middle value of `values` (the mean of the middle two for an even count); `values` is not
/// empty.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Formats a ratio with two decimals.
func ratio(_ value: Double) -> String {
    String(format: "%.2f×", value)
}
