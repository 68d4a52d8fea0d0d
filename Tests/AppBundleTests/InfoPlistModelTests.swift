import AppBundle
import PropertyList
import Testing
import UniformTypes

@Suite struct InfoPlistModelTests {
    func model(_ relative: String) throws -> InfoPlist {
        InfoPlist(document: try PropertyListReader().read(contentsOf: packageDirectory + "/Fixtures/" + relative))
    }

    @Test func readsADocumentAppsDeclarations() throws {
        let app = try model("apps/Sketchbook/Info.plist")
        #expect(app.bundleIdentifier?.value == "com.example.sketchbook")
        #expect(app.platform.platform == .iOS)
        #expect(app.platform.key == "LSRequiresIPhoneOS")
        #expect(app.supportsDocumentBrowser?.value == true)
        #expect(app.supportsOpeningDocumentsInPlace?.location?.line == 30)
        #expect(app.documentTypes.map(\.displayName) == ["'Sketch'", "'Brush Set'", "'Image'"])
        let image = try #require(app.documentTypes.last)
        #expect(image.contentTypes.map(\.value) == ["public.png", "public.jpeg", "public.plain-txt"])
        #expect(image.contentTypes.last?.location?.line == 74)
        #expect(image.rank?.value == "Alternate")
        #expect(app.documentTypes[1].rank == nil)
        let sketch = try #require(app.exportedTypes.first)
        #expect(sketch.identifier == "com.example.sketchbook.sketch")
        #expect(sketch.origin == .exported(bundle: "com.example.sketchbook"))
        #expect(sketch.conformsTo == ["public.data", "public.content"])
        #expect(sketch.filenameExtensions == ["sketch"])
        #expect(sketch.mimeTypes == ["application/x-sketchbook"])
        #expect(sketch.icons.composited?.backgroundName?.value == "SketchBackground")
        let brushes = try #require(app.importedTypes.first)
        #expect(brushes.conformsTo.isEmpty)
        #expect(brushes.filenameExtensions == [".Brushes"])
        #expect(app.appIcon.primaryIconName?.value == "AppIcon")
        // A tag given as a string is Apple's documented short form: no finding for it.
        #expect(app.findings.map(\.kind) == [.unknownKey(key: "UTTypeConformTo", suggestion: "UTTypeConformsTo")])
        #expect(app.findings.first?.location.line == 113)
    }

    @Test func documentedKeysAreNotMisspellingsAndOnlyCloseKeysAreSuggested() throws {
        let text = """
            <plist version="1.0"><dict>
            <key>CFBundleSpokenName</key><string>Sketch Book</string>
            <key>CFBundleIconNam</key><string>AppIcon</string>
            <key>UTExportedTypeDeclarations</key><array><dict>
              <key>UTTypeIdentifier</key><string>com.example.doc</string>
              <key>UTTypeSize320IconFile</key><string>Doc320</string>
              <key>UTTypeRefURL</key><string>https://example.com</string>
            </dict></array>
            </dict></plist>
            """
        let app = InfoPlist(document: try PropertyListReader().read(Array(text.utf8), file: "Info.plist"))
        // One typo is suggested; a documented key, and a key more than two edits from any known one, are not.
        #expect(app.findings.map(\.kind) == [.unknownKey(key: "CFBundleIconNam", suggestion: "CFBundleIconName")])
    }

