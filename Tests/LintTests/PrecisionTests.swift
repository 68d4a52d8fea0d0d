import AppBundle
import Lint
import PropertyList
import Testing

/// Findings a maintainer disputed on real apps, each on a file of our own with the same shape:
/// what is no longer reported, and what is reported now, at which severity and in which words.
@Suite struct PrecisionTests {
    func lint(_ inside: String, platform: Platform? = nil, settings: [String: String] = [:]) -> [Diagnostic] {
        Linter(configuration: LintConfiguration(buildSettings: settings)).lint(
            text: plistText(inside), platform: platform)
    }

    func codes(_ found: [Diagnostic]) -> Set<String> { Set(found.map(\.code)) }

    @Test func aVendoredCoreTypesBundleIsCheckedForShapeOnly() throws {
        // Apple's own declarations: public types, a private icon key, tags the system claims.
        let found = lint(
            """
            <key>CFBundleIdentifier</key><string>com.apple.CoreTypes</string>
            <key>CFBundlePackageType</key><string>BNDL</string>
            <key>UTExportedTypeDeclarations</key><array><dict>
                <key>UTTypeIdentifier</key><string>public.jpeg</string>
                <key>UTTypeConformsTo</key><array><string>public.image</string></array>
                <key>UTTypeIconName</key><string>jpeg</string>
                <key>UTTypeTagSpecification</key><dict>
                    <key>public.filename-extension</key><array><string>jpg</string></array>
                </dict>
            </dict></array>
            """)
        #expect(codes(found) == ["PLIST-009"])
        let said = try #require(found.first)
        #expect(said.severity == .info)
        #expect(said.message.hasPrefix("the bundle is one of Apple's type bundles"))
        #expect(said.location.line == 3)
    }

    @Test func aFrameworkDeclaringTypesGetsTheDeclarationRulesOnly() {
        let found = lint(
            """
            <key>CFBundleIdentifier</key><string>com.example.formats</string>
            <key>CFBundlePackageType</key><string>FMWK</string>
            <key>UTExportedTypeDeclarations</key><array><dict>
                <key>UTTypeIdentifier</key><string>com.example.format</string>
                <key>UTTypeConformsTo</key><array><string>public.content</string></array>
                <key>UTTypeIconName</key><string>format</string>
                <key>UTTypeTagSpecification</key><dict>
                    <key>public.filename-extension</key><array><string>xfmt</string></array>
                </dict>
            </dict></array>
            """)
        // UTI-004 (no physical conformance) still applies; ICON-003 (an app's icon key) does not.
        #expect(codes(found).contains("UTI-004"))
        #expect(codes(found).contains("PLIST-009"))
        #expect(!codes(found).contains("ICON-003"))
    }

    @Test func ranksAreComparedAsTheyTakeEffect() {
        let entry = { (rank: String) in
            """
            <dict><key>CFBundleTypeName</key><string>\(rank)</string>
                <key>CFBundleTypeRole</key><string>Viewer</string>\(rank.isEmpty ? "" : "<key>LSHandlerRank</key><string>\(rank)</string>")
                <key>LSItemContentTypes</key><array><string>public.plain-text</string></array></dict>
            """
        }
        let same = lint("<key>CFBundleDocumentTypes</key><array>\(entry("Default"))\(entry(""))</array>")
        #expect(!codes(same).contains("DOC-011"))
        let different = lint("<key>CFBundleDocumentTypes</key><array>\(entry("Alternate"))\(entry(""))</array>")
        let found = different.first { $0.code == "DOC-011" }
        #expect(found?.notes.first?.message.contains("rank 'Alternate'") == true)
    }

