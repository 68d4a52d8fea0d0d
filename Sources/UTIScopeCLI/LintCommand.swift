import AppBundle
import Lint
import PropertyList
import Support
import SwiftSource
import UniformTypes

/// `utiscope lint`: runs the rule catalog over apps and reports what it finds.
enum LintCommand: Command {
    static let name = "lint"
    static let abstract = "Check the document types and type declarations of apps against the rule catalog."
    static let usage = "lint [<path> ...] [--format text|json|sarif|github] [--strict] [--config <file>] [--fix]"
    static let arguments: [(name: String, help: String)] = [
        (
            "<path> ...",
            "Info.plists (XML, binary or OpenStep), built .app bundles, Xcode projects or folders; '-' reads an Info.plist from standard input (default: .)."
        )
    ]
    static let format = Option<OutputFormat>("format", valueName: "format", help: "Output format (default text).")
    /// When text is coloured.
    enum Coloring: String, CaseIterable, Sendable {
        case auto, always, never
    }
    static let color = Option<Coloring>(
        "color", valueName: "when",
        help: "Colour text output (default auto: on a terminal, unless NO_COLOR is set or TERM is dumb).")
    static let minSeverity = Option<Severity>(
        "min-severity", valueName: "severity", help: "Report findings of this severity and above (default info).")
    static let quiet = Flag("quiet", short: "q", help: "Leave infos out: --min-severity warning.")
    static let verbose = Flag(
        "verbose", short: "v", help: "Show the source line, a caret and fix-its; list what a folder walk skipped.")
    static let strict = Flag("strict", help: "Fail (exit 1) on warnings too, not only errors.")
    static let config = Option<String>(
        "config", valueName: "file", help: "A .utiscope.json to use instead of the one found above each input.")
    static let baseline = Option<String>(
        "baseline", valueName: "file", help: "Report only findings the baseline file does not record.")
    static let writeBaseline = Option<String>(
        "write-baseline", valueName: "file", help: "Record today's findings in a baseline file.")
    static let fix = Flag("fix", help: "Apply mechanical fix-its to XML Info.plists.")
    static let dryRun = Flag("dry-run", help: "With --fix, print a unified diff instead of writing.")
    static let allowEmpty = Flag(
        "allow-empty", help: "Succeed when the paths hold nothing to lint (by default that is an error, exit status 2)."
    )
    static let forceExclude = Flag(
        "force-exclude",
        help: "Apply the configuration's 'excluded' paths to the paths given too, not only to what is found in them.")

    static let options: [OptionSpec] =
        [
            format.spec, color.spec, minSeverity.spec, quiet.spec, verbose.spec, strict.spec, config.spec,
            baseline.spec, writeBaseline.spec, fix.spec, dryRun.spec, allowEmpty.spec, forceExclude.spec,
            AppOptions.configuration.spec, AppOptions.setting.spec, AppOptions.xcconfig.spec, AppOptions.platform.spec,
            AppOptions.sources.spec, AppOptions.noSources.spec, TypeContext.systemTypesOption.spec,
        ] + BrowserContext.policySpecs
    static let discussion: String? = """
        Text output is 'path:line:col: severity: message [CODE]', which Xcode shows inline when utiscope runs
        in a Run Script build phase; a summary goes to standard error. 'utiscope rules' lists the rules.
        Exit status: 0 clean, 1 findings at or above the threshold (errors; with --strict, warnings too),
        2 an input could not be read or the paths hold nothing to lint (unless --allow-empty), 64 usage error.
        Configuration (.utiscope.json, found from each input's folder up to its repository's root): {"version": 1,
        "rules": {"ICON-001": "off", "DOC-002": "error"}, "excluded": ["Pods"], "platform": "ios",
        "buildSettings": {"NAME": "value"}, "assumptions": {"thumbnail-confidence": "documented"},
        "sources": false}; the assumption options below override "assumptions".
        The Swift code of apps found in a project or folder is read (a target's sources, or the files nearest a
        loose Info.plist) and checked against the Info.plist by the SRC rules; --no-sources (or "sources": false)
        turns that off, --sources DIR gives an Info.plist named as a file (or '-') its code. In Swift,
        // utiscope:disable CODE before a statement silences the rule for it; // utiscope:disable-file CODE for
        the file. Excluded paths apply to what is found in the paths given, not to
        those paths themselves, unless --force-exclude. In an XML plist, <!-- utiscope:disable CODE --> before an
        element silences the rule for that element; <!-- utiscope:disable-file CODE --> for the file. A
        suppression comment that silences nothing (a misspelt directive or rule, or no finding to silence
        there) is a PLIST-010 warning.
        In an Xcode build phase (ACTION and XCODE_VERSION_ACTUAL set), the build settings in the environment
        are read for an Info.plist given as a file, as --setting values are (theirs and the configuration's
        take precedence); apps found in a project or folder are read with their own settings.
        """

