import AppBundle
import Dispatch
import DocumentBrowser
import PropertyList
import Support
import SwiftSource
import UniformTypes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a lint run is asked to do: the paths, and every choice `utiscope lint`'s options make
/// about finding, loading, configuring, baselining and fixing. What is printed, and how, is the
/// caller's (``LintRun/Result`` carries everything to print).
public struct LintRequest: Sendable {
    /// What is done with the fix-its of the findings.
    public enum Fixing: Sendable, Equatable {
        /// Findings are reported as they are.
        case none
        /// Fix-its are applied to the files, and the files as written are linted again.
        case write
        /// Fix-its are rendered as a unified diff (``LintRun/Result/fixes``); nothing is written.
        case preview
    }

    /// What is done with a baseline file.
    public enum BaselineUse: Sendable, Equatable {
        /// No baseline.
        case none
        /// Only findings the baseline at this path does not record are reported.
        case compare(String)
        /// The findings are recorded in a baseline at this path.
        case record(String)
    }

    /// Info.plists, bundles, projects or folders; `-` is ``standardInput``.
    public var paths: [String]
    /// What loads the apps: `--platform`, `--configuration`, `--xcconfig`/`--setting`,
    /// `--target`, `--sources`/`--no-sources`. Its platform and source reading are the defaults
    /// each configuration file may change.
    public var loader: AppLoader
    /// Whether the platform was chosen by the request (`--platform`), over configuration files.
    public var platformChosen: Bool
    /// A configuration file used for every input instead of the ones found above them.
    public var configurationFile: String?
    /// Build settings over the configurations' (`--setting NAME=VALUE`).
    public var settings: [String: String]
    /// The environment of an Xcode Run Script build phase, whose build settings stand for an
    /// Info.plist given as a file (``xcodeBuildSettings(in:)`` picks them).
    public var environment: [String: String]
    /// Document-browser choices over each configuration's (``BrowserPolicy/choices`` flags).
    public var policyChoices: [(flag: String, value: String)]
    /// Property lists of a newer system's type declarations (`--system-types`), for every app;
    /// `-` is ``standardInput``.
    public var systemTypeFiles: [String]
    /// The bytes `-` stands for.
    public var standardInput: [UInt8]?
    /// Whether configurations' `excluded` paths apply to the paths given too.
    public var forceExclude = false
    /// Whether paths holding nothing to lint are accepted.
    public var allowEmpty = false
    /// The baseline file and its use.
    public var baseline = BaselineUse.none
    /// What is done with fix-its.
    public var fixing = Fixing.none

    /// A request for `paths` with `loader`; the other choices have their defaults.
    public init(
        paths: [String], loader: AppLoader = AppLoader(), platformChosen: Bool = false,
        configurationFile: String? = nil, settings: [String: String] = [:], environment: [String: String] = [:],
        policyChoices: [(flag: String, value: String)] = [], systemTypeFiles: [String] = [],
        standardInput: [UInt8]? = nil
    ) {
        self.paths = paths
        self.loader = loader
        self.platformChosen = platformChosen
        self.configurationFile = configurationFile
        self.settings = settings
        self.environment = environment
        self.policyChoices = policyChoices
        self.systemTypeFiles = systemTypeFiles
        self.standardInput = standardInput
    }

    /// The build settings Xcode exports to a Run Script build phase (upper-case names such as
    /// `PRODUCT_BUNDLE_IDENTIFIER`), when `environment` is one: Xcode sets `ACTION` and
    /// `XCODE_VERSION_ACTUAL` there. Empty elsewhere, so a shell's variables are never read as settings.
    public static func xcodeBuildSettings(in environment: [String: String]) -> [String: String] {
        guard environment["XCODE_VERSION_ACTUAL"] != nil, environment["ACTION"] != nil else { return [:] }
        return environment.filter { name, _ in
            guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
            return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        }
    }
}

/// Told how a long run advances (a progress line on a terminal).
public protocol LintRunProgress: Sendable {
    /// Every app is loaded; `apps` are being linted.
    func linting(_ apps: Int)
    /// One more app is linted.
    func linted()
}

