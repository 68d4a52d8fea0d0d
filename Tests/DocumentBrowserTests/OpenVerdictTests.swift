import Foundation
import Testing
import UniformTypes

@testable import DocumentBrowser

@Suite struct OpenVerdictTests {
    let notebook: DocumentBrowser

    init() throws {
        notebook = try browser(Fixture.notebook)
    }

    @Test func aCustomExportedTypeOpensThroughItsDocumentType() throws {
        let verdict = notebook.verdict(forPath: "Groceries.note")
        #expect(verdict.opens)
        #expect(verdict.outcome == .opens)
        #expect(verdict.kind == .file)
        #expect(verdict.type == "com.example.notebook.note")
        #expect(!verdict.exists)
        #expect(verdict.reasons.map(\.message)[0] == "name 'Groceries.note' has the extension 'note'")
        #expect(verdict.reasons[1].message == "extension 'note' → 'com.example.notebook.note', exported by the app")
        #expect(verdict.reasons[1].location?.line == 133)
        let last = try #require(verdict.reasons.last)
        #expect(
            last.message
                == "'com.example.notebook.note' is the allowed type 'com.example.notebook.note', allowed by document type 'Note'"
        )
        #expect(last.location?.line == 37)
    }

    @Test func anImportedThirdPartyTypeOpens() {
        let verdict = notebook.verdict(forPath: "cat.tpsketch")
        #expect(verdict.opens)
        #expect(verdict.reasons[1].message == "extension 'tpsketch' → 'com.thirdparty.sketch', imported by the app")
        #expect(verdict.allowedBy?.source.entryName == "Third-party Sketch")
    }

    @Test func aTypeListedButDeclaredNowhereLeavesItsFilesUnclaimed() throws {
        let verdict = notebook.verdict(forPath: "x.missing")
        #expect(!verdict.opens)
        #expect(verdict.outcome == .unclaimedExtension)
        let decisive = try #require(verdict.decisiveBreak)
        #expect(
            decisive.message.hasPrefix(
                "extension 'missing' is claimed by no declared type: the system types the file 'dyn."))
        #expect(verdict.type?.isDynamic == true)
    }

    @Test func aTypeConformingOnlyToContentIsNotBound() throws {
        let verdict = notebook.verdict(forPath: "Recipe.card")
        #expect(!verdict.opens)
        #expect(verdict.outcome == .notBindable)
        let decisive = try #require(verdict.decisiveBreak)
        #expect(
            decisive.message.contains(
                "'com.example.notebook.card' (exported by the app), which conforms to neither 'public.data' nor 'com.apple.package'"
            ))
        #expect(decisive.location?.line != nil)
    }

    @Test func aPackageOpensAndAPlainFolderIsNavigated() throws {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/Trip.notebook", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/Photos", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/v1.2", withIntermediateDirectories: true)
        let package = notebook.verdict(forPath: directory + "/Trip.notebook")
        #expect(package.kind == .package)
        #expect(package.opens)
        #expect(package.type == "com.example.notebook.bundle")
        let folder = notebook.verdict(forPath: directory + "/Photos")
        #expect(folder.kind == .folder)
        #expect(!folder.opens)
        #expect(folder.outcome == .folder)
        #expect(folder.type == "public.folder")
        let dotted = notebook.verdict(forPath: directory + "/v1.2")
        #expect(dotted.kind == .folder)
        #expect(dotted.chain.contains("extension '2' names no package type: a plain folder"))
        // The same name as a file is not a package.
        #expect(notebook.verdict(forPath: "Trip.notebook").kind == .file)
    }

    @Test func systemTypes() throws {
        let pdf = notebook.verdict(forPath: "Invoice.pdf")
        #expect(pdf.opens)
        #expect(
            pdf.reasons[1].message
                == "extension 'pdf' → 'com.adobe.pdf', declared by the system (macOS 12.7, CoreTypes)")
        let zip = notebook.verdict(forPath: "Archive.zip")
        #expect(!zip.opens)
        #expect(zip.outcome == .notAllowed)
        #expect(
            zip.decisiveBreak?.message.hasPrefix("'public.zip-archive' conforms to none of the allowed types") == true)
        let jpeg = notebook.verdict(forPath: "IMG_0001.JPG")
        #expect(jpeg.opens)
        #expect(jpeg.type == "public.jpeg")
        #expect(jpeg.reasons[1].assumption?.setting == "--extension-case insensitive")
        // The JPEG conforms to 'public.image': it opens by conformance, which Apple does not state.
        #expect(jpeg.assumptions.map(\.flag) == ["allowed-match", "extension-case"])
        #expect(
            jpeg.chain.contains(
                "'public.jpeg' conforms to the allowed type 'public.image', allowed by document type 'Documents'"))
        let json = notebook.verdict(forPath: "data.json")
        #expect(json.opens)
        #expect(json.chain.contains("'public.json' conforms to the allowed type 'public.text'"))
        let text = notebook.verdict(forPath: "readme.txt")
        #expect(text.type == "public.plain-text")
        #expect(text.chain.contains("(public.plain-text → public.text)") == false)
    }

    @Test func anUpperCaseExtensionIsUnclaimedWhenCaseMatters() throws {
        let sensitive = try browser(Fixture.notebook, policy: BrowserPolicy(extensionCase: .sensitive))
        let verdict = sensitive.verdict(forPath: "IMG_0001.JPG")
        #expect(!verdict.opens)
        #expect(verdict.outcome == .unclaimedExtension)
        #expect(verdict.decisiveBreak?.assumption?.setting == "--extension-case sensitive")
    }

    @Test func anExtensionClaimedByTheAppAndASystemPublicTypeGoesToThePublicOne() {
        let verdict = notebook.verdict(forPath: "notes.txt")
        #expect(verdict.type == "public.plain-text")
        #expect(
            verdict.reasons[1].message
                == "extension 'txt' → 'public.plain-text', declared by the system (macOS 12.7, CoreTypes); also claimed by 'com.example.notebook.text': Apple's rule prefers public types"
        )
        #expect(verdict.opens)
    }

    @Test func exportedAndImportedDeclarationsOfOneIdentifier() {
        let verdict = notebook.verdict(forPath: "old.nblegacy")
        #expect(verdict.opens)
        #expect(verdict.type == "com.example.notebook.legacy")
        #expect(
            verdict.chain.contains(
                "'com.example.notebook.legacy' is also imported by the app; the exported declaration is in effect: an exported declaration wins over an imported one"
            ))
        // The imported declaration's extra extension is not in effect.
        #expect(notebook.verdict(forPath: "old.nbold").outcome == .unclaimedExtension)
    }

    @Test func anAmbiguousExtensionNamesTheCandidatesAndTheRule() throws {
        let verdict = notebook.verdict(forPath: "a.page")
        #expect(verdict.tied == ["com.example.notebook.draft", "com.example.notebook.page"])
        #expect(verdict.type == nil)
        // Both are allowed: it opens whichever the system picks.
        #expect(verdict.opens)
        #expect(verdict.chain.contains("Apple's rules leave the choice undefined"))
        let one = try browser(Fixture.notebook, allowed: ["com.example.notebook.page"])
        let undetermined = one.verdict(forPath: "a.page")
        #expect(!undetermined.opens)
        #expect(!undetermined.isCertain)
        #expect(undetermined.outcome == .ambiguousExtension)
        #expect(
            undetermined.decisiveBreak?.message.contains(
                "is claimed by 'com.example.notebook.draft', 'com.example.notebook.page'") == true)
    }

    @Test func anExplicitListVersusNil() throws {
        let explicit = try browser(Fixture.notebook, allowed: ["public.plain-text"])
        #expect(explicit.verdict(forPath: "readme.txt").opens)
        let note = explicit.verdict(forPath: "a.note")
        #expect(!note.opens)
        #expect(
            note.decisiveBreak?.message
                == "'com.example.notebook.note' conforms to none of the allowed types ('public.plain-text')")
        #expect(notebook.verdict(forPath: "a.note").opens)
    }

    @Test func publicItemAllowsEverythingButFoldersAreStillNavigated() throws {
        let any = try browser(Fixture.anyFile)
        for name in ["a.zip", "b.unknownext", "Makefile", "c.pdf"] {
            #expect(any.verdict(forPath: name).opens, "\(name)")
        }
        let unknown = any.verdict(forPath: "b.unknownext")
        #expect(unknown.chain.contains("conforms to the allowed type 'public.item' (dyn."))
        #expect(unknown.decisiveBreak == nil)
        let directory = try temporaryDirectory()
        let folder = any.verdict(forPath: directory)
        #expect(folder.kind == .folder)
        #expect(!folder.opens)
        #expect(folder.chain.contains("even though 'public.folder' conforms to the allowed type 'public.item'"))
    }

    /// loop-b conforms to loop-a, which conforms to loop-b: the verdict is given, and the search
    /// for its chain reads each type's supertypes once.
    @Test func aConformanceCycleStillAnswers() {
        let verdict = notebook.verdict(forPath: "x.loopb")
        #expect(verdict.opens)
        #expect(
            verdict.chain.contains(
                "'com.example.notebook.loop-b' conforms to the allowed type 'com.example.notebook.loop-a'"))
        var expanded = 0
        let chain = notebook.conformance.path(
            from: "com.example.notebook.loop-b", to: "com.example.notebook.loop-a", expanded: &expanded)
        #expect(chain == ["com.example.notebook.loop-b", "com.example.notebook.loop-a"])
        #expect(expanded == 1)
        // Up to a type the cycle does not reach, through both members of the cycle, each once.
        expanded = 0
        #expect(
            notebook.conformance.path(from: "com.example.notebook.loop-a", to: "public.item", expanded: &expanded)
                == ["com.example.notebook.loop-a", "com.example.notebook.loop-b", "public.data", "public.item"])
        #expect(expanded == 3)
    }

    @Test func legacyExtensionsOpenOnMacOS() throws {
        let scribe = try browser(Fixture.scribe)
        let legacy = scribe.verdict(forPath: "notes.scrb")
        #expect(legacy.opens)
        #expect(legacy.assumptions.map(\.setting) == ["--legacy-extensions auto"])
        let onIOS = try browser(Fixture.scribe, platform: .iOS).verdict(forPath: "notes.scrb")
        #expect(!onIOS.opens)
        #expect(onIOS.outcome == .unclaimedExtension)
    }

    @Test func anAppWithoutDocumentTypesAllowsNothing() throws {
        let path = try temporaryDirectory() + "/Info.plist"
        try Data(
            """
            <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.empty</string></dict></plist>
            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        let empty = try browser(path)
        let verdict = empty.verdict(forPath: "a.pdf")
        #expect(!verdict.opens)
        #expect(
            verdict.decisiveBreak?.message.hasPrefix("no type is allowed: the app declares no document types") == true)
    }
}
