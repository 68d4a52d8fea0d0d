import DocumentBrowser
import PropertyList

/// `utiscope allowed`: the content types the app's document browser allows, and where each comes from.
enum AllowedCommand: Command {
    static let name = "allowed"
    static let abstract = "Show the content types the app's document browser allows, and their sources."
    static let usage = "allowed --app <path> [--allowed <ids>|nil] [--format text|json]"
    static let arguments: [(name: String, help: String)] = []
    static let options: [OptionSpec] =
        AppOptions.all + [BrowserContext.allowedOption] + BrowserContext.policyOptions + [
            TypeContext.systemTypesOption, BrowserContext.formatOption,
        ]
    static let discussion: String? = """
        With an explicit list, the browser allows those types. With nil (UIDocumentBrowserViewController(
        forOpening: nil)), it allows the LSItemContentTypes of every CFBundleDocumentTypes entry; a file is
        selectable when its type conforms to one of them.
        """ + "\n\n" + BrowserContext.defaultsDiscussion

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        if let extra = arguments.positionals.first {
            throw UsageError("unexpected argument '\(OutputEscaping.escape(extra))'")
        }
        guard let browser = try BrowserContext.load(arguments, context: context) else { return .inputError }
        if arguments.value("format") == "json" {
            context.output.write(
                "{\"version\": 1, \(BrowserOutput.platformFields(browser)), "
                    + "\(BrowserOutput.allowedFields(browser.allowed))}\n")
        } else {
            context.output.write(
                BrowserOutput.platformNote(browser) + BrowserOutput.text(browser.allowed)
                    + BrowserOutput.systemNote(browser))
        }
        return .success
    }
}