/// `utiscope lint` as a library call: finds each path's configuration, loads its apps, leaves out
/// what the configurations exclude and what two paths reach twice, lints in parallel, applies the
/// baseline and the fix-its, and returns what to report. Nothing is printed.
public enum LintRun {
    /// What a run found, and what to tell the user about it.
    public struct Result: Sendable {
        /// The findings, sorted; without those the baseline records or a fix removed.
        public var diagnostics: [Diagnostic] = []
        /// How many files were linted: Info.plists, extensions' Info.plists and Swift files.
        public var files = 0
        /// Whether an input could not be read (exit status 2).
        public var inputError = false
        /// Whether the run stopped before linting (a configuration, baseline or `--sources` path
        /// that cannot be used): there is no report, only ``messages``.
        public var stopped = false
        /// Lines for standard error, in order: problems with inputs and configuration files,
        /// folders with nothing to lint, what a fix did or could not do.
        public var messages: [String] = []
        /// What loading projects and folders noticed that is no finding (a target of an unknown
        /// product type, say), one line each, for a verbose report.
        public var loadingNotes: [String] = []
        /// What each folder's walk found and passed over.
        public var discoveries: [(path: String, result: ProjectDiscovery.Result)] = []
        /// The fix-its applied or previewed, with ``LintRequest/Fixing/write`` or `preview`.
        public var fixes: Fixer.Outcome?
        /// The bytes of inputs that are not files (standard input), by the name findings give.
        public var inputsInMemory: [String: [UInt8]] = [:]
        /// The apps and lint contexts, kept with the result so that a caller may keep them
        /// alive until its process exits instead of freeing them value by value.
        public var storage: [any Sendable] = []

        /// Whether a finding of `severity` or above was found.
        public func hasFindings(atLeast severity: Severity) -> Bool {
            diagnostics.contains { $0.severity >= severity }
        }
    }

    /// Starts parsing the embedded system catalog, which every lint reads, on another thread;
    /// the first lint context made waits for it, should it still be running. ``run(_:progress:)``
    /// starts it too; a caller that calls this first, before it parses its own arguments, has it
    /// ready sooner (measured by turns, static release builds: `utiscope lint` of gen.py's
    /// a_ios.plist and of Fixtures/apps/Sketchbook 0.15–0.2 ms sooner, −1.5–2%). Calling it
    /// again does nothing.
    public static func prepare() {
        _ = preparing
    }

    private static let preparing: Void = DispatchQueue.global().async { _ = SystemTypeCatalog.embedded }

    /// Runs `request`. With ``LintRequest/Fixing/write``, the files the fix-its changed are
    /// linted again as written: what is reported is what is left in them.
    public static func run(_ request: LintRequest, progress: (any LintRunProgress)? = nil) -> Result {
        guard request.fixing == .write, !request.paths.contains("-") else {
            return lintOnce(request, progress: progress)
        }
        let fixing = lintOnce(request, progress: progress)
        guard let fixes = fixing.fixes, !fixes.fixedFiles.isEmpty else { return fixing }
        var again = request
        again.fixing = .none
        var result = lintOnce(again, progress: progress)
        result.fixes = fixes
        result.messages = fixLines(fixes, wrote: true) + result.messages
        return result
    }

    /// One app to lint, with the configuration that applies to it.
    private struct Job: Sendable {
        var unit: AppUnit
        var linter: Linter
        /// The path given that the app was found under, for the configuration's exclusions of
        /// Swift files (nil with `forceExclude`, as for the apps themselves).
        var root: String? = nil
    }

    /// Lines for standard error, collected in order as the run goes.
    private final class MessageLog {
        var lines: [String] = []
        func append(_ line: String) { lines.append(line) }
    }

    private static func lintOnce(_ request: LintRequest, progress: (any LintRunProgress)?) -> Result {
        let log = MessageLog()
        var result = lintOnce(request, progress: progress, log: log)
        result.messages = log.lines
        return result
    }

