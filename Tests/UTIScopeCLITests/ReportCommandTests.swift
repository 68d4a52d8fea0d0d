import Foundation
import Testing
import UTIScopeCLI

@Suite struct ReportCommandTests {
    let sketchbook = fixturesDirectory + "/apps/Sketchbook"

    @Test func writesThePageToTheOutputFile() throws {
        let output = try temporaryFolder() + "/report.html"
        let result = utiscope("report", sketchbook, "--output", output)
        #expect(result.status == .success)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("wrote '\(output)': 9 types (9 drawn), 7 files in the browser grid, 9 findings"))
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<svg id=\"graph-svg\""))
        #expect(html.contains("<div id=\"browser-grid\""))
        #expect(html.contains("<table id=\"findings-table\">"))
    }

    @Test func writesToStandardOutputWithoutAnOutputFile() {
        let result = utiscope("report", sketchbook + "/Info.plist", "--fan-out", "2", "--platform", "ios")
        #expect(result.status == .success)
        #expect(result.output.hasPrefix("<!DOCTYPE html>"))
        #expect(result.output.hasSuffix("</html>\n"))
        #expect(utiscope("report", sketchbook, "-o", "-").output == result.output)
    }

    @Test func findingsDoNotFailTheReport() {
        // Sketchbook has lint errors (lint exits 1); the report was written, so 0.
        #expect(utiscope("lint", sketchbook).status == .findings)
        #expect(utiscope("report", sketchbook).status == .success)
    }

    @Test func anUnreadableAppIsAnInputError() throws {
        let missing = utiscope("report", fixturesDirectory + "/apps/NoSuchApp")
        #expect(missing.status == .inputError)
        #expect(missing.errors.contains("no such file or folder"))
        let broken = try temporaryFile("<plist><dict><key>CFBundleIdentifier</key><string>x</dict>", name: "Info.plist")
        let unreadable = utiscope("report", broken)
        #expect(unreadable.status == .inputError)
        #expect(unreadable.output.isEmpty)
        #expect(unreadable.errors.contains("error:"))
        let unwritable = utiscope("report", sketchbook, "--output", "/nonexistent-folder/report.html")
        #expect(unwritable.status == .inputError)
        #expect(unwritable.errors.contains("/nonexistent-folder/report.html: error: cannot write the report"))
    }

    @Test func usageErrors() {
        #expect(utiscope("report", sketchbook, sketchbook).status == .usage)
        #expect(utiscope("report", "--fan-out", "many", sketchbook).status == .usage)
        #expect(utiscope("report", "--fan-out", "-1", sketchbook).status == .usage)
        #expect(utiscope("report", "-").status == .usage)
        let unknown = utiscope("report", "--ouput", "x.html", sketchbook)
        #expect(unknown.status == .usage)
        #expect(unknown.errors.contains("did you mean '--output'?"))
    }

    @Test func helpListsTheCommand() {
        #expect(utiscope("--help").output.contains("  report                  Write an HTML report on an app"))
        let help = utiscope("report", "--help")
        #expect(help.status == .success)
        #expect(help.output.contains("USAGE: utiscope report [<path>] [--output <file>]"))
        #expect(help.output.contains("-o, --output <file>"))
    }
}
