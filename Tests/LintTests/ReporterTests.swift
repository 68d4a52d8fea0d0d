import Foundation
import Testing

@testable import Lint

@Suite struct ReporterTests {
    @Test func textMatchesGolden() throws {
        let sources = ["App/Info.plist": Array((1...40).map { "\t\t<line \($0)>" }.joined(separator: "\n").utf8)]
        let text = TextReporter().render(sampleReport)
        #expect(text == (try golden("report.txt", text)))
        let verbose = TextReporter(verbose: true, sources: sources).render(sampleReport)
        #expect(verbose == (try golden("report-verbose.txt", verbose)))
    }

    @Test func textNeverInventsZeroAndNamesKeyPathsWithoutLines() {
        let text = TextReporter().render(sampleReport)
        #expect(!text.contains(":0:"))
        #expect(text.contains("Binary App/Info.plist: info: "))
        #expect(text.contains("(at UTExportedTypeDeclarations[0].UTTypeIdentifier) [UTI-005]"))
        #expect(text.contains("\\n"), "a line break from input is escaped")
    }

    @Test func verboseExcerptsOfLongLinesAreWindowsAroundTheCaret() throws {
        // A one-line plist of 20,000 bytes with a finding near its end: the excerpt is a bounded
        // window, cut at both ends, with the caret under the finding's first character.
        let filler = String(repeating: "<key>K</key><string>ééé</string>", count: 600)
        let text =
            "<plist><dict>\(filler)<key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeName</key><string>X</string></dict></array>\(filler)</dict></plist>"
        let diagnostics = Linter().lint(text: text, file: "One.plist").filter { $0.code == "DOC-002" }
        let column = try #require(diagnostics.first?.location.column)
        let rendered = TextReporter(verbose: true, sources: ["One.plist": Array(text.utf8)]).render(
            LintReport(diagnostics: diagnostics, files: 1))
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let source = lines[1]
        let caretLine = lines[2]
        #expect(source.hasPrefix("    …") && source.hasSuffix("…"))
        #expect(source.utf8.count < TextReporter.excerptWidth + 20)
        let caretOffset = try #require(caretLine.firstIndex(of: "^")).utf16Offset(in: caretLine)
        let shownCharacter = source[source.index(source.startIndex, offsetBy: caretOffset)]
        #expect(shownCharacter == "<", "the caret stands under the entry's '<dict>'")
        // Columns count Unicode scalars: the 'é's before it are one column each.
        #expect(Array(text.unicodeScalars)[column - 1] == "<")
        // A short line is shown whole.
        let short = TextReporter(verbose: true, sources: ["One.plist": Array("<dict>".utf8)]).render(
            LintReport(
                diagnostics: [
                    Diagnostic(
                        code: "X", name: "x", severity: .info, message: "m",
                        location: .init(file: "One.plist", line: 1, column: 1))
                ],
                files: 1))
        #expect(short.contains("    <dict>\n    ^\n"))
    }

    @Test func theCaretAccountsForEscapesTabsAndAByteOrderMark() {
        // Line 1 after a BOM: '<x>', a zero-width space (shown escaped), a tab, then '<y>' at column 6.
        let bytes = [0xEF, 0xBB, 0xBF] + Array("<x>\u{200B}\t<y>\n".utf8)
        let finding = Diagnostic(
            code: "X", name: "x", severity: .info, message: "m",
            location: .init(file: "B.plist", line: 1, column: 6))
        let rendered = TextReporter(verbose: true, sources: ["B.plist": bytes]).render(
            LintReport(diagnostics: [finding, finding.with(column: 1)], files: 1))
        let lines = rendered.split(separator: "\n").map(String.init)
        #expect(lines[1] == "    <x>\\u{200B}\t<y>")
        #expect(lines[2] == "    " + String(repeating: " ", count: 11) + "\t^")
        // A second finding on the line, at an earlier column, is found from the line's start.
        #expect(lines[5] == "    ^")
    }

