import Foundation
import Testing
import UTIScopeCLI

@Suite struct AllowedCommandTests {
    @Test func listsTheDocumentTypesContentTypesWithTheirLines() {
        let result = utiscope("allowed", "--app", BrowserFixtures.notebook)
        #expect(result.status == .success)
        #expect(result.output.hasPrefix("allowed types (nil: the app's document types):\n"))
        #expect(result.output.contains("  com.adobe.pdf                  document type 'Documents' ("))
        #expect(result.output.contains("Notebook/Info.plist:86:5)\n"))
        #expect(result.output.contains("    note: 'com.example.notebook.missing' is declared nowhere"))
        #expect(result.output.contains("rests on --count-role-none yes"))
    }

    @Test func jsonFollowsTheContract() throws {
        let object = try jsonObject(utiscope("allowed", "--app", BrowserFixtures.notebook, "--format", "json"))
        #expect(object["version"] as? Int == 1)
        let types = try #require(object["allowedTypes"] as? [[String: Any]])
        #expect(types.count == 13)
        #expect(types[0]["identifier"] as? String == "com.example.notebook.note")
        #expect(types[0]["source"] as? String == "document-type")
        #expect(types[0]["name"] as? String == "Note")
        #expect(types[0]["line"] as? Int == 37)
        let template = try #require(types.last)
        #expect(
            (template["assumptions"] as? [[String: Any]])?.compactMap { $0["flag"] as? String } == [
                "count-role-none", "count-rank-none",
            ])
    }

    @Test func anExplicitListAndNil() throws {
        let explicit = try jsonObject(
            utiscope(
                "allowed", "--app", BrowserFixtures.notebook, "--allowed", "public.text, public.image", "--format",
                "json"))
        let types = try #require(explicit["allowedTypes"] as? [[String: Any]])
        #expect(types.compactMap { $0["identifier"] as? String } == ["public.text", "public.image"])
        #expect(types.allSatisfy { $0["source"] as? String == "explicit" })
        #expect(explicit["explicit"] as? Bool == true)
        let nilList = try jsonObject(
            utiscope("allowed", "--app", BrowserFixtures.notebook, "--allowed", "nil", "--format", "json"))
        #expect((nilList["allowedTypes"] as? [Any])?.count == 13)
    }

    @Test func roleNoneCanBeLeftOut() {
        let result = utiscope("allowed", "--app", BrowserFixtures.notebook, "--count-role-none", "no")
        #expect(!result.output.contains("com.example.notebook.template"))
        #expect(result.output.contains("left out:\n  ✗ document type 'Template' has role 'None': left out"))
    }

    @Test func legacyExtensionsOnMacOSAndIOS() {
        let mac = utiscope("allowed", "--app", BrowserFixtures.scribe)
        #expect(mac.output.contains("legacy extension 'scrb' of document type 'Old Scribe Text'"))
        let ios = utiscope("allowed", "--app", BrowserFixtures.scribe, "--platform", "ios")
        #expect(!ios.output.contains("legacy extension 'scrb'"))
        #expect(ios.output.contains("legacy 'CFBundleTypeExtensions' ignored on iOS"))
    }

    @Test func usageAndInputErrors() {
        #expect(utiscope("allowed").status == .usage)
        #expect(utiscope("allowed", "--app", BrowserFixtures.notebook, "--allowed", "a,,b").status == .usage)
        let missing = utiscope("allowed", "--app", "/nonexistent/Info.plist")
        #expect(missing.status == .inputError)
        #expect(missing.errors.contains("no such file or folder"))
    }
}
