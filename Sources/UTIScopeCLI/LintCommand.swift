import AppBundle
import Dispatch
import Foundation
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
    static let options: [OptionSpec] =
        [
            OptionSpec(
                name: "format", valueName: "format", help: "Output format (default text).",
                choices: OutputFormat.allCases.map(\.rawValue)),
            OptionSpec(
                name: "color", valueName: "when",
                help: "Colour text output (default auto: on a terminal, unless NO_COLOR is set or TERM is dumb).",
                choices: ["auto", "always", "never"]),
            OptionSpec(
                name: "min-severity", valueName: "severity",
                help: "Report findings of this severity and above (default info).",
                choices: ["info", "warning", "error"]),
            OptionSpec(name: "quiet", short: "q", valueName: nil, help: "Leave infos out: --min-severity warning."),
            OptionSpec(
                name: "verbose", short: "v", valueName: nil,
                help: "Show the source line, a caret and fix-its; list what a folder walk skipped."),
            OptionSpec(name: "strict", valueName: nil, help: "Fail (exit 1) on warnings too, not only errors."),
            OptionSpec(
                name: "config", valueName: "file",
                help: "A .utiscope.json to use instead of the one found above each input."),
            OptionSpec(
                name: "baseline", valueName: "file", help: "Report only findings the baseline file does not record."),
            OptionSpec(name: "write-baseline", valueName: "file", help: "Record today's findings in a baseline file."),
            OptionSpec(name: "fix", valueName: nil, help: "Apply mechanical fix-its to XML Info.plists."),
            OptionSpec(name: "dry-run", valueName: nil, help: "With --fix, print a unified diff instead of writing."),
            OptionSpec(
                name: "allow-empty", valueName: nil,
                help: "Succeed when the paths hold nothing to lint (by default that is an error, exit status 2)."),
            OptionSpec(
                name: "force-exclude", valueName: nil,
                help:
                    "Apply the configuration's 'excluded' paths to the paths given too, not only to what is found in them."
            ),
            AppOptions.configuration, AppOptions.setting, AppOptions.xcconfig, AppOptions.platform,
            AppOptions.sources, AppOptions.noSources, TypeContext.systemTypesOption,
        ] + BrowserContext.policyOptions
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

    /// `path` absolute, with `.`, `..` and symbolic links resolved: one key per file however it
    /// was named.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A PLIST-001 finding for an Info.plist that was found but could not be read, saying why.
    static func unreadable(_ reason: String, at location: SourceLocation) -> Diagnostic {
        var diagnostic = UnreadablePropertyList().diagnostic(for: PropertyListError(.unreadable(reason), at: location))
        diagnostic.message = reason
        return diagnostic
    }

    /// One app to lint, with the configuration that applies to it.
    struct Job: Sendable {
        var unit: AppUnit
        var linter: Linter
        /// The bytes of files already in memory (standard input), for `--verbose`'s source lines.
        var sources: [String: [UInt8]]
        /// The path given that the app was found under, for the configuration's exclusions of
        /// Swift files (nil with `--force-exclude`, as for the apps themselves).
        var root: String? = nil
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        guard arguments.flag("fix"), !arguments.flag("dry-run"), !arguments.positionals.contains("-") else {
            return try lint(arguments, context: context, fixLog: nil)
        }
        // Fixing writes files: what is reported afterwards — the findings left, at their lines —
        // is a lint of the files as written. The fixing pass prints only what it fixed and what
        // it could not; when it wrote nothing, its own report stands.
        let fixLog = FixLog()
        var fixing = context
        let output = CapturedOutput(isTerminal: context.output.isTerminal)
        let errors = CapturedOutput(isTerminal: context.errors.isTerminal)
        (fixing.output, fixing.errors) = (output, errors)
        let status = try lint(arguments, context: fixing, fixLog: fixLog)
        context.errors.write(bytes: fixLog.bytes)
        guard fixLog.wroteFiles else {
            context.output.write(bytes: output.bytes)
            context.errors.write(bytes: errors.bytes)
            return status
        }
        var again = arguments
        again.flags.remove("fix")
        return try lint(again, context: context, fixLog: nil)
    }

    /// What a fixing pass printed about its fixes, and whether it wrote a file.
    final class FixLog: OutputSink {
        private(set) var bytes: [UInt8] = []
        var wroteFiles = false
        var isTerminal: Bool { false }
        func write(bytes: [UInt8]) { self.bytes += bytes }
    }

    /// Lints; with `--fix`, fixes first and reports what it did to `fixLog` (or with the other
    /// messages, when nil).
    static func lint(_ arguments: ParsedArguments, context: CommandContext, fixLog: FixLog?) throws(UsageError)
        -> ExitStatus
    {
        let format = OutputFormat(rawValue: arguments.value("format") ?? "text") ?? .text
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        if paths.filter({ $0 == "-" }).count + arguments.all("system-types").filter({ $0 == "-" }).count > 1 {
            throw UsageError("standard input ('-') can be read only once")
        }
        if arguments.flag("dry-run") && !arguments.flag("fix") { throw UsageError("'--dry-run' goes with '--fix'") }
        if arguments.value("baseline") != nil && arguments.value("write-baseline") != nil {
            throw UsageError("give either --baseline or --write-baseline, not both")
        }
        // Every lint reads the embedded system catalog, parsed once per process when the first
        // context is made: for a large app the other core waited there. It is parsed beside the
        // loading instead (the context's first use waits for it, should it still be running).
        DispatchQueue.global().async { _ = SystemTypeCatalog.embedded }
        // So is the table of Swift's type constants, which reading an app's code needs.
        if !arguments.flag("no-sources") { DispatchQueue.global().async { _ = TypeConstantTable.embedded } }
        var loader = try AppOptions.loader(arguments)
        guard AppOptions.checkSourceFolders(loader, context: context) else { return .inputError }
        let sourcesOff = arguments.flag("no-sources")
        var status = ExitStatus.success
        var configurations = ConfigurationFinder(context: context)
        if let path = arguments.value("config") {
            guard let configuration = configurations.load(path) else { return .inputError }
            configurations.fixed = configuration
        }
        if loader.platform == nil, let platform = configurations.fixed?.platform { loader.platform = platform }
        // A newer system's types, for every app.
        guard let systemDeclarations = TypeContext.systemDeclarations(arguments, context: context) else {
            return .inputError
        }

        // In an Xcode build phase, the target's build settings are in the environment.
        let environment = Self.xcodeBuildSettings(context.environment)

        // A terminal sees a progress line once the lint has run a second.
        let progress = LintProgress(context: context)
        defer { progress.finish() }

        // Load every app, reporting unreadable inputs as PLIST-001 findings.
        var jobs: [Job] = []
        var diagnostics: [Diagnostic] = []
        var files = 0
        var discoveries: [(path: String, result: ProjectDiscovery.Result)] = []
        var emptyPaths: [String] = []  // folders holding nothing to lint
        var unreadableSeen: Set<String> = []  // unreadable files reported, each once
        let forceExclude = arguments.flag("force-exclude")
        for given in paths {
            // A project file stands for its project: `project.pbxproj` is not an Info.plist.
            let path = given.hasSuffix(".xcodeproj/project.pbxproj") ? String(given.dropLast(16)) : given
            // The path as given is linted even when excluded, unless --force-exclude.
            let root = forceExclude ? nil : path
            var configuration = configurations.configuration(for: path)
            if arguments.value("platform") == nil, loader.platform == nil, configuration.platform != nil {
                loader.platform = configuration.platform
            }
            // Xcode's environment is one target's settings: it stands for a single Info.plist given
            // (or standard input), not for the apps a project or folder holds.
            let single = path == "-" || FileKind(path) == .file
            configuration.buildSettings = Self.settings(for: configuration, arguments, single ? environment : [:])
            configuration.policy = try BrowserContext.policy(arguments, over: configuration.policy)
            // The configuration may turn the Swift code off; --sources turns it on for a file given.
            loader.readsSources = !sourcesOff && configuration.readsSources
            let linter = Linter(configuration: configuration)
            if path == "-" {
                let bytes: [UInt8]
                let document: PropertyListDocument
                do {
                    document = try context.read("-", with: PropertyListReader())
                    bytes = context.standardInput ?? []
                } catch {
                    diagnostics += linter.unreadable(error)
                    files += 1
                    status = .inputError
                    continue
                }
                let model = InfoPlist(document: document, platform: loader.platform ?? configuration.platform)
                var unit = AppUnit(name: "-", infoPlist: model, folder: ".")
                unit.swiftFiles = loader.sourceFolderFiles
                unit.sourcesLookedFor = !loader.sourceFolders.isEmpty
                jobs.append(Job(unit: loader.readingCode(unit), linter: linter, sources: ["-": bytes]))
                continue
            }
            guard let kind = FileKind(path) else {
                // A finding like any input that cannot be read, in every format and the summary.
                diagnostics += linter.unreadable(
                    PropertyListError(.unreadable(FileInput.noSuchFile), at: SourceLocation(file: path)))
                files += 1
                status = .inputError
                continue
            }
            if kind == .file {
                if configuration.excludes(path, below: root) { continue }
                do {
                    let unit = try loader.load(path)
                    jobs.append(Job(unit: unit, linter: linter, sources: [:]))
                } catch {
                    if case .unreadable(let reading) = error {
                        if unreadableSeen.insert(Self.canonical(path)).inserted {
                            diagnostics += linter.unreadable(reading)
                            files += 1
                        }
                    } else {
                        context.report(error.description)
                    }
                    status = .inputError
                }
                continue
            }
            let (units, findings, discovery) = loader.loadAll(path)
            if let discovery { discoveries.append((path, discovery)) }
            for finding in findings {
                if case .unreadablePropertyList(let file, let reason) = finding.kind {
                    guard !configuration.excludes(file, below: root),
                        unreadableSeen.insert(Self.canonical(file)).inserted
                    else { continue }
                    diagnostics.append(Self.unreadable(reason, at: finding.location))
                    files += 1
                    status = .inputError
                } else if arguments.flag("verbose") {
                    context.report("\(finding.location): warning: \(finding.message)")
                }
            }
            var excludedUnits = 0
            for unit in units {
                let unitConfiguration = configurations.configuration(for: unit.infoPlist.file, fallback: configuration)
                if unitConfiguration.excludes(unit.infoPlist.file, below: root) {
                    excludedUnits += 1
                    continue
                }
                var merged = unitConfiguration
                merged.buildSettings = Self.settings(for: unitConfiguration, arguments, [:])
                // An excluded extension is left out of its app too.
                var kept = unit
                kept.extensions.removeAll { plist in
                    configurations.configuration(for: plist.file, fallback: configuration).excludes(
                        plist.file, below: root)
                }
                jobs.append(Job(unit: kept, linter: Linter(configuration: merged), sources: [:], root: root))
            }
            if units.isEmpty && findings.isEmpty {
                emptyPaths.append(path)
            } else if !units.isEmpty && excludedUnits == units.count {
                context.report(
                    "\(path): warning: nothing linted: the configuration's 'excluded' paths cover every app found")
            }
        }

        // A configuration file that cannot be used was reported where it was found: nothing is
        // linted with a configuration other than the one written.
        if configurations.failures > 0 { return .inputError }

        // An Info.plist a project names but that is missing or unreadable is an input error, as
        // a path given would be.
        for job in jobs {
            for plist in [job.unit.infoPlist] + job.unit.extensions {
                for finding in plist.findings {
                    let file: String
                    let reason: String
                    switch finding.kind {
                    case .unreadablePropertyList(let path, let why): (file, reason) = (path, why)
                    case .missingInfoPlistFile(let path): (file, reason) = (path, finding.message)
                    default: continue
                    }
                    guard unreadableSeen.insert(Self.canonical(file)).inserted else { continue }
                    diagnostics.append(Self.unreadable(reason, at: finding.location))
                    status = .inputError
                }
            }
        }

        // An Info.plist reached through two paths given (`lint . Sources/App`, or the same path
        // twice) is linted and counted once; one linted as an app's extension is not linted again
        // on its own (`lint Sketch Sketch/Thumbnails`).
        let embedded = Set(jobs.flatMap { $0.unit.extensions.map { Self.canonical($0.file) } })
        var seen: Set<String> = []
        jobs = jobs.filter { job in
            let file = job.unit.infoPlist.file
            if file == "-" { return true }
            let canonical = Self.canonical(file)
            return !embedded.contains(canonical) && seen.insert(canonical).inserted
        }

        // Lint in parallel; each job is independent.
        for index in jobs.indices { jobs[index].linter.systemDeclarations = systemDeclarations }
        progress.linting(jobs.count)
        let results = ParallelMap.map(jobs) { job in
            let lintContext = job.linter.context(for: job.unit)
            var found = job.linter.lint(lintContext)
            // Findings in Swift files the configuration excludes (generated code, say) are left out;
            // the facts those files give (a constant declared there) still count.
            let configuration = job.linter.configuration
            if !configuration.excluded.isEmpty, lintContext.code != nil {
                found.removeAll { diagnostic in
                    diagnostic.location.file.hasSuffix(".swift")
                        && configuration.excludes(diagnostic.location.file, below: job.root)
                }
            }
            progress.advance()
            return (diagnostics: found, context: lintContext)
        }
        progress.finish()
        for job in jobs { files += 1 + job.unit.extensions.count + (job.unit.code?.files.count ?? 0) }
        // Nothing at all to lint is a mistake in CI (a wrong path passes silently) unless allowed.
        // A folder with nothing to lint is one line: the error below when nothing at all was
        // linted, else a warning naming it.
        let nothingAtAll = files == 0 && status == .success && !arguments.flag("allow-empty")
        if !nothingAtAll {
            for path in emptyPaths {
                context.report("\(path): warning: no Info.plist, app bundle or Xcode project found")
            }
        }
        if nothingAtAll {
            let named = paths.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (paths.count > 3 ? ", …" : "")
            context.report(
                "error: nothing to lint in \(named): no Info.plist, app bundle or Xcode project (--allow-empty accepts this)"
            )
            status = .inputError
        }
        if diagnostics.isEmpty && results.count == 1 {
            diagnostics = results[0].diagnostics  // sorted already; shared, not copied
        } else {
            diagnostics = Linter.sorted(diagnostics + results.flatMap(\.diagnostics))
        }

        if let path = arguments.value("write-baseline") {
            let baseline = Baseline(diagnostics, keying: Self.baselineKeying(path, jobs: jobs))
            if let failure = FileAccess.writeFailure(Array(baseline.json.utf8), to: path) {
                context.report("\(path): error: cannot write the baseline file: \(failure)")
                return .inputError
            }
        }
        if let path = arguments.value("baseline") {
            let bytes: [UInt8]
            switch FileAccess.contents(of: path) {
            case .success(let read): bytes = read
            case .failure(let unreadable):
                context.report("\(path): error: cannot read the baseline file: \(unreadable.reason)")
                return .inputError
            }
            do {
                diagnostics = try Baseline.parse(bytes).newFindings(
                    diagnostics, keying: Self.baselineKeying(path, jobs: jobs))
            } catch {
                context.report("\(error.place(in: path)): error: \(error.message)")
                return .inputError
            }
        }
        if arguments.flag("fix") {
            let outcome = Fixer().fix(diagnostics, write: !arguments.flag("dry-run"))
            if arguments.flag("dry-run") {
                // A diff is data for patch and git apply: escaped only for a terminal.
                context.output.write(
                    context.output.isTerminal ? UnifiedDiff.forTerminal(outcome.diff) : outcome.diff)
            }
            let log: OutputSink = fixLog ?? context.errors
            for problem in outcome.problems { log.line(OutputEscaping.escape(problem)) }
            for file in outcome.fixedFiles where !arguments.flag("dry-run") {
                log.line(OutputEscaping.escape("\(file): fixed \(outcome.fixedCounts[file] ?? 0) finding(s)"))
                fixLog?.wroteFiles = true
            }
            diagnostics = diagnostics.filter { !outcome.fixed.contains($0) }
        }

        // Findings below --min-severity (or infos, with --quiet) are left out of every format;
        // the summary says how many.
        let minimum = try Self.minimumSeverity(arguments)
        var hidden = 0
        let failing = diagnostics.contains { $0.severity >= (arguments.flag("strict") ? .warning : .error) }
        if minimum != .info {
            let shown = diagnostics.filter { $0.severity >= minimum }
            hidden = diagnostics.count - shown.count
            diagnostics = shown
        }
        var report = LintReport(diagnostics: diagnostics, files: files)
        report.executionSuccessful = status != .inputError
        if !(arguments.flag("fix") && arguments.flag("dry-run")) {
            switch format {
            case .text:
                let color =
                    switch arguments.value("color") ?? "auto" {
                    case "always": true
                    case "never": false
                    default: Self.colorsByDefault(context)
                    }
                var sources: [String: [UInt8]] = [:]
                if arguments.flag("verbose") {
                    for job in jobs { sources.merge(job.sources, uniquingKeysWith: { $1 }) }
                    for file in Set(diagnostics.map(\.location.file)) where sources[file] == nil {
                        sources[file] = FileAccess.read(file)
                    }
                }
                context.output.write(
                    TextReporter(color: color, verbose: arguments.flag("verbose"), sources: sources).render(report))
            case .json: JSONReporter().write(report) { context.output.write(bytes: $0) }
            case .sarif: context.output.write(SARIFReporter(toolVersion: UTIScope.version).render(report))
            case .github: context.output.write(GitHubReporter().render(report))
            }
        } else {
            // The diff owns standard output; what the fix would leave (an unreadable file
            // included) goes to standard error, as text, before the summary.
            context.errors.write(TextReporter(color: false, verbose: false, sources: [:]).render(report))
        }
        context.errors.line(
            report.summary + (hidden > 0 ? " (\(hidden) finding(s) below \(minimum.rawValue) not shown)" : ""))
        for (path, discovery) in discoveries {
            let foundNothing = discovery.infoPlists.isEmpty && discovery.projects.isEmpty && discovery.units.isEmpty
            if foundNothing && discovery.skipped.isEmpty { continue }
            for line in Self.discoveryLines(path, discovery, verbose: arguments.flag("verbose")) {
                context.errors.line(line)
            }
        }
        context.keepUntilExit((jobs, results, report))
        if status == .inputError { return .inputError }
        // Findings left out by --min-severity still count: --strict fails on a hidden warning.
        return failing ? .findings : .success
    }

    /// Whether text is coloured when `--color` is not given: on a terminal, unless `NO_COLOR` is
    /// set (to any value) or `TERM` is `dumb`, as other command-line tools do.
    static func colorsByDefault(_ context: CommandContext) -> Bool {
        context.output.isTerminal && context.environment["NO_COLOR"] == nil && context.environment["TERM"] != "dumb"
    }

    /// `--min-severity`, or warning for `--quiet`; info when neither is given.
    static func minimumSeverity(_ arguments: ParsedArguments) throws(UsageError) -> Severity {
        let quiet = arguments.flag("quiet")
        guard let word = arguments.value("min-severity") else { return quiet ? .warning : .info }
        guard let severity = Severity(rawValue: word) else {
            throw UsageError("--min-severity takes 'info', 'warning' or 'error', not '\(word)'")
        }
        if quiet && severity != .warning {
            throw UsageError("--quiet is --min-severity warning: give one of them")
        }
        return severity
    }

    /// How the baseline at `baselinePath` keys findings: files relative to its folder (any
    /// spelling of a file — relative, absolute, through `..` or a link — gives the same key), and
    /// array elements named from the documents linted.
    static func baselineKeying(_ baselinePath: String, jobs: [Job]) -> BaselineKeying {
        let folder = canonical(ConfigurationFinder.parent(baselinePath))
        var documents: [String: PlistValue] = [:]
        for job in jobs {
            for plist in [job.unit.infoPlist] + job.unit.extensions {
                if let document = plist.document { documents[plist.file] = document.root }
            }
        }
        return BaselineKeying(
            file: { file in file == "-" ? file : relative(canonical(file), to: folder) }, documents: documents)
    }

    /// `path` relative to `folder` (both absolute): `App/Info.plist`, `../Other/Info.plist`.
    static func relative(_ path: String, to folder: String) -> String {
        let target = path.split(separator: "/")
        let base = folder.split(separator: "/")
        var shared = 0
        while shared < target.count, shared < base.count, target[shared] == base[shared] { shared += 1 }
        let up = Array(repeating: "..", count: base.count - shared)
        return (up + target[shared...].map(String.init)).joined(separator: "/")
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

    /// The build settings rules read for `configuration`: an Xcode build phase's environment,
    /// then the configuration's, then `--setting` (the later wins).
    static func settings(
        for configuration: LintConfiguration, _ arguments: ParsedArguments, _ environment: [String: String]
    ) -> [String: String] {
        environment.merging(configuration.buildSettings, uniquingKeysWith: { $1 }).merging(
            settings(arguments), uniquingKeysWith: { $1 })
    }

    /// The build settings Xcode exports to a Run Script build phase (upper-case names such as
    /// `PRODUCT_BUNDLE_IDENTIFIER`), when the environment is one: Xcode sets `ACTION` and
    /// `XCODE_VERSION_ACTUAL` there. Empty elsewhere, so a shell's variables are never read as settings.
    static func xcodeBuildSettings(_ environment: [String: String]) -> [String: String] {
        guard environment["XCODE_VERSION_ACTUAL"] != nil, environment["ACTION"] != nil else { return [:] }
        return environment.filter { name, _ in
            guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
            return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        }
    }

    static func settings(_ arguments: ParsedArguments) -> [String: String] {
        var settings: [String: String] = [:]
        for assignment in arguments.all("setting") {
            let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 { settings[String(parts[0])] = String(parts[1]) }
        }
        return settings
    }
}

