import PropertyList

/// Today's findings, recorded so that a legacy project can adopt the linter and see only new
/// findings. Keyed by rule, file and anchor — the finding's key path with each document type named
/// by its `CFBundleTypeName` (or first content type), each declaration by its
/// `UTTypeIdentifier`, and each string in a list by its value, never by line or array index — so
/// that edits that move lines or reorder entries keep the baseline valid; a key recorded twice
/// absorbs two findings. Files are recorded relative to the baseline file's folder
/// (``BaselineKeying``), so any spelling of the same file matches.
public struct Baseline: Sendable, Hashable {
    /// One recorded key.
    public struct Key: Sendable, Hashable, Comparable {
        /// The rule code.
        public var rule: String
        /// The file, relative to the baseline's folder (or as named in the findings).
        public var file: String
        /// Where in the file: ``BaselineKeying/anchor(of:)``.
        public var anchor: String

        /// Orders by file, anchor, rule.
        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.file, lhs.anchor, lhs.rule) < (rhs.file, rhs.anchor, rhs.rule)
        }
    }

    /// How many findings each key absorbs.
    public var counts: [Key: Int]
    /// Whether the keys are version 1's (a raw key path, with array indices): read from an older
    /// baseline file, matched the way it was written.
    var keysByIndex = false

    /// A baseline of `diagnostics`, keyed by `keying`.
    public init(_ diagnostics: [Diagnostic], keying: BaselineKeying = BaselineKeying()) {
        var counts: [Key: Int] = [:]
        for diagnostic in diagnostics { counts[keying.key(diagnostic), default: 0] += 1 }
        self.counts = counts
    }

    /// The findings the baseline does not absorb, in order; `keying` as when it was written.
    public func newFindings(_ diagnostics: [Diagnostic], keying: BaselineKeying = BaselineKeying()) -> [Diagnostic] {
        var remaining = counts
        return diagnostics.filter { diagnostic in
            let key = keysByIndex ? keying.indexKey(diagnostic) : keying.key(diagnostic)
            guard let count = remaining[key], count > 0 else { return true }
            remaining[key] = count - 1
            return false
        }
    }

    /// The baseline file's text: `{"version": 2, "findings": [{"rule", "file", "anchor", "count"}]}`,
    /// sorted, so that it diffs well.
    public var json: String {
        var text = "{\n  \"version\": 2,\n  \"findings\": ["
        let keys = counts.keys.sorted()
        for (index, key) in keys.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "    {\"rule\": \(JSONText.quoted(key.rule)), \"file\": \(JSONText.quoted(key.file)), "
            text += "\"anchor\": \(JSONText.quoted(key.anchor)), \"count\": \(counts[key] ?? 0)}"
        }
        text += keys.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return text
    }

    /// Reads a baseline file's text: version 2, or version 1 (keyed by raw key path, matched so).
    public static func parse(_ bytes: [UInt8]) throws(ConfigurationError) -> Baseline {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch {
            throw ConfigurationError(
                "not valid JSON: \(error.message)", at: JSONPosition(line: error.line, column: error.column))
        }
        guard let version = json["version"]?.integer, version == 1 || version == 2,
            let findings = json["findings"]?.array
        else {
            throw ConfigurationError("not a baseline: expected {\"version\": 2, \"findings\": [...]}")
        }
        let anchorKey = version == 1 ? "keyPath" : "anchor"
        var baseline = Baseline([])
        baseline.keysByIndex = version == 1
        for finding in findings {
            guard let rule = finding["rule"]?.string, let file = finding["file"]?.string,
                let anchor = finding[anchorKey]?.string
            else {
                throw ConfigurationError("each baseline finding needs \"rule\", \"file\" and \"\(anchorKey)\" strings")
            }
            baseline.counts[Key(rule: rule, file: file, anchor: anchor), default: 0] += finding["count"]?.integer ?? 1
        }
        return baseline
    }
}

/// How a baseline names a finding's place: its file relative to the baseline's folder, and its
/// key path with array elements named by what identifies them to a person.
public struct BaselineKeying: Sendable {
    /// The file as the baseline records it, from the file as the findings name it (by default,
    /// unchanged).
    public var file: @Sendable (String) -> String
    /// The root of each file's document, by the file as the findings name it.
    public var documents: [String: PlistValue]

    /// A keying; with nothing given, files as named and anchors from key paths alone.
    public init(file: @escaping @Sendable (String) -> String = { $0 }, documents: [String: PlistValue] = [:]) {
        self.file = file
        self.documents = documents
    }

    /// The key of `diagnostic`.
    func key(_ diagnostic: Diagnostic) -> Baseline.Key {
        Baseline.Key(rule: diagnostic.code, file: file(diagnostic.location.file), anchor: anchor(of: diagnostic))
    }

    /// Version 1's key: the file as named and the raw key path.
    func indexKey(_ diagnostic: Diagnostic) -> Baseline.Key {
        Baseline.Key(
            rule: diagnostic.code, file: diagnostic.location.file, anchor: diagnostic.location.keyPath.description)
    }

    /// The finding's key path with each array element named by what identifies it:
    /// `CFBundleDocumentTypes[CFBundleTypeName='Text'].LSItemContentTypes['public.text']`. An
    /// element with nothing to name it by keeps its index. A finding with no key path (in a Swift
    /// file) is anchored by its message.
    public func anchor(of diagnostic: Diagnostic) -> String {
        let components = diagnostic.location.keyPath.components
        guard !components.isEmpty else {
            return diagnostic.location.file.hasSuffix(".swift") ? "message:" + diagnostic.message : ""
        }
        var text = ""
        var value = documents[diagnostic.location.file]
        var parentKey: String?
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
                value = value?[key]
                parentKey = key
            case .index(let index):
                let elements = value?.elements ?? []
                let element = index < elements.count ? elements[index] : nil
                text += "[" + (element.flatMap { Self.name(of: $0, in: parentKey) } ?? String(index)) + "]"
                value = element
                parentKey = nil
            }
        }
        return text
    }

    /// What names an array element: a document type's name (or first content type), a
    /// declaration's identifier, a string's value.
    static func name(of element: PlistValue, in arrayKey: String?) -> String? {
        func quoted(_ text: String) -> String { "'" + text.replacing("'", with: "\\'") + "'" }
        if let string = element.string { return quoted(string) }
        switch arrayKey {
        case "CFBundleDocumentTypes":
            if let name = element["CFBundleTypeName"]?.string { return "CFBundleTypeName=" + quoted(name) }
            if let first = element["LSItemContentTypes"]?.elements.first?.string {
                return "LSItemContentTypes=" + quoted(first)
            }
        case "UTExportedTypeDeclarations", "UTImportedTypeDeclarations":
            if let identifier = element["UTTypeIdentifier"]?.string { return "UTTypeIdentifier=" + quoted(identifier) }
        default: break
        }
        return nil
    }
}
