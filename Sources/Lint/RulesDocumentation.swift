/// The rule catalog as text: the `utiscope rules` list, one rule explained, and
/// `Documentation/Rules.md` — all made from the rules' descriptions, so they cannot drift apart.
public enum RulesDocumentation {
    /// One line per rule: code, default severity, name, summary.
    public static func list(_ descriptions: [RuleDescription] = RuleRegistry.descriptions) -> String {
        descriptions.map { description in
            let severity = description.severity.rawValue.padding(8)
            return "\(description.code.padding(10))\(severity)  \(description.name.padding(36))\(description.summary)"
        }.joined(separator: "\n") + "\n"
    }

    /// One rule explained: summary, severity, platforms, rationale, sources, examples.
    public static func explain(_ description: RuleDescription) -> String {
        var text = "\(description.code) \(description.name)\n\n\(description.summary).\n\n"
        text += "Default severity: \(description.severity)\nPlatforms: \(description.platformList)\n\n"
        text += "Why: \(description.rationale)\n\nSources:\n"
        for source in description.sources { text += "  - \(source)\n" }
        text += "\nTriggering examples (\(Example.marker) marks where the finding lands):\n"
        for example in description.triggeringExamples { text += plain(example) }
        text += "\nNon-triggering examples:\n"
        for example in description.nonTriggeringExamples { text += plain(example) }
        return text
    }

    /// `Documentation/Rules.md`.
    public static func markdown(_ descriptions: [RuleDescription] = RuleRegistry.descriptions) -> String {
        var text = """
            # utiscope lint rules

            <!-- Generated from the rule descriptions in Sources/Lint/Rules; do not edit by hand.
                 Regenerate with: swift run utiscope rules --markdown > Documentation/Rules.md -->

            Every rule, its default severity and the platforms it applies to. Severities can be changed, and
            rules turned off, in `.utiscope.json`; `<!-- utiscope:disable CODE -->` before an element of an XML
            plist silences a rule for that element, and `// utiscope:disable CODE` before a statement or declaration
            of the app's Swift code for that statement (a comment that silences nothing is PLIST-010). The `SRC-*` rules read the app's Swift code (a project's or
            folder's, or `--sources DIR`); their examples show the Info.plist, then the code. In the examples,
            `\(Example.marker)` marks where the finding lands.

            | Code | Name | Severity | Platforms | Summary |
            |---|---|---|---|---|

            """
        for description in descriptions {
            text +=
                "| [\(description.code)](#\(description.code.lowercased())) | `\(description.name)` | \(description.severity) | \(description.platformList) | \(description.summary) |\n"
        }
        for description in descriptions {
            text +=
                "\n## \(description.code)\n\n`\(description.name)` — \(description.severity), \(description.platformList)\n\n"
            text += "\(description.summary).\n\n\(description.rationale)\n\nSources:\n\n"
            for source in description.sources { text += "- \(source)\n" }
            text += "\nTriggers:\n"
            for example in description.triggeringExamples { text += markdown(example) }
            text += "\nDoes not trigger:\n"
            for example in description.nonTriggeringExamples { text += markdown(example) }
        }
        return text
    }

    /// The caption of an example's `index`-th embedded extension Info.plist.
    private static func extensionCaption(_ index: Int) -> String {
        "The Info.plist of embedded extension \(index + 1):"
    }

    /// The caption of an example's Swift code.
    private static let swiftCaption = "The app's Swift code:"

    /// An example as indented text, with its extensions' Info.plists and its Swift code after the
    /// app's Info.plist (left out when empty).
    private static func plain(_ example: Example) -> String {
        var text = example.snippet.isEmpty ? "" : "\n" + indented(example.snippet)
        for (index, snippet) in example.extensions.enumerated() {
            text += "\n  " + extensionCaption(index) + "\n" + indented(snippet)
        }
        if let swift = example.swift { text += "\n  " + swiftCaption + "\n" + indented(swift) }
        return text
    }

    /// An example as fenced XML, with its extensions' Info.plists and its Swift code after the
    /// app's Info.plist (left out when empty).
    private static func markdown(_ example: Example) -> String {
        var text = example.snippet.isEmpty ? "" : "\n```xml\n\(example.snippet)\n```\n"
        for (index, snippet) in example.extensions.enumerated() {
            text += "\n\(extensionCaption(index))\n\n```xml\n\(snippet)\n```\n"
        }
        if let swift = example.swift { text += "\n\(swiftCaption)\n\n```swift\n\(swift)\n```\n" }
        return text
    }

    private static func indented(_ snippet: String) -> String {
        snippet.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
            + "\n"
    }
}

extension String {
    /// The text padded with spaces to `width` characters (never cut).
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