/// What a path names.
enum FileKind {
    case file, directory

    init?(_ path: String) {
        switch FileAccess.kind(of: path) {
        case .directory?: self = .directory
        case .file?: self = .file
        case nil: return nil
        }
    }
}

/// Finds and caches `.utiscope.json` files above inputs, from each input's folder up to the root
/// of the repository holding it (the nearest folder with a `.git` folder or file): a file above a
/// checkout belongs to something else, and would change what a lint in that checkout finds. Out of
/// any repository, the search goes on to `/`. A file that cannot be used is reported once and
/// counted in ``failures``: a broken configuration stops the lint (exit 2) rather than being
/// passed over.
struct ConfigurationFinder {
    let context: CommandContext
    /// The `--config` file, used for every input.
    var fixed: LintConfiguration?
    private var byFolder: [String: LintConfiguration?] = [:]
    /// How many configuration files could not be used.
    private(set) var failures = 0

    init(context: CommandContext) {
        self.context = context
    }

    /// Reads a configuration file, reporting problems (`path:line:column: error: …`); nil when it
    /// cannot be used.
    func load(_ path: String) -> LintConfiguration? {
        let bytes: [UInt8]
        switch FileAccess.contents(of: path) {
        case .success(let read): bytes = read
        case .failure(let unreadable):
            context.report("\(path): error: cannot read the configuration file: \(unreadable.reason)")
            return nil
        }
        let folder = Self.parent(path)
        do {
            let known = Set(RuleRegistry.descriptions.map(\.code))
            let (configuration, warnings) = try LintConfiguration.read(bytes, folder: folder, knownCodes: known)
            for warning in warnings { context.report("\(warning.place(in: path)): warning: \(warning.message)") }
            return configuration
        } catch {
            context.report("\(error.place(in: path)): error: \(error.message)")
            return nil
        }
    }

