import Foundation
import TestScratch
import Testing
import UTIScopeCLI

/// The README's examples are run, not only read: every `$ utiscope …` line in a fenced block is
/// run in-process from the package root, and what follows it in the block (up to the next `$`
/// line) must be exactly what it prints — standard error and standard output, in either order. A
/// following `$ echo $?` gives the exit status.
@Suite struct ReadmeExamplesTests {
    /// One example: the command line, the output shown, and the exit status shown, if any.
    struct Example: CustomTestStringConvertible, Sendable {
        var line: Int
        var command: String
        var expected: [String]
        var status: Int32?

        var testDescription: String { "README.md:\(line): \(command)" }
    }

    static let packageRoot = URL(fileURLWithPath: fixturesDirectory).deletingLastPathComponent().path

    /// Every example in README.md.
    static let examples: [Example] = {
        guard let text = try? String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8) else { return [] }
        var examples: [Example] = []
        var current: Example?
        var inBlock = false
        var statusFollows = false
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if inBlock, let example = current { examples.append(example) }
                current = nil
                inBlock.toggle()
            } else if !inBlock {
                continue
            } else if let command = Self.command(in: line) {
                if let example = current { examples.append(example) }
                current = Example(line: number + 1, command: command, expected: [], status: nil)
            } else if line == "$ echo $?" {
                statusFollows = true
            } else if statusFollows {
                current?.status = Int32(line)
                statusFollows = false
            } else if line.hasPrefix("$ ") {
                if let example = current { examples.append(example) }
                current = nil
            } else {
                current?.expected.append(String(line))
            }
        }
        return examples
    }()

    /// The command of a `$ utiscope …` or `$ swift run utiscope …` line.
    static func command(in line: Substring) -> String? {
        for prefix in ["$ utiscope ", "$ swift run utiscope "] where line.hasPrefix(prefix) {
            return String(line.dropFirst(prefix.count))
        }
        return nil
    }

    @Test func theReadmeHasExamplesOfEveryCommand() {
        let commands = Set(Self.examples.compactMap { $0.command.split(separator: " ").first.map(String.init) })
        for command in [
            "lint", "app", "type", "graph", "allowed", "opens", "icon", "browse", "report", "dump", "rules",
        ] {
            #expect(commands.contains(command), "README.md has no example of 'utiscope \(command)'")
        }
    }

    @Test(arguments: examples)
    func exampleOutputIsWhatTheCommandPrints(_ example: Example) throws {
        // Paths are relative to the package root; run with absolute ones and strip the root from
        // what is printed. A file the example writes goes to a temporary folder instead.
        let scratch = try Scratch.folder("readme")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var arguments = Self.split(example.command).map { argument in
            FileManager.default.fileExists(atPath: Self.packageRoot + "/" + argument)
                ? Self.packageRoot + "/" + argument : argument
        }
        for index in arguments.indices.dropFirst()
        where ["--output", "-o"].contains(arguments[index - 1]) && arguments[index] != "-" {
            arguments[index] = scratch.path + "/" + arguments[index]
        }
        let result = utiscope(arguments)
        let root = Self.packageRoot + "/"
        func lines(_ text: String) -> [String] {
            if text.isEmpty { return [] }
            return text.replacingOccurrences(of: scratch.path + "/", with: "").replacingOccurrences(of: root, with: "")
                .split(
                    separator: "\n", omittingEmptySubsequences: false
                )
                .map(String.init).dropLast(text.hasSuffix("\n") ? 1 : 0).map { $0 }
        }
        let output = lines(result.output)
        let errors = lines(result.errors)
        var expected = example.expected
        while expected.last == "" { expected.removeLast() }
        #expect(
            expected == errors + output || expected == output + errors,
            "\(example.testDescription) printed:\n\((errors + output).joined(separator: "\n"))")
        if let status = example.status { #expect(result.status.rawValue == status, "\(example.testDescription)") }
    }

    /// Splits a command line as a shell would for the simple quoting the README uses.
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
