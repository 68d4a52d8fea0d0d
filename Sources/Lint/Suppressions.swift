import PropertyList

/// The suppression comments of one XML plist.
///
/// `<!-- utiscope:disable CODE -->` silences the rules named (codes such as `DOC-002` or names
/// such as `missing-handler-rank`, separated by spaces or commas) for the element that follows
/// the comment and everything inside it; before a `<key>`, for that key's value.
/// `<!-- utiscope:disable-file CODE -->` anywhere silences them for the whole file.
struct Suppressions: Sendable {
    /// Rules silenced in the whole file.
    var fileWide: Set<String> = []
    /// Rules silenced below a key path.
    var scoped: [(rules: Set<String>, keyPath: PlistKeyPath)] = []

    /// The directives in `document`'s comments, each `disable` applied to the values that start
    /// where the element after its comment starts (the reader noted where that is).
    init(document: PropertyListDocument) {
        var wanted: [Int: [Int: Set<String>]] = [:]
        for comment in document.comments(containing: "utiscope:disable") {
            let words = comment.text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" })
                .map(String.init)
            guard let first = words.first else { continue }
            let rules = Set(words.dropFirst())
            if first == "utiscope:disable-file" {
                fileWide.formUnion(rules)
            } else if first == "utiscope:disable", let line = comment.nextElementLine,
                let column = comment.nextElementColumn
            {
                wanted[line, default: [:]][column, default: []].formUnion(rules)
            }
        }
        guard !wanted.isEmpty else { return }
        var stack = [document.root]
        while let value = stack.popLast() {
            if let line = value.line, let columns = wanted[line], let column = value.location.column,
                let rules = columns[column]
            {
                scoped.append((rules, value.keyPath))
            }
            switch value.kind {
            case .array: stack += value.elements
            case .dictionary:
                for (key, entry) in value.entries {
                    stack.append(key)
                    stack.append(entry)
                }
            default: break
            }
        }
    }

    /// Whether `diagnostic` is silenced.
    func suppresses(_ diagnostic: Diagnostic) -> Bool {
        if fileWide.contains(diagnostic.code) || fileWide.contains(diagnostic.name) { return true }
        guard !scoped.isEmpty else { return false }
        let path = diagnostic.location.keyPath.components
        return scoped.contains { rules, keyPath in
            (rules.contains(diagnostic.code) || rules.contains(diagnostic.name))
                && path.starts(with: keyPath.components)
        }
    }

    /// Whether no comment silences anything.
    var isEmpty: Bool { fileWide.isEmpty && scoped.isEmpty }
}
