import Foundation
import Testing
import UTIScopeCLI

@Suite struct DumpCommandTests {
    let grammar = fixturesDirectory + "/plists/xml/grammar.plist"

    @Test func printsJSONInTheContractMapping() throws {
        let result = utiscope("dump", grammar)
        #expect(result.status == .success)
        #expect(result.errors.isEmpty)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["plain"] as? String == "Hello, world")
        #expect(json["uint64Max"] as? UInt64 == UInt64.max)
        #expect(json["negativeHex"] as? Int == -16)
        #expect(json["nan"] as? [String: String] == ["$real": "nan"])
        #expect(json["infinity"] as? [String: String] == ["$real": "inf"])
        #expect(json["negativeInfinity"] as? [String: String] == ["$real": "-inf"])
        #expect(json["date"] as? [String: String] == ["$date": "2024-02-29T12:34:56Z"])
        #expect(json["data"] as? [String: String] == ["$data": "SGVsbG8sIHdvcmxk"])
        #expect(json["yes"] as? Bool == true)
        // Document order is kept.
        let keys = result.output.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map {
            $0.split(separator: "\"")[1]
        }
        #expect(keys.prefix(3) == ["plain", "entities", "characterReferences"])
    }

    @Test func xmlOutputReadsBackToTheSameValue() throws {
        let xml = utiscope("dump", "--format", "xml", grammar)
        #expect(xml.status == .success)
        let path = try temporaryFile(xml.output)
        let again = utiscope("dump", path)
        #expect(again.status == .success)
        #expect(again.output == utiscope("dump", grammar).output)
    }

    @Test func textOutputIsReadable() {
        let result = utiscope("dump", "--format", "text", "--locations", grammar)
        #expect(result.status == .success)
        #expect(result.output.contains("\"plain\" => \"Hello, world\"   // line 7"))
        #expect(result.output.contains("\"yes\" => true"))
    }

    @Test func errorsGoToStandardErrorWithExitStatus2() throws {
        let path = try temporaryFile("<plist><integer>1.5</integer></plist>")
        let result = utiscope("dump", path)
        #expect(result.status == .inputError)
        #expect(result.output.isEmpty)
        #expect(result.errors == "\(path):1:8: error: '1.5' is not an integer\n")
    }

    @Test func missingFilesAreInputErrors() {
        let result = utiscope("dump", "/nonexistent/Info.plist")
        #expect(result.status == .inputError)
        #expect(result.errors == "/nonexistent/Info.plist: error: cannot read file: no such file or folder\n")
    }

    @Test func warningsDoNotChangeTheExitStatus() throws {
        let path = try temporaryFile("<plist><dict><key>a</key><true/><key>a</key><false/></dict></plist>")
        let result = utiscope("dump", "--compact", path)
        #expect(result.status == .success)
        #expect(result.output == "{\"a\":true,\"a\":false}\n")
        #expect(result.errors.contains("warning: duplicate key 'a'"))
    }

    @Test func oneBadFileDoesNotStopTheOthers() throws {
        let good = try temporaryFile("<plist><string>ok</string></plist>")
        let result = utiscope("dump", "--compact", "/nonexistent.plist", good)
        #expect(result.status == .inputError)
        #expect(result.output == "\"ok\"\n")
    }

    @Test func readsStandardInput() {
        let result = utiscope(["dump", "--compact", "-"], input: Array("<plist><array><true/></array></plist>".utf8))
        #expect(result.status == .success)
        #expect(result.output == "[true]\n")
        let broken = utiscope(["dump", "-"], input: Array("<plist><array>".utf8))
        #expect(broken.status == .inputError)
        #expect(broken.errors.hasPrefix("-:1:"))
        let twice = utiscope(["dump", "-", "-"], input: [])
        #expect(twice.status == .usage)
    }

    @Test(.enabled(if: executableOnPath("plutil") != nil, "the toolchain's plutil is not on PATH"))
    func plutilReadsTheXMLOutputBackToTheSameValue() throws {
        let plutil = try #require(executableOnPath("plutil"))
        let xml = try temporaryFile(utiscope("dump", "--format", "xml", grammar).output)
        let binary = xml + ".bplist"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: plutil)
        process.arguments = ["-convert", "binary1", "-o", binary, xml]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // plutil's binary rendering of our XML, read by us, is the value we started from (plutil
        // writes dictionary keys in its own order, so compare the JSON as values).
        func canonical(_ path: String) throws -> String {
            let value = try JSONSerialization.jsonObject(with: Data(utiscope("dump", path).output.utf8))
            return String(
                decoding: try JSONSerialization.data(withJSONObject: value, options: .sortedKeys), as: UTF8.self)
        }
        #expect(try canonical(binary) == canonical(grammar))
    }

    @Test func sizeLimitIsAnOption() throws {
        let path = try temporaryFile("<plist><string>\(String(repeating: "x", count: 100))</string></plist>")
        let result = utiscope("dump", "--max-size", "50", path)
        #expect(result.status == .inputError)
        #expect(result.errors.contains("over the 50-byte limit"))
    }

    @Test func outputEscapesInvisibleAndBidiCharacters() throws {
        let path = try temporaryFile("<plist><string>a\u{202E}b\u{200B}c\u{7F}</string></plist>")
        let json = utiscope("dump", "--compact", path)
        #expect(json.output == "\"a\\u202eb\\u200bc\\u007f\"\n")
        let text = utiscope("dump", "--format", "text", path)
        #expect(text.output == "\"a\\u{202E}b\\u{200B}c\\u{7F}\"\n")
    }

    @Test func usageErrorsExit64WithHelpPointer() {
        let missing = utiscope("dump")
        #expect(missing.status == .usage)
        #expect(missing.errors.hasPrefix("Error: missing <file>"))
        #expect(missing.errors.contains("See 'utiscope dump --help'."))
        let badFormat = utiscope("dump", "--format", "yaml", grammar)
        #expect(badFormat.status == .usage)
        #expect(badFormat.errors.contains("'yaml' is not a value '--format' takes; use one of: json, xml, text"))
        let unknown = utiscope("dump", "--fromat", "json", grammar)
        #expect(unknown.status == .usage)
        #expect(unknown.errors.contains("unknown option '--fromat'; did you mean '--format'?"))
        let command = utiscope("dupm")
        #expect(command.status == .usage)
        #expect(command.errors.contains("unknown command 'dupm'; did you mean 'dump'?"))
    }

    @Test func helpAndVersion() {
        let help = utiscope("--help")
        #expect(help.status == .success)
        #expect(help.output.contains("OVERVIEW:"))
        #expect(help.output.contains("SUBCOMMANDS:"))
        #expect(help.output.contains("dump"))
        let dumpHelp = utiscope("dump", "--help")
        #expect(dumpHelp.status == .success)
        #expect(dumpHelp.output.hasPrefix("OVERVIEW: Print property lists"))
        #expect(dumpHelp.output.contains("USAGE: utiscope dump"))
        #expect(dumpHelp.output.contains("ARGUMENTS:"))
        #expect(dumpHelp.output.contains("--format <format>"))
        #expect(utiscope("help", "dump").output == dumpHelp.output)
        let version = utiscope("--version")
        #expect(version.status == .success)
        #expect(version.output == "utiscope \(UTIScope.version)\n")
        #expect(utiscope().status == .usage)
    }
}
