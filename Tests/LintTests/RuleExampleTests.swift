import AppBundle
import Lint
import Testing

/// One example of one rule, named for the test list.
struct RuleExample: Sendable, CustomTestStringConvertible {
    var ruleType: any Rule.Type
    var example: Example
    var triggers: Bool
    var index: Int

    var testDescription: String {
        "\(ruleType.description.code) \(triggers ? "triggering" : "non-triggering") #\(index + 1)"
    }

    static var all: [RuleExample] {
        RuleRegistry.ruleTypes.flatMap { ruleType in
            ruleType.description.triggeringExamples.enumerated().map {
                RuleExample(ruleType: ruleType, example: $1, triggers: true, index: $0)
            }
                + ruleType.description.nonTriggeringExamples.enumerated().map {
                    RuleExample(ruleType: ruleType, example: $1, triggers: false, index: $0)
                }
        }
    }
}

/// Lints an example with every rule on and returns the findings of `ruleType`.
func findings(of ruleType: any Rule.Type, in example: Example) -> [Diagnostic] {
    let linter = Linter()
    let resources = example.resources.map { ResourceIndex(fileNames: $0, assetNames: $0) }
    return linter.lint(
        text: example.text, platform: example.platform, extensions: example.extensionTexts,
        resources: resources
    ).filter { $0.code == ruleType.description.code }
}

@Suite struct RuleExampleTests {
    /// Every example of every rule: a triggering example gives findings exactly at its markers,
    /// a non-triggering one gives none.
    @Test(arguments: RuleExample.all)
    func example(_ item: RuleExample) {
        let example = item.example
        let location = SourceLocation(
            fileID: "Lint/" + "\(example.file)".split(separator: "/").suffix(2).joined(separator: "/"),
            filePath: "\(example.file)", line: Int(example.line), column: 1)
        let found = findings(of: item.ruleType, in: example)
        let positions = found.map { "\($0.location)" }
        let expected = example.markedPositions.map { "\($0.file):\($0.line):\($0.column)" }
        if item.triggers {
            #expect(!expected.isEmpty, "a triggering example needs a ↓ marker", sourceLocation: location)
        } else {
            #expect(expected.isEmpty, "a non-triggering example has no markers", sourceLocation: location)
        }
        #expect(
            positions.sorted() == expected.sorted(),
            "findings: \(found.map { "\($0.location): \($0.message)" })", sourceLocation: location)
        for diagnostic in found {
            #expect(diagnostic.name == item.ruleType.description.name, sourceLocation: location)
            #expect(Self.isWellWorded(diagnostic.message), "\(diagnostic.message)", sourceLocation: location)
        }
    }

    /// Messages start lower-case (or with a quote or key name) and end without a period.
    static func isWellWorded(_ message: String) -> Bool {
        guard let first = message.first, let last = message.last else { return false }
        return !first.isUppercase && last != "." && !message.contains("\n")
    }
}
