import Foundation
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

/// Runs `utiscope` in-process with `arguments`, and `input` as standard input.
func utiscope(_ arguments: [String], input: [UInt8]? = nil) -> RunResult {
    let output = CapturedOutput()
    let errors = CapturedOutput()
    let context = CommandContext(output: output, errors: errors, standardInput: input ?? [])
    let status = UTIScope.run(arguments, context: context)
    return RunResult(status: status, output: output.text, errors: errors.text)
}

/// Writes `text` to a new temporary file and returns its path.
func temporaryFile(_ text: String, name: String = "test.plist") throws -> String {
    try temporaryFile(bytes: Array(text.utf8), name: name)
}

/// Writes `bytes` to a new temporary file and returns its path.
func temporaryFile(bytes: [UInt8], name: String = "test.plist") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("utiscope-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
}
