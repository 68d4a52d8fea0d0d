import AppBundle
import SwiftSource
import Testing

/// The path of a fixture under Fixtures/sources.
func sourcesFixture(_ relative: String) -> String {
    packageDirectory + "/Fixtures/sources/" + relative
}

/// Which Swift files belong to which app: an Xcode target's Sources build phase and synchronised
/// folders, and loose Info.plists paired with the files nearest them.
@Suite struct SwiftSourceFilesTests {
    /// `paths` relative to `root`, sorted.
    func relative(_ paths: [String], to root: String) -> [String] {
        paths.map { $0.hasPrefix(root + "/") ? String($0.dropFirst(root.count + 1)) : $0 }.sorted()
    }

    @Test func anXcodeTargetHasItsPhaseAndItsSynchronisedFolders() throws {
        let root = sourcesFixture("Inkwell")
        let project = try XcodeProject.read(path: root + "/Inkwell.xcodeproj")
        let app = try #require(project.target(named: "Inkwell"))
        // The build phase's file in a group of its own; the generated one (BUILT_PRODUCTS_DIR) is
        // left out, and no finding is made of it.
        #expect(relative(app.swiftSources, to: root) == ["Shared/Formats.swift"])
        #expect(!project.findings.contains { "\($0.kind)".contains("Generated") })
        #expect(
            app.synchronizedFolders == [
                SynchronizedFolder(path: root + "/Inkwell", isMember: true, exceptions: ["Info.plist", "Drafts"])
            ])
        // The Drafts folder is an exception: its files are not the target's.
        #expect(
            relative(SwiftSourceFiles.files(of: app), to: root) == [
                "Inkwell/DocumentBrowserViewController.swift", "Inkwell/Importing.swift", "Inkwell/InkTypes.swift",
                "Shared/Formats.swift",
            ])
        // The extension lists its own folder; an exception set naming it makes one file of the
        // app's folder its own too.
        let thumbnail = try #require(project.target(named: "InkThumbnail"))
        #expect(
            relative(SwiftSourceFiles.files(of: thumbnail), to: root) == [
                "InkThumbnail/ThumbnailProvider.swift", "Inkwell/InkTypes.swift",
            ])
    }

    @Test func exceptionsNameFilesOrFolders() {
        let member = SynchronizedFolder(path: "App", isMember: true, exceptions: ["Info.plist", "Drafts"])
        #expect(member.contains(relativePath: "View.swift"))
        #expect(!member.contains(relativePath: "Drafts/Old.swift"))
        #expect(member.contains(relativePath: "DraftsView.swift"))
        let other = SynchronizedFolder(path: "App", isMember: false, exceptions: ["Shared/Types.swift"])
        #expect(other.contains(relativePath: "Shared/Types.swift"))
        #expect(!other.contains(relativePath: "View.swift"))
    }

    @Test func loadingAProjectReadsTheAppsCode() throws {
        let unit = try AppLoader().load(sourcesFixture("Inkwell"))
        #expect(unit.name == "Inkwell")
        let code = try #require(unit.code)
        #expect(code.files.count == 4)
        // Constants from two files, one of them the build phase's: the Drafts folder and the
        // extension's code are not read.
        #expect(code.typeConstants.map(\.name) == ["inkBrushes", "inkDrawing", "inkStencils"])
        #expect(
            code.declarationSites.compactMap(\.identifier).sorted() == [
                "com.example.brushes", "com.example.inkwell.drawing", "com.example.inkwell.stencils",
            ])
        #expect(code.creationSites.map(\.kind) == [.documentBrowser, .fileImporter, .documentPickerByIdentifiers])
    }

    @Test func withoutSourcesNothingIsRead() throws {
        let unit = try AppLoader(readsSources: false).load(sourcesFixture("Inkwell"))
        #expect(unit.code == nil && unit.swiftFiles.isEmpty)
    }

    @Test func looseInfoPlistsPairWithTheNearestFiles() throws {
        let root = sourcesFixture("Jotter")
        let units = AppLoader().loadAll(root).units
        let app = try #require(units.first)
        #expect(units.count == 1)
        // The Share extension joined the app; its code is its own. Tests, Pods, SourcePackages,
        // hidden folders and Package.swift are not read.
        #expect(app.extensions.count == 1)
        #expect(
            relative(app.swiftFiles, to: root) == [
                "App/Sources/JotterApp.swift", "App/Sources/Model/NoteDocument.swift",
            ])
        #expect(app.code?.documents.map(\.name) == ["NoteDocument"])
    }

    @Test func anInfoPlistNamedAsAFileReadsOnlyTheFoldersGiven() throws {
        let plist = sourcesFixture("Jotter/App/Info.plist")
        #expect(try AppLoader().load(plist).code == nil)
        let unit = try AppLoader(sourceFolders: [sourcesFixture("Jotter/App/Sources")]).load(plist)
        #expect(unit.swiftFiles.count == 2)
        #expect(unit.code?.typeConstants.map(\.name) == ["jotterNote"])
    }

    @Test func walkRules() {
        for skipped in [
            "build", ".build", "DerivedData", "Pods", "Carthage", "SourcePackages", ".git", "AppTests", "Tests",
        ] {
            #expect(!SwiftSourceFiles.entersFolder(skipped), "\(skipped)")
        }
        #expect(SwiftSourceFiles.entersFolder("Sources"))
        #expect(!SwiftSourceFiles.entersFolder("App.xcodeproj"))
    }

    @Test func anUnreadableFileIsAFinding() {
        let (code, findings) = SwiftSourceFiles.read([sourcesFixture("Jotter/App/Sources/Missing.swift")])
        #expect(code.files.isEmpty)
        #expect(findings.count == 1)
        #expect(findings.first?.message.hasPrefix("cannot read the Swift file") == true)
    }
}