    @Test func xcodesOwnSettingsInAFileXcodeBuildsAreNoFinding() {
        let template = """
            <key>CFBundleExecutable</key><string>$(EXECUTABLE_NAME)</string>
            <key>CFBundleDocumentTypes</key><array><dict>
                <key>CFBundleTypeName</key><string>Document</string>
                <key>CFBundleTypeRole</key><string>Editor</string>
                <key>NSDocumentClass</key><string>$(PRODUCT_MODULE_NAME).Document</string>
            </dict></array>
            """
        #expect(!codes(lint(template)).contains("PLIST-004"))
        // Without the bundle keys Xcode's templates write, the file may come from any build system.
        let other = template.replacingOccurrences(of: "$(EXECUTABLE_NAME)", with: "Editor")
        let found = lint(other).first { $0.code == "PLIST-004" }
        #expect(
            found?.message
                == "'$(PRODUCT_MODULE_NAME)' is expanded only by Xcode; other build systems leave it as written")
    }

    @Test func preprocessorLinesAreIntendedWhenXcodePreprocesses() {
        let text = """
            <key>CFBundleName</key><string>Editor</string>
            #if BETA
            <key>CFBundleDisplayName</key><string>Editor Beta</string>
            #endif
            """
        let plain = lint(text).filter { $0.code == "PLIST-008" }
        #expect(plain.count == 2)
        #expect(lint(text, settings: ["INFOPLIST_PREPROCESS": "YES"]).filter { $0.code == "PLIST-008" }.isEmpty)
    }

    @Test func aMissingNameOrRoleIsAnErrorOnMacOSAndAWarningOnIOS() throws {
        let entry =
            "<key>CFBundleDocumentTypes</key><array><dict><key>LSItemContentTypes</key><array><string>public.png</string></array></dict></array>"
        let macOS = lint(entry, platform: .macOS)
        let iOS = lint(entry, platform: .iOS)
        let macName = try #require(macOS.first { $0.code == "DOC-001" })
        let iOSName = try #require(iOS.first { $0.code == "DOC-001" })
        #expect(macName.severity == .error)
        #expect(
            macName.message
                == "document type entry 0 has no 'CFBundleTypeName'; App Store Connect rejects a macOS archive with such a document type (ITMS-90243)"
        )
        #expect(iOSName.severity == .warning)
        #expect(
            iOSName.message
                == "document type entry 0 has no 'CFBundleTypeName'; the key reference requires it (on macOS, App Store Connect rejects an archive without it, ITMS-90243)"
        )
        #expect(macOS.first { $0.code == "DOC-004" }?.severity == .error)
        #expect(iOS.first { $0.code == "DOC-004" }?.severity == .warning)
    }

    @Test func aDeclarationWithoutIdentifierIsAWarning() {
        let found = lint("<key>UTExportedTypeDeclarations</key><array><dict/></array>").first { $0.code == "UTI-018" }
        #expect(found?.severity == .warning)
    }

    @Test func aWildcardExtensionMeansPublicItemAndAPackageEntryAPackageType() throws {
        let found = lint(
            """
            <key>CFBundleDocumentTypes</key><array>
            <dict><key>CFBundleTypeName</key><string>Anything</string><key>CFBundleTypeRole</key><string>Viewer</string>
                <key>CFBundleTypeExtensions</key><array><string>*</string></array></dict>
            <dict><key>CFBundleTypeName</key><string>Project</string><key>CFBundleTypeRole</key><string>Editor</string>
                <key>LSTypeIsPackage</key><true/>
                <key>CFBundleTypeExtensions</key><array><string>xproj</string></array></dict>
            </array>
            """, platform: .macOS
        ).filter { $0.code == "DOC-005" }
        #expect(found.count == 2)
        #expect(found[0].message.hasSuffix("list 'public.item' (for '*') in 'LSItemContentTypes'"))
        #expect(
            found[1].message.hasSuffix(
                "declare a type conforming to 'com.apple.package' for 'xproj' and list it there"))
    }

    @Test func aCutShortIdentifierGetsTheLongerOneBesideIt() throws {
        let found = try #require(
            lint(
                """
                <key>CFBundleDocumentTypes</key><array><dict>
                    <key>CFBundleTypeName</key><string>Markdown</string><key>CFBundleTypeRole</key><string>Viewer</string>
                    <key>LSItemContentTypes</key><array><string>net.daringfireball</string><string>net.daringfireball.markdown</string></array>
                </dict></array>
                """
            ).first { $0.code == "DOC-006" })
        #expect(
            found.message
                == "content type 'net.daringfireball' of document type 'Markdown' is not declared and looks cut short; did you mean 'net.daringfireball.markdown'?"
        )
    }
}

