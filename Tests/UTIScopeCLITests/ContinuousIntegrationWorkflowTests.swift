import Foundation
import Testing

/// Checks .github/workflows/ci.yml, which cannot run here: a Linux job runs `.ci/run` with Swift 6.3,
/// and a macOS job builds and tests with the SDK's libxml2, then installs Homebrew's (with pkgconf)
/// and builds and tests with that. The file is
/// read by Scripts/check-workflow-example's YAML reader, the one the workflow example is run with.
@Suite(.enabled(if: executableOnPath("python3") != nil, "python3 reads the workflow"))
struct ContinuousIntegrationWorkflowTests {
    /// A workflow, as far as these tests read it.
    struct Workflow: Decodable {
        var jobs: [String: Job]
    }

    /// One job of a workflow.
    struct Job: Decodable {
        var runsOn: String
        var container: String?
        var steps: [Step]

        enum CodingKeys: String, CodingKey {
            case runsOn = "runs-on"
            case container, steps
        }

        /// The commands of its `run:` steps, one a line, in order.
        var commands: [String] {
            steps.compactMap(\.run).flatMap { script in
                script.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            }
        }
    }

    /// One step of a job.
    struct Step: Decodable {
        var uses: String?
        var run: String?
    }

    /// ci.yml as the YAML reader reads it.
    static func readWorkflow() throws -> Workflow {
        let repository = fixturesDirectory + "/.."
        let python = try #require(executableOnPath("python3"))
        let result = try runTool(
            python,
            [repository + "/Scripts/check-workflow-example", "--read", repository + "/.github/workflows/ci.yml"])
        try #require(result.status == 0, "\(result.errors)")
        return try JSONDecoder().decode(Workflow.self, from: Data(result.output.utf8))
    }

    @Test func linuxJobRunsTheCIScriptInASwift63Container() throws {
        let workflow = try Self.readWorkflow()
        let linux = try #require(workflow.jobs.values.first { $0.runsOn.hasPrefix("ubuntu") })
        #expect(linux.container == "swift:6.3")
        #expect(linux.steps.first?.uses?.hasPrefix("actions/checkout@") == true)
        #expect(linux.commands == ["bash .ci/run"])
    }

    @Test func macOSJobBuildsAndTestsWithBothLibxml2s() throws {
        let workflow = try Self.readWorkflow()
        let mac = try #require(workflow.jobs.values.first { $0.runsOn.hasPrefix("macos") })
        #expect(mac.container == nil)
        #expect(mac.steps.first?.uses?.hasPrefix("actions/checkout@") == true)
        let commands = mac.commands
        let build = try #require(commands.firstIndex(of: "swift build"))
        let test = try #require(commands.firstIndex(of: "swift test"))
        let install = try #require(commands.firstIndex(of: "brew install libxml2 pkgconf"))
        let homebrew = "UTISCOPE_LIBXML2=pkg-config swift "
        let homebrewBuild = try #require(commands.firstIndex { $0.hasPrefix(homebrew + "build") })
        let homebrewTest = try #require(commands.firstIndex { $0.hasPrefix(homebrew + "test") })
        #expect(build < test && test < install && install < homebrewBuild && homebrewBuild < homebrewTest)
        #expect(commands.contains { $0.contains("PKG_CONFIG_PATH=$(brew --prefix libxml2)/lib/pkgconfig") })
    }
}
