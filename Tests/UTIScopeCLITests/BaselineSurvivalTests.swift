import Foundation
import TestScratch
import Testing
import UTIScopeCLI

/// Baselines survive ordinary work: other spellings of the same paths, entries inserted and
/// reordered; a new finding is still reported.
@Suite struct BaselineSurvivalTests {
    /// A document type with two findings (no rank: DOC-002; an undeclared type: DOC-006).
    static func documentType(_ name: String, _ type: String) -> String {
        """
                <dict>
                    <key>CFBundleTypeName</key>
                    <string>\(name)</string>
                    <key>CFBundleTypeRole</key>
                    <string>Viewer</string>
                    <key>LSItemContentTypes</key>
                    <array>
                        <string>\(type)</string>
                    </array>
                </dict>

        """
    }

    static func plist(_ entries: [String]) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            + "    <key>CFBundleDocumentTypes</key>\n    <array>\n" + entries.joined()
            + "    </array>\n</dict>\n</plist>\n"
    }

    /// A folder `root/bl` holding an Info.plist of `entries`; the root.
    func checkout(_ entries: [String]) throws -> String {
        let root = try Scratch.folder("baseline")
        let folder = root.appendingPathComponent("bl")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.plist(entries).utf8).write(to: folder.appendingPathComponent("Info.plist"))
        return root.path
    }

    func findings(_ result: RunResult) -> [String] {
        result.output.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }.map(
            String.init)
    }

    @Test func anySpellingOfTheSameFileMatches() throws {
        let root = try checkout([Self.documentType("Text", "com.example.text")])
        let baseline = root + "/bl.json"
        let written = utiscope("lint", root + "/bl", "--write-baseline", baseline)
        #expect(written.status == .findings)
        let json = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(json.contains(#""file": "bl/Info.plist""#))
        #expect(json.contains(#""anchor": "CFBundleDocumentTypes[CFBundleTypeName='Text']""#))
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/bl")
        for spelling in [root + "/./bl", root + "/bl/../bl", root + "/bl/", root + "/link", root + "/bl/Info.plist"] {
            let result = utiscope("lint", "--strict", "--baseline", baseline, spelling)
            #expect(findings(result).isEmpty, "\(spelling): \(result.output)")
            #expect(result.status == .success, "\(spelling)")
        }
    }

    /// A document type inserted before the others keeps their findings absorbed; its own are new.
    @Test func insertingAnEntryKeepsTheOthersAbsorbed() throws {
        let root = try checkout([
            Self.documentType("Text", "com.example.text"), Self.documentType("Sketch", "com.example.sketch"),
        ])
        let baseline = root + "/bl.json"
        _ = utiscope("lint", root + "/bl", "--write-baseline", baseline)
        let plist = root + "/bl/Info.plist"
        try Data(
            Self.plist([
                Self.documentType("Drawing", "com.example.drawing"), Self.documentType("Sketch", "com.example.sketch"),
                Self.documentType("Text", "com.example.text"),
            ]).utf8
        ).write(to: URL(fileURLWithPath: plist))
        let result = utiscope("lint", "--color", "never", "--baseline", baseline, root + "/bl")
        let found = findings(result)
        #expect(found.count == 2, "\(found)")
        #expect(found.allSatisfy { $0.contains("'Drawing'") || $0.contains("com.example.drawing") }, "\(found)")
        #expect(result.status == .findings)
    }

    /// A baseline written by an earlier version (keyed by raw key path) is still read.
    @Test func versionOneBaselinesAreRead() throws {
        let root = try checkout([Self.documentType("Text", "com.example.text")])
        let baseline = root + "/old.json"
        let plist = root + "/bl/Info.plist"
        let old = """
            {"version": 1, "findings": [
              {"rule": "DOC-002", "file": "\(plist)", "keyPath": "CFBundleDocumentTypes[0]", "count": 1}
            ]}
            """
        try Data(old.utf8).write(to: URL(fileURLWithPath: baseline))
        let result = utiscope("lint", "--color", "never", "--baseline", baseline, plist)
        #expect(!result.output.contains("DOC-002"))
        #expect(result.output.contains("DOC-006"))
    }
}
