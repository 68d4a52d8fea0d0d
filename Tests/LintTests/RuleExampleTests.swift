import AppBundle
import Lint
import PropertyList
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
    let linter = Linter(configuration: LintConfiguration(buildSettings: example.settings))
    let resources = example.resources.map { ResourceIndex(fileNames: $0, assetNames: $0) }
    return linter.lint(
        text: example.text, platform: example.platform, extensions: example.extensionTexts,
        resources: resources, swift: example.swiftText
    ).filter { $0.code == ruleType.description.code }
}

/// The order of an example's markers: the app's file first, then each extension's, by line and
/// column.
func markerOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
    func key(_ diagnostic: Diagnostic) -> (Int, String, Int, Int) {
        let location = diagnostic.location
        return (location.file == Example.appFile ? 0 : 1, location.file, location.line ?? 0, location.column ?? 0)
    }
    return key(lhs) < key(rhs)
}

@Suite struct RuleExampleTests {
    /// Where a failing example is written, for the issue's location.
    static func sourceLocation(_ example: Example) -> Testing.SourceLocation {
        Testing.SourceLocation(
            fileID: "Lint/" + "\(example.file)".split(separator: "/").suffix(2).joined(separator: "/"),
            filePath: "\(example.file)", line: Int(example.line), column: 1)
    }

    /// Every example of every rule: a triggering example gives findings exactly at its markers,
    /// each with the severity, message and (when stated) notes its expectation states; a
    /// non-triggering one gives none.
    @Test(arguments: RuleExample.all)
    func example(_ item: RuleExample) {
        let example = item.example
        let location = Self.sourceLocation(example)
        let found = findings(of: item.ruleType, in: example).sorted(by: markerOrder)
        let positions = found.map { "\($0.location)" }
        let expected = example.markedPositions.map { "\($0.file):\($0.line):\($0.column)" }
        if item.triggers {
            #expect(!expected.isEmpty, "a triggering example needs a ↓ marker", sourceLocation: location)
            #expect(
                example.expecting.count == expected.count, "one expectation per marker, in order",
                sourceLocation: location)
        } else {
            #expect(expected.isEmpty, "a non-triggering example has no markers", sourceLocation: location)
            #expect(example.expecting.isEmpty && example.corrected == nil, sourceLocation: location)
        }
        #expect(
            positions.sorted() == expected.sorted(),
            "findings: \(found.map { "\($0.location): \($0.message)" })", sourceLocation: location)
        for (diagnostic, expectation) in zip(found, example.expecting) {
            #expect(
                diagnostic.severity == expectation.severity, "\(diagnostic.location): \(diagnostic.message)",
                sourceLocation: location)
            #expect(
                diagnostic.message.contains(expectation.message),
                "\(diagnostic.location): \(diagnostic.message)\nexpected: \(expectation.message)",
                sourceLocation: location)
            if let notes = expectation.notes {
                let found = diagnostic.notes.map(\.message)
                #expect(
                    found.count == notes.count && zip(found, notes).allSatisfy { $0.contains($1) },
                    "\(diagnostic.location) notes: \(found)\nexpected: \(notes)", sourceLocation: location)
            }
        }
        for diagnostic in found {
            #expect(diagnostic.name == item.ruleType.description.name, sourceLocation: location)
            #expect(Self.isWellWorded(diagnostic.message), "\(diagnostic.message)", sourceLocation: location)
        }
    }

    /// Every triggering example whose findings carry fix-its states its correction: the fixer
    /// applied to it gives exactly that text, which reads back and lints clean of the rule.
    @Test(arguments: RuleExample.all.filter(\.triggers))
    func corrections(_ item: RuleExample) throws {
        let example = item.example
        let location = Self.sourceLocation(example)
        let found = findings(of: item.ruleType, in: example)
        let fixable = found.filter { $0.fixIt != nil && $0.location.file == Example.appFile }
        guard let corrected = example.corrected else {
            #expect(
                fixable.isEmpty, "the findings carry fix-its: give the example's 'corrected' text",
                sourceLocation: location)
            return
        }
        #expect(!fixable.isEmpty, "'corrected' is given, but no finding carries a fix-it", sourceLocation: location)
        let result = try Fixer().fix(Array(example.text.utf8), file: Example.appFile, diagnostics: fixable).get()
        let fixed = String(decoding: result.bytes, as: UTF8.self)
        #expect(fixed == Example.document(corrected), "the fixed text:\n\(fixed)", sourceLocation: location)
        #expect(Set(result.fixed) == Set(fixable), "every fix-it applies", sourceLocation: location)
        var again = example
        again.snippet = corrected
        let left = findings(of: item.ruleType, in: again).filter { $0.fixIt != nil }
        #expect(left.isEmpty, "still found once fixed: \(left.map(\.message))", sourceLocation: location)
    }

    /// Wrapped in a disable-file comment for the rule, an example gives nothing of it. (Examples
    /// with Swift code have variants of their own: SwiftRuleExampleTests.)
    @Test(arguments: RuleExample.all.filter { $0.triggers && $0.example.swift == nil })
    func aDisableCommentSilencesIt(_ item: RuleExample) throws {
        let example = item.example
        let code = item.ruleType.description.code
        let disabled = Variants.disablingFile(example, code: code)
        // An unreadable file has no comments to read.
        guard code != "PLIST-001" else { return }
        #expect(
            findings(of: item.ruleType, in: disabled).isEmpty, "\(code) still reported",
            sourceLocation: Self.sourceLocation(example))
    }

    /// With a non-ASCII comment before each marked element, findings move by the comment's
    /// characters: columns count Unicode scalars, not bytes.
    @Test(arguments: RuleExample.all.filter { $0.triggers && $0.example.swift == nil })
    func columnsCountCharacters(_ item: RuleExample) throws {
        let example = item.example
        guard item.ruleType.description.code != "PLIST-001" else { return }
        let (prefixed, shift) = Variants.prefixingMarkers(example)
        let found = findings(of: item.ruleType, in: prefixed).map { "\($0.location)" }
        let expected = prefixed.markedPositions.map { "\($0.file):\($0.line):\($0.column + shift)" }
        #expect(found.sorted() == expected.sorted(), sourceLocation: Self.sourceLocation(example))
    }

    /// The same example stored as a binary plist gives the same findings by key path and
    /// severity, without lines; stored as OpenStep text (when every value is a string, array,
    /// dictionary or data, which OpenStep can hold), the same with lines of its own.
    @Test(
        arguments: RuleExample.all.filter {
            $0.triggers && $0.example.swift == nil && !Variants.textOnlyRules.contains($0.ruleType.description.code)
        })
    func twinsInOtherFormatsGiveTheSameFindings(_ item: RuleExample) throws {
        let example = item.example
        let location = Self.sourceLocation(example)
        let original = findings(of: item.ruleType, in: example)
        func summary(_ found: [Diagnostic]) -> [String] {
            found.map { "\($0.severity) \($0.location.file) \($0.location.keyPath)" }.sorted()
        }
        let binary = try #require(try Variants.lintTwin(example, ruleType: item.ruleType, format: .binary))
        #expect(summary(binary) == summary(original), "binary twin", sourceLocation: location)
        #expect(binary.allSatisfy { $0.location.line == nil }, "binary findings have no line", sourceLocation: location)
        if let openStep = try Variants.lintTwin(example, ruleType: item.ruleType, format: .openStep) {
            #expect(summary(openStep) == summary(original), "OpenStep twin", sourceLocation: location)
        }
    }

    /// Messages start lower-case (or with a quote or key name) and end without a period.
    static func isWellWorded(_ message: String) -> Bool {
        guard let first = message.first, let last = message.last else { return false }
        return !first.isUppercase && last != "." && !message.contains("\n")
    }
}

