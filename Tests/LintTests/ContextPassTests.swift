import AppBundle
import Foundation
import PropertyList
import Testing
import UniformTypes

@testable import Lint

/// The context's unusual references (those UTI-001, UTI-016 and DOC-015 read instead of every
/// reference) against every reference filtered by what those rules look for, spelled out here.
@Suite struct UnusualReferenceTests {
    /// An identifier of each kind the rules look at, by `number`, and usual ones.
    static func listed(_ number: Int) -> String {
        switch number % 8 {
        case 0: "com.Example.Listed\(number)"  // a capital
        case 1: "public.package"
        case 2: "com.example.mixed\(number % 5)"  // declared with capitals below
        case 3: "bad id \(number)"  // not plainly spelled
        case 4: "com.apple.iwork.pages.pages"  // the system spells it with capitals
        case 5: "org.newer.thing"  // a --system-types declaration spells it with capitals
        default: "com.example.plain\(number)"
        }
    }

    /// An Info.plist body with `entries` document types and `declarations` exports and imports,
    /// listing identifiers of every kind from `seed` on.
    static func body(entries: Int, declarations: Int, seed: Int, capitalisedExports: Bool) -> String {
        var body = "<key>CFBundleDocumentTypes</key><array>"
        for entry in 0..<entries {
            body += "<dict><key>CFBundleTypeName</key><string>T\(entry)</string>"
            body += "<key>LSItemContentTypes</key><array><string>\(listed(seed + entry))</string>"
            body += "<string>public.plain-text</string></array>"
            body += "<key>NSExportableTypes</key><array><string>\(listed(seed + entry + 3))</string></array></dict>"
        }
        for key in ["UTExportedTypeDeclarations", "UTImportedTypeDeclarations"] {
            body += "</array><key>\(key)</key><array>"
            for declaration in 0..<declarations {
                let identifier =
                    capitalisedExports && declaration < 5 && key.hasPrefix("UTExported")
                    ? "com.Example.Mixed\(declaration)" : "com.example.\(key.prefix(10))\(seed)x\(declaration)"
                body += "<dict><key>UTTypeIdentifier</key><string>\(identifier)</string>"
                body += "<key>UTTypeConformsTo</key><array><string>public.data</string>"
                body += "<string>\(listed(seed + declaration + 1))</string></array></dict>"
            }
        }
        return body + "</array>"
    }

    /// An app with `entries` document types and `declarations` exports and imports, some of each
    /// unusual, and two extensions (a Thumbnail extension, and one with document types and
    /// declarations of its own): beyond ``LintContext/concurrencyThreshold`` the context finds
    /// the two parts on two cores and merges them, Info.plist by Info.plist.
    static func context(entries: Int, declarations: Int, system: [TypeDeclaration] = []) throws -> LintContext {
        let thumbnails = plistText(
            """
            <key>NSExtension</key><dict>
                <key>NSExtensionPointIdentifier</key><string>com.apple.quicklook.thumbnail</string>
                <key>NSExtensionAttributes</key><dict>
                    <key>QLSupportedContentTypes</key><array>
                        <string>com.example.MIXED1</string><string>public.jpeg</string><string>com.example.mixed2</string>
                    </array>
                </dict>
            </dict>
            """)
        let texts = [
            plistText(body(entries: entries, declarations: declarations, seed: 0, capitalisedExports: true)),
            thumbnails,
            plistText(body(entries: 9, declarations: 6, seed: 3, capitalisedExports: false)),
        ]
        let plists = try texts.enumerated().map { index, text in
            let file = index == 0 ? "App/Info.plist" : "Extension\(index)/Info.plist"
            return InfoPlist(document: try PropertyListReader().read(Array(text.utf8), file: file), platform: .macOS)
        }
        return LintContext(app: plists[0], extensions: Array(plists.dropFirst()), systemDeclarations: system)
    }

    /// A newer system's declaration of `org.newer.thing`, spelled with capitals.
    static let newerSystem = [
        TypeDeclaration(
            "org.Newer.Thing", origin: .system(release: "macOS 99", bundle: "CoreTypes", kind: .exported),
            conformsTo: ["public.data"])
    ]