    private static func lintOnce(_ request: LintRequest, progress: (any LintRunProgress)?, log messages: MessageLog)
        -> Result
    {
        var result = Result()
        // Every lint reads the embedded system catalog, parsed once per process when the first
        // context is made: it is parsed beside the loading instead (the context's first use waits
        // for it, should it still be running). So is the table of Swift's type constants.
        prepare()
        if request.loader.readsSources { DispatchQueue.global().async { _ = TypeConstantTable.embedded } }
        var loader = request.loader
        for folder in loader.sourceFolders where FileAccess.kind(of: folder) == nil {
            messages.append("\(folder): error: no such file or folder (--sources)")
            result.stopped = true
        }
        var configurations = ConfigurationFinder(report: messages.append)
        if result.stopped {
            result.inputError = true
            return result
        }
        if let path = request.configurationFile {
            guard let configuration = configurations.load(path) else {
                (result.stopped, result.inputError) = (true, true)
                return result
            }
            configurations.fixed = configuration
        }
        if loader.platform == nil, let platform = configurations.fixed?.platform { loader.platform = platform }
        // A newer system's types, for every app.
        let systemDeclarations = SystemTypeDeclarations.read(
            files: request.systemTypeFiles, standardInput: request.standardInput, report: messages.append)
        guard let systemDeclarations else {
            (result.stopped, result.inputError) = (true, true)
            return result
        }
        let buildPhaseSettings = LintRequest.xcodeBuildSettings(in: request.environment)

        var jobs: [Job] = []
        var unreadableSeen: Set<String> = []  // unreadable files reported, each once
        var emptyPaths: [String] = []  // folders holding nothing to lint
        func unreadable(_ error: PropertyListError, _ linter: Linter) {
            result.diagnostics += linter.unreadable(error)
            result.files += 1
            result.inputError = true
        }
        for given in request.paths {
            // A project file stands for its project: `project.pbxproj` is not an Info.plist.
            let path = given.hasSuffix(".xcodeproj/project.pbxproj") ? String(given.dropLast(16)) : given
            // The path as given is linted even when excluded, unless forceExclude.
            let root = request.forceExclude ? nil : path
            var configuration = configurations.configuration(for: path)
            if !request.platformChosen, loader.platform == nil, configuration.platform != nil {
                loader.platform = configuration.platform
            }
            // Xcode's environment is one target's settings: it stands for a single Info.plist given
            // (or standard input), not for the apps a project or folder holds.
            let kind: FileAccess.Kind? = path == "-" ? .file : FileAccess.kind(of: path)
            configuration.buildSettings = settings(
                configuration, request, kind == .file ? buildPhaseSettings : [:])
            do {
                try configuration.policy.apply(request.policyChoices)
            } catch {
                messages.append("error: \(error.description)")
                (result.stopped, result.inputError) = (true, true)
                return result
            }
            // The configuration may turn the Swift code off; `--sources` turns it on for a file given.
            loader.readsSources = request.loader.readsSources && configuration.readsSources
            let linter = Linter(configuration: configuration)
            if path == "-" {
                let document: PropertyListDocument
                do {
                    document = try PropertyListReader().read("-", standardInput: request.standardInput)
                } catch {
                    unreadable(error, linter)
                    continue
                }
                result.inputsInMemory["-"] = request.standardInput ?? []
                jobs.append(Job(unit: loader.standardInputApp(document), linter: linter))
                continue
            }
            guard let kind else {
                // A finding like any input that cannot be read, in every format and the summary.
                unreadable(
                    PropertyListError(.unreadable(FileInput.noSuchFile), at: SourceLocation(file: path)), linter)
                continue
            }
            if kind == .file {
                if configuration.excludes(path, below: root) { continue }
                do {
                    jobs.append(Job(unit: try loader.load(path), linter: linter))
                } catch {
                    if case .unreadable(let reading) = error {
                        if unreadableSeen.insert(canonical(path)).inserted {
                            unreadable(reading, linter)
                        }
                    } else {
                        messages.append(error.description)
                    }
                    result.inputError = true
                }
                continue
            }
            let (units, findings, discovery) = loader.loadAll(path)
            if let discovery { result.discoveries.append((path, discovery)) }
            for finding in findings {
                if case .unreadablePropertyList(let file, let reason) = finding.kind {
                    guard !configuration.excludes(file, below: root),
                        unreadableSeen.insert(canonical(file)).inserted
                    else { continue }
                    result.diagnostics.append(unreadableFinding(reason, at: finding.location))
                    result.files += 1
                    result.inputError = true
                } else {
                    result.loadingNotes.append("\(finding.location): warning: \(finding.message)")
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
                merged.buildSettings = settings(unitConfiguration, request, [:])
                // An excluded extension is left out of its app too.
                var kept = unit
                kept.extensions.removeAll { plist in
                    configurations.configuration(for: plist.file, fallback: configuration).excludes(
                        plist.file, below: root)
                }
                jobs.append(Job(unit: kept, linter: Linter(configuration: merged), root: root))
            }
            if units.isEmpty && findings.isEmpty {
                emptyPaths.append(path)
            } else if !units.isEmpty && excludedUnits == units.count {
                messages.append(
                    "\(path): warning: nothing linted: the configuration's 'excluded' paths cover every app found")
            }
        }

        // A configuration file that cannot be used was reported where it was found: nothing is
        // linted with a configuration other than the one written.
        if configurations.failures > 0 {
            (result.stopped, result.inputError) = (true, true)
            return result
        }

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
                    guard unreadableSeen.insert(canonical(file)).inserted else { continue }
                    result.diagnostics.append(unreadableFinding(reason, at: finding.location))
                    result.inputError = true
                }
            }
        }

        // An Info.plist reached through two paths given (`lint . Sources/App`, or the same path
        // twice) is linted and counted once; one linted as an app's extension is not linted again
        // on its own (`lint Sketch Sketch/Thumbnails`).
        let embedded = Set(jobs.flatMap { $0.unit.extensions.map { canonical($0.file) } })
        var seen: Set<String> = []
        jobs = jobs.filter { job in
            let file = job.unit.infoPlist.file
            if file == "-" { return true }
            let canonical = canonical(file)
            return !embedded.contains(canonical) && seen.insert(canonical).inserted
        }

        // Lint in parallel; each job is independent.
        for index in jobs.indices { jobs[index].linter.systemDeclarations = systemDeclarations }
        progress?.linting(jobs.count)
        let linted = ParallelMap.map(jobs) { job in
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
            progress?.linted()
            return (diagnostics: found, context: lintContext)
        }
        result.storage = [jobs, linted]
        for job in jobs { result.files += 1 + job.unit.extensions.count + (job.unit.code?.files.count ?? 0) }
        // Nothing at all to lint is a mistake in CI (a wrong path passes silently) unless allowed.
        // A folder with nothing to lint is one line: the error below when nothing at all was
        // linted, else a warning naming it.
        if result.files == 0 && !result.inputError && !request.allowEmpty {
            let paths = request.paths
            let named = paths.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (paths.count > 3 ? ", …" : "")
            messages.append(
                "error: nothing to lint in \(named): no Info.plist, app bundle or Xcode project (--allow-empty accepts this)"
            )
            result.inputError = true
        } else {
            for path in emptyPaths {
                messages.append("\(path): warning: no Info.plist, app bundle or Xcode project found")
            }
        }
        if result.diagnostics.isEmpty && linted.count == 1 {
            result.diagnostics = linted[0].diagnostics  // sorted already; shared, not copied
        } else {
            result.diagnostics = Linter.sorted(result.diagnostics + linted.flatMap(\.diagnostics))
        }

        switch request.baseline {
        case .none: break
        case .record(let path):
            let baseline = Baseline(result.diagnostics, keying: baselineKeying(path, jobs: jobs))
            if let failure = FileAccess.writeFailure(Array(baseline.json.utf8), to: path) {
                messages.append("\(path): error: cannot write the baseline file: \(failure)")
                (result.stopped, result.inputError) = (true, true)
                return result
            }
        case .compare(let path):
            let bytes: [UInt8]
            switch FileAccess.contents(of: path) {
            case .success(let read): bytes = read
            case .failure(let unreadable):
                messages.append("\(path): error: cannot read the baseline file: \(unreadable.reason)")
                (result.stopped, result.inputError) = (true, true)
                return result
            }
            do {
                result.diagnostics = try Baseline.parse(bytes).newFindings(
                    result.diagnostics, keying: baselineKeying(path, jobs: jobs))
            } catch {
                messages.append("\(error.place(in: path)): error: \(error.message)")
                (result.stopped, result.inputError) = (true, true)
                return result
            }
        }
        if request.fixing != .none {
            let fixes = Fixer().fix(result.diagnostics, write: request.fixing == .write)
            for line in fixLines(fixes, wrote: request.fixing == .write) { messages.append(line) }
            result.diagnostics = result.diagnostics.filter { !fixes.fixed.contains($0) }
            result.fixes = fixes
        }
        return result
    }

    /// What a fix did and could not do, one line each: the problems, then (when files were
    /// written) `App/Info.plist: fixed 2 finding(s)` per file.
    private static func fixLines(_ fixes: Fixer.Outcome, wrote: Bool) -> [String] {
        fixes.problems + (wrote ? fixes.fixedFiles.map { "\($0): fixed \(fixes.fixedCounts[$0] ?? 0) finding(s)" } : [])
    }

    /// The build settings rules read for `configuration`: an Xcode build phase's environment,
    /// then the configuration's, then the request's (the later wins).
    private static func settings(
        _ configuration: LintConfiguration, _ request: LintRequest, _ environment: [String: String]
    ) -> [String: String] {
        environment.merging(configuration.buildSettings, uniquingKeysWith: { $1 }).merging(
            request.settings, uniquingKeysWith: { $1 })
    }

    /// `path` absolute, with `.`, `..` and symbolic links resolved: one key per file however it
    /// was named. `.` and `..` are taken as written before links are resolved (as `URL`'s
    /// `standardizedFileURL` takes them); a path that does not exist keeps the components from
    /// the first missing one on as written, after its nearest existing folder, resolved.
    /// (Written with `realpath` rather than `URL`, the package's only use of FoundationEssentials
    /// in the executable: without it the Linux executable is 8.5 MB smaller and `lint` of
    /// gen.py's a_ios.plist 3–5% faster, `--version` 4%, measured by turns.)
    static func canonical(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : Path.join(currentDirectory(), path)
        var components = Path.normalize(absolute).split(separator: "/")
        var missing: [Substring] = []  // the components after the existing prefix, last first
        while true {
            if let resolved = realpath("/" + components.joined(separator: "/"), nil) {
                defer { free(resolved) }
                let existing = String(cString: resolved)
                guard !missing.isEmpty else { return existing }
                return (existing == "/" ? "" : existing) + "/" + missing.reversed().joined(separator: "/")
            }
            guard let last = components.popLast() else {
                return "/" + missing.reversed().joined(separator: "/")
            }
            missing.append(last)
        }
    }

    /// The process's working directory, or `/` should it be unreadable (removed, say).
    private static func currentDirectory() -> String {
        guard let directory = getcwd(nil, 0) else { return "/" }
        defer { free(directory) }
        return String(cString: directory)
    }

    /// A PLIST-001 finding for an Info.plist that was found but could not be read, saying why.
    static func unreadableFinding(_ reason: String, at location: SourceLocation) -> Diagnostic {
        var diagnostic = UnreadablePropertyList().diagnostic(for: PropertyListError(.unreadable(reason), at: location))
        diagnostic.message = reason
        return diagnostic
    }

    /// How the baseline at `baselinePath` keys findings: files relative to its folder (any
    /// spelling of a file — relative, absolute, through `..` or a link — gives the same key), and
    /// array elements named from the documents linted.
    private static func baselineKeying(_ baselinePath: String, jobs: [Job]) -> BaselineKeying {
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
}
