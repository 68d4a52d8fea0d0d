import Foundation
import Testing

/// Runs Scripts/check-workflow-example: the commands of Documentation/github-actions.yml on fixture
/// apps, with the utiscope built beside these tests.
@Suite struct WorkflowExampleTests {
    @Test(
        .enabled(if: executableOnPath("python3") != nil, "python3 runs the script"),
        .enabled(if: builtTool != nil, "the utiscope executable is not beside the tests"))
    func workflowCommandsRunOnFixtures() throws {
        let python = try #require(executableOnPath("python3"))
        let tool = try #require(builtTool)
        let script = fixturesDirectory + "/../Scripts/check-workflow-example"
        let result = try runTool(python, [script, "--utiscope", tool])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("ok: job failed as expected; 9 annotations"))
        #expect(result.output.contains("ok: job passed as expected; 2 annotations"))
    }
}
