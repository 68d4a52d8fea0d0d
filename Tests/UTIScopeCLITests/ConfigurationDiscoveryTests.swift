import Foundation
import TestScratch
import Testing
import UTIScopeCLI

/// Where `.utiscope.json` is looked for: from the input's folder up to the root of the repository
/// holding it (a folder with `.git`, a folder or a worktree's file), never above it.
@Suite struct ConfigurationDiscoveryTests {
    /// A document type without `LSHandlerRank`: DOC-002, a warning unless a configuration says otherwise.
    static let rankless = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>CFBundleDocumentTypes</key>
            <array>
                <dict>
                    <key>CFBundleTypeName</key>
                    <string>Text</string>
                    <key>CFBundleTypeRole</key>
                    <string>Viewer</string>
                    <key>LSItemContentTypes</key>
                    <array>
                        <string>public.plain-text</string>
                    </array>
                </dict>
            </array>
        </dict>
        </plist>

        """

    /// A configuration making DOC-002 an error.
    static let strict = #"{"version": 1, "rules": {"DOC-002": "error"}}"#

    /// `outer/.utiscope.json` (DOC-002 an error) above `outer/repo/App/Info.plist`; the paths of
    /// `outer` and `repo`.
    func layout() throws -> (outer: String, repo: String) {
        let outer = try Scratch.folder("discovery").path
        let repo = outer + "/repo"
        try FileManager.default.createDirectory(atPath: repo + "/App", withIntermediateDirectories: true)
        try Data(Self.rankless.utf8).write(to: URL(fileURLWithPath: repo + "/App/Info.plist"))
        try Data(Self.strict.utf8).write(to: URL(fileURLWithPath: outer + "/.utiscope.json"))
        return (outer, repo)
    }

    /// The severity DOC-002 was reported with, from `lint`'s text output.
    func doc002(_ result: RunResult) -> String? {
        let line = result.output.split(separator: "\n").first { $0.hasSuffix("[DOC-002]") }
        return line.flatMap { $0.split(separator: " ").dropFirst().first.map { String($0.dropLast()) } }
    }

    @Test func aConfigurationAboveTheRepositoryRootIsIgnored() throws {
        let (_, repo) = try layout()
        // No repository yet: the search climbs to `outer` and finds its file.
        let outside = utiscope("lint", "--color", "never", repo + "/App/Info.plist")
        #expect(doc002(outside) == "error", "\(outside.output)")
        #expect(outside.status == .findings)
        // `repo` becomes a repository: the search stops there, and `outer`'s file is not read.
        try FileManager.default.createDirectory(atPath: repo + "/.git", withIntermediateDirectories: true)
        let inside = utiscope("lint", "--color", "never", repo + "/App/Info.plist")
        #expect(doc002(inside) == "warning", "\(inside.output)")
        #expect(inside.status == .success)
        // A folder given whole is searched from the same place.
        let folder = utiscope("lint", "--color", "never", repo)
        #expect(doc002(folder) == "warning", "\(folder.output)")
    }

    @Test func aWorktreesGitFileIsARepositoryRootToo() throws {
        let (_, repo) = try layout()
        try Data("gitdir: /elsewhere/.git/worktrees/repo\n".utf8).write(to: URL(fileURLWithPath: repo + "/.git"))
        let result = utiscope("lint", "--color", "never", repo + "/App/Info.plist")
        #expect(doc002(result) == "warning", "\(result.output)")
    }

    @Test func theRepositoryRootsOwnConfigurationIsRead() throws {
        let (_, repo) = try layout()
        try FileManager.default.createDirectory(atPath: repo + "/.git", withIntermediateDirectories: true)
        try Data(#"{"version": 1, "rules": {"DOC-002": "off"}}"#.utf8).write(
            to: URL(fileURLWithPath: repo + "/.utiscope.json"))
        let result = utiscope("lint", "--color", "never", repo + "/App/Info.plist")
        #expect(doc002(result) == nil, "\(result.output)")
        #expect(result.status == .success)
        #expect(result.output.isEmpty, "\(result.output)")
    }

    @Test func configGivenOnTheCommandLineIsReadWherever() throws {
        let (outer, repo) = try layout()
        try FileManager.default.createDirectory(atPath: repo + "/.git", withIntermediateDirectories: true)
        let result = utiscope(
            "lint", "--color", "never", "--config", outer + "/.utiscope.json", repo + "/App/Info.plist")
        #expect(doc002(result) == "error", "\(result.output)")
    }
}