@Suite struct SharedObjectLocationTests {
    /// A binary plist, objects given in order (object 0 the root): each is an ASCII string, an
    /// array of object numbers, or a dictionary of key and value object numbers.
    enum Object {
        case string(String)
        case array([Int])
        case dictionary([(Int, Int)])
    }

    static func binary(_ objects: [Object]) -> [UInt8] {
        func header(_ marker: UInt8, _ count: Int) -> [UInt8] {
            count < 15 ? [marker | UInt8(count)] : [marker | 0x0F, 0x10, UInt8(count)]
        }
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            switch object {
            case .string(let text): bytes += header(0x50, text.utf8.count) + Array(text.utf8)
            case .array(let items): bytes += header(0xA0, items.count) + items.map(UInt8.init)
            case .dictionary(let pairs):
                bytes += header(0xD0, pairs.count) + pairs.map { UInt8($0.0) } + pairs.map { UInt8($0.1) }
            }
        }
        let table = bytes.count
        bytes += offsets.map(UInt8.init)
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for field in [objects.count, 0, table] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> ($0 * 8)) }
        }
        return bytes
    }

    @Test func aFindingInASharedTagSpecificationIsPlacedOnThePathItWasReachedThrough() throws {
        // Two declarations share one tag specification object, as a binary writer that stores
        // equal objects once writes them.
        let bytes = Self.binary([
            .dictionary([(1, 2)]), .string("UTExportedTypeDeclarations"), .array([3, 4]),
            .dictionary([(5, 7), (6, 9)]), .dictionary([(5, 8), (6, 9)]), .string("UTTypeIdentifier"),
            .string("UTTypeTagSpecification"), .string("com.example.a"), .string("com.example.b"),
            .dictionary([(10, 11)]), .string("public.mime-type"), .string("application/x-shared"),
        ])
        let document = try PropertyListReader().read(bytes, file: "Info.plist")
        let found = Linter(rules: [TagSpecificationForm()]).lint(
            LintContext(app: InfoPlist(document: document, platform: .iOS)))
        #expect(
            found.map(\.location.keyPath.description) == [
                "UTExportedTypeDeclarations[0].UTTypeTagSpecification[\"public.mime-type\"]",
                "UTExportedTypeDeclarations[1].UTTypeTagSpecification[\"public.mime-type\"]",
            ])
        // The object is the same: its own key path is the first use's.
        #expect(found.map(\.location.objectIndex) == [11, 11])
    }
}

@Suite struct SuggestionSeverityTests {
    func undeclared(_ identifier: String) -> Diagnostic? {
        Linter().lint(
            text: plistText(
                """
                <key>CFBundleDocumentTypes</key><array><dict>
                    <key>CFBundleTypeName</key><string>Files</string><key>CFBundleTypeRole</key><string>Viewer</string>
                    <key>LSHandlerRank</key><string>Alternate</string>
                    <key>LSItemContentTypes</key><array><string>\(identifier)</string></array>
                </dict></array>
                """)
        ).first { $0.code == "DOC-006" }
    }

    @Test func aNearMatchNeverRaisesTheSeverity() throws {
        // Apple's domains: possibly a newer or iOS type, a warning whether a near match exists or not.
        let unmatched = try #require(undeclared("public.rez-source"))
        #expect(unmatched.severity == .warning)
        #expect(!unmatched.message.contains("did you mean"))
        let matched = try #require(undeclared("public.mpeg4"))
        #expect(matched.severity == .warning)
        #expect(
            matched.message
                == "content type 'public.mpeg4' of document type 'Files' is not declared; did you mean 'public.mpeg-4'? (if a newer or iOS system declares it, give that declaration with --system-types)"
        )
        #expect(matched.fixIt != nil)
        // Another vendor's undeclared type stays an error, with or without a suggestion.
        #expect(try #require(undeclared("com.example.nothing")).severity == .error)
    }
}
