import Foundation
import TestScratch
import Testing
import UTIScopeCLI

/// Colour follows the conventions other tools follow, and infos can be left out.
@Suite struct OutputPreferenceTests {
    let app = fixturesDirectory + "/apps/Sketchbook/Info.plist"

    /// `lint` run as on a terminal, with `environment`.
    func onTerminal(_ arguments: [String], environment: [String: String]) -> (
        status: UTIScopeCLI.ExitStatus, output: String
    ) {
        let output = CapturedOutput(isTerminal: true)
        let context = CommandContext(output: output, errors: CapturedOutput(isTerminal: true), environment: environment)
        let status = UTIScope.run(arguments, context: context)
        return (status, output.text)
    }

    /// The environment a command sees by default is the process's, read as Foundation reads it.
    @Test func theProcessEnvironmentIsReadWhole() {
        let name = "UTISCOPE_TEST_VARIABLE_\(UInt32.random(in: 0...UInt32.max))"
        setenv(name, "a=b c", 1)
        defer { unsetenv(name) }
        let variables = CommandContext.processEnvironment()
        #expect(variables[name] == "a=b c")
        #expect(variables == ProcessInfo.processInfo.environment)
        #expect(CommandContext(output: CapturedOutput(), errors: CapturedOutput()).environment[name] == "a=b c")
    }

    @Test func aTerminalGetsColourUnlessNoColorOrADumbTerminal() {
        #expect(onTerminal(["lint", app], environment: [:]).output.contains("\u{1B}[1;35mwarning\u{1B}[0m"))
        for environment in [["NO_COLOR": "1"], ["NO_COLOR": ""], ["TERM": "dumb"]] {
            let plain = onTerminal(["lint", app], environment: environment).output
            #expect(!plain.contains("\u{1B}"), "\(environment)")
            #expect(plain.contains(": warning: "), "\(environment)")
        }
        // --color always wins over the environment.
        #expect(
            onTerminal(["lint", "--color", "always", app], environment: ["NO_COLOR": "1"]).output.contains("\u{1B}["))
    }

    /// Notes are drawn bold in the terminal's own colour, never bold black.
    @Test func notesAreVisibleOnADarkTerminal() {
        let output = onTerminal(["lint", "--color", "always", app], environment: [:]).output
        #expect(output.contains("\u{1B}[1mnote\u{1B}[0m"))
        #expect(!output.contains("\u{1B}[1;30m"))
    }

    @Test func quietLeavesInfosOutButTheyStillCount() {
        let all = utiscope("lint", "--color", "never", app)
        let quiet = utiscope("lint", "--quiet", "--color", "never", app)
        #expect(all.output.contains(": info: "))
        #expect(!quiet.output.contains(": info: "))
        #expect(
            quiet.output.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
                == all.output.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") })
        let infos = all.output.split(separator: "\n").filter { $0.contains(": info: ") }.count
        #expect(quiet.errors.contains(" (\(infos) finding(s) below warning not shown)"))
        #expect(quiet.status == all.status)
        let json = utiscope("lint", "--min-severity", "warning", "--format", "json", app)
        #expect(!json.output.contains("\"severity\": \"info\""))
        // A warning left out still fails a --strict run.
        let errorsOnly = utiscope("lint", "--min-severity", "error", "--strict", app)
        #expect(!errorsOnly.output.contains("warning"))
        #expect(errorsOnly.status == .findings)
        #expect(utiscope("lint", "--min-severity", "loud", app).status == .usage)
    }
}
