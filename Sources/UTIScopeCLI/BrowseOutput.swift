import DocumentBrowser
import PropertyList
import Support

/// The summary of `utiscope browse`, as text and JSON.
enum BrowseOutput {
    /// How many types the text summary lists without `--all`.
    static let typesShown = 20

    static func text(_ summary: BrowseSummary, all: Bool = false) -> String {
        var text =
            "\nsummary: \(summary.entries) items: \(summary.folders) folders, \(summary.packages) packages, "
            + "\(summary.files) files; \(summary.selectable) selectable, \(summary.greyedOut) greyed out"
            + (summary.undetermined > 0 ? ", \(summary.undetermined) undetermined" : "") + "\n"
        text += "by type:\n"
        let tallies = summary.byType
        let shown = all ? tallies[...] : tallies.prefix(typesShown)
        let width = (shown.map { OutputEscaping.escape($0.type).count }.max() ?? 0) + 2
        for tally in shown {
            var parts: [String] = []
            if tally.selectable > 0 { parts.append("\(tally.selectable) selectable") }
            if tally.greyedOut > 0 { parts.append("\(tally.greyedOut) greyed out") }
            if tally.undetermined > 0 { parts.append("\(tally.undetermined) undetermined") }
            if tally.navigable > 0 { parts.append("\(tally.navigable) navigable") }
            let type = OutputEscaping.escape(tally.type)
            text +=
                "  " + type + String(repeating: " ", count: max(2, width - type.count)) + parts.joined(separator: ", ")
                + "\n"
        }
        if shown.count < tallies.count {
            let rest = tallies[shown.count...].reduce(0) {
                $0 + $1.selectable + $1.greyedOut + $1.undetermined + $1.navigable
            }
            text += "  … \(tallies.count - shown.count) more types (\(rest) items); --all lists every one\n"
        }
        text += "by outcome:\n"
        for (outcome, count) in summary.byOutcome {
            text +=
                "  " + outcome.rawValue + String(repeating: " ", count: max(1, 22 - outcome.rawValue.count))
                + "\(count)\n"
        }
        return text
    }

    static func json(_ summary: BrowseSummary) -> String {
        let types = summary.byType.map { tally in
            "{\"type\": \(JSONText.quoted(tally.type)), \"selectable\": \(tally.selectable), "
                + "\"greyedOut\": \(tally.greyedOut), \"undetermined\": \(tally.undetermined), "
                + "\"navigable\": \(tally.navigable)}"
        }
        let outcomes = summary.byOutcome.map { "\(JSONText.quoted($0.outcome.rawValue)): \($0.count)" }
        return "{\"entries\": \(summary.entries), \"folders\": \(summary.folders), \"packages\": \(summary.packages), "
            + "\"files\": \(summary.files), \"selectable\": \(summary.selectable), \"greyedOut\": \(summary.greyedOut), "
            + "\"undetermined\": \(summary.undetermined), "
            + "\"byType\": [\(types.joined(separator: ", "))], \"byOutcome\": {\(outcomes.joined(separator: ", "))}}"
    }
}
