import PropertyList
import Support

/// The `utiscope` command: parses the command line, runs a subcommand, and returns the exit status.
/// A library so that tests run it in-process.
public enum UTIScope {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Every command, in the order help lists them. Computed: an array of metatypes of a
    /// protocol that is not `Sendable` cannot be a shared constant in Swift 6.
    static var commands: [any Command.Type] {
        [
            LintCommand.self, RulesCommand.self,
            AppCommand.self, TypeCommand.self, GraphCommand.self, DumpCommand.self, AllowedCommand.self,
            OpensCommand.self, IconCommand.self, BrowseCommand.self, ReportCommand.self, CompletionsCommand.self,
            ManCommand.self,
        ]
    }

    /// Runs `utiscope` with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        guard let first = arguments.first else {
            context.errors.write(overview)
            return .usage
        }
        if first == "-h" || first == "--help" || first == "help" {
            // `utiscope help lint`, `utiscope --help lint`: that command's help.
            if arguments.count > 1, commands.contains(where: { $0.name == arguments[1] }) {
                return run([arguments[1], "--help"], context: context)
            }
            context.output.write(overview)
            return .success
        }
        if first == "--version" {
            context.output.line("utiscope \(version)")
            return .success
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let name = OutputEscaping.escape(first)
            let suggestion =
                Suggestions.closest(to: first, in: commands.map { $0.name }).map { "; did you mean '\($0)'?" } ?? ""
            let message = first.hasPrefix("-") ? "unknown option '\(name)'" : "unknown command '\(name)'\(suggestion)"
            context.errors.line("Error: \(message)")
            context.errors.line("Usage: utiscope <command> [options]")
            context.errors.line("See 'utiscope --help'.")
            return .usage
        }
        command.prepare()
        let rest = Array(arguments.dropFirst())
        // `-h` may be written with other short flags (`-vh`).
        let asksHelp =
            rest.contains("--help")
            || rest.prefix { $0 != "--" }.contains {
                $0.hasPrefix("-") && !$0.hasPrefix("--") && $0.count > 1 && $0.contains("h")
                    && $0.dropFirst().allSatisfy { letter in
                        letter == "h" || command.options.contains { $0.short == letter && $0.valueName == nil }
                    }
            }
        if asksHelp {
            context.output.write(command.help)
            return .success
        }
        do {
            let parsed = try ArgumentParser.parse(rest, options: command.options)
            return try command.run(parsed, context: context)
        } catch {
            context.errors.line("Error: \(error.message)")
            context.errors.line("Usage: utiscope \(command.usage)")
            context.errors.line("See 'utiscope \(command.name) --help'.")
            return .usage
        }
    }

    /// What utiscope does, in one line: the overview's first line and the man page's NAME.
    static let abstract = "Check the document types and Uniform Type Identifiers an Apple app declares."

    /// The options taken before any command.
    static let globalOptions = [
        HelpFormatter.helpOption, OptionSpec(name: "version", valueName: nil, help: "Show the version."),
    ]

    static var overview: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: utiscope <command> [options]\n\nOPTIONS:\n"
        for option in globalOptions { text += HelpFormatter.row(HelpFormatter.label(option), option.help) }
        text += "\nSUBCOMMANDS:\n"
        for command in commands { text += HelpFormatter.row(command.name, command.abstract) }
        text += "\nEXIT STATUS:\n"
        for status in ExitStatus.allCases {
            let code = String(status.rawValue)
            text += "  " + code + String(repeating: " ", count: 4 - code.count) + status.meaning + "\n"
        }
        text += "\n  See 'utiscope help <command>' for a command's options.\n"
        return text
    }
}