    /// Every reference of `plists` in file order per key, found by walking the models here: the
    /// identifier's text and the key it is listed under.
    static func everyReference(_ plists: [InfoPlist]) -> [(text: String, key: String, line: Int?)] {
        var found: [(text: String, key: String, line: Int?)] = []
        for plist in plists {
            for entry in plist.documentTypes {
                for type in entry.contentTypes {
                    found.append((type.value.rawValue, "LSItemContentTypes", type.location?.line))
                }
                for type in entry.exportableTypes {
                    found.append((type.value.rawValue, "NSExportableTypes", type.location?.line))
                }
            }
            for declaration in plist.exportedTypes + plist.importedTypes {
                for type in declaration.conformances {
                    found.append((type.value.rawValue, "UTTypeConformsTo", type.location?.line))
                }
            }
            for type in plist.appExtension?.supportedContentTypes ?? [] {
                found.append((type.value.rawValue, "QLSupportedContentTypes", type.location?.line))
            }
        }
        return found
    }

    /// Whether a rule reading every reference would look closer at `identifier`, by the rules'
    /// own criteria: not letters, digits, hyphens and dots in non-empty components; a capital
    /// letter; `public.package`; or equal ignoring case to an identifier declared with a capital.
    static func isUnusual(_ identifier: String, capitalised: Set<String>) -> Bool {
        let components = identifier.split(separator: ".", omittingEmptySubsequences: false)
        let plain =
            !identifier.isEmpty
            && components.allSatisfy { component in
                !component.isEmpty
                    && component.unicodeScalars.allSatisfy {
                        $0.isASCII && ($0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
                    }
            }
        return !plain || identifier != identifier.lowercased() || identifier == "public.package"
            || capitalised.contains(identifier.lowercased())
    }

    /// The identifiers the system, the newer system's declarations and the Info.plists declare
    /// with a capital letter, lowercased.
    static func capitalised(_ context: LintContext, system: [TypeDeclaration]) -> Set<String> {
        let declared =
            SystemTypeCatalog.embedded.types.map(\.identifier.rawValue) + system.map(\.identifier.rawValue)
            + context.infoPlists.flatMap { ($0.exportedTypes + $0.importedTypes).map(\.identifier.rawValue) }
        return Set(declared.filter { $0 != $0.lowercased() }.map { $0.lowercased() })
    }

    @Test(
        arguments: [(12, 9, false), (3_000, 1_000, false), (12, 9, true), (3_000, 1_000, true)] as [(Int, Int, Bool)])
    func unusualReferencesAreTheOnesTheRulesLookAt(entries: Int, declarations: Int, newerSystem: Bool) throws {
        let system = newerSystem ? Self.newerSystem : []
        let context = try Self.context(entries: entries, declarations: declarations, system: system)
        let every = Self.everyReference(context.infoPlists)
        // The context's own walk visits every reference, in order.
        let visited = context.referenceFindings { identifier, site in
            Diagnostic(
                code: "TEST", name: "test", severity: .info, message: identifier.value.rawValue + " " + site.key,
                location: identifier.location ?? SourceLocation(file: "?"))
        }
        #expect(visited.map(\.message) == every.map { $0.text + " " + $0.key })
        #expect(
            context.references.map { $0.identifier.value.rawValue + " " + $0.key }
                == every.map { $0.text + " " + $0.key })
        let capitalised = Self.capitalised(context, system: system)
        let expected = every.filter { Self.isUnusual($0.text, capitalised: capitalised) }
        #expect(expected.count > 20, "the input has unusual references of every kind")
        #expect(expected.count < every.count, "and usual ones")
        #expect(expected.contains { $0.text == "org.newer.thing" } == newerSystem)
        #expect(context.unusualReferences.map(\.identifier.value.rawValue) == expected.map(\.text))
        #expect(context.unusualReferences.map(\.site.key) == expected.map(\.key))
        #expect(context.unusualReferences.map(\.identifier.location?.line) == expected.map(\.line))
        // The Info.plists' references interleave as the files come: the app's, the Thumbnail
        // extension's, then the third one's document types before its declarations.
        #expect(Set(context.unusualReferences.map { $0.identifier.location?.file ?? "" }).count == 3)
    }

