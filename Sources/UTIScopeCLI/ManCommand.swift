import PropertyList
import Support

/// `utiscope man`: the manual page, in roff, made from the commands' help.
enum ManCommand: Command {
    static let name = "man"
    static let abstract = "Print the manual page (roff), made from the commands' help."
    static let usage = "man"
    static let arguments: [(name: String, help: String)] = []
    static let options: [OptionSpec] = []
    static let discussion: String? = """
        Read it at once with 'utiscope man | man -l -', or install it:
        utiscope man > /usr/local/share/man/man1/utiscope.1 (then 'man utiscope').
        Documentation/utiscope.1 in the source is this output.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        if let extra = arguments.positionals.first {
            throw UsageError("unexpected argument '\(OutputEscaping.escape(extra))'")
        }
        context.output.write(ManPage.roff(commands: UTIScope.commands))
        return .success
    }
}
