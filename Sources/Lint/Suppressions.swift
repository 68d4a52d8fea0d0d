import PropertyList
import SwiftSource

/// The suppression comments of one XML plist.
///
/// `<!-- utiscope:disable CODE -->` silences the rules named (codes such as `DOC-002` or names
/// such as `missing-handler-rank`, separated by spaces or commas) for the element that follows
/// the comment and everything inside it; before a `<key>`, for that key's value.
/// `<!-- utiscope:disable-file CODE -->` anywhere silences them for the whole file.
///
/// In Swift, `// utiscope:disable CODE` silences the rules for the statement or declaration that
/// follows (a function with its body, a list over several lines: ``SwiftComment/scopeEndLine``);
/// `// utiscope:disable-file CODE` for the file.
struct Suppressions: Sendable {
    /// Rules silenced in the whole file.
    var fileWide: Set<String> = []
    /// Rules silenced below a key path.
    var scoped: [(rules: Set<String>, keyPath: PlistKeyPath)] = []
    /// Rules silenced on a range of lines (Swift).
    var lines: [(rules: Set<String>, lines: ClosedRange<Int>)] = []

    /// The directives of a Swift file's `utiscope:` comments.
    init(swiftComments: [SwiftComment]) {
        for comment in swiftComments {
            var text = Substring(comment.text)
            if text.hasSuffix("*/") { text = text.dropLast(2) }
            let words = Self.words(text.drop { $0 == "/" || $0 == "*" || $0 == " " || $0 == "\t" })
            guard let first = words.first else { continue }
            let rules = Set(words.dropFirst())
            if first == "utiscope:disable-file" {
                fileWide.formUnion(rules)
            } else if first == "utiscope:disable", let start = comment.nextCodeLine {
                lines.append((rules, start...max(start, comment.scopeEndLine ?? start)))
            }
        }
    }

    /// The words of a directive: separated by spaces, commas, tabs and line breaks.
    private static func words(_ text: Substring) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }).map(String.init)
    }

    /// The directives in `document`'s comments, each `disable` applied to the values that start
    /// where the element after its comment starts (the reader noted where that is).
    init(document: PropertyListDocument) {
        var wanted: [Int: [Int: Set<String>]] = [:]
        for comment in document.comments(containing: "utiscope:disable") {
            let words = Self.words(Substring(comment.text))
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
        if !lines.isEmpty, let line = diagnostic.location.line,
            lines.contains(where: {
                ($0.rules.contains(diagnostic.code) || $0.rules.contains(diagnostic.name)) && $0.lines.contains(line)
            })
        {
            return true
        }
        guard !scoped.isEmpty else { return false }
        let path = diagnostic.location.keyPath.components
        return scoped.contains { rules, keyPath in
            (rules.contains(diagnostic.code) || rules.contains(diagnostic.name))
                && path.starts(with: keyPath.components)
        }
    }

    /// Whether no comment silences anything.
    var isEmpty: Bool { fileWide.isEmpty && scoped.isEmpty && lines.isEmpty }
}
