import DocumentBrowser
import PropertyList

/// `utiscope opens`: would these files open in the app's document browser, or show greyed out — and why.
enum OpensCommand: Command {
    static let name = "opens"
    static let abstract = "Say whether files would open in the app's document browser, with the chain of reasons."
    static let usage = "opens <file> ... --app <path> [--allowed <ids>|nil] [--format text|json]"
    static let arguments: [(name: String, help: String)] = [
        ("<file> ...", "Paths, or names that need not exist: each is typed by its name, as the system does.")
    ]
    static let options: [OptionSpec] =
        AppOptions.all + AppOptions.sourceOptions + [BrowserContext.allowedOption.spec, BrowserContext.siteOption.spec]
        + BrowserContext.policySpecs + [
            TypeContext.systemTypesOption.spec, BrowserContext.formatOption.spec,
        ]
    static let discussion: String? = """
        A file's type comes from its extension, among the system's types and the app's exported and imported
        ones that conform to public.data; a folder is a package when its extension names a type conforming to
        com.apple.package, and a plain folder (navigated into, never opened) otherwise. The item opens when
        its type conforms to an allowed type. The answer shows each link — name, extension, type and where it
        is declared, the allowed type and the entry that allows it — or the first link that breaks.
        """ + "\n\n" + BrowserContext.defaultsDiscussion

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        guard !arguments.positionals.isEmpty else { throw UsageError("missing <file>") }
        let options = try BrowserOptions(arguments)
        guard let browser = try BrowserContext.load(options, context: context) else { return .inputError }
        let verdicts = arguments.positionals.map { browser.verdict(forPath: $0) }
        if options.json {
            context.output.write(json(verdicts, browser: browser))
        } else {
            context.output.write(
                BrowserOutput.platformNote(browser) + BrowserOutput.siteNote(browser)
                    + verdicts.map(text).joined(separator: "\n") + "\n"
                    + BrowserOutput.systemNote(browser))
        }
        return .success
    }

    /// `opens`, `greyed out`, `a folder`…
    static func state(_ verdict: OpenVerdict) -> String {
        if verdict.kind == .folder { return "a folder (navigated into, not opened)" }
        if !verdict.isCertain { return "undetermined (greyed out unless the system picks an allowed type)" }
        return verdict.opens ? "opens" : "greyed out"
    }

    static func text(_ verdict: OpenVerdict) -> String {
        var text = "\(BrowserOutput.escape(verdict.path)): \(state(verdict))"
        var facts = [verdict.kind.rawValue]
        if let type = verdict.type { facts.append(BrowserOutput.escape(type.rawValue)) }
        if !verdict.exists { facts.append("no such item: typed by name") }
        text += " (\(facts.joined(separator: ", ")))\n"
        return text + BrowserOutput.text(verdict.reasons) + BrowserOutput.text(verdict.assumptions)
    }

    static func json(_ verdicts: [OpenVerdict], browser: DocumentBrowser) -> String {
        let results = verdicts.map { verdict in
            "{\"path\": \(BrowserOutput.quoted(verdict.path)), \"kind\": \(BrowserOutput.quoted(verdict.kind.rawValue)), "
                + "\"type\": \(BrowserOutput.optional(verdict.type?.rawValue)), "
                + "\"tied\": [\(verdict.tied.map { BrowserOutput.quoted($0.rawValue) }.joined(separator: ", "))], "
                + "\"opens\": \(verdict.opens), \"certain\": \(verdict.isCertain), "
                + "\"outcome\": \(BrowserOutput.quoted(verdict.outcome.rawValue)), \"exists\": \(verdict.exists), "
                + "\"allowedBy\": \(BrowserOutput.optional(verdict.allowedBy?.identifier.rawValue)), "
                + "\"reasons\": \(BrowserOutput.json(verdict.reasons)), "
                + "\"assumptions\": \(BrowserOutput.json(verdict.assumptions))}"
        }
        return "{\"version\": 1, \(BrowserOutput.platformFields(browser)), "
            + "\(BrowserOutput.allowedFields(browser.allowed)), \"results\": [\(results.joined(separator: ", "))]}\n"
    }
}