    /// UTI-016's findings are those a check of every reference gives, at both sizes and with a
    /// newer system's declarations: a lower-case reference to a type declared with capitals, and
    /// one with capitals to a type declared in lower case, are both found.
    @Test(arguments: [(12, 9, false), (3_000, 1_000, true)] as [(Int, Int, Bool)])
    func caseMismatchesAreThoseOfEveryReference(entries: Int, declarations: Int, newerSystem: Bool) throws {
        let context = try Self.context(
            entries: entries, declarations: declarations, system: newerSystem ? Self.newerSystem : [])
        let graph = context.catalog.graph
        var expected: [String] = []
        for reference in context.references {
            guard let node = graph.declaredNode(for: reference.identifier.value) else { continue }
            let declared = graph.identifier(of: node).rawValue
            if declared != reference.identifier.value.rawValue {
                expected.append("'\(reference.identifier.value.rawValue)' is declared as '\(declared)'")
            }
        }
        let found = IdentifierCaseMismatch().check(context).map { String($0.message.prefix(while: { $0 != ";" })) }
        #expect(found == expected)
        #expect(found.contains("'com.example.mixed2' is declared as 'com.Example.Mixed2'"))
        #expect(found.contains("'com.example.MIXED1' is declared as 'com.Example.Mixed1'"))
        #expect(found.contains("'com.apple.iwork.pages.pages' is declared as 'com.apple.iWork.Pages.pages'"))
        #expect(found.contains("'org.newer.thing' is declared as 'org.Newer.Thing'") == newerSystem)
    }
}

/// UTI-010 and UTI-008 find equal identifiers by graph node: per array and per Info.plist, in
/// any letter case, the first declaration named in the note.
@Suite struct DeclarationTwinTests {
    static func declarations(_ key: String, _ identifiers: [String]) -> String {
        "<key>\(key)</key><array>"
            + identifiers.map {
                "<dict><key>UTTypeIdentifier</key><string>\($0)</string><key>UTTypeConformsTo</key><array><string>public.data</string></array></dict>\n"
            }.joined() + "</array>\n"
    }

    @Test func twinsAreFoundPerArrayAndPerInfoPlist() throws {
        let app =
            Self.declarations(
                "UTExportedTypeDeclarations",
                ["com.example.a", "com.example.b", "com.example.A", "com.example.a", "com.example.e"])
            + Self.declarations("UTImportedTypeDeclarations", ["com.example.B", "com.example.d", "com.example.d"])
        let appex =
            "<key>CFBundleIdentifier</key><string>com.example.app.ext</string>\n"
            + Self.declarations("UTExportedTypeDeclarations", ["com.example.x", "com.example.X"])
            + Self.declarations("UTImportedTypeDeclarations", ["com.example.a", "com.example.x", "com.example.e"])
        let found = Linter().lint(text: plistText(app), extensions: [plistText(appex)])
        func described(_ code: String) -> [String] {
            found.filter { $0.code == code }.map { diagnostic in
                let notes = diagnostic.notes.map { "\($0.location?.file ?? "?"):\($0.location?.line ?? 0)" }
                return "\(diagnostic.location.file):\(diagnostic.location.line ?? 0) \(diagnostic.severity) "
                    + diagnostic.message.prefix(while: { $0 != ";" }) + " <- " + notes.joined(separator: ",")
            }
        }
        let (appFile, extensionFile) = (Example.appFile, Example.extensionFile(0))
        // Lines: the plist's wrapper takes two, then one declaration per line.
        #expect(
            described("UTI-010") == [
                "\(appFile):5 info type 'com.example.A' is declared twice in 'UTExportedTypeDeclarations' (differing only in letter case) <- \(appFile):3",
                "\(appFile):6 warning type 'com.example.a' is declared twice in 'UTExportedTypeDeclarations' <- \(appFile):3",
                "\(appFile):11 warning type 'com.example.d' is declared twice in 'UTImportedTypeDeclarations' <- \(appFile):10",
                "\(extensionFile):5 info type 'com.example.X' is declared twice in 'UTExportedTypeDeclarations' (differing only in letter case) <- \(extensionFile):4",
            ])
        // An import twins an export of its own Info.plist only: the extension's 'com.example.a'
        // and 'com.example.e' are the app's exports, not its own.
        #expect(
            described("UTI-008") == [
                "\(appFile):9 warning type 'com.example.B' is both exported and imported <- \(appFile):4",
                "\(extensionFile):8 warning type 'com.example.x' is both exported and imported <- \(extensionFile):4",
            ])
    }
}
