import Lint
import PropertyList
import Support

/// `utiscope rules`: the rule catalog, or one rule explained.
enum RulesCommand: Command {
    static let name = "rules"
    static let abstract = "List the lint rules, or explain one with its rationale, sources and examples."
    static let usage = "rules [<code>] [--markdown]"
    static let arguments: [(name: String, help: String)] = [
        ("<code>", "A rule code (DOC-002) or name (missing-handler-rank) to explain.")
    ]
    static let markdown = Flag("markdown", help: "Print the catalog as Documentation/Rules.md.")
    static let options: [OptionSpec] = [markdown.spec]
    static var argumentCompletion: CompletionKind { .words(RuleRegistry.descriptions.map(\.code)) }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        if arguments.positionals.count > 1 { throw UsageError("give at most one rule code") }
        if arguments[markdown] {
            guard arguments.positionals.isEmpty else { throw UsageError("'--markdown' prints the whole catalog") }
            context.output.write(RulesDocumentation.markdown())
            return .success
        }
        guard let code = arguments.positionals.first else {
            context.output.write(RulesDocumentation.list())
            return .success
        }
        guard let rule = RuleRegistry.ruleType(named: code) else {
            let known = RuleRegistry.descriptions.flatMap { [$0.code, $0.name] }
            let suggestion = Suggestions.closest(to: code, in: known).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("no rule '\(OutputEscaping.escape(code))'\(suggestion)")
        }
        context.output.write(RulesDocumentation.explain(rule.description))
        return .success
    }
}