    /// The configuration for an input: `--config`, else the nearest `.utiscope.json` above it
    /// within its repository, else `fallback` (the default configuration unless given).
    mutating func configuration(for path: String, fallback: LintConfiguration = LintConfiguration())
        -> LintConfiguration
    {
        if let fixed { return fixed }
        guard path != "-" else { return fallback }
        var folder = FileAccess.kind(of: path) == .directory ? path : Self.parent(path)
        var visited: [String] = []
        for _ in 0..<64 {
            if let cached = byFolder[folder] {
                for seen in visited { byFolder[seen] = cached }
                return cached ?? fallback
            }
            visited.append(folder)
            let candidate = folder == "/" ? "/" + LintConfiguration.fileName : folder + "/" + LintConfiguration.fileName
            if FileAccess.read(candidate) != nil {
                let found = load(candidate)
                if found == nil { failures += 1 }
                for seen in visited { byFolder[seen] = .some(found) }
                return found ?? fallback
            }
            if Self.isRepositoryRoot(folder) { break }
            let parent = Self.parent(folder)
            if parent == folder { break }
            folder = parent
        }
        for seen in visited { byFolder[seen] = .some(nil) }
        return fallback
    }

    /// Whether `folder` is the root of a git repository or worktree: it holds `.git` (a folder,
    /// or a file pointing to one).
    static func isRepositoryRoot(_ folder: String) -> Bool {
        FileAccess.kind(of: folder == "/" ? "/.git" : folder + "/.git") != nil
    }

    /// The folder of `path`: `.` for a bare name, `/` for the root; `..` goes up from `.`.
    static func parent(_ path: String) -> String {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed == "." { return ".." }
        if trimmed.hasSuffix("..") { return trimmed + "/.." }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }
}
