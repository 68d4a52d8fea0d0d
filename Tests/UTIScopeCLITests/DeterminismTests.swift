import Foundation
import Testing

/// The same input gives the same bytes in every run: each command runs twice as separate
/// processes, whose hash seeds differ (the environment leaves out SWIFT_DETERMINISTIC_HASHING), so
/// output that follows a dictionary's or a set's order would differ between them.
@Suite(.enabled(if: builtTool != nil, "the utiscope executable is not beside the tests"))
struct DeterminismTests {
    static let apps = fixturesDirectory + "/apps"

    static let commands: [[String]] = [
        ["lint", "--format", "json", apps],
        ["lint", "--format", "sarif", apps],
        ["lint", "--color", "never", "--verbose", apps],
        // A conformance cycle, an extension, legacy extensions.
        ["report", apps + "/Notebook/Info.plist"],
        // Markup and escapes in every field, a cycle, undeclared types.
        ["report", apps + "/Hostile"],
        ["graph", "--app", apps + "/Notebook", "--format", "json"],
        ["graph", "--app", apps + "/Sketchbook", "--format", "dot"],
        ["app", fixturesDirectory + "/projects/DocumentApp/DocumentApp.xcodeproj", "--format", "json"],
        ["type", "--extension", "txt", "--format", "json"],
    ]

    /// This process's environment without SWIFT_DETERMINISTIC_HASHING (each run then draws its
    /// own hash seed) and with colour off.
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = nil
        environment["NO_COLOR"] = "1"
        return environment
    }()

    @Test(arguments: commands)
    func twoProcessesPrintTheSameBytes(_ arguments: [String]) throws {
        let tool = try #require(builtTool)
        let first = try runTool(tool, arguments, environment: Self.environment)
        let second = try runTool(tool, arguments, environment: Self.environment)
        // Lint finds problems in the fixtures (1); the other commands answer (0).
        #expect(first.status == (arguments[0] == "lint" ? 1 : 0), "\(arguments): \(first.errors)")
        #expect(second.status == first.status)
        #expect(Array(first.output.utf8) == Array(second.output.utf8), "\(arguments)")
        #expect(first.errors == second.errors, "\(arguments)")
    }
}
