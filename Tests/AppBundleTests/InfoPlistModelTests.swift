import PropertyList
import Testing
import UniformTypes

@testable import AppBundle

@Suite struct InfoPlistModelTests {
    func model(_ relative: String) throws -> InfoPlist {
        InfoPlist(document: try PropertyListReader().read(contentsOf: packageDirectory + "/Fixtures/" + relative))
    }

    /// Only a model whose values are still those read from a file without `$(` and `${` is known
    /// to hold no build-setting reference; any assignment, or a model not read from its document
    /// alone, may hold one.
    @Test func knowsWhenNoValueCanHoldABuildSetting() throws {
        func read(_ body: String) throws -> InfoPlist {
            let text = "<plist><dict>\(body)</dict></plist>"
            return InfoPlist(document: try PropertyListReader().read(Array(text.utf8), file: "Info.plist"))
        }
        let plain = try read(
            "<key>CFBundleIdentifier</key><string>com.example.a</string><key>CFBundleDocumentTypes</key><array/>")
        #expect(!plain.mayHoldBuildSettingReferences)
        let braces = try read("<key>CFBundleIdentifier</key><string>com.example.${NAME}</string>")
        #expect(braces.mayHoldBuildSettingReferences)
        let entity = try read("<key>CFBundleIdentifier</key><string>com.example.&#36;(NAME)</string>")
        #expect(entity.mayHoldBuildSettingReferences)
        // Assigned values are not looked at: any assignment to a value property gives up.
        var assigned = plain
        assigned.documentTypes = plain.documentTypes
        #expect(assigned.mayHoldBuildSettingReferences)
        var extended = plain
        extended.exportedTypes.append(
            TypeDeclaration(identifier: "com.example.$(NAME)", origin: .exported(bundle: "b")))
        #expect(extended.mayHoldBuildSettingReferences)
        var renamed = plain
        renamed.bundleIdentifier = Located("com.example.$(NAME)")
        #expect(renamed.mayHoldBuildSettingReferences)
        // Other properties do not hold values the rules scan for references.
        var flagged = plain
        flagged.isAppClip = true
        #expect(!flagged.mayHoldBuildSettingReferences)
        // A model read from a tree other than its document (resolved, generated) may hold anything.
        let tree = InfoPlist(root: try #require(plain.document).root, file: "Info.plist", document: plain.document)
        #expect(tree.mayHoldBuildSettingReferences)
    }

    /// A role is compared as written, byte for byte; an entry without one has none.
    @Test func comparesRolesAsWritten() throws {
        let text = """
            <plist><dict><key>CFBundleDocumentTypes</key><array>
            <dict><key>CFBundleTypeRole</key><string>QLGenerator</string></dict>
            <dict><key>CFBundleTypeRole</key><string>qlgenerator</string></dict>
            <dict><key>CFBundleTypeName</key><string>No role</string></dict>
            </array></dict></plist>
            """
        let app = InfoPlist(document: try PropertyListReader().read(Array(text.utf8), file: "Info.plist"))
        #expect(app.documentTypes.map { $0.hasRole("QLGenerator") } == [true, false, false])
        #expect(app.documentTypes.map { $0.hasRole("qlgenerator") } == [false, true, false])
        #expect(!app.documentTypes[0].hasRole("QLGenerato") && !app.documentTypes[0].hasRole("QLGenerator "))
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

    /// The keys the model reads by position are where their tables list them.
    @Test func modelKeysSitAtTheirPositionsInTheKnownKeyTables() {
        for key in DocumentTypeKey.allCases {
            #expect(KnownKeys.documentTypeSet.set.keys[key.rawValue] == key.key)
        }
        for key in TypeDeclarationKey.allCases {
            #expect(KnownKeys.typeDeclarationSet.set.keys[key.rawValue] == key.key)
        }
        for key in TypeIconsKey.allCases {
            #expect(KnownKeys.typeIconsSet.set.keys[key.rawValue] == key.key)
        }
        #expect(Set(KnownKeys.documentType).count == KnownKeys.documentType.count, "no key listed twice")
    }

    /// Read from the file's values (one pass over each dictionary) or from the Info.plist as
    /// built (key by key), an entry with repeated, misspelt and unknown keys is the same model.
    @Test func entriesReadInOnePassMatchTheResolvedTree() throws {
        let text = """
            <plist version="1.0"><dict>
            <key>CFBundleDocumentTypes</key><array><dict>
              <key>CFBundleTypeName</key><string>Old</string>
              <key>LSItemContentTypes</key><array><string>com.example.doc</string></array>
              <key>CFBundleTypeRoll</key><string>Editor</string>
              <key>CFBundleTypeName</key><string>Sketch</string>
              <key>LSTypeIsPackage</key><integer>1</integer>
              <key>NSUbiquitousDocumentUserActivityType</key><string>com.example.edit</string>
            </dict></array>
            <key>UTExportedTypeDeclarations</key><array><dict>
              <key>UTTypeIdentifier</key><string>com.example.doc</string>
              <key>UTTypeConformsTo</key><string>public.data</string>
              <key>UTTypeIcons</key><dict>
                <key>UTTypeIconText</key><string>SK</string>
                <key>UTTypeIconBadgName</key><string>Badge</string>
              </dict>
              <key>UTTypeVersion</key><real>1.5</real>
              <key>UTTypeConformTo</key><string>public.content</string>
            </dict></array>
            </dict></plist>
            """
        let document = try PropertyListReader().read(Array(text.utf8), file: "Info.plist")
        let direct = InfoPlist(document: document)
        let resolved = InfoPlist(
            resolved: ResolvedInfoPlist.resolve(document, settings: nil), file: "Info.plist", document: document)
        #expect(direct.documentTypes == resolved.documentTypes)
        #expect(direct.exportedTypes == resolved.exportedTypes)
        #expect(direct.findings.map(\.message) == resolved.findings.map(\.message))
        #expect(direct.documentTypes.first?.name?.value == "Sketch", "the last of a repeated key")
        #expect(direct.documentTypes.first?.isPackage?.value == true)
        #expect(direct.exportedTypes.first?.icons.composited?.text?.value == "SK")
        #expect(direct.exportedTypes.first?.version?.value == "1.5")
        #expect(
            direct.findings.map(\.message).filter { $0.contains("did you mean") } == [
                "unknown key 'CFBundleTypeRoll'; did you mean 'CFBundleTypeRole'?",
                "unknown key 'UTTypeIconBadgName'; did you mean 'UTTypeIconBadgeName'?",
                "unknown key 'UTTypeConformTo'; did you mean 'UTTypeConformsTo'?",
            ])
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
                // One finding: this key, holding this kind of value.
                let found = value.dropFirst().prefix { $0.isLetter }
                let kind = ["real": "real", "date": "date", "data": "data", "dict": "dictionary", "array": "array"][
                    found]
                #expect(app.findings.count == 1, "\(key) = \(value): \(app.findings)")
                guard case .wrongValueType(key, _, let reported)? = app.findings.first?.kind else {
                    Issue.record("\(key) = \(value) was not reported as a value of the wrong kind: \(app.findings)")
                    continue
                }
                #expect(reported == kind, "\(key) = \(value)")
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
        let (units, findings, _) = AppLoader().loadAll(packageDirectory + "/Fixtures/apps/Sketchbook")
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

@Suite struct LargeModelReadingTests {
    /// An Info.plist with `count` document types and as many declarations, every seventh entry
    /// carrying a shape problem (a misspelt key, a wrong kind, a missing identifier) and every
    /// eleventh a non-dictionary element, so findings come from all through each section.
    static func largeInfoPlist(count: Int) -> String {
        var text = "<plist version=\"1.0\"><dict>\n<key>CFBundleIdentifier</key><string>com.example.big</string>\n"
        text += "<key>CFBundleDocumentTypes</key><array>\n"
        for index in 0..<count {
            if index % 11 == 5 { text += "<string>not a dictionary \(index)</string>\n" }
            text += "<dict><key>CFBundleTypeName</key><string>Kind \(index)</string>"
            text += index % 7 == 3 ? "<key>LSHandlerRanc</key><string>Owner</string>" : ""
            text += "<key>LSItemContentTypes</key>"
            text +=
                index % 7 == 4
                ? "<string>com.example.t\(index)</string>" : "<array><string>com.example.t\(index)</string></array>"
            text += "</dict>\n"
        }
        text += "</array>\n<key>UTExportedTypeDeclarations</key><array>\n"
        for index in 0..<count {
            if index % 11 == 5 { text += "<integer>\(index)</integer>\n" }
            text += "<dict>"
            if index % 7 != 2 { text += "<key>UTTypeIdentifier</key><string>com.example.t\(index)</string>" }
            text += index % 7 == 6 ? "<key>UTTypeConformTo</key>" : "<key>UTTypeConformsTo</key>"
            text += "<array><string>public.data</string></array>"
            text += "<key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key>"
            text += "<array><string>t\(index)</string></array></dict></dict>\n"
        }
        // A shorter imported section, one entry without an identifier.
        text += "</array>\n<key>UTImportedTypeDeclarations</key><array>\n"
        for index in 0..<count / 60 {
            text += index == 7 ? "<dict>" : "<dict><key>UTTypeIdentifier</key><string>org.other.i\(index)</string>"
            text += "<key>UTTypeConformsTo</key><string>public.data</string></dict>\n"
        }
        return text + "</array>\n</dict></plist>\n"
    }

    @Test func aLargeInfoPlistIsReadWholeWithEveryFindingInOrder() throws {
        let document = try PropertyListReader().read(Array(Self.largeInfoPlist(count: 3_000).utf8), file: "Big.plist")
        let model = InfoPlist(document: document)
        #expect(model.documentTypes.count == 3_000)
        #expect(model.documentTypes.map(\.index) == Array(0..<3_000))
        #expect(model.exportedTypes.count == (0..<3_000).filter { $0 % 7 != 2 }.count)
        #expect(model.importedTypes.count == 3_000 / 60 - 1)
        // A finding per problem written: a missing identifier (and the imported one's), a
        // misspelt key of each section, a string for an array, two non-dictionary elements.
        func entries(_ remainder: Int, of modulus: Int) -> Int {
            (0..<3_000).filter { $0 % modulus == remainder }.count
        }
        #expect(
            model.findings.count
                == entries(2, of: 7) + 1 + entries(3, of: 7) + entries(4, of: 7) + entries(6, of: 7) + 2
                * entries(5, of: 11))
        // In the order they were written: each section's, line by line.
        let lines = model.findings.compactMap(\.location.line)
        #expect(lines.count == model.findings.count)
        #expect(lines == lines.sorted())
    }
}
