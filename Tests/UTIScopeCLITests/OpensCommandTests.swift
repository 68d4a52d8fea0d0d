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

    @Test func anExportedTypeTyingWithAnImportedOneIsAFlagNotAFact() throws {
        // The app exports a type for 'key'; the system only imports Keynote's: neither is public.
        let app = try temporaryFile(
            """
            <plist><dict>
            <key>CFBundleIdentifier</key><string>com.example.slides</string>
            <key>UISupportsDocumentBrowser</key><true/>
            <key>CFBundleDocumentTypes</key><array><dict>
                <key>CFBundleTypeName</key><string>Slides</string>
                <key>CFBundleTypeRole</key><string>Editor</string>
                <key>LSHandlerRank</key><string>Owner</string>
                <key>LSItemContentTypes</key><array><string>com.example.slides.deck</string></array>
            </dict></array>
            <key>UTExportedTypeDeclarations</key><array><dict>
                <key>UTTypeIdentifier</key><string>com.example.slides.deck</string>
                <key>UTTypeConformsTo</key><array><string>public.data</string></array>
                <key>UTTypeTagSpecification</key><dict>
                    <key>public.filename-extension</key><array><string>key</string></array>
                </dict>
            </dict></array>
            </dict></plist>
            """, name: "Info.plist")
        let documented = utiscope("opens", "--app", app, "--platform", "ios", "talk.key")
        #expect(documented.output.hasPrefix("talk.key: undetermined"), "\(documented.output)")
        #expect(documented.output.contains("none is public, so Apple's rules leave the choice undefined"))
        #expect(
            documented.output.contains(
                "('com.example.slides.deck' is the only exported declaration among them, which '--exported-wins yes' would pick)"
            ))
        #expect(documented.output.contains("rests on --exported-wins no"))
        let exportedWins = utiscope("opens", "--app", app, "--platform", "ios", "--exported-wins", "yes", "talk.key")
        #expect(
            exportedWins.output.hasPrefix("talk.key: opens (file, com.example.slides.deck"), "\(exportedWins.output)")
        #expect(exportedWins.output.contains("an exported declaration wins over imported ones"))
        #expect(exportedWins.output.contains("rests on --exported-wins yes"))
        let type = utiscope("type", "--app", app, "--extension", "key")
        #expect(type.output.contains("'--exported-wins yes' picks it (not documented)"))
        #expect(!type.output.contains("(preferred)"))
        let typeJSON = try jsonObject(utiscope("type", "--app", app, "--extension", "key", "--format", "json"))
        #expect(typeJSON["exportedAmongTied"] as? String == "com.example.slides.deck")
        let settled = try jsonObject(
            utiscope("type", "--app", app, "--extension", "key", "--exported-wins", "yes", "--format", "json"))
        #expect(settled["preferred"] as? String == "com.example.slides.deck")
        #expect(settled["reason"] as? String == "exported-over-imported")
    }

    @Test func needsAFile() {
        #expect(utiscope("opens", "--app", BrowserFixtures.notebook).status == .usage)
    }
}
