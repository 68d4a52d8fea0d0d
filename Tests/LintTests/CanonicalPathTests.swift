import Foundation
import TestScratch
import Testing

@testable import Lint

/// `LintRun.canonical`, the one key per file that duplicates, unreadable files and baselines are
/// matched by: every spelling of a file — relative, through `.` and `..`, through a link — gives
/// the same key, and a path that does not exist keeps its missing part as written.
@Suite struct CanonicalPathTests {
    @Test func everySpellingOfAFileGivesOneKey() throws {
        let folder = try Scratch.folder("canonical")
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let file = app.appendingPathComponent("Info.plist")
        try Data("<plist/>".utf8).write(to: file)
        let link = folder.appendingPathComponent("Link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: app)
        // The key is the file's own path, with the scratch folder's links resolved too.
        let key = LintRun.canonical(file.path)
        #expect(key.hasPrefix("/") && key.hasSuffix("/App/Info.plist"))
        #expect(!key.contains("/./") && !key.contains("/../") && !key.contains("//"))
        for spelling in [
            file.path, folder.path + "/App/./Info.plist", folder.path + "/App/../App/Info.plist",
            folder.path + "//App/Info.plist", link.path + "/Info.plist",
        ] {
            #expect(LintRun.canonical(spelling) == key, "\(spelling)")
        }
        // Relative to the working directory (not changed here: tests run side by side), up to
        // the root and down again.
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let up = String(repeating: "../", count: depth)
        #expect(LintRun.canonical(up + file.path.dropFirst()) == key)
        #expect(LintRun.canonical("./" + up + link.path.dropFirst() + "/Info.plist") == key)
    }

    @Test func aMissingPathKeepsItsMissingPartAfterItsResolvedFolder() throws {
        let folder = try Scratch.folder("canonical-missing")
        let link = folder.appendingPathComponent("Link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder)
        let resolvedFolder = LintRun.canonical(folder.path)
        #expect(LintRun.canonical(link.path + "/gone/Info.plist") == resolvedFolder + "/gone/Info.plist")
        #expect(LintRun.canonical(folder.path + "/gone/../Info.plist") == resolvedFolder + "/Info.plist")
        #expect(LintRun.canonical("/") == "/")
        #expect(LintRun.canonical("/../..") == "/")
        #expect(LintRun.canonical("/no-such-folder-utiscope/x/") == "/no-such-folder-utiscope/x")
    }
}