/// The variants the harness derives from each example.
enum Variants {
    /// Rules about the text of an XML file (its syntax, its comments), which other formats do not
    /// have.
    static let textOnlyRules: Set<String> = ["PLIST-001", "PLIST-008", "PLIST-010"]

    /// `example` with a comment turning `code` off for each file.
    static func disablingFile(_ example: Example, code: String) -> Example {
        func disable(_ snippet: String) -> String {
            let comment = "<!-- utiscope:disable-file \(code) -->"
            guard snippet.hasPrefix("<?xml") || snippet.hasPrefix("<plist") else { return comment + "\n" + snippet }
            // A whole file: the comment goes after the XML declaration, if there is one.
            guard snippet.hasPrefix("<?xml"), let end = snippet.range(of: "?>") else { return comment + "\n" + snippet }
            return String(snippet[..<end.upperBound]) + "\n" + comment + String(snippet[end.upperBound...])
        }
        var disabled = example
        disabled.snippet = disable(example.snippet)
        disabled.extensions = example.extensions.map(disable)
        return disabled
    }

    /// The comment put before each marked element.
    static let prefix = "<!--é-->"

    /// `example` with ``prefix`` before each marked element, and how many columns findings move.
    static func prefixingMarkers(_ example: Example) -> (Example, Int) {
        // Before each run of markers (two findings may land on one element).
        func prefixed(_ snippet: String) -> String {
            var result = ""
            var previous: Character?
            for character in snippet {
                if character == Example.marker && previous != Example.marker { result += prefix }
                result.append(character)
                previous = character
            }
            return result
        }
        var moved = example
        moved.snippet = prefixed(example.snippet)
        moved.extensions = example.extensions.map(prefixed)
        // The markers themselves now stand after the comment: their positions already count it.
        return (moved, 0)
    }

    /// The formats of the twins.
    enum Format {
        case binary
        case openStep
    }

    /// The findings of `ruleType` in `example` rewritten as `format`; nil when OpenStep cannot
    /// hold the example's values.
    static func lintTwin(_ example: Example, ruleType: any Rule.Type, format: Format) throws -> [Diagnostic]? {
        func twin(_ text: String, file: String) throws -> PropertyListDocument? {
            let document = try PropertyListReader().read(Array(text.utf8), file: file)
            switch format {
            case .binary: return try PropertyListReader().read(TwinWriter.binary(document), file: file)
            case .openStep:
                guard let written = TwinWriter.openStep(document) else { return nil }
                return try PropertyListReader().read(Array(written.utf8), file: file)
            }
        }
        guard let app = try twin(example.text, file: Example.appFile) else { return nil }
        var extensions: [InfoPlist] = []
        for (index, text) in example.extensionTexts.enumerated() {
            guard let document = try twin(text, file: Example.extensionFile(index)) else { return nil }
            extensions.append(InfoPlist(document: document, platform: example.platform))
        }
        let resources = example.resources.map { ResourceIndex(fileNames: $0, assetNames: $0) }
        let context = LintContext(
            app: InfoPlist(document: app, platform: example.platform), extensions: extensions,
            buildSettings: example.settings, resources: resources)
        return Linter().lint(context).filter { $0.code == ruleType.description.code }
    }
}
