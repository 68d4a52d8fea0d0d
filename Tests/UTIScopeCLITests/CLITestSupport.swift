import Foundation
import TestScratch
import UTIScopeCLI

/// The package's Fixtures folder, found from this file's path.
let fixturesDirectory: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Fixtures").path
}()

/// What one in-process run of `utiscope` printed and returned.
struct RunResult {
    var status: ExitStatus
    var output: String
    var errors: String
}

/// Runs `utiscope` in-process with `arguments`.
func utiscope(_ arguments: String...) -> RunResult {
    utiscope(arguments)
}

/// Runs `utiscope` in-process with `arguments`, `input` as standard input and `environment` as
/// its environment (none by default, so that the tests' own environment cannot change answers).
func utiscope(_ arguments: [String], input: [UInt8]? = nil, environment: [String: String] = [:]) -> RunResult {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    let context = CommandContext(
        output: output, errors: errors, standardInput: input ?? [], environment: environment)
    let status = UTIScope.run(arguments, context: context)
    return RunResult(status: status, output: output.text, errors: errors.text)
}

/// Writes `text` to a new temporary file and returns its path.
func temporaryFile(_ text: String, name: String = "test.plist") throws -> String {
    try temporaryFile(bytes: Array(text.utf8), name: name)
}

/// Writes `bytes` to a new temporary file and returns its path.
func temporaryFile(bytes: [UInt8], name: String = "test.plist") throws -> String {
    let directory = try Scratch.folder("file")
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
}

/// The path of an executable found on `PATH`, or nil when this machine lacks it.
func executableOnPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// The `utiscope` executable built with the tests (SwiftPM builds every product for them), if found.
let builtTool: String? = {
    var folders: [URL] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
    }
    // On macOS the tests are an .xctest bundle in the build folder.
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        folders.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent())
    }
    return folders.map { $0.appendingPathComponent("utiscope").path }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// What an outside program printed and returned.
struct ToolResult {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs `executable` with `arguments` and waits for it; standard error goes through a file, so
/// neither pipe can fill up while the other is read. The process gets `environment` when given,
/// else this one's.
func runTool(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ToolResult {
    let errorsPath = try temporaryFile("", name: "stderr.txt")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: errorsPath)
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ToolResult(
        status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
        errors: try String(contentsOfFile: errorsPath, encoding: .utf8))
}

/// The options a command's `--help` lists, as the shell types them: `["--format", "-v", "--verbose", …]`.
func optionsInHelp(_ command: String) -> [String] {
    var names: [String] = []
    var inOptions = false
    for line in utiscope(command, "--help").output.split(separator: "\n", omittingEmptySubsequences: false) {
        if line == "OPTIONS:" {
            inOptions = true
            continue
        }
        guard inOptions else { continue }
        guard line.hasPrefix("  -") else {
            if line.isEmpty { break }
            continue
        }
        let label = line.dropFirst(2).split(separator: " ").prefix { $0.hasPrefix("-") }
        names += label.map { String($0.hasSuffix(",") ? $0.dropLast() : $0) }
    }
    return names
}

/// The commands `utiscope --help` lists.
func commandsInHelp() -> [String] {
    let lines = utiscope("--help").output.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else { return [] }
    return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { $0.split(separator: " ").first.map(String.init) }
}
