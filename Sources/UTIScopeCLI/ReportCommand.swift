import AppBundle
import DocumentBrowser
import Lint
import PropertyList
import Report
import Support
import UniformTypes

/// `utiscope report`: one self-contained HTML page on an app — its conformance graph, its document
/// browser as a grid of files, and its lint findings.
enum ReportCommand: Command {
    static let name = "report"
    static let abstract = "Write an HTML report on an app: its type graph, its document browser, its lint findings."
    static let usage = "report [<path>] [--output <file>] [--target <name>] [--platform ios|macos] [--config <file>]"
    static let arguments: [(name: String, help: String)] = [
        (
            "<path>",
            "The app: an Info.plist (XML, binary or OpenStep), a built .app, an Xcode project, or a folder holding one app (default: .)."
        )
    ]
    static let options: [OptionSpec] =
        [
            output.spec, config.spec, fanOut.spec, TypeContext.systemTypesOption.spec,
        ] + AppOptions.allButApp + AppOptions.sourceOptions + BrowserContext.policySpecs
    static let output = Option<String>(
        "output", short: "o", valueName: "file",
        help: "Where to write the page; '-' or none writes it to standard output.")
    static let config = Option<String>(
        "config", valueName: "file", help: "A .utiscope.json to use instead of the one found above the app.")
    static let fanOut = Option<String>(
        "fan-out", valueName: "n",
        help: "The most app types drawn under one type before the rest fold into '+N more' (default 8; 0 draws all).")
    static let discussion: String? = """
        The page needs no network and nothing besides itself: styles and a small script are inline. It shows the
        conformance graph of the app's types down to the system roots (laid out by utiscope, no Graphviz needed;
        types coloured by origin, problems marked; a search box finds any type, also those folded into '+N more'
        nodes in large apps); the document browser as a grid with a file for each declared extension, the icon it
        gets and whether it opens, with the deciding reason; and the lint findings with their source lines, found
        as 'utiscope lint' finds them (configuration included).
        Exit status: 0 the report was written (findings or not), 2 the app could not be read or the report
        not written, 64 usage error.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        if arguments.positionals.count > 1 {
            throw UsageError(
                "unexpected argument '\(OutputEscaping.escape(arguments.positionals[1]))'; the report is on one app")
        }
        let path = arguments.positionals.first ?? "."
        if path == "-" { throw UsageError("the report reads an app from a path, not from standard input") }
        var foldAfter = 8
        if let value = arguments[fanOut] {
            guard let number = Int(value), number >= 0 else {
                throw UsageError("'--fan-out' takes a whole number, not '\(OutputEscaping.escape(value))'")
            }
            foldAfter = number
        }
        var loader = try AppOptions.loader(arguments)
        var configurations = ConfigurationFinder(report: context.report)
        if let file = arguments[config] {
            guard let configuration = configurations.load(file) else { return .inputError }
            configurations.fixed = configuration
        }
        var configuration = configurations.configuration(for: path)
        if loader.platform == nil, let platform = configuration.platform { loader.platform = platform }
        if !configuration.readsSources { loader.readsSources = false }
        guard AppOptions.checkSourceFolders(loader, context: context) else { return .inputError }
        configuration.buildSettings.merge(AppOptions.settings(arguments), uniquingKeysWith: { $1 })
        configuration.policy = try BrowserContext.policy(arguments, over: configuration.policy)

        let app: AppUnit
        do {
            app = try loader.load(path)
        } catch {
            context.report(error.description)
            return .inputError
        }
        let systemTypes = arguments.all(TypeContext.systemTypesOption)
        guard let systemDeclarations = TypeContext.systemDeclarations(systemTypes, context: context) else {
            return .inputError
        }
        var linter = Linter(configuration: configuration)
        linter.systemDeclarations = systemDeclarations
        let diagnostics = linter.lint(app)
        let browser = DocumentBrowser(
            app: app, allowed: nil, policy: configuration.policy, systemDeclarations: systemDeclarations,
            site: CodeSites.defaultSite(among: CodeSites.openingSites(in: app.code)))
        let (html, summary) = HTMLReport(
            browser: browser, diagnostics: diagnostics, fanOut: foldAfter, toolVersion: UTIScope.version
        ).render()

        let destination = arguments[output] ?? "-"
        if destination == "-" {
            context.output.write(html)
        } else if let failure = FileAccess.writeFailure(Array(html.utf8), to: destination) {
            context.report("\(destination): error: cannot write the report: \(failure)")
            return .inputError
        }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var line = destination == "-" ? "report" : "wrote '\(destination)'"
        line += ": \(count(summary.types, "type")) (\(summary.drawnTypes) drawn), "
        line += "\(count(summary.tiles, "file")) in the browser grid, \(count(summary.findings, "finding"))"
        context.report(line)
        return .success
    }
}