    @Test func malformedShapesBecomeFindingsAndReadingGoesOn() throws {
        let app = try model("apps/Malformed/Info.plist")
        let found = app.findings.map { "\($0.location.line ?? 0): \($0.message)" }
        #expect(
            found == [
                "7: 'CFBundleIdentifier' is an empty string",
                "9: 'LSSupportsOpeningDocumentsInPlace' should be a boolean, not a string",
                "11: 'UISupportsDocumentBrowser' is the integer 1, which the system reads as true; <true/> is the documented form",
                "13: 'CFBundleDocumentTypes' should be an array of dictionaries; its dictionary is read as a one-element array",
                "17: 'LSItemContentTypes' should be an array; its string is read as a one-element array",
                "18: unknown key 'CFBundleTypeRoll'; did you mean 'CFBundleTypeRole'?",
                "23: 'UTExportedTypeDeclarations[]' should be a dictionary, not a string",
                "24: type declaration has no 'UTTypeIdentifier'; it is ignored",
                "34: 'UTTypeTagSpecification' should be a dictionary, not an array",
                "38: 'UTTypeIcons' should be a dictionary, not a string",
                "42: 'UTImportedTypeDeclarations' should be an array, not an integer",
                "44: 'NSExtension' should be a dictionary, not an array",
            ])
        // What could be read was read, leniently where Apple is lenient.
        #expect(app.supportsOpeningDocumentsInPlace?.value == true)
        #expect(app.supportsDocumentBrowser?.value == true)
        #expect(app.documentTypes.first?.contentTypes.map(\.value) == ["public.plain-text"])
        #expect(app.exportedTypes.map(\.identifier) == ["com.example.malformed.doc"])
        #expect(app.exportedTypes.first?.conformsTo == ["public.data"])
        #expect(app.importedTypes.isEmpty)
        #expect(app.appExtension == nil)
    }

    @Test func everyKeyWithTheWrongKindOfValueIsReportedNotFatal() throws {
        // Each key the model reads, given each wrong kind of value in turn.
        let keys = [
            "CFBundleIdentifier", "CFBundleDocumentTypes", "UTExportedTypeDeclarations", "UTImportedTypeDeclarations",
            "LSSupportsOpeningDocumentsInPlace", "UISupportsDocumentBrowser", "UIFileSharingEnabled", "CFBundleIcons",
            "CFBundleIconFiles", "CFBundleIconFile", "CFBundleIconName", "NSExtension",
        ]
        let values = [
            "<real>1.5</real>", "<date>2020-01-01T00:00:00Z</date>", "<data>AA==</data>", "<dict/>", "<array/>",
        ]
        for key in keys {
            for value in values {
                let text = "<plist><dict><key>\(key)</key>\(value)</dict></plist>"
                let document = try PropertyListReader().read(Array(text.utf8), file: "wrong.plist")
                let app = InfoPlist(document: document)
                let expectedKind = value.hasPrefix("<dict") ? "dictionary" : value.hasPrefix("<array") ? "array" : ""
                let accepted = ["CFBundleDocumentTypes", "UTExportedTypeDeclarations", "UTImportedTypeDeclarations"]
                if expectedKind == "array" && (accepted.contains(key) || key == "CFBundleIconFiles") { continue }
                if expectedKind == "dictionary" && ["CFBundleIcons", "NSExtension"].contains(key) { continue }
                if expectedKind == "dictionary" && accepted.contains(key) { continue }
                #expect(!app.findings.isEmpty, "\(key) = \(value) was not reported")
            }
        }
    }

    @Test func loaderFindsExtensionsBesideAnInfoPlist() throws {
        let unit = try AppLoader().load(packageDirectory + "/Fixtures/apps/Sketchbook/Info.plist")
        #expect(unit.name == "Sketchbook")
        #expect(unit.extensions.count == 1)
        #expect(
            unit.thumbnailExtensions.first?.appExtension?.supportedContentTypes.map(\.value) == [
                "com.example.sketchbook.sketch"
            ])
    }

    @Test func aFolderWithALooseInfoPlistIsOneAppWithItsExtensions() {
        let (units, findings) = AppLoader().loadAll(packageDirectory + "/Fixtures/apps/Sketchbook")
        #expect(findings.isEmpty)
        #expect(units.count == 1)
        #expect(units.first?.extensions.count == 1)
        #expect(units.first?.thumbnailExtensions.count == 1)
    }

    @Test func loaderResolvesAnXcodeTargetsInfoPlist() throws {
        let unit = try AppLoader().load(projectFixture("DocumentApp"))
        #expect(unit.name == "DocumentApp")
        // `$(PRODUCT_BUNDLE_IDENTIFIER).sketch` in the file, expanded as Xcode builds it.
        #expect(unit.infoPlist.exportedTypes.map(\.identifier) == ["com.example.documentapp.sketch"])
        #expect(unit.infoPlist.platform.platform == .iOS)
        #expect(unit.thumbnailExtensions.count == 1)
        #expect(unit.infoPlist.findings.contains { $0.kind == .unresolvedBuildSetting(name: "BUILD_CHANNEL") })
    }

    @Test func loaderAsksWhichAppWhenThereAreSeveral() {
        #expect(throws: AppLoadError.self) { try AppLoader().load(projectFixture("")) }
        do {
            _ = try AppLoader().load(projectFixture(""))
        } catch {
            guard case .severalApps(_, let names) = error else {
                Issue.record("expected several apps, got \(error)")
                return
            }
            #expect(names.contains("DocumentApp"))
            #expect(error.description.contains("name one with"))
        }
        let picked = try? AppLoader(target: "MacEditor").load(projectFixture(""))
        #expect(picked?.name == "MacEditor")
    }
}
