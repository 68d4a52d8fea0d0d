import AppBundle
import PropertyList
import UniformTypes

/// Runs rules over apps: builds nothing itself but the context, applies the configuration
/// (rules off, severities changed) and the suppression comments, and sorts the findings.
public struct Linter: Sendable {
    /// The rules to run.
    public var rules: [any Rule]
    /// Rules off, severities, build settings.
    public var configuration: LintConfiguration

    /// A linter running `rules` (default: every rule) under `configuration`.
    public init(rules: [any Rule] = RuleRegistry.rules, configuration: LintConfiguration = LintConfiguration()) {
        self.rules = rules
        self.configuration = configuration
    }

    /// The findings for one loaded app and its extensions. `sources` gives the bytes of files
    /// already in memory (standard input); other XML files are read again for suppression comments.
    public func lint(_ unit: AppUnit, sources: [String: [UInt8]] = [:]) -> [Diagnostic] {
        lint(LintContext(unit: unit, buildSettings: configuration.buildSettings), sources: sources)
    }

    /// The findings for `context`, configured, suppressed and sorted.
    public func lint(_ context: LintContext, sources: [String: [UInt8]] = [:]) -> [Diagnostic] {
        // Rules are independent and pure: run them on every core.
        let active = rules.filter { rule in
            let description = type(of: rule).description
            return description.applies(to: context.platform) && self.configuration.rules[description.code] != .off
        }
        let configuration = self.configuration
        let results = ParallelMap.map(active) { rule -> [Diagnostic] in
            var found = rule.check(context)
            if let severity = configuration.rules[type(of: rule).description.code]?.severity {
                for index in found.indices { found[index].severity = severity }
            }
            return found
        }
        var diagnostics = results.flatMap { $0 }
        var suppressions: [String: Suppressions] = [:]
        for plist in context.infoPlists {
            guard let document = plist.document, document.format == .xml else { continue }
            let file = document.file
            guard suppressions[file] == nil, let bytes = sources[file] ?? SourceFile.read(file) else { continue }
            suppressions[file] = Suppressions(scanning: bytes, document: document)
        }
        if !suppressions.isEmpty {
            diagnostics.removeAll { diagnostic in
                suppressions[diagnostic.location.file]?.suppresses(diagnostic) ?? false
            }
        }
        return Self.sorted(diagnostics)
    }

    /// Lints the Info.plist `text` (and extension Info.plists) without files around it: for
    /// examples, tests and standard input. A text that does not parse gives its `PLIST-001`.
    public func lint(
        text: String, file: String = Example.appFile, platform: Platform? = nil, extensions: [String] = [],
        resources: ResourceIndex? = nil
    ) -> [Diagnostic] {
        let bytes = Array(text.utf8)
        let document: PropertyListDocument
        do {
            document = try PropertyListReader().read(bytes, file: file)
        } catch {
            return unreadable(error)
        }
        var models: [InfoPlist] = []
        var sources = [file: bytes]
        for (index, extensionText) in extensions.enumerated() {
            let extensionFile = Example.extensionFile(index)
            sources[extensionFile] = Array(extensionText.utf8)
            guard let extensionDocument = try? PropertyListReader().read(Array(extensionText.utf8), file: extensionFile)
            else { continue }
            models.append(InfoPlist(document: extensionDocument, platform: platform))
        }
        let context = LintContext(
            app: InfoPlist(document: document, platform: platform ?? configuration.platform), extensions: models,
            buildSettings: configuration.buildSettings, resources: resources)
        return lint(context, sources: sources)
    }

    /// The `PLIST-001` finding for a file that could not be read, unless that rule is off.
    public func unreadable(_ error: PropertyListError) -> [Diagnostic] {
        let setting = configuration.rules[UnreadablePropertyList.description.code]
        if setting == .off { return [] }
        var diagnostic = UnreadablePropertyList().diagnostic(for: error)
        if let severity = setting?.severity { diagnostic.severity = severity }
        return [diagnostic]
    }

    /// Sorted for reporting, exact duplicates removed.
    public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        // Sort positions by integer keys (file rank, line, column), comparing whole diagnostics
        // only on a tie: a diagnostic is large to copy, and most have a place of their own.
        var fileRank: [String: Int] = [:]
        for diagnostic in diagnostics where fileRank[diagnostic.location.file] == nil {
            fileRank[diagnostic.location.file] = 0
        }
        for (rank, file) in fileRank.keys.sorted().enumerated() { fileRank[file] = rank }
        let keys = diagnostics.map { diagnostic in
            SortKey(
                file: fileRank[diagnostic.location.file] ?? 0, line: diagnostic.location.line ?? Int.max,
                column: diagnostic.location.column ?? Int.max)
        }
        let order = diagnostics.indices.sorted { left, right in
            let (a, b) = (keys[left], keys[right])
            if a.file != b.file { return a.file < b.file }
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            return Diagnostic.reportOrder(diagnostics[left], diagnostics[right])
        }
        var result: [Diagnostic] = []
        result.reserveCapacity(diagnostics.count)
        var previous: Int?
        for index in order {
            if let previous, keys[previous] == keys[index], diagnostics[previous] == diagnostics[index] { continue }
            result.append(diagnostics[index])
            previous = index
        }
        return result
    }

    /// The integer part of the report order.
    private struct SortKey: Equatable {
        var file: Int
        var line: Int
        var column: Int
    }
}