    /// One `lint` command line, read once: what to lint (the run's request) and how to show it.
    struct Options {
        /// What the run does.
        var request: LintRequest
        var format: OutputFormat
        var coloring: Coloring
        /// The least severity shown (`--min-severity`, or warning for `--quiet`).
        var minimum: Severity
        var verbose: Bool
        /// The least severity that fails the run: warning with `--strict`, else error.
        var failing: Severity

        /// Reads and checks `arguments`; `context` gives standard input and the environment.
        init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
            let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
            let systemTypes = arguments.all(TypeContext.systemTypesOption)
            if (paths + systemTypes).filter({ $0 == "-" }).count > 1 {
                throw UsageError("standard input ('-') can be read only once")
            }
            if arguments[dryRun] && !arguments[fix] { throw UsageError("'--dry-run' goes with '--fix'") }
            if arguments[baseline] != nil && arguments[writeBaseline] != nil {
                throw UsageError("give either --baseline or --write-baseline, not both")
            }
            if arguments[quiet], let given = arguments[minSeverity], given != .warning {
                throw UsageError("--quiet is --min-severity warning: give one of them")
            }
            // Checked here, applied over each configuration's policy by the run.
            _ = try BrowserContext.policy(arguments)
            request = LintRequest(
                paths: paths, loader: try AppOptions.loader(arguments),
                platformChosen: arguments[AppOptions.platform] != nil,
                configurationFile: arguments[config], settings: AppOptions.settings(arguments),
                environment: context.environment, policyChoices: BrowserContext.policyChoices(arguments),
                systemTypeFiles: systemTypes, standardInput: context.standardInput)
            request.forceExclude = arguments[forceExclude]
            request.allowEmpty = arguments[allowEmpty]
            if let path = arguments[baseline] { request.baseline = .compare(path) }
            if let path = arguments[writeBaseline] { request.baseline = .record(path) }
            if arguments[fix] { request.fixing = arguments[dryRun] ? .preview : .write }
            format = arguments[LintCommand.format] ?? .text
            coloring = arguments[color] ?? .auto
            minimum = arguments[minSeverity] ?? (arguments[quiet] ? .warning : .info)
            verbose = arguments[LintCommand.verbose]
            failing = arguments[strict] ? .warning : .error
        }
    }

    /// The system catalog, parsed while the arguments are.
    static func prepare() {
        LintRun.prepare()
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        let options = try Options(arguments, context: context)
        // A terminal sees a progress line once the lint has run a second.
        let progress = LintProgress(context: context)
        let result = LintRun.run(options.request, progress: progress)
        progress.finish()
        context.keepUntilExit(result)
        if options.verbose { for line in result.loadingNotes { context.report(line) } }
        for line in result.messages { context.report(line) }
        if result.stopped { return .inputError }

        // Findings below --min-severity (or infos, with --quiet) are left out of every format;
        // the summary says how many. They still count: --strict fails on a hidden warning.
        let failing = result.hasFindings(atLeast: options.failing)
        let shown =
            options.minimum == .info ? result.diagnostics : result.diagnostics.filter { $0.severity >= options.minimum }
        let hidden = result.diagnostics.count - shown.count
        var report = LintReport(diagnostics: shown, files: result.files)
        report.executionSuccessful = !result.inputError
        if options.request.fixing == .preview {
            // The diff owns standard output (data for patch and git apply: escaped only for a
            // terminal); what the fix would leave, an unreadable file included, goes to standard
            // error, as text, before the summary.
            let diff = result.fixes?.diff ?? ""
            context.output.write(context.output.isTerminal ? UnifiedDiff.forTerminal(diff) : diff)
            context.errors.write(TextReporter(color: false, verbose: false, sources: [:]).render(report))
        } else {
            write(report, result: result, options: options, context: context)
        }
        context.errors.line(
            report.summary
                + (hidden > 0 ? " (\(hidden) finding(s) below \(options.minimum.rawValue) not shown)" : ""))
        for (path, discovery) in result.discoveries {
            let foundNothing = discovery.infoPlists.isEmpty && discovery.projects.isEmpty && discovery.units.isEmpty
            if foundNothing && discovery.skipped.isEmpty { continue }
            for line in Self.discoveryLines(path, discovery, verbose: options.verbose) {
                context.errors.line(line)
            }
        }
        if result.inputError { return .inputError }
        return failing ? .findings : .success
    }

    /// Writes `report` to standard output in the format chosen.
    static func write(_ report: LintReport, result: LintRun.Result, options: Options, context: CommandContext) {
        switch options.format {
        case .text:
            let color =
                switch options.coloring {
                case .always: true
                case .never: false
                case .auto: colorsByDefault(context)
                }
            var sources: [String: [UInt8]] = [:]
            if options.verbose {
                sources = result.inputsInMemory
                for file in Set(report.diagnostics.map(\.location.file)) where sources[file] == nil {
                    sources[file] = FileAccess.read(file)
                }
            }
            context.output.write(TextReporter(color: color, verbose: options.verbose, sources: sources).render(report))
        case .json: JSONReporter().write(report) { context.output.write(bytes: $0) }
        case .sarif: context.output.write(SARIFReporter(toolVersion: UTIScope.version).render(report))
        case .github: context.output.write(GitHubReporter().render(report))
        }
    }

    /// Whether text is coloured when `--color` is not given: on a terminal, unless `NO_COLOR` is
    /// set (to any value) or `TERM` is `dumb`, as other command-line tools do.
    static func colorsByDefault(_ context: CommandContext) -> Bool {
        context.output.isTerminal && context.environment["NO_COLOR"] == nil && context.environment["TERM"] != "dumb"
    }

    /// What a folder's walk found and passed over: `found in 'App': 3 Info.plists (1 template),
    /// 1 Xcode project; skipped 2 build or vendored folders (--verbose lists them)`, then with
    /// `verbose` one line per file or folder skipped.
    static func discoveryLines(_ path: String, _ discovery: ProjectDiscovery.Result, verbose: Bool) -> [String] {
        func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
            "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
        }
        let templates = discovery.infoPlists.filter {
            ProjectDiscovery.isInfoPlistTemplateName(Path.lastComponent(of: $0))
        }.count
        let bundles = discovery.units.filter { if case .bundle = $0.source { true } else { false } }.count
        var found = [
            plural(discovery.infoPlists.count, "Info.plist")
                + (templates > 0 ? " (\(plural(templates, "template")))" : "")
        ]
        if !discovery.projects.isEmpty { found.append(plural(discovery.projects.count, "Xcode project")) }
        if bundles > 0 { found.append(plural(bundles, "app bundle")) }
        var line = "found in '\(path)': " + found.joined(separator: ", ")
        let reasons: [(ProjectDiscovery.SkippedPath.Reason, String, String)] = [
            (.buildOrVendoredFolder, "build or vendored folder", "build or vendored folders"),
            (
                .notAnInfoPlist, "property list not named like an Info.plist",
                "property lists not named like an Info.plist"
            ),
            (
                .otherConfiguration, "Info.plist of another build configuration",
                "Info.plists of other build configurations"
            ),
        ]
        let skipped = reasons.compactMap { reason, noun, nouns -> String? in
            let count = discovery.skipped.filter { $0.reason == reason }.count
            return count == 0 ? nil : plural(count, noun, nouns)
        }
        if !skipped.isEmpty {
            line += "; skipped " + skipped.joined(separator: ", ") + (verbose ? "" : " (--verbose lists them)")
        }
        guard verbose else { return [line] }
        return [line] + discovery.skipped.map { "\($0.path): skipped: \($0.reason.rawValue)" }
    }
}
