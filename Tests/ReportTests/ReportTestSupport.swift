import AppBundle
import DocumentBrowser
import Foundation
import Lint
import Report
import TestScratch

/// The package's Fixtures/apps folder, found from this file's path.
let appsDirectory: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Fixtures/apps").path
}()

/// The report on the fixture app at `path` (a folder or Info.plist), linted as `utiscope lint` would.
func renderReport(
    _ path: String, platform: Platform? = nil, fanOut: Int = 8, budget: Int = 300
) throws -> (html: String, summary: HTMLReport.Summary, diagnostics: [Diagnostic]) {
    let app = try AppLoader(platform: platform).load(path)
    let diagnostics = Linter().lint(app)
    let browser = DocumentBrowser(app: app, allowed: nil)
    let (html, summary) = HTMLReport(
        browser: browser, diagnostics: diagnostics, fanOut: fanOut, budget: budget, toolVersion: "test"
    ).render()
    return (html, summary, diagnostics)
}

/// Writes `text` to a new temporary folder as `Info.plist` and returns the file's path.
func temporaryInfoPlist(_ text: String) throws -> String {
    let directory = try Scratch.folder("report")
    let url = directory.appendingPathComponent("Info.plist")
    try Data(text.utf8).write(to: url)
    return url.path
}

/// An iOS Info.plist exporting `types`, each `(identifier, supertypes)`, and listing `listed` in
/// one document type.
func infoPlist(exporting types: [(String, [String])], listing listed: [String] = []) -> String {
    var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>com.example.generated</string>
        <key>LSRequiresIPhoneOS</key><true/>
        <key>CFBundleDocumentTypes</key><array><dict>
        <key>CFBundleTypeName</key><string>Generated</string>
        <key>LSHandlerRank</key><string>Owner</string>
        <key>LSItemContentTypes</key><array>
        """
    for identifier in listed { text += "<string>\(identifier)</string>\n" }
    text += "</array></dict></array>\n<key>UTExportedTypeDeclarations</key><array>\n"
    for (identifier, supertypes) in types {
        text += "<dict><key>UTTypeIdentifier</key><string>\(identifier)</string>"
        text += "<key>UTTypeConformsTo</key><array>"
        for supertype in supertypes { text += "<string>\(supertype)</string>" }
        text += "</array></dict>\n"
    }
    return text + "</array></dict></plist>\n"
}
