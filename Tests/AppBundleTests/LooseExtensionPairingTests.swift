import Foundation
import PropertyList
import TestScratch
import Testing

@testable import AppBundle

/// A source checkout without an Xcode project: loose Info.plists of apps and extensions.
@Suite struct LooseExtensionPairingTests {
    /// Writes `files` (relative path → Info.plist body) under a new temporary folder.
    func checkout(_ files: [String: String]) throws -> String {
        let root = Scratch.root.appendingPathComponent("pairing-\(UUID())").path
        for (relative, body) in files {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let text =
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(body)</dict></plist>\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return root
    }

    func app(_ identifier: String, packageType: String? = nil) -> String {
        "<key>CFBundleIdentifier</key><string>\(identifier)</string>"
            + (packageType.map { "<key>CFBundlePackageType</key><string>\($0)</string>" } ?? "")
    }

    func thumbnails(_ identifier: String) -> String {
        """
        <key>CFBundleIdentifier</key><string>\(identifier)</string>
        <key>NSExtension</key><dict>
            <key>NSExtensionPointIdentifier</key><string>com.apple.quicklook.thumbnail</string>
            <key>NSExtensionAttributes</key><dict>
                <key>QLSupportedContentTypes</key><array><string>com.example.sketch</string></array>
            </dict>
        </dict>
        """
    }

    func plist(_ body: String, folder: String) throws -> AppUnit {
        let text = "<plist version=\"1.0\"><dict>\(body)</dict></plist>"
        let document = try PropertyListReader().read(Array(text.utf8), file: folder + "/Info.plist")
        return AppUnit(
            name: folder, infoPlist: InfoPlist(document: document), extensions: [], folder: folder)
    }

    @Test func anExtensionJoinsTheAppItsIdentifierStartsWith() throws {
        let root = try checkout([
            "Notes/Info.plist": app("com.example.notes"),
            "Sketch/Info.plist": app("com.example.sketch"),
            "Thumbnails/Info.plist": thumbnails("com.example.sketch.thumbnails"),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (units, findings, _) = AppLoader().loadAll(root)
        #expect(findings.isEmpty)
        #expect(units.map(\.name) == ["Notes", "Sketch"])
        #expect(units.map { $0.thumbnailExtensions.count } == [0, 1])
    }

    @Test func withBuildSettingIdentifiersTheNearestAppTakesIt() throws {
        let setting = "$(PRODUCT_BUNDLE_IDENTIFIER)"
        let root = try checkout([
            "Sketch/App/Info.plist": app(setting),
            "Sketch/Thumbnails/Info.plist": thumbnails(setting),
            "Sketch/Tests/Info.plist": app(setting, packageType: "BNDL"),
            "Other/App/Info.plist": app(setting, packageType: "APPL"),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let units = AppLoader().loadAll(root).units
        // 'Sketch/App' shares 'Sketch' with the extension; the test bundle is no app.
        #expect(units.map(\.name) == ["App", "App", "Tests"])
        #expect(units.map { $0.thumbnailExtensions.count } == [0, 1, 0])
        #expect(units[1].infoPlist.file.hasSuffix("Sketch/App/Info.plist"))
    }

    @Test func anExtensionNoAppClearlyEmbedsStaysOnItsOwn() throws {
        let setting = "$(PRODUCT_BUNDLE_IDENTIFIER)"
        // Two apps equally near, and an identifier that prefixes none: left alone.
        let tie = try checkout([
            "A/Info.plist": app(setting), "B/Info.plist": app(setting), "Q/Info.plist": thumbnails(setting),
        ])
        defer { try? FileManager.default.removeItem(atPath: tie) }
        #expect(AppLoader().loadAll(tie).units.count == 3)
        let foreign = try checkout([
            "A/Info.plist": app("com.example.a"), "Q/Info.plist": thumbnails("org.other.thumbnails"),
        ])
        defer { try? FileManager.default.removeItem(atPath: foreign) }
        #expect(AppLoader().loadAll(foreign).units.map { $0.extensions.count } == [0, 0])
        // The only app, but far away: its folder's parent does not hold the extension.
        let distant = try checkout([
            "Apps/Mac/Sketch/Info.plist": app(setting), "Extensions/Thumbnails/Info.plist": thumbnails(setting),
        ])
        defer { try? FileManager.default.removeItem(atPath: distant) }
        #expect(AppLoader().loadAll(distant).units.map { $0.extensions.count } == [0, 0])
    }

    @Test func theIdentifierPrefixEndsAtADot() throws {
        // 'com.example.sketchbook.thumbnails' is not 'com.example.sketch''s; both are written out,
        // so the folder cannot override them.
        let root = try checkout([
            "Sketch/Info.plist": app("com.example.sketch"),
            "Thumbnails/Info.plist": thumbnails("com.example.sketchbook.thumbnails"),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(AppLoader().loadAll(root).units.map { $0.extensions.count } == [0, 0])
    }

    @Test func generatorsAndExtensionKitExtensionsAreNotApps() throws {
        // The corpus's flattened layout: one folder, names prefixed. A Quick Look generator
        // (a CFPlugIn without a package type) is no app, and an ExtensionKit extension joins.
        let setting = "$(PRODUCT_BUNDLE_IDENTIFIER)"
        let root = try checkout([
            "Emu/Application__Info.plist": app(setting),
            "Emu/Generator__Info.plist": app(setting) + "<key>CFPlugInTypes</key><dict></dict>",
            "Emu/Thumbnails__Info.plist": thumbnails(setting),
            "Emu/Reader__Info.plist": app(setting)
                + "<key>EXAppExtensionAttributes</key><dict><key>EXExtensionPointIdentifier</key><string>com.apple.mediaextension.formatreader</string></dict>",
            "Emu/Framework__Info.plist": app(setting, packageType: "FMWK"),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let units = AppLoader().loadAll(root).units
        let application = try #require(units.first { $0.infoPlist.file.hasSuffix("Application__Info.plist") })
        #expect(
            application.extensions.map { Path.lastComponent(of: $0.file) }.sorted() == [
                "Reader__Info.plist", "Thumbnails__Info.plist",
            ])
        #expect(units.count == 3, "the app, the generator and the framework")
        #expect(try AppLoader().load(root).infoPlist.file.hasSuffix("Application__Info.plist"))
    }

    @Test func theNearestOfTwoAppsWithTheIdentifierTakesIt() throws {
        let root = try checkout([
            "iOS/App/Info.plist": app("com.example.sketch"),
            "macOS/App/Info.plist": app("com.example.sketch"),
            "macOS/Thumbnails/Info.plist": thumbnails("com.example.sketch.thumbnails"),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let units = AppLoader().loadAll(root).units
        #expect(units.map { $0.extensions.count } == [0, 1])
        #expect(units[1].infoPlist.file.hasSuffix("macOS/App/Info.plist"))
    }

    @Test func aRootFolderNamedDotCountsForNothing() throws {
        // `lint .` names files at the root 'Info.plist' (folder '.'): the root app and an app in
        // 'Demo' are then one and two steps from an extension in 'Thumbnails'.
        let setting = "$(PRODUCT_BUNDLE_IDENTIFIER)"
        let rootApp = try plist(app(setting), folder: ".")
        let demo = try plist(app(setting), folder: "Demo")
        let thumbnails = try plist(thumbnails(setting), folder: "Thumbnails")
        #expect(AppLoader.containingApp(of: thumbnails, among: [(0, rootApp), (1, demo)]) == 0)
        // Spelt with the root's path, the answer is the same.
        let absoluteRoot = try plist(app(setting), folder: "/src/sketchbook")
        let absoluteDemo = try plist(app(setting), folder: "/src/sketchbook/Demo")
        let absoluteThumbnails = try plist(self.thumbnails(setting), folder: "/src/sketchbook/Thumbnails")
        #expect(
            AppLoader.containingApp(of: absoluteThumbnails, among: [(0, absoluteRoot), (1, absoluteDemo)]) == 0)
    }
}
