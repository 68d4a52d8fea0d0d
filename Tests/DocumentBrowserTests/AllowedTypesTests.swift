import DocumentBrowser
import Testing
import UniformTypes

@Suite struct AllowedTypesTests {
    @Test func nilMeansTheDocumentTypesContentTypesWithTheirEntries() throws {
        let allowed = try browser(Fixture.notebook).allowed
        #expect(!allowed.isExplicit)
        #expect(
            allowed.identifiers.map(\.rawValue) == [
                "com.example.notebook.note", "com.example.notebook.card", "com.example.notebook.bundle",
                "com.thirdparty.sketch", "com.example.notebook.missing", "com.adobe.pdf", "public.image",
                "public.text", "com.example.notebook.legacy", "com.example.notebook.loop-a",
                "com.example.notebook.draft", "com.example.notebook.page", "com.example.notebook.template",
            ])
        let pdf = try #require(allowed.types.first { $0.identifier == "com.adobe.pdf" })
        #expect(pdf.source.entryIndex == 4)
        #expect(pdf.source.entryName == "Documents")
        #expect(pdf.source.location?.line == 86)
    }

    @Test func aTypeDeclaredNowhereIsAllowedButNoted() throws {
        let allowed = try browser(Fixture.notebook).allowed
        let missing = try #require(allowed.types.first { $0.identifier == "com.example.notebook.missing" })
        #expect(missing.notes.first?.message.contains("declared nowhere") == true)
    }

    @Test func roleNoneEntriesCountByDefaultAndSaySo() throws {
        let allowed = try browser(Fixture.notebook).allowed
        let template = try #require(allowed.types.first { $0.identifier == "com.example.notebook.template" })
        #expect(template.assumptions.map(\.flag) == ["count-role-none", "count-rank-none"])
        #expect(allowed.assumptions.map(\.setting) == ["--count-rank-none yes", "--count-role-none yes"])
    }

    @Test func roleNoneEntriesCanBeLeftOut() throws {
        let allowed = try browser(Fixture.notebook, policy: BrowserPolicy(countRoleNone: false)).allowed
        #expect(!allowed.identifiers.contains("com.example.notebook.template"))
        let leftOut = try #require(allowed.leftOut.first)
        #expect(leftOut.message == "document type 'Template' has role 'None': left out")
        #expect(leftOut.assumption?.setting == "--count-role-none no")
    }

    @Test func anExplicitListReplacesTheDocumentTypes() throws {
        let allowed = try browser(Fixture.notebook, allowed: ["public.plain-text", "com.example.nothing"]).allowed
        #expect(allowed.isExplicit)
        #expect(allowed.types.map(\.source) == [.explicit, .explicit])
        #expect(allowed.types[1].notes.first?.message.contains("declared nowhere") == true)
    }

    @Test func legacyExtensionsCountOnMacOSAsTheTypeAFileWouldHave() throws {
        let allowed = try browser(Fixture.scribe).allowed
        let legacy = allowed.types.filter { $0.source.code == "legacy-extension" }
        let scrb = DynamicIdentifier(tagClass: .filenameExtension, tag: "scrb", conformsTo: [.data]).identifier
        #expect(legacy.map(\.identifier) == [scrb, "com.apple.log"])
        #expect(legacy.allSatisfy { $0.assumptions.map(\.setting) == ["--legacy-extensions auto"] })
    }

    @Test func aLegacyExtensionTiedBetweenExportedAndImportedTypesNamesTheFlag() throws {
        // macOS: 'key' is claimed by the app's exported type and the system's imported Keynote type.
        let folder = try temporaryDirectory()
        let path = folder + "/Info.plist"
        try """
        <plist><dict>
        <key>LSMinimumSystemVersion</key><string>12.0</string>
        <key>CFBundleDocumentTypes</key><array><dict>
            <key>CFBundleTypeName</key><string>Slides</string>
            <key>CFBundleTypeRole</key><string>Editor</string>
            <key>CFBundleTypeExtensions</key><array><string>key</string></array>
        </dict></array>
        <key>UTExportedTypeDeclarations</key><array><dict>
            <key>UTTypeIdentifier</key><string>com.example.slides</string>
            <key>UTTypeConformsTo</key><array><string>public.data</string></array>
            <key>UTTypeTagSpecification</key><dict>
                <key>public.filename-extension</key><array><string>key</string></array>
            </dict>
        </dict></array>
        </dict></plist>
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let tied = try browser(path, platform: .macOS).allowed.types.filter { $0.source.code == "legacy-extension" }
        // Typed as a file: the app's exported type ties with the system's single-file Keynote
        // type (the other, com.apple.iWork.Keynote.key, is a package).
        #expect(tied.map(\.identifier) == ["com.apple.iWork.Keynote.sffkey", "com.example.slides"])
        #expect(tied.allSatisfy { $0.assumptions.map(\.setting).contains("--exported-wins no") })
        let chosen = try browser(path, policy: BrowserPolicy(exportedWins: true), platform: .macOS).allowed.types
            .filter { $0.source.code == "legacy-extension" }
        #expect(chosen.map(\.identifier) == ["com.example.slides"])
        #expect(chosen.first?.assumptions.map(\.setting).contains("--exported-wins yes") == true)
    }

    @Test func legacyExtensionsAreIgnoredOnIOSByDefault() throws {
        let allowed = try browser(Fixture.scribe, platform: .iOS).allowed
        #expect(!allowed.types.contains { $0.source.code == "legacy-extension" })
        #expect(allowed.leftOut.contains { $0.message.contains("legacy 'CFBundleTypeExtensions' ignored on iOS") })
    }
}
