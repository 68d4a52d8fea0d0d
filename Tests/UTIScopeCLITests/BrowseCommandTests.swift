import Foundation
import Testing
import UTIScopeCLI

@Suite struct BrowseCommandTests {
    /// A small tree: files of several kinds, a package, a plain folder with a file inside.
    func makeTree() throws -> String {
        let root = try temporaryFolder()
        let manager = FileManager.default
        for name in ["a.note", "B.JPG", "c.zip", "d.card", "e.xyz", "README"] {
            _ = manager.createFile(atPath: root + "/" + name, contents: Data())
        }
        try manager.createDirectory(atPath: root + "/Trip.notebook/pages", withIntermediateDirectories: true)
        _ = manager.createFile(atPath: root + "/Trip.notebook/pages/1.note", contents: Data())
        try manager.createDirectory(atPath: root + "/Sub", withIntermediateDirectories: true)
        _ = manager.createFile(atPath: root + "/Sub/f.pdf", contents: Data())
        return root
    }

    @Test func oneRowPerItemAndASummary() throws {
        let root = try makeTree()
        let result = utiscope("browse", root, "--app", BrowserFixtures.notebook)
        #expect(result.status == .success)
        let rows = result.output.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map(
            String.init)
        #expect(rows.count == 8)
        #expect(
            rows.contains {
                $0.hasPrefix("file    selectable  public.jpeg") && $0.hasSuffix("system-thumbnail    B.JPG")
            })
        #expect(rows.contains { $0.hasPrefix("folder  navigable   public.folder") && $0.hasSuffix("Sub") })
        #expect(rows.contains { $0.hasPrefix("package selectable  com.example.notebook.bundle") })
        #expect(rows.contains { $0.hasPrefix("file    greyed-out  public.zip-archive") })
        #expect(
            result.output.contains("summary: 8 items: 1 folders, 1 packages, 6 files; 3 selectable, 4 greyed out\n"))
    }

    @Test func recursiveEntersFoldersButNotPackages() throws {
        let root = try makeTree()
        let object = try jsonObject(
            utiscope("browse", root, "--app", BrowserFixtures.notebook, "-r", "--format", "json"))
        #expect(object["version"] as? Int == 1)
        let entries = try #require(object["entries"] as? [[String: Any]])
        let paths = entries.compactMap { $0["path"] as? String }
        #expect(
            paths == ["B.JPG", "README", "Sub", "Trip.notebook", "a.note", "c.zip", "d.card", "e.xyz", "Sub/f.pdf"])
        let pdf = try #require(entries.last)
        #expect(pdf["kind"] as? String == "file")
        #expect(pdf["opens"] as? Bool == true)
        #expect(pdf["icon"] as? String == "system-thumbnail")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["entries"] as? Int == 9)
        #expect(summary["selectable"] as? Int == 4)
        #expect((summary["byOutcome"] as? [String: Int])?["not-bindable"] == 1)
    }

    @Test func theSameTreeGivesTheSameOutput() throws {
        let root = try makeTree()
        let first = utiscope("browse", root, "--app", BrowserFixtures.notebook, "-r")
        let second = utiscope("browse", root, "--app", BrowserFixtures.notebook, "-r")
        #expect(first.output == second.output)
    }

    @Test func aMissingFolderIsAnInputError() {
        let result = utiscope("browse", "/nonexistent-folder", "--app", BrowserFixtures.notebook)
        #expect(result.status == .inputError)
        #expect(result.errors == "/nonexistent-folder: error: no such folder\n")
    }
}
