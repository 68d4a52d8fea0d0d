import PropertyList
import SwiftSource

/// The suppression comments of one file (an XML plist or a Swift file).
///
/// `<!-- utiscope:disable CODE -->` silences the rules named (codes such as `DOC-002` or names
/// such as `missing-handler-rank`, separated by spaces or commas) for the element that follows
/// the comment and everything inside it; before a `<key>`, for that key's value.
/// `<!-- utiscope:disable-file CODE -->` anywhere silences them for the whole file.
///
/// In Swift, `// utiscope:disable CODE` silences the rules for the statement or declaration that
/// follows (a function with its body, a list over several lines: ``SwiftComment/scopeEndLine``),
/// and the comments between; `// utiscope:disable-file CODE` for the file.
///
/// Each comment is a ``Directive``; which of its rules silenced something is tracked by the
/// linter (``match(_:)``), so that a comment that can do nothing is reported (PLIST-010).
struct Suppressions: Sendable {
    /// One comment that starts with `utiscope:`.
    struct Directive: Sendable {
        /// What the comment asks for.
        enum Kind: Sendable, Equatable {
            /// `utiscope:disable`: the element, statement or declaration that follows.
            case disable
            /// `utiscope:disable-file`: the whole file.
            case disableFile
            /// A word after `utiscope:` that is no directive (`utiscope:disabel`), as written.
            case unknown(String)
        }

        /// What the comment asks for.
        var kind: Kind
        /// The words after the directive, as written (rule codes or names, when right).
        var rules: [String]
        /// Where the comment starts.
        var location: SourceLocation
        /// Whether the comment stands before something it can apply to (always, for the file).
        var appliesToSomething: Bool

        /// The directive's word as written in the comment.
        var spelling: String {
            switch kind {
            case .disable: "utiscope:disable"
            case .disableFile: "utiscope:disable-file"
            case .unknown(let word): word
            }
        }
    }

    /// The directives, in file order.
    private(set) var directives: [Directive] = []
    /// Where each `disable` applies: below a key path (XML) or on a range of lines (Swift).
    private var scopes: [(directive: Int, keyPath: PlistKeyPath?, lines: ClosedRange<Int>?)] = []

    /// The directives of a Swift file's `utiscope:` comments.
    init(swiftComments: [SwiftComment]) {
        for comment in swiftComments {
            var text = Substring(comment.text)
            if text.hasSuffix("*/") { text = text.dropLast(2) }
            let stripped = text.drop { $0 == "/" || $0 == "*" || $0 == " " || $0 == "\t" }
            guard var directive = Self.directive(in: stripped, at: comment.location) else { continue }
            directive.appliesToSomething = directive.kind != .disable
            if directive.kind == .disable, let start = comment.nextCodeLine {
                // From the line after the comment: comments between it and the code are covered
                // too (a disable of PLIST-010 before another directive comment).
                let first = min(start, (comment.location.line ?? start) + 1)
                scopes.append((directives.count, nil, first...max(start, comment.scopeEndLine ?? start)))
                directive.appliesToSomething = true
            }
            directives.append(directive)
        }
    }

    /// The directives in `document`'s comments, each `disable` applied to the values that start
    /// where the element after its comment starts (the reader noted where that is).
    init(document: PropertyListDocument) {
        var wanted: [Int: [Int: [Int]]] = [:]
        for comment in document.comments(containing: "utiscope:") {
            let location = SourceLocation(file: document.file, line: comment.line, column: comment.column)
            guard var directive = Self.directive(in: Substring(comment.text), at: location) else { continue }
            directive.appliesToSomething = directive.kind != .disable
            if directive.kind == .disable, let line = comment.nextElementLine, let column = comment.nextElementColumn {
                wanted[line, default: [:]][column, default: []].append(directives.count)
            }
            directives.append(directive)
        }
        guard !wanted.isEmpty else { return }
        var stack = [document.root]
        while let value = stack.popLast() {
            if let line = value.line, let columns = wanted[line], let column = value.location.column,
                let indices = columns[column]
            {
                for index in indices {
                    scopes.append((index, value.keyPath, nil))
                    directives[index].appliesToSomething = true
                }
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

    /// The directive a comment's text (after its delimiters and blanks) starts with, or nil when
    /// it does not start with `utiscope:` (a comment that only mentions utiscope).
    private static func directive(in text: Substring, at location: SourceLocation) -> Directive? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .map(String.init)
        guard let first = words.first, first.hasPrefix("utiscope:") else { return nil }
        let kind: Directive.Kind =
            switch first {
            case "utiscope:disable": .disable
            case "utiscope:disable-file": .disableFile
            default: .unknown(first)
            }
        return Directive(kind: kind, rules: Array(words.dropFirst()), location: location, appliesToSomething: false)
    }

    /// The directive that silences `diagnostic` and the word in it that names its rule, or nil.
    /// A PLIST-010 finding is never silenced by the comment it is about.
    func match(_ diagnostic: Diagnostic) -> (directive: Int, rule: String)? {
        func names(_ index: Int) -> String? {
            let directive = directives[index]
            if diagnostic.code == IneffectiveSuppression.description.code && directive.location == diagnostic.location {
                return nil
            }
            return directive.rules.first { $0 == diagnostic.code || $0 == diagnostic.name }
        }
        for (index, directive) in directives.enumerated() where directive.kind == .disableFile {
            if let rule = names(index) { return (index, rule) }
        }
        for scope in scopes {
            if let lines = scope.lines {
                guard let line = diagnostic.location.line, lines.contains(line) else { continue }
            } else if let keyPath = scope.keyPath {
                guard diagnostic.location.keyPath.components.starts(with: keyPath.components) else { continue }
            }
            if let rule = names(scope.directive) { return (scope.directive, rule) }
        }
        return nil
    }

    /// Whether there is no directive.
    var isEmpty: Bool { directives.isEmpty }
}
