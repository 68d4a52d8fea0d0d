import Foundation
import Testing
import UTIScopeCLI

@Suite struct IconCommandTests {
    @Test func printsEveryConditionAndTheDecidingOne() {
        let result = utiscope("icon", "--app", BrowserFixtures.notebook, "com.example.notebook.legacy")
        #expect(result.status == .success)
        #expect(result.output.hasPrefix("com.example.notebook.legacy: app-icon\n"))
        #expect(
            result.output.contains(
                "  ✗ system-icon: 'com.example.notebook.legacy' is not a system type (exported by the app)"))
        #expect(
            result.output.contains("      ✓ app-icon.declared: 'com.example.notebook.legacy' is exported by the app ("))
        #expect(
            result.output.contains("  ✓ app-icon: the system makes the document icon from the app icon  ← decides\n"))
    }

    @Test func jsonFollowsTheContract() throws {
        let object = try jsonObject(
            utiscope(
                "icon", "--app", BrowserFixtures.notebook, "--format", "json", "com.example.notebook.note",
                "public.jpeg",
                "public.zip-archive", "com.example.notebook.missing", "Holiday.JPG"))
        #expect(object["version"] as? Int == 1)
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(
            results.compactMap { $0["icon"] as? String } == [
                "extension-thumbnail", "system-thumbnail", "system-icon", "generic", "system-thumbnail",
            ])
        #expect(results[4]["subject"] as? String == "Holiday.JPG")
        #expect(results[4]["type"] as? String == "public.jpeg")
        let conditions = try #require(results[0]["conditions"] as? [[String: Any]])
        let first = try #require(conditions.first)
        #expect(first["name"] as? String == "thumbnail-extension")
        #expect(first["holds"] as? Bool == true)
        #expect(first["decides"] as? Bool == true)
        #expect(first["line"] as? Int == 20)
        #expect((first["because"] as? String)?.contains("QLSupportedContentTypes") == true)
    }

    @Test func thumbnailConfidenceIsAFlag() throws {
        // JSON has no source for iOS: a system icon by default, a system thumbnail when unknown counts.
        let likely = try jsonObject(
            utiscope("icon", "--app", BrowserFixtures.notebook, "--format", "json", "public.json"))
        let unknown = try jsonObject(
            utiscope(
                "icon", "--app", BrowserFixtures.notebook, "--format", "json", "--thumbnail-confidence", "unknown",
                "public.json"))
        let likelyResult = try #require((likely["results"] as? [[String: Any]])?.first)
        #expect(likelyResult["icon"] as? String == "system-icon")
        let flags = (likelyResult["assumptions"] as? [[String: Any]])?.compactMap { $0["flag"] as? String }
        #expect(flags?.contains("thumbnail-confidence") == true)
        #expect((unknown["results"] as? [[String: Any]])?.first?["icon"] as? String == "system-thumbnail")
    }

    @Test func macOSDifferences() {
        let result = utiscope(
            "icon", "--app", BrowserFixtures.scribe, "com.example.scribe.document", "com.example.scribe.draft")
        #expect(result.output.contains("com.example.scribe.document: custom-icon\n"))
        #expect(result.output.contains("'CFBundleTypeIconFile' names 'ScribeDocument', which exists"))
        #expect(result.output.contains("com.example.scribe.draft: app-icon\n"))
        #expect(
            result.output.contains(
                "✓ app-icon.system-generated: document type 'Scribe Draft' sets 'CFBundleTypeIconSystemGenerated'"))
        #expect(result.output.contains("✗ handling-app.rank: the app ranks 'Alternate'"))
    }
}
