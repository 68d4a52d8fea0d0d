import Foundation
import Testing
import UTIScopeCLI

@Suite struct OpensCommandTests {
    @Test func printsTheChainOfReasons() {
        let result = utiscope("opens", "--app", BrowserFixtures.notebook, "Groceries.note", "IMG_0001.JPG")
        #expect(result.status == .success)
        #expect(
            result.output.contains(
                "Groceries.note: opens (file, com.example.notebook.note, no such item: typed by name)\n"))
        #expect(result.output.contains("  ✓ extension 'note' → 'com.example.notebook.note', exported by the app ("))
        #expect(
            result.output.contains(
                "  ✓ 'public.jpeg' conforms to the allowed type 'public.image', allowed by document type 'Documents'"))
        #expect(result.output.contains("rests on --extension-case insensitive"))
    }

    @Test func jsonFollowsTheContract() throws {
        let object = try jsonObject(
            utiscope(
                "opens", "--app", BrowserFixtures.notebook, "--format", "json", "a.pdf", "Recipe.card", "x.missing",
                "a.zip"))
        #expect(object["version"] as? Int == 1)
        #expect((object["allowedTypes"] as? [[String: Any]])?.first?["source"] as? String == "document-type")
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["path"] as? String } == ["a.pdf", "Recipe.card", "x.missing", "a.zip"])
        #expect(results.compactMap { $0["opens"] as? Bool } == [true, false, false, false])
        #expect(
            results.compactMap { $0["outcome"] as? String } == [
                "opens", "not-bindable", "unclaimed-extension", "not-allowed",
            ])
        #expect(results[0]["kind"] as? String == "file")
        #expect(results[0]["type"] as? String == "com.adobe.pdf")
        let reasons = try #require(results[1]["reasons"] as? [[String: Any]])
        let broken = try #require(reasons.first { $0["holds"] as? Bool == false })
        #expect(
            (broken["message"] as? String)?.contains("which conforms to neither 'public.data' nor 'com.apple.package'")
                == true)
        #expect(broken["line"] as? Int == 155)
    }

    @Test func foldersAndPackagesOnDisk() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/Trip.notebook", withIntermediateDirectories: true)
        let object = try jsonObject(
            utiscope("opens", "--app", BrowserFixtures.notebook, "--format", "json", folder, folder + "/Trip.notebook"))
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["kind"] as? String } == ["folder", "package"])
        #expect(results.compactMap { $0["opens"] as? Bool } == [false, true])
        #expect(results[1]["type"] as? String == "com.example.notebook.bundle")
    }

    @Test func anExplicitListChangesTheAnswer() {
        let result = utiscope("opens", "--app", BrowserFixtures.notebook, "--allowed", "public.plain-text", "a.note")
        #expect(result.output.hasPrefix("a.note: greyed out"))
        #expect(
            result.output.contains(
                "✗ 'com.example.notebook.note' conforms to none of the allowed types ('public.plain-text')"))
    }

    @Test func publicItemAllowsEverything() throws {
        let object = try jsonObject(
            utiscope("opens", "--app", BrowserFixtures.anyFile, "--format", "json", "a.zip", "b.xyz", "README"))
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.allSatisfy { $0["opens"] as? Bool == true })
    }

    @Test func anAmbiguousExtensionIsUndetermined() throws {
        let object = try jsonObject(
            utiscope(
                "opens", "--app", BrowserFixtures.notebook, "--allowed", "com.example.notebook.page", "--format",
                "json",
                "a.page"))
        let result = try #require((object["results"] as? [[String: Any]])?.first)
        #expect(result["type"] is NSNull)
        #expect(result["tied"] as? [String] == ["com.example.notebook.draft", "com.example.notebook.page"])
        #expect(result["certain"] as? Bool == false)
        #expect(result["outcome"] as? String == "ambiguous-extension")
    }

    @Test func needsAFile() {
        #expect(utiscope("opens", "--app", BrowserFixtures.notebook).status == .usage)
    }
}
