import AppBundle
import Foundation
import Testing

/// A source checkout without an Xcode project: loose Info.plists of apps and extensions.
@Suite struct LooseExtensionPairingTests {
    /// Writes `files` (relative path → Info.plist body) under a new temporary folder.
    func checkout(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("utiscope-pairing-\(UUID())").path
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

    @Test func anExtensionJoinsTheAppItsIdentifierStartsWith() throws {
        let root = try checkout([
            "Notes/Info.plist": app("com.example.notes"),
            "Sketch/Info.plist": app("com.example.sketch"),
            "Thumbnails/Info.plist": thumbnails("com.example.sketch.thumbnails"),
        ])
        let (units, findings) = AppLoader().loadAll(root)
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
        let (units, _) = AppLoader().loadAll(root)
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
        #expect(AppLoader().loadAll(tie).units.count == 3)
        let foreign = try checkout([
            "A/Info.plist": app("com.example.a"), "Q/Info.plist": thumbnails("org.other.thumbnails"),
        ])
        #expect(AppLoader().loadAll(foreign).units.map { $0.extensions.count } == [0, 0])
        // The only app, but far away: its folder's parent does not hold the extension.
        let distant = try checkout([
            "Apps/Mac/Sketch/Info.plist": app(setting), "Extensions/Thumbnails/Info.plist": thumbnails(setting),
        ])
        #expect(AppLoader().loadAll(distant).units.map { $0.extensions.count } == [0, 0])
    }
}
