import Foundation
import Lint
import PropertyList

/// The folder of golden files, found from this file's path.
let goldenDirectory: String = {
    var url = URL(fileURLWithPath: #filePath)
    url.deleteLastPathComponent()
    return url.appendingPathComponent("Golden").path
}()

/// The package's root folder.
let packageDirectory: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The golden file's text; with `UTISCOPE_UPDATE_GOLDEN=1` in the environment, `actual` is
/// written first (then review the diff).
func golden(_ name: String, _ actual: String) throws -> String {
    let path = goldenDirectory + "/" + name
    if ProcessInfo.processInfo.environment["UTISCOPE_UPDATE_GOLDEN"] == "1" {
        try Data(actual.utf8).write(to: URL(fileURLWithPath: path))
    }
    return try String(contentsOfFile: path, encoding: .utf8)
}

/// A fixed report with every kind of location and a note, for reporter golden tests.
let sampleReport: LintReport = {
    let file = "App/Info.plist"
    let entry = PlistKeyPath([.key("CFBundleDocumentTypes"), .index(0)])
    let diagnostics = [
        Diagnostic(
            code: "DOC-002", name: "missing-handler-rank", severity: .warning,
            message: "document type 'Sketch' has no 'LSHandlerRank'; App Store Connect warns about it (ITMS-90788)",
            location: SourceLocation(file: file, line: 12, column: 3, keyPath: entry),
            fixIt: FixIt("insert 'LSHandlerRank' = 'Default'", changes: [])),
        Diagnostic(
            code: "UTI-008", name: "exported-and-imported", severity: .error,
            message: "type 'com.example.sketch' is both exported and imported, 100% sure: really",
            location: SourceLocation(
                file: file, line: 40, column: 5, keyPath: PlistKeyPath([.key("UTImportedTypeDeclarations"), .index(0)])),
            notes: [Note("exported here", at: SourceLocation(file: file, line: 30, column: 6))]),
        Diagnostic(
            code: "UTI-005", name: "not-content-conforming", severity: .info,
            message: "document type 'com.example.sketch' does not conform to 'public.content'\nsecond line",
            location: SourceLocation(
                file: "Binary App/Info.plist", byteOffset: 120, objectIndex: 7,
                keyPath: PlistKeyPath([.key("UTExportedTypeDeclarations"), .index(0), .key("UTTypeIdentifier")]))),
    ]
    return LintReport(diagnostics: diagnostics, files: 2)
}()
