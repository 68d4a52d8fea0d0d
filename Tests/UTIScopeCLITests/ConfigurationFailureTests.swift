import Foundation
import TestScratch
import Testing
import UTIScopeCLI

/// A configuration that cannot be used stops the lint (exit 2, nothing linted) with one line
/// naming the file, line and key; one that can be used but says something unknown gets a warning
/// at its place, with a did-you-mean.
@Suite struct ConfigurationFailureTests {
    /// An app missing its handler rank (DOC-002), in a new folder with `configuration` as its
    /// `.utiscope.json`; the folder's path.
    func app(configuration: String) throws -> String {
        let folder = try Scratch.folder("config")
        let plist = """
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
        try Data(plist.utf8).write(to: folder.appendingPathComponent("Info.plist"))
        try Data(configuration.utf8).write(to: folder.appendingPathComponent(".utiscope.json"))
        return folder.path
    }

    @Test(arguments: [
        (
            "{\n  \"version\": 1,\n  \"rules\": {\n    \"DOC-002\": \"eror\"\n  }\n}\n",
            "4:5: error: rule 'DOC-002' must be \"off\", \"info\", \"warning\" or \"error\"; did you mean \"error\"?"
        ),
        ("{\"version\": 1,\n \"rules\": {", "2:12: error: not valid JSON: expected a string key"),
        ("{\"version\": 2}", "1:2: error: version 2 is not supported; this utiscope reads version 1"),
        ("{\"rules\": {}}", ": error: missing \"version\": 1"),
        ("{\"version\": 1, \"platform\": \"watchos\"}", "1:16: error: \"platform\" must be \"ios\" or \"macos\""),
        (
            "{\"version\": 1, \"assumptions\": {\"thumbnail-confidence\": \"sometimes\"}}",
            "1:32: error: 'thumbnail-confidence' takes"
        ),
    ])
    func aBrokenConfigurationStopsTheLint(_ configuration: String, _ error: String) throws {
        let folder = try app(configuration: configuration)
        let result = utiscope("lint", "--color", "never", folder)
        #expect(result.status == .inputError)
        #expect(result.output.isEmpty, "nothing linted: \(result.output)")
        let lines = result.errors.split(separator: "\n")
        #expect(lines.count == 1, "\(result.errors)")
        #expect(lines.first?.hasPrefix("\(folder)/.utiscope.json") == true)
        #expect(result.errors.contains(error), "\(result.errors)")
        // The same file given with --config.
        let given = utiscope("lint", "--config", folder + "/.utiscope.json", folder + "/Info.plist")
        #expect(given.status == .inputError)
        #expect(given.output.isEmpty)
        #expect(given.errors.contains(error))
    }

    /// Rules are named by code or name in any case; what is unknown is a warning at its place
    /// with a did-you-mean, and the lint goes on.
    @Test func namesAreAcceptedAndUnknownsGetADidYouMean() throws {
        let folder = try app(
            configuration: """
                {
                  "version": 1,
                  "exclude": ["Pods"],
                  "rules": {"Missing-Handler-Rank": "off", "ICON-01": "off", "DOC-016": "error"}
                }

                """)
        let result = utiscope("lint", "--color", "never", folder)
        #expect(result.status == .success)
        #expect(!result.output.contains("DOC-002"))
        let config = folder + "/.utiscope.json"
        #expect(
            result.errors.contains(
                "\(config):3:3: warning: unknown key 'exclude' is ignored; did you mean 'excluded'?\n"))
        #expect(
            result.errors.contains(
                "\(config):4:44: warning: unknown rule 'ICON-01' is ignored; did you mean 'ICON-001'?\n"))
    }
}
