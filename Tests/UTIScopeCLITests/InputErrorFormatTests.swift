import Foundation
import TestScratch
import Testing
import UTIScopeCLI

/// A path that cannot be read is a finding in every format, counted in the summary, with exit
/// status 2; SARIF also records an unsuccessful run with a notification.
@Suite struct InputErrorFormatTests {
    let missing = "/nonexistent-\(UUID().uuidString)/Info.plist"

    @Test func text() {
        let result = utiscope("lint", "--color", "never", missing)
        #expect(result.status == .inputError)
        #expect(result.output == "\(missing): error: cannot read file: no such file or folder [PLIST-001]\n")
        #expect(result.errors == "1 error, 0 warnings, 0 infos in 1 file\n")
    }

    @Test func json() throws {
        let result = utiscope("lint", "--format", "json", missing)
        #expect(result.status == .inputError)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["rule"] as? String == "PLIST-001")
        #expect(diagnostics.first?["file"] as? String == missing)
        #expect(diagnostics.first?["message"] as? String == "cannot read file: no such file or folder")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 1)
        #expect(summary["files"] as? Int == 1)
    }

    @Test func sarif() throws {
        let result = utiscope("lint", "--format", "sarif", missing)
        #expect(result.status == .inputError)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["PLIST-001"])
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.count == 1)
        #expect(
            (notifications.first?["message"] as? [String: Any])?["text"] as? String
                == "cannot read file: no such file or folder")
        // A run that read everything says so, with no notifications.
        let clean = try temporaryFile("<plist version=\"1.0\"><dict/></plist>", name: "Info.plist")
        let ok = utiscope("lint", "--format", "sarif", clean)
        let okLog = try #require(try JSONSerialization.jsonObject(with: Data(ok.output.utf8)) as? [String: Any])
        let okInvocation = try #require(
            ((okLog["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        #expect(okInvocation["executionSuccessful"] as? Bool == true)
        #expect(okInvocation["toolExecutionNotifications"] == nil)
    }

    @Test func github() {
        let result = utiscope("lint", "--format", "github", missing)
        #expect(result.status == .inputError)
        #expect(
            result.output
                == "::error file=\(missing),title=PLIST-001 unreadable-property-list::cannot read file: no such file or folder\n"
        )
    }

    /// `dump` says it in the same words.
    @Test func dumpSaysTheSame() {
        let result = utiscope("dump", missing)
        #expect(result.status == .inputError)
        #expect(result.errors == "\(missing): error: cannot read file: no such file or folder\n")
    }
}
