import Foundation
import TestScratch
import Testing
import UTIScopeCLI

/// `browse` keeps its columns aligned for long type names, and its summary by type bounded.
@Suite struct BrowseLayoutTests {
    static let longType = "com.example.a-rather-long-vendor-name.document-format-with-a-long-name"

    /// An app listing a type with a long identifier (extension `longdoc`) and public.data.
    static let app = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>CFBundleDocumentTypes</key>
            <array>
                <dict>
                    <key>CFBundleTypeName</key><string>Long</string>
                    <key>CFBundleTypeRole</key><string>Editor</string>
                    <key>LSHandlerRank</key><string>Owner</string>
                    <key>LSItemContentTypes</key><array><string>\(longType)</string><string>public.data</string></array>
                </dict>
            </array>
            <key>UTExportedTypeDeclarations</key>
            <array>
                <dict>
                    <key>UTTypeIdentifier</key><string>\(longType)</string>
                    <key>UTTypeConformsTo</key><array><string>public.data</string></array>
                    <key>UTTypeTagSpecification</key>
                    <dict><key>public.filename-extension</key><array><string>longdoc</string></array></dict>
                </dict>
            </array>
        </dict>
        </plist>

        """

    func folder(_ names: [String]) throws -> (app: String, folder: String) {
        let root = try Scratch.folder("browse-layout")
        let app = root.appendingPathComponent("Info.plist")
        try Data(Self.app.utf8).write(to: app)
        let documents = root.appendingPathComponent("Documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        for name in names { try Data().write(to: documents.appendingPathComponent(name)) }
        return (app.path, documents.path)
    }

    @Test func rowsStayAlignedForLongTypeNames() throws {
        let (app, folder) = try folder(["a.longdoc", "b.txt", "c.png"])
        let result = utiscope("browse", folder, "--app", app)
        #expect(result.status == .success)
        let rows = result.output.split(separator: "\n").prefix(3).map(String.init)
        #expect(rows.count == 3)
        #expect(rows.contains { $0.contains(Self.longType) })
        let nameColumns = Set(
            zip(rows, ["a.longdoc", "b.txt", "c.png"]).map { row, name in
                row.distance(from: row.startIndex, to: row.range(of: name)?.lowerBound ?? row.startIndex)
            })
        #expect(nameColumns.count == 1, "\(rows)")
    }

    @Test func theSummaryByTypeIsBoundedUnlessAllIsAsked() throws {
        let extensions = [
            "txt", "png", "jpeg", "gif", "pdf", "html", "css", "json", "xml", "csv", "zip", "mp3",
            "mp4", "mov", "wav", "rtf", "md", "swift", "c", "h", "py", "sh", "tiff", "heic", "longdoc",
        ]
        let (app, folder) = try folder(extensions.map { "file.\($0)" })
        let bounded = utiscope("browse", folder, "--app", app).output
        let byType = bounded.components(separatedBy: "by type:\n")[1].components(separatedBy: "by outcome:")[0]
        let lines = byType.split(separator: "\n")
        #expect(lines.count == 21, "\(byType)")
        #expect(lines.last?.hasPrefix("  … ") == true)
        #expect(lines.last?.hasSuffix("more types (\(extensions.count - 20) items); --all lists every one") == true)
        let all = utiscope("browse", folder, "--app", app, "--all").output
        let allLines = all.components(separatedBy: "by type:\n")[1].components(separatedBy: "by outcome:")[0]
            .split(separator: "\n")
        #expect(allLines.count == extensions.count, "one line per type: \(allLines)")
        #expect(!allLines.contains { $0.contains("--all") })
    }
}
