import Foundation
import Testing

/// Runs Scripts/check-workflow-example: the commands of Documentation/github-actions.yml on fixture
/// apps, with the utiscope built beside these tests.
@Suite struct WorkflowExampleTests {
    /// The `utiscope` executable built with the tests (SwiftPM builds every product for them), if found.
    static var builtTool: String? {
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
    }

    @Test func workflowCommandsRunOnFixtures() throws {
        guard let python = executableOnPath("python3"), let tool = Self.builtTool else { return }
        let script = fixturesDirectory + "/../Scripts/check-workflow-example"
        let result = try runTool(python, [script, "--utiscope", tool])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("ok: job failed as expected; 9 annotations"))
        #expect(result.output.contains("ok: job passed as expected; 2 annotations"))
    }
}
