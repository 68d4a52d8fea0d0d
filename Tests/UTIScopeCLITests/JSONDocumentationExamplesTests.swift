import Foundation
import TestScratch
import Testing
import UTIScopeCLI

/// Documentation/JSON.md's examples are run, not only read, as the README's are: each ```sh
/// block's `utiscope …` lines run in-process from the package root, and the ```json block after
/// it must match what they print, value for value — one document for one command, one per line
/// for several. An example cuts long arrays and objects with `…` (``JSONPattern``); nothing else
/// may differ, and an object without `…` has exactly the members shown.
@Suite struct JSONDocumentationExamplesTests {
    /// One example: its commands and the documents shown for them.
    struct Example: CustomTestStringConvertible, Sendable {
        var line: Int
        var commands: [String]
        var documents: String

        var testDescription: String { "JSON.md:\(line): \(commands.joined(separator: "; "))" }
    }

    static let packageRoot = URL(fileURLWithPath: fixturesDirectory).deletingLastPathComponent().path

    /// Every example in Documentation/JSON.md.
    static let examples: [Example] = {
        let path = packageRoot + "/Documentation/JSON.md"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var examples: [Example] = []
        var block: (language: String, line: Int, lines: [String])?
        var commands: (line: Int, lines: [String])?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let open = block {
                    if open.language == "sh" {
                        commands = (open.line, open.lines.filter { $0.hasPrefix("utiscope ") })
                    } else if open.language == "json", let run = commands {
                        examples.append(
                            Example(
                                line: run.line, commands: run.lines.map { String($0.dropFirst("utiscope ".count)) },
                                documents: open.lines.joined(separator: "\n")))
                        commands = nil
                    }
                    block = nil
                } else {
                    block = (String(line.dropFirst(3)), number + 1, [])
                }
            } else if block != nil {
                block?.lines.append(String(line))
            }
        }
        return examples
    }()

    @Test func everyCommandThatAnswersInJSONHasAnExample() {
        let commands = Set(Self.examples.flatMap(\.commands).compactMap { $0.split(separator: " ").first })
        for command in ["lint", "allowed", "opens", "icon", "browse", "type", "graph", "app", "dump"] {
            #expect(commands.contains(Substring(command)), "JSON.md has no example of 'utiscope \(command)'")
        }
    }

    @Test(arguments: examples)
    func exampleMatchesWhatTheCommandPrints(_ example: Example) throws {
        let expected = try JSONPattern.parseAll(example.documents)
        #expect(
            expected.count == example.commands.count,
            "\(example.testDescription): \(expected.count) documents for \(example.commands.count) commands")
        let scratch = try Scratch.folder("json-md")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The folder the `browse` example reads: "`Inbox` holding `a.sketch`, `b.txt`,
        // `c.brushes` and a folder `Sub`".
        let inbox = scratch.appendingPathComponent("Inbox")
        try FileManager.default.createDirectory(
            at: inbox.appendingPathComponent("Sub"), withIntermediateDirectories: true)
        for name in ["a.sketch", "b.txt", "c.brushes"] {
            try Data().write(to: inbox.appendingPathComponent(name))
        }
        for (command, pattern) in zip(example.commands, expected) {
            let arguments = ReadmeExamplesTests.split(command).map { argument in
                if argument == "Inbox" { return inbox.path }
                return FileManager.default.fileExists(atPath: Self.packageRoot + "/" + argument)
                    ? Self.packageRoot + "/" + argument : argument
            }
            let result = utiscope(arguments)
            #expect(result.status == .success || result.status == .findings, "\(command): \(result.errors)")
            let printed = result.output.replacingOccurrences(of: scratch.path + "/", with: "")
                .replacingOccurrences(of: Self.packageRoot + "/", with: "")
            let actual = try JSONPattern.parse(printed)
            if let why = pattern.mismatch(actual) {
                Issue.record("utiscope \(command): \(why)\nprinted:\n\(printed)")
            }
        }
    }
}
