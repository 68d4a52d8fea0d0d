import Lint
import Testing

/// The variants of the examples that carry Swift code (the `SRC-*` rules): RuleExampleTests runs
/// every example itself; here, the suppression comments of Swift and columns counted in
/// characters.
@Suite struct SwiftRuleExampleTests {
    /// The triggering examples with Swift code.
    static let examples = RuleExample.all.filter { $0.triggers && $0.example.swift != nil }

    /// Every rule that reads code shows it in Swift: its examples carry Swift code.
    @Test func everySourceRuleHasSwiftExamples() {
        for ruleType in RuleRegistry.ruleTypes where ruleType.description.code.hasPrefix("SRC-") {
            let description = ruleType.description
            #expect(
                (description.triggeringExamples + description.nonTriggeringExamples).allSatisfy { $0.swift != nil },
                "\(description.code)")
        }
    }

    /// Findings in Swift code are in the Swift file, with a line and a column.
    @Test(arguments: examples)
    func findingsAreInTheSwiftFile(_ item: RuleExample) {
        let found = findings(of: item.ruleType, in: item.example)
        #expect(!found.isEmpty, sourceLocation: RuleExampleTests.sourceLocation(item.example))
        for diagnostic in found {
            #expect(diagnostic.location.file == Example.swiftFile)
            #expect(diagnostic.location.line != nil && diagnostic.location.column != nil)
        }
    }

    /// `// utiscope:disable-file CODE` at the top of the Swift file silences the rule there.
    @Test(arguments: examples)
    func aDisableFileCommentSilencesIt(_ item: RuleExample) throws {
        let code = item.ruleType.description.code
        var disabled = item.example
        disabled.swift = "// utiscope:disable-file \(code)\n" + (item.example.swift ?? "")
        #expect(
            findings(of: item.ruleType, in: disabled).isEmpty, "\(code) still reported",
            sourceLocation: RuleExampleTests.sourceLocation(item.example))
        // Another rule's code silences nothing (a code no rule has is itself a PLIST-010 finding);
        // the rule's name works as its code does.
        var other = item.example
        other.swift = "// utiscope:disable-file SRC-000\n" + (item.example.swift ?? "")
        let extra = code == IneffectiveSuppression.description.code ? 1 : 0
        #expect(
            findings(of: item.ruleType, in: other).count == findings(of: item.ruleType, in: item.example).count + extra)
        var byName = item.example
        byName.swift = "// utiscope:disable-file \(item.ruleType.description.name)\n" + (item.example.swift ?? "")
        #expect(findings(of: item.ruleType, in: byName).isEmpty)
    }

    /// `// utiscope:disable CODE` on the line before each marked line silences the findings there
    /// (the comment covers the statement that follows it).
    @Test(arguments: examples)
    func aDisableCommentBeforeTheLineSilencesIt(_ item: RuleExample) throws {
        let code = item.ruleType.description.code
        let lines = (item.example.swift ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        var result: [String] = []
        for line in lines {
            if line.contains(Example.marker) {
                let indent = line.prefix { $0 == " " }
                result.append(indent + "// utiscope:disable \(code)")
            }
            result.append(String(line))
        }
        var disabled = item.example
        disabled.swift = result.joined(separator: "\n")
        #expect(
            findings(of: item.ruleType, in: disabled).isEmpty, "\(code) still reported",
            sourceLocation: RuleExampleTests.sourceLocation(item.example))
    }

    /// With a non-ASCII comment before each marked token, findings move by the comment's
    /// characters: columns count Unicode scalars, not bytes.
    @Test(arguments: examples)
    func columnsCountCharacters(_ item: RuleExample) throws {
        var prefixed = item.example
        var text = ""
        var previous: Character?
        for character in item.example.swift ?? "" {
            if character == Example.marker && previous != Example.marker { text += "/*é*/" }
            text.append(character)
            previous = character
        }
        prefixed.swift = text
        let found = findings(of: item.ruleType, in: prefixed).map { "\($0.location)" }
        let expected = prefixed.markedPositions.map { "\($0.file):\($0.line):\($0.column)" }
        #expect(found.sorted() == expected.sorted(), sourceLocation: RuleExampleTests.sourceLocation(item.example))
    }
}
