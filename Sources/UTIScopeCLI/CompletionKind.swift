/// What a shell can offer for an option's value or a command's arguments. It is read off the
/// declarations help is made from, so completions and the man page follow `--help`.
enum CompletionKind: Sendable, Equatable {
    /// Nothing in particular: the user types it (a build setting, an identifier).
    case freeText
    /// Paths to files or folders.
    case paths
    /// Paths to folders.
    case folders
    /// One of a closed list of words.
    case words([String])
}

extension OptionSpec {
    /// What completes this option's value: its choices when the set is closed, paths when its
    /// placeholder names a file, a path or a folder, nothing otherwise; nil for a flag.
    var completion: CompletionKind? {
        guard let valueName else { return nil }
        if let choices { return .words(choices) }
        return CompletionKind(placeholder: valueName)
    }
}

extension CompletionKind {
    /// The completion a placeholder implies: `file`, `path` → paths; `folder` → folders.
    init(placeholder: String) {
        let words = placeholder.lowercased().split { !$0.isLetter }
        if words.contains("folder") {
            self = .folders
        } else if words.contains("file") || words.contains("path") {
            self = .paths
        } else {
            self = .freeText
        }
    }
}

extension Command {
    /// What completes the command's positional arguments: read off the first argument's name
    /// (`<path> ...`, `<folder>`, `<identifier>|<file> ...`) unless the command says otherwise.
    static var argumentCompletion: CompletionKind {
        guard let first = arguments.first else { return .freeText }
        return CompletionKind(placeholder: first.name)
    }

    /// Whether the command takes any number of positional arguments (`<file> ...`) rather than one.
    static var argumentsRepeat: Bool {
        arguments.first?.name.hasSuffix("...") ?? false
    }
}
