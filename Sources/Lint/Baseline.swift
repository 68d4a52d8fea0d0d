import PropertyList

/// Today's findings, recorded so that a legacy project can adopt the linter and see only new
/// findings. Keyed by rule, file and key path (not line), so unrelated edits that move lines
/// keep the baseline valid; a key recorded twice absorbs two findings.
public struct Baseline: Sendable, Hashable {
    /// One recorded key.
    public struct Key: Sendable, Hashable, Comparable {
        /// The rule code.
        public var rule: String
        /// The file, as named in the findings.
        public var file: String
        /// The key path of the finding's location.
        public var keyPath: String

        /// Orders by file, key path, rule.
        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.file, lhs.keyPath, lhs.rule) < (rhs.file, rhs.keyPath, rhs.rule)
        }
    }

    /// How many findings each key absorbs.
    public var counts: [Key: Int]

    /// A baseline of `diagnostics`.
    public init(_ diagnostics: [Diagnostic]) {
        var counts: [Key: Int] = [:]
        for diagnostic in diagnostics { counts[Self.key(diagnostic), default: 0] += 1 }
        self.counts = counts
    }

    static func key(_ diagnostic: Diagnostic) -> Key {
        Key(rule: diagnostic.code, file: diagnostic.location.file, keyPath: diagnostic.location.keyPath.description)
    }

    /// The findings the baseline does not absorb, in order.
    public func newFindings(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var remaining = counts
        return diagnostics.filter { diagnostic in
            let key = Self.key(diagnostic)
            guard let count = remaining[key], count > 0 else { return true }
            remaining[key] = count - 1
            return false
        }
    }

    /// The baseline file's text: `{"version": 1, "findings": [{"rule", "file", "keyPath", "count"}]}`,
    /// sorted, so that it diffs well.
    public var json: String {
        var text = "{\n  \"version\": 1,\n  \"findings\": ["
        let keys = counts.keys.sorted()
        for (index, key) in keys.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "    {\"rule\": \(JSONText.quoted(key.rule)), \"file\": \(JSONText.quoted(key.file)), "
            text += "\"keyPath\": \(JSONText.quoted(key.keyPath)), \"count\": \(counts[key] ?? 0)}"
        }
        text += keys.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return text
    }

    /// Reads a baseline file's text.
    public static func parse(_ bytes: [UInt8]) throws(ConfigurationError) -> Baseline {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch {
            throw ConfigurationError("not valid JSON at line \(error.line), column \(error.column): \(error.message)")
        }
        guard json["version"]?.integer == 1, let findings = json["findings"]?.array else {
            throw ConfigurationError("not a version 1 baseline: expected {\"version\": 1, \"findings\": [...]}")
        }
        var baseline = Baseline([])
        for finding in findings {
            guard let rule = finding["rule"]?.string, let file = finding["file"]?.string,
                let keyPath = finding["keyPath"]?.string
            else { throw ConfigurationError("each baseline finding needs \"rule\", \"file\" and \"keyPath\" strings") }
            baseline.counts[Key(rule: rule, file: file, keyPath: keyPath), default: 0] += finding["count"]?.integer ?? 1
        }
        return baseline
    }
}