    /// Each severity word (and `note`) is wrapped in its colour, and nothing else is: without
    /// those wrappers the text is the plain text, escape for escape.
    @Test func colorWrapsSeveritiesOnly() {
        let plain = TextReporter(color: false).render(sampleReport)
        let colored = TextReporter(color: true).render(sampleReport)
        var unwrapped = colored
        for (code, word) in [("1;31", "error"), ("1;35", "warning"), ("1;36", "info"), ("1", "note")] {
            let wrapped = "\u{1B}[\(code)m\(word)\u{1B}[0m"
            #expect(colored.contains(": \(wrapped): "), "\(word)")
            unwrapped = unwrapped.replacingOccurrences(of: wrapped, with: word)
        }
        #expect(unwrapped == plain)
        #expect(!unwrapped.contains("\u{1B}"))
    }

    @Test func jsonMatchesGoldenAndParses() throws {
        let json = JSONReporter().render(sampleReport)
        #expect(json == (try golden("report.json", json)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 3)
        #expect(diagnostics[2]["line"] is NSNull)
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["errors": 1, "warnings": 1, "infos": 1, "files": 2])
    }

    @Test func githubMatchesGoldenAndEscapes() throws {
        let text = GitHubReporter().render(sampleReport)
        #expect(text == (try golden("report-github.txt", text)))
        #expect(text.contains("::error file=App/Info.plist,line=40,col=5,title=UTI-008 exported-and-imported::"))
        #expect(text.contains("100%25 sure: really"))
        #expect(text.contains(#"\nsecond line"#))  // a newline from input is shown escaped, as in text output
        #expect(text.contains("%0Anote: App/Info.plist:30:6: exported here"))  // notes are structure
        #expect(text.contains("file=Binary App/Info.plist,title="))
        #expect(GitHubReporter.property("a:b,c%") == "a%3Ab%2Cc%25")
    }

    @Test func sarifURIsAreRelativeReferencesOrFileURIs() {
        #expect(SARIFReporter.uri("App/My Info.plist") == "App/My%20Info.plist")
        #expect(SARIFReporter.uri("/src/App/Info.plist") == "file:///src/App/Info.plist")
    }

    @Test func sarifMatchesGoldenAndHasTheRequiredStructure() throws {
        let sarif = SARIFReporter(toolVersion: "0.1.0").render(sampleReport)
        #expect(sarif == (try golden("report.sarif", sarif)))
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        // SARIF 2.1.0 required structure, checked field by field against the published schema.
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let tool = try #require(runs[0]["tool"] as? [String: Any])
        let driver = try #require(tool["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "utiscope")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == RuleRegistry.descriptions.count)
        for rule in rules {
            #expect(rule["id"] is String)
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["none", "note", "warning", "error"].contains(level ?? ""))
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 3)
        for result in results {
            let message = try #require(result["message"] as? [String: Any])
            #expect(message["text"] is String)
            let ruleIndex = try #require(result["ruleIndex"] as? Int)
            #expect(rules[ruleIndex]["id"] as? String == result["ruleId"] as? String)
            #expect(["none", "note", "warning", "error"].contains(result["level"] as? String ?? ""))
            let locations = try #require(result["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(physical["artifactLocation"] as? [String: Any])
            #expect((artifact["uri"] as? String)?.contains(" ") == false)
            if let region = physical["region"] as? [String: Any] {
                #expect((region["startLine"] as? Int ?? 0) >= 1)
                #expect((region["startColumn"] as? Int ?? 1) >= 1)
            }
        }
        #expect(
            results[2]["locations"].flatMap { ($0 as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any] }?[
                "region"] == nil)
    }

    @Test func summaryCountsBySeverity() {
        #expect(sampleReport.summary == "1 error, 1 warning, 1 info in 2 files")
        var report = sampleReport
        report.diagnostics += report.diagnostics.filter { $0.severity != .info }
        report.diagnostics += report.diagnostics.filter { $0.severity == .error }
        #expect(report.counts == SeverityCounts(errors: 4, warnings: 2, infos: 1))
        for severity in Severity.allCases {
            #expect(report.count(severity) == report.diagnostics.filter { $0.severity == severity }.count)
        }
        #expect(report.summary == "4 errors, 2 warnings, 1 info in 2 files")
    }
}

extension Diagnostic {
    /// The same finding at another column.
    func with(column: Int) -> Diagnostic {
        var copy = self
        copy.location.column = column
        return copy
    }
}
