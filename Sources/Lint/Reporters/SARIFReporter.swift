import PropertyList

/// SARIF 2.1.0: one run whose `tool.driver.rules` describes every rule (so viewers show the
/// rationale), and one result per finding with its rule index, level, physical location (region
/// only when the line is known) and key path as a logical location; notes become related locations.
public struct SARIFReporter: Sendable {
    /// The tool version recorded in the log.
    public var toolVersion: String
    /// The rules described in `tool.driver.rules`.
    public var rules: [RuleDescription]

    /// A reporter describing `rules` (default: every rule).
    public init(toolVersion: String, rules: [RuleDescription] = RuleRegistry.descriptions) {
        self.toolVersion = toolVersion
        self.rules = rules
    }

    /// The log as JSON, ending with a newline.
    public func render(_ report: LintReport) -> String {
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() { ruleIndex[rule.code] = index }
        var text = "{\n"
        text += "  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
        text += "  \"version\": \"2.1.0\",\n"
        text += "  \"runs\": [\n    {\n      \"tool\": {\n        \"driver\": {\n"
        text += "          \"name\": \"utiscope\",\n"
        text += "          \"version\": \(JSONText.quoted(toolVersion)),\n"
        text += "          \"informationUri\": \"https://github.com/utiscope/utiscope\",\n"
        text += "          \"rules\": ["
        text += rules.map { rule in
            "\n            {\"id\": \(q(rule.code)), \"name\": \(q(rule.name)), "
                + "\"shortDescription\": {\"text\": \(q(rule.summary))}, "
                + "\"fullDescription\": {\"text\": \(q(rule.rationale))}, "
                + "\"help\": {\"text\": \(q(rule.rationale + " Sources: " + rule.sources.joined(separator: "; ")))}, "
                + "\"defaultConfiguration\": {\"level\": \(q(Self.level(rule.severity)))}, "
                + "\"properties\": {\"platforms\": [\(rule.platforms.map(\.rawValue).sorted().map(q).joined(separator: ", "))]}}"
        }.joined(separator: ",")
        text += rules.isEmpty ? "]\n" : "\n          ]\n"
        text += "        }\n      },\n"
        // Inputs that could not be read are results (PLIST-001) and, as SARIF asks of what kept the
        // tool from running as asked, notifications of an unsuccessful run.
        let unread = report.executionSuccessful ? [] : report.diagnostics.filter { $0.code == "PLIST-001" }
        text += "      \"invocations\": [{\"executionSuccessful\": \(report.executionSuccessful)"
        if !unread.isEmpty {
            text += ", \"toolExecutionNotifications\": ["
            text += unread.map { diagnostic in
                "{\"level\": \"error\", \"message\": {\"text\": \(q(diagnostic.message))}, "
                    + "\"locations\": [\(Self.location(diagnostic.location, message: nil))]}"
            }.joined(separator: ", ")
            text += "]"
        }
        text += "}],\n"
        text += "      \"columnKind\": \"unicodeCodePoints\",\n"
        text += "      \"results\": ["
        text += report.diagnostics.map { diagnostic in
            var result = "\n        {\"ruleId\": \(q(diagnostic.code))"
            if let index = ruleIndex[diagnostic.code] { result += ", \"ruleIndex\": \(index)" }
            result += ", \"level\": \(q(Self.level(diagnostic.severity)))"
            result += ", \"message\": {\"text\": \(q(diagnostic.message))}"
            result += ", \"locations\": [\(Self.location(diagnostic.location, message: nil))]"
            if !diagnostic.notes.isEmpty {
                result += ", \"relatedLocations\": ["
                result += diagnostic.notes.enumerated().map { index, note in
                    Self.location(note.location ?? diagnostic.location, message: note.message, id: index)
                }.joined(separator: ", ")
                result += "]"
            }
            if !diagnostic.properties.isEmpty {
                let fields = diagnostic.properties.sorted { $0.key < $1.key }.map { "\(q($0.key)): \(q($0.value))" }
                result += ", \"properties\": {\(fields.joined(separator: ", "))}"
            }
            return result + "}"
        }.joined(separator: ",")
        text += report.diagnostics.isEmpty ? "]\n" : "\n      ]\n"
        text += "    }\n  ]\n}\n"
        return text
    }

    private func q(_ text: String) -> String { JSONText.quoted(text) }

    /// `error`, `warning` or `note`.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    static func location(_ location: SourceLocation, message: String?, id: Int? = nil) -> String {
        var text = "{"
        if let id { text += "\"id\": \(id), " }
        text += "\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(JSONText.quoted(uri(location.file)))}"
        if let line = location.line, line >= 1 {
            text += ", \"region\": {\"startLine\": \(line)"
            if let column = location.column, column >= 1 { text += ", \"startColumn\": \(column)" }
            text += "}"
        }
        text += "}"
        if !location.keyPath.components.isEmpty {
            text +=
                ", \"logicalLocations\": [{\"fullyQualifiedName\": \(JSONText.quoted(location.keyPath.description)), \"kind\": \"member\"}]"
        }
        if let message { text += ", \"message\": {\"text\": \(JSONText.quoted(message))}" }
        return text + "}"
    }

    /// A path as a URI: a relative path as a relative reference (code scanning resolves it from
    /// the repository root), an absolute one as a `file://` URI; unreserved characters and `/`
    /// kept, everything else percent-encoded.
    static func uri(_ path: String) -> String {
        var text = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            let keep =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || [UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/")]
                    .contains(byte)
            if keep {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return text
    }
}
