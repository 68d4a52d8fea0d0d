import AppBundle
import Foundation
import PropertyList
import Testing
import UniformTypes

@testable import Lint

/// The context's unusual references (those UTI-001, UTI-016 and DOC-015 read instead of every
/// reference) against every reference filtered by what those rules look for, spelled out here.
@Suite struct UnusualReferenceTests {
    /// An app with `entries` document types and `declarations` exports, some of each unusual, and
    /// a Thumbnail extension: beyond ``LintContext/concurrencyThreshold`` the context finds the
    /// two parts on two cores and merges them.
    static func contexts(entries: Int, declarations: Int) throws -> LintContext {
        func listed(_ number: Int) -> String {
            switch number % 7 {
            case 0: "com.Example.Listed\(number)"  // a capital
            case 1: "public.package"
            case 2: "com.example.mixed\(number % 5)"  // declared with capitals below
            case 3: "bad id \(number)"  // not plainly spelled
            case 4: "com.apple.iwork.pages.pages"  // the system spells it with capitals
            default: "com.example.plain\(number)"
            }
        }
        var body = "<key>CFBundleDocumentTypes</key><array>"
        for entry in 0..<entries {
            body += "<dict><key>CFBundleTypeName</key><string>T\(entry)</string>"
            body += "<key>LSItemContentTypes</key><array><string>\(listed(entry))</string>"
            body += "<string>public.plain-text</string></array>"
            body += "<key>NSExportableTypes</key><array><string>\(listed(entry + 3))</string></array></dict>"
        }
        body += "</array><key>UTExportedTypeDeclarations</key><array>"
        for declaration in 0..<declarations {
            let identifier = declaration < 5 ? "com.Example.Mixed\(declaration)" : "com.example.type\(declaration)"
            body += "<dict><key>UTTypeIdentifier</key><string>\(identifier)</string>"
            body += "<key>UTTypeConformsTo</key><array><string>public.data</string>"
            body += "<string>\(listed(declaration + 1))</string></array></dict>"
        }
        body += "</array>"
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
        let app = try PropertyListReader().read(Array(plistText(body).utf8), file: "App/Info.plist")
        let appex = try PropertyListReader().read(Array(thumbnails.utf8), file: "Thumbnails/Info.plist")
        return LintContext(
            app: InfoPlist(document: app, platform: .macOS), extensions: [InfoPlist(document: appex, platform: .macOS)])
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

    @Test(arguments: [(12, 9), (3_000, 2_000)] as [(Int, Int)])
    func unusualReferencesAreTheOnesTheRulesLookAt(entries: Int, declarations: Int) throws {
        let context = try Self.contexts(entries: entries, declarations: declarations)
        #expect(
            (entries + declarations > LintContext.concurrencyThreshold)
                == (context.app.documentTypes.count + context.app.exportedTypes.count > LintContext.concurrencyThreshold)
        )
        var capitalised = Set(
            SystemTypeCatalog.embedded.types.map(\.identifier.rawValue).filter { $0 != $0.lowercased() }.map {
                $0.lowercased()
            })
        for plist in context.infoPlists {
            for declaration in plist.exportedTypes + plist.importedTypes
            where declaration.identifier.rawValue != declaration.identifier.rawValue.lowercased() {
                capitalised.insert(declaration.identifier.rawValue.lowercased())
            }
        }
        let expected = context.references.filter {
            Self.isUnusual($0.identifier.value.rawValue, capitalised: capitalised)
        }
        #expect(expected.count > 5, "the input has unusual references of every kind")
        #expect(expected.count < context.references.count, "and usual ones")
        #expect(context.unusualReferences.map(\.identifier.value.rawValue) == expected.map(\.identifier.value.rawValue))
        #expect(context.unusualReferences.map(\.site.key) == expected.map(\.key))
        #expect(context.unusualReferences.map(\.identifier.location) == expected.map(\.identifier.location))
        // The extension's references come after all of the app's.
        #expect(context.unusualReferences.last?.site.key == "QLSupportedContentTypes")
    }

    /// UTI-016 still finds a reference written in lower case to a type declared with capitals,
    /// and one written with capitals to a type declared in lower case.
    @Test func caseMismatchesAreFoundBothWays() throws {
        let context = try Self.contexts(entries: 12, declarations: 9)
        let found = IdentifierCaseMismatch().check(context).map(\.message)
        #expect(found.contains { $0.hasPrefix("'com.example.mixed2' is declared as 'com.Example.Mixed2'") })
        #expect(found.contains { $0.hasPrefix("'com.example.MIXED1' is declared as 'com.Example.Mixed1'") })
        #expect(
            found.contains {
                $0.hasPrefix("'com.apple.iwork.pages.pages' is declared as 'com.apple.iWork.Pages.pages'")
            })
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
