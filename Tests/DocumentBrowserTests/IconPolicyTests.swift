import AppBundle
import DocumentBrowser
import Foundation
import Testing
import UniformTypes

/// Each choice Apple leaves open about icons and opening, on a small app of its own: the default,
/// the other value, and the assumption the answer names.
@Suite struct IconPolicyTests {
    /// An app in a fresh folder: `plist` is the inside of the Info.plist's root dictionary; `files`
    /// are written beside it (a path ending in `/` is a folder).
    func app(_ plist: String, files: [String: String] = [:], extensions: [String: String] = [:]) throws -> String {
        let folder = try temporaryDirectory()
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            \(plist)
            </dict></plist>
            """
        try text.write(toFile: folder + "/Info.plist", atomically: true, encoding: .utf8)
        for (path, contents) in files {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if path.hasSuffix("/") { continue }
            try contents.write(toFile: full, atomically: true, encoding: .utf8)
        }
        for (name, inside) in extensions {
            let bundle = folder + "/PlugIns/\(name).appex"
            try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
            try """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            \(inside)
            </dict></plist>
            """.write(toFile: bundle + "/Info.plist", atomically: true, encoding: .utf8)
        }
        return folder + "/Info.plist"
    }

    /// A document type listing `types`, and exported declarations of `exported` (identifier → parents).
    func declaring(_ exported: [(String, [String])], listing types: [String], extra: String = "") -> String {
        let listed = types.map { "<string>\($0)</string>" }.joined()
        let declarations = exported.map { identifier, parents in
            """
            <dict><key>UTTypeIdentifier</key><string>\(identifier)</string>
            <key>UTTypeConformsTo</key><array>\(parents.map { "<string>\($0)</string>" }.joined())</array></dict>
            """
        }.joined()
        return """
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>CFBundleDocumentTypes</key><array><dict>
            <key>CFBundleTypeName</key><string>Doc</string><key>CFBundleTypeRole</key><string>Editor</string>
            <key>LSHandlerRank</key><string>Owner</string>
            <key>LSItemContentTypes</key><array>\(listed)</array>\(extra)</dict></array>
            <key>UTExportedTypeDeclarations</key><array>\(declarations)</array>
            """
    }

    func load(_ path: String, policy: BrowserPolicy = BrowserPolicy(), platform: Platform? = .iOS) throws
        -> DocumentBrowser
    {
        try browser(path, policy: policy, platform: platform)
    }

    @Test func aCustomTextTypesThumbnailIsUnknownAndNotCountedByDefault() throws {
        let path = try app(
            declaring([("com.example.notes", ["public.plain-text"])], listing: ["com.example.notes"])
                + "<key>CFBundleIconName</key><string>AppIcon</string>")
        let answer = try load(path).icon(forType: "com.example.notes")
        #expect(answer.source == .appIcon)
        let thumbnail = try #require(answer.conditions.first { $0.name == "system-thumbnail" })
        #expect(!thumbnail.holds)
        #expect(thumbnail.because.contains("is not documented; not counted as a thumbnail"))
        #expect(answer.assumptions.map(\.setting) == ["--thumbnail-confidence likely"])
        let counted = try load(path, policy: BrowserPolicy(thumbnailConfidence: .unknown))
        #expect(counted.icon(forType: "com.example.notes").source == .systemThumbnail)
    }

    @Test func aThumbnailExtensionListingASupertypeCountsOnlyWhenAsked() throws {
        let path = try app(
            declaring([("com.example.sketch", ["public.data"])], listing: ["com.example.sketch"]),
            extensions: [
                "Thumbs": """
                <key>CFBundleIdentifier</key><string>com.example.app.thumbs</string>
                <key>NSExtension</key><dict>
                <key>NSExtensionPointIdentifier</key><string>com.apple.quicklook.thumbnail</string>
                <key>NSExtensionAttributes</key><dict>
                <key>QLSupportedContentTypes</key><array><string>public.data</string></array></dict></dict>
                """
            ])
        let exact = try load(path).icon(forType: "com.example.sketch")
        #expect(exact.source != .extensionThumbnail)
        #expect(exact.assumptions.map(\.flag).contains("thumbnail-extension-match"))
        let conforming = try load(path, policy: BrowserPolicy(thumbnailExtensionMatch: .conforming))
        let answer = conforming.icon(forType: "com.example.sketch")
        #expect(answer.source == .extensionThumbnail)
        #expect(answer.decisive?.assumption?.setting == "--thumbnail-extension-match conforming")
    }

    @Test func iOSTypeIconFilesCountWithTheirAssumption() throws {
        let path = try app(
            declaring(
                [("com.example.sketch", ["public.data"])], listing: ["com.example.sketch"],
                extra: "<key>CFBundleTypeIconFiles</key><array><string>SketchIcon</string></array>"),
            files: ["SketchIcon.png": "png"])
        let answer = try load(path).icon(forType: "com.example.sketch")
        #expect(answer.source == .customIcon)
        #expect(answer.decisive?.assumption?.setting == "--ios-type-icon-files yes")
        let ignored = try load(path, policy: BrowserPolicy(iOSTypeIconFiles: false)).icon(forType: "com.example.sketch")
        #expect(ignored.source != .customIcon)
        #expect(ignored.assumptions.map(\.setting).contains("--ios-type-icon-files no"))
    }

    @Test func aNameInAnotherLetterCaseIsNotFoundAsOnADevice() throws {
        let path = try app(
            declaring(
                [("com.example.sketch", ["public.data"])], listing: ["com.example.sketch"],
                extra: "<key>CFBundleTypeIconFiles</key><array><string>Sketch.PNG</string></array>"),
            files: ["sketch.png": "png"])
        let custom = try #require(
            try load(path).icon(forType: "com.example.sketch").conditions.first { $0.name == "custom-icon" })
        #expect(!custom.holds)
        #expect(custom.because.contains("but the resource is 'sketch.png'"))
    }

    @Test func anImportedDeclarationsIconsForAnUnlistedType() throws {
        let path = try app(
            """
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>UTImportedTypeDeclarations</key><array><dict>
            <key>UTTypeIdentifier</key><string>org.other.doc</string>
            <key>UTTypeConformsTo</key><array><string>public.data</string></array>
            <key>UTTypeIcons</key><dict><key>UTTypeIconText</key><string>DOC</string></dict>
            </dict></array>
            """)
        let shown = try load(path).icon(forType: "org.other.doc")
        #expect(shown.source == .customIcon)
        #expect(shown.decisive?.assumption?.setting == "--imported-type-icons yes")
        let hidden = try load(path, policy: BrowserPolicy(importedTypeIcons: false)).icon(forType: "org.other.doc")
        #expect(hidden.source == .generic)
        #expect(hidden.assumptions.map(\.setting).contains("--imported-type-icons no"))
    }

    @Test func macOSNeedsTheSystemGeneratedFlagUnlessAsked() throws {
        let path = try app(
            declaring([("com.example.sketch", ["public.data"])], listing: ["com.example.sketch"])
                + "<key>CFBundleIconFile</key><string>App</string><key>LSMinimumSystemVersion</key><string>12.0</string>"
        )
        let required = try load(path, platform: .macOS).icon(forType: "com.example.sketch")
        #expect(required.source == .generic)
        #expect(required.assumptions.map(\.setting).contains("--system-generated-icons required"))
        let any = try load(path, policy: BrowserPolicy(systemGeneratedIconRequired: false), platform: .macOS)
        #expect(any.icon(forType: "com.example.sketch").source == .appIcon)
    }

    @Test func anInfoPlistWithoutIconKeysIsAssumedToGetOneWhenBuilt() throws {
        let path = try app(declaring([("com.example.sketch", ["public.data"])], listing: ["com.example.sketch"]))
        let browser = try load(path)
        #expect(browser.appIconStatus.presence == .unknown)
        let assumed = browser.icon(forType: "com.example.sketch")
        #expect(assumed.source == .appIcon)
        #expect(assumed.assumptions.map(\.setting) == ["--assume-app-icon yes"])
        let strict = try load(path, policy: BrowserPolicy(assumeAppIcon: false))
        #expect(strict.icon(forType: "com.example.sketch").source == .generic)
        // An app icon set in an asset catalog beside it settles it, with no assumption.
        let withCatalog = try app(
            declaring([("com.example.sketch", ["public.data"])], listing: ["com.example.sketch"]),
            files: ["Assets.xcassets/AppIcon.appiconset/icon.png": "png"])
        let known = try load(withCatalog)
        #expect(known.appIconStatus.presence == .present)
        #expect(known.icon(forType: "com.example.sketch").assumptions.isEmpty)
    }

    @Test func aLeadingDotMatchesNothingUnlessStripped() throws {
        let path = try app(
            """
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>CFBundleDocumentTypes</key><array><dict>
            <key>CFBundleTypeName</key><string>Doc</string><key>CFBundleTypeRole</key><string>Editor</string>
            <key>LSItemContentTypes</key><array><string>com.example.sketch</string></array></dict></array>
            <key>UTExportedTypeDeclarations</key><array><dict>
            <key>UTTypeIdentifier</key><string>com.example.sketch</string>
            <key>UTTypeConformsTo</key><array><string>public.data</string></array>
            <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><string>.sketch</string></dict>
            </dict></array>
            """)
        let never = try load(path).verdict(forPath: "a.sketch")
        #expect(!never.opens)
        #expect(never.assumptions.map(\.setting).contains("--leading-dot never"))
        let stripped = try load(path, policy: BrowserPolicy(leadingDotMatches: true)).verdict(forPath: "a.sketch")
        #expect(stripped.opens)
        #expect(stripped.type == "com.example.sketch")
        #expect(stripped.assumptions.map(\.setting).contains("--leading-dot stripped"))
    }

    @Test func allowedMatchExactNeedsTheTypeItself() throws {
        let path = try app(
            declaring([("com.example.sketch", ["public.data"])], listing: ["public.image"]))
        let conforming = try load(path).verdict(forPath: "photo.jpg")
        #expect(conforming.opens)
        #expect(conforming.assumptions.map(\.setting).contains("--allowed-match conforming"))
        let exact = try load(path, policy: BrowserPolicy(allowedMatch: .exact)).verdict(forPath: "photo.jpg")
        #expect(!exact.opens)
        #expect(exact.assumptions.map(\.setting).contains("--allowed-match exact"))
    }

    @Test func aDynamicIdentifierInTheInfoPlistIsLeftOutOfTheAllowedTypes() throws {
        let dynamic = DynamicIdentifier(tagClass: .filenameExtension, tag: "foo", conformsTo: [.data]).identifier
        let path = try app(declaring([], listing: [dynamic.rawValue]))
        let browser = try load(path)
        #expect(browser.allowed.types.isEmpty)
        #expect(browser.allowed.leftOut.first?.message.contains("ignores dynamic identifiers") == true)
        // The file the identifier stands for is not allowed by it: one answer with `allowed`.
        #expect(!browser.verdict(forPath: "a.foo").opens)
    }

    @Test func theSystemReleaseDecidesWhichTypesExist() throws {
        let path = try app(declaring([], listing: ["public.jpeg-xl"]))
        let newest = try load(path)
        #expect(newest.catalog.isSystemDeclared("public.jpeg-xl"))
        #expect(newest.allowed.types.first?.notes.isEmpty == true)
        let monterey = try load(path, policy: BrowserPolicy(systemRelease: .macOS12))
        #expect(!monterey.catalog.isSystemDeclared("public.jpeg-xl"))
        #expect(monterey.allowed.types.first?.notes.first?.message.contains("declared nowhere") == true)
    }

    @Test func tiedTypesWithDifferentIconsMakeAnUncertainAnswer() throws {
        let path = try app(
            """
            <key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>CFBundleIconName</key><string>AppIcon</string>
            <key>CFBundleDocumentTypes</key><array><dict>
            <key>CFBundleTypeName</key><string>Doc</string><key>CFBundleTypeRole</key><string>Editor</string>
            <key>LSItemContentTypes</key><array><string>com.example.shr</string></array></dict></array>
            <key>UTExportedTypeDeclarations</key><array><dict>
            <key>UTTypeIdentifier</key><string>com.example.shr</string>
            <key>UTTypeConformsTo</key><array><string>public.data</string></array>
            <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><string>shr</string></dict>
            </dict></array>
            <key>UTImportedTypeDeclarations</key><array><dict>
            <key>UTTypeIdentifier</key><string>org.other.shr</string>
            <key>UTTypeConformsTo</key><array><string>public.data</string></array>
            <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><string>shr</string></dict>
            </dict></array>
            """)
        let answer = try load(path).icon(for: "a.shr")
        #expect(answer.type == "com.example.shr")
        #expect(!answer.isCertain)
        let typing = try #require(answer.conditions.first { $0.name == "type" })
        #expect(typing.because.contains("'org.other.shr' would show generic"))
        #expect(typing.assumptions.map(\.flag) == ["exported-wins"])
        // With the exported declaration winning, the file has one type and one answer.
        let settled = try load(path, policy: BrowserPolicy(exportedWins: true)).icon(for: "a.shr")
        #expect(settled.isCertain)
        #expect(settled.source == .appIcon)
    }

    @Test func everyChoiceHasAFlagADefaultAndASource() throws {
        let flags = BrowserPolicy.choices.map(\.flag)
        #expect(Set(flags).count == flags.count)
        for choice in BrowserPolicy.choices {
            #expect(!choice.source.isEmpty, "\(choice.flag)")
            // The default policy has each choice's default value.
            #expect(BrowserPolicy().assumption(choice.flag)?.value == choice.defaultValue, "\(choice.flag)")
            for value in choice.values {
                let policy = try BrowserPolicy(values: [(choice.flag, value)])
                #expect(policy.assumption(choice.flag)?.value == value, "\(choice.flag) \(value)")
            }
        }
        #expect(throws: PolicyError.unknownFlag("nope")) { try BrowserPolicy(values: [("nope", "x")]) }
        #expect(throws: PolicyError.self) { try BrowserPolicy(values: [("leading-dot", "maybe")]) }
    }
}

@Suite struct AssumptionDocumentationTests {
    /// The README lists every assumption with its default and source, as ``BrowserPolicy/choices``
    /// says; with `UTISCOPE_UPDATE_GOLDEN=1` the README's table is rewritten.
    @Test func theReadmeListsEveryAssumption() throws {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let path = url.appendingPathComponent("README.md").path
        let readme = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- assumptions:start"))
        let startLineEnd = try #require(readme[start.upperBound...].range(of: "\n"))
        let end = try #require(readme.range(of: "<!-- assumptions:end -->"))
        let table = String(readme[startLineEnd.upperBound..<end.lowerBound])
        if ProcessInfo.processInfo.environment["UTISCOPE_UPDATE_GOLDEN"] == "1" {
            let updated = readme.replacingCharacters(
                in: startLineEnd.upperBound..<end.lowerBound, with: BrowserPolicy.markdownTable)
            try updated.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(table == BrowserPolicy.markdownTable, "run the tests with UTISCOPE_UPDATE_GOLDEN=1")
    }
}
