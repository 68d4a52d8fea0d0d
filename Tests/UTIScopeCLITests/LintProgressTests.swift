import Foundation
import Testing

@testable import UTIScopeCLI

/// The progress line of a long lint: on a terminal only, never under CI, cleared at the end.
@Suite(.serialized) struct LintProgressTests {
    let app = fixturesDirectory + "/apps/Sketchbook/Info.plist"

    /// Standard error of a lint with `LintProgress.delay` zero (every lint is "long").
    func errors(terminal: Bool, environment: [String: String]) -> String {
        let saved = LintProgress.delay
        LintProgress.delay = .zero
        defer { LintProgress.delay = saved }
        let errors = CapturedOutput(isTerminal: terminal)
        let context = CommandContext(output: CapturedOutput(), errors: errors, environment: environment)
        _ = UTIScope.run(["lint", app], context: context)
        return errors.text
    }

    @Test func aTerminalSeesTheLineAndThenItIsCleared() {
        let text = errors(terminal: true, environment: [:])
        #expect(text.contains(" of 1 app… "), "\(text.debugDescription)")
        #expect(text.hasPrefix("\r\u{1B}[K"))
        // Cleared before the summary, which starts on a clean line.
        let afterLastClear = text.components(separatedBy: "\r\u{1B}[K").last ?? ""
        #expect(afterLastClear.hasSuffix(" in 2 files\n"), "\(text.debugDescription)")
        #expect(!afterLastClear.contains("linting"))
    }

    @Test func pipesAndCISeeNothing() {
        #expect(!errors(terminal: false, environment: [:]).contains("linting:"))
        #expect(!errors(terminal: true, environment: ["CI": "true"]).contains("linting:"))
        #expect(!errors(terminal: true, environment: ["TERM": "dumb"]).contains("linting:"))
    }
}
