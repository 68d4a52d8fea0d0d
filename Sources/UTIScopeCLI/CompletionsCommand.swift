import PropertyList
import Support

/// `utiscope completions SHELL`: a completion script for bash, zsh or fish, made from the same
/// option declarations as `--help`.
enum CompletionsCommand: Command {
    /// The shells there are scripts for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static let name = "completions"
    static let abstract = "Print a shell completion script for bash, zsh or fish."
    static let usage = "completions bash|zsh|fish"
    static let arguments: [(name: String, help: String)] = [("<shell>", "bash, zsh or fish.")]
    static let options: [OptionSpec] = []
    static var argumentCompletion: CompletionKind { .words(Shell.allCases.map(\.rawValue)) }
    static let discussion: String? = """
        Install the script where the shell looks for completions:
          bash: utiscope completions bash > ~/.utiscope.bash
                and add 'source ~/.utiscope.bash' to ~/.bashrc (~/.bash_profile on macOS)
                (with the bash-completion package, write it to
                ~/.local/share/bash-completion/completions/utiscope instead)
          zsh:  utiscope completions zsh > ~/.zfunc/_utiscope
                (with 'fpath=(~/.zfunc $fpath)' before 'compinit' in ~/.zshrc)
          fish: utiscope completions fish > ~/.config/fish/completions/utiscope.fish
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 1 else {
            throw UsageError(arguments.positionals.isEmpty ? "missing <shell>" : "give one <shell>")
        }
        let word = arguments.positionals[0]
        guard let shell = Shell(rawValue: word) else {
            throw UsageError(
                "'\(OutputEscaping.escape(word))' is not a shell utiscope completes; use one of: bash, zsh, fish")
        }
        context.output.write(script(for: shell))
        return .success
    }

    /// The script for `shell`, covering every command.
    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: BashCompletionScript.script(commands: UTIScope.commands)
        case .zsh: ZshCompletionScript.script(commands: UTIScope.commands)
        case .fish: FishCompletionScript.script(commands: UTIScope.commands)
        }
    }
}

/// Quoting for the scripts the completion generators write.
enum ShellQuoting {
    /// `text` as one word for bash or zsh: in single quotes, a single quote written `'\''`.
    static func posix(_ text: String) -> String {
        "'" + text.replacingCharacters(["'": "'\\''"]) + "'"
    }

    /// `text` as one word for fish: in single quotes, where only `\` and `'` are escaped.
    static func fish(_ text: String) -> String {
        "'" + text.replacingCharacters(["\\": "\\\\", "'": "\\'"]) + "'"
    }

    /// The option as the words a shell completes: `-v --verbose`.
    static func names(_ option: OptionSpec) -> [String] {
        (option.short.map { ["-\($0)"] } ?? []) + ["--\(option.name)"]
    }

    /// A positional argument's name without brackets and repetition: `<path> ...` → `path`.
    static func argumentLabel(_ name: String) -> String {
        String(name.filter { $0 != "<" && $0 != ">" && $0 != "(" && $0 != ")" }.split(separator: " ").first ?? "")
    }
}

extension String {
    /// The string with each character that `replacements` names replaced by its text.
    func replacingCharacters(_ replacements: [Character: String]) -> String {
        var result = ""
        for character in self { result += replacements[character] ?? String(character) }
        return result
    }
}
