import PropertyList

/// The JSON contract of DESIGN.md: `{"version":1, "diagnostics":[…], "summary":{…}}`, keys in a
/// fixed order, `line`/`column` null when unknown. Fields may be added, never renamed.
public struct JSONReporter: Sendable {
    /// A reporter.
    public init() {}

    /// The report as one JSON document, ending with a newline.
    public func render(_ report: LintReport) -> String {
        var text = "{\n  \"version\": 1,\n  \"diagnostics\": ["
        for (index, diagnostic) in report.diagnostics.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "    {" + Self.locationFields(diagnostic.location)
            text += ", \"severity\": \(JSONText.quoted(diagnostic.severity.rawValue))"
            text += ", \"rule\": \(JSONText.quoted(diagnostic.code)), \"name\": \(JSONText.quoted(diagnostic.name))"
            text += ", \"message\": \(JSONText.quoted(diagnostic.message))"
            text += ", \"notes\": ["
            text += diagnostic.notes.map { note in
                var fields =
                    note.location.map(Self.locationFields)
                    ?? "\"file\": null, \"line\": null, \"column\": null, \"keyPath\": null"
                fields += ", \"message\": \(JSONText.quoted(note.message))"
                return "{" + fields + "}"
            }.joined(separator: ", ")
            text += "]"
            if let fixIt = diagnostic.fixIt { text += ", \"fixIt\": {\"summary\": \(JSONText.quoted(fixIt.summary))}" }
            text += "}"
        }
        text += report.diagnostics.isEmpty ? "],\n" : "\n  ],\n"
        text += "  \"summary\": {\"errors\": \(report.count(.error)), \"warnings\": \(report.count(.warning)), "
        text += "\"infos\": \(report.count(.info)), \"files\": \(report.files)}\n}\n"
        return text
    }

    static func locationFields(_ location: SourceLocation) -> String {
        "\"file\": \(JSONText.quoted(location.file)), \"line\": \(location.line.map(String.init) ?? "null"), "
            + "\"column\": \(location.column.map(String.init) ?? "null"), "
            + "\"keyPath\": \(JSONText.quoted(location.keyPath.description))"
    }
}
