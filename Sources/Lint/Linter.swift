import AppBundle
import PropertyList
import Support
import SwiftSource
import UniformTypes

/// Runs rules over apps: builds nothing itself but the context, applies the configuration
/// (rules off, severities changed) and the suppression comments, and sorts the findings.
public struct Linter: Sendable {
    /// The rules to run.
    public var rules: [any Rule]
    /// Rules off, severities, build settings.
    public var configuration: LintConfiguration
    /// Declarations of a newer system's types (`--system-types`), layered over the embedded
    /// macOS 12.7 catalog.
    public var systemDeclarations: [TypeDeclaration] = []

    /// A linter running `rules` (default: every rule) under `configuration`.
    public init(rules: [any Rule] = RuleRegistry.rules, configuration: LintConfiguration = LintConfiguration()) {
        self.rules = rules
        self.configuration = configuration
    }

    /// The findings for one loaded app and its extensions.
    public func lint(_ unit: AppUnit) -> [Diagnostic] {
        lint(context(for: unit))
    }

    /// The context the rules read for `unit`, with this linter's build settings and system types.
    public func context(for unit: AppUnit) -> LintContext {
        LintContext(
            unit: unit, buildSettings: configuration.buildSettings, systemDeclarations: systemDeclarations,
            policy: configuration.policy)
    }

    /// The findings for `context`, configured, suppressed and sorted.
    public func lint(_ context: LintContext) -> [Diagnostic] {
        // Rules are independent and pure: run them on every core.
        let kind = BundleKind(of: context.app)
        let active = rules.filter { rule in
            let description = type(of: rule).description
            return description.applies(to: context.platform) && Self.applies(description.code, to: kind)
                && self.configuration.rules[description.code] != .off
        }
        let configuration = self.configuration
        // The rules that read the app's code start last (the code may still be being read); the
        // findings go back to the registry's order.
        let order = Self.startOrder(active)
        var scheduled = ParallelMap.map(order) { index in
            let rule = active[index]
            var found = rule.check(context)
            if let severity = configuration.rules[type(of: rule).description.code]?.severity {
                for index in found.indices { found[index].severity = severity }
            }
            return found
        }
        // Each rule's findings go back to the registry's order, moved (not copied) so that the
        // merge holds the only reference to each array.
        var outcomes = [[Diagnostic]](repeating: [], count: active.count)
        for (position, index) in order.enumerated() { swap(&outcomes[index], &scheduled[position]) }
        let suppressions = Self.suppressions(in: context)
        if !suppressions.isEmpty { suppress(&outcomes, by: suppressions, active: active) }
        return FindingMerge.merge(&outcomes)
    }

    /// Removes from `outcomes` (one array per rule of `active`) the findings `suppressions`
    /// silence, then, when PLIST-010 is among `active`, reports the comments that silenced
    /// nothing (silenced in turn only by other comments).
    private func suppress(_ outcomes: inout [[Diagnostic]], by suppressions: [String: Suppressions], active: [any Rule])
    {
        var used: [String: [Int: Set<String>]] = [:]
        for index in outcomes.indices {
            outcomes[index].removeAll { diagnostic in
                let file = diagnostic.location.file
                guard let match = suppressions[file]?.match(diagnostic) else { return false }
                used[file, default: [:]][match.directive, default: []].insert(match.rule)
                return true
            }
        }
        let descriptions = active.map { type(of: $0).description }
        guard let position = descriptions.firstIndex(where: { $0.code == IneffectiveSuppression.description.code })
        else { return }
        let ran = Set(descriptions.map(\.code) + descriptions.map(\.name))
        let known =
            RuleRegistry.rules.map { type(of: $0).description.code }
            + RuleRegistry.rules.map { type(of: $0).description.name }
        let rule = IneffectiveSuppression()
        let severity = configuration.rules[IneffectiveSuppression.description.code]?.severity
        for file in suppressions.keys.sorted() {
            guard let fileSuppressions = suppressions[file] else { continue }
            var found = rule.findings(
                fileSuppressions, used: used[file] ?? [:], ran: ran, known: known, isSwift: file.hasSuffix(".swift"))
            found.removeAll { fileSuppressions.match($0) != nil }
            if let severity { for index in found.indices { found[index].severity = severity } }
            outcomes[position] += found
        }
    }

    /// The rules that declaration-only bundles are held to: the reading and declaration rules, not
    /// those about an app's documents, icons and extensions.
    static let typeBundleRulePrefixes = ["PLIST-", "UTI-"]
    /// The rules one of Apple's own type bundles (a vendored CoreTypes, say) is held to: its
    /// declarations are the system's, so only their shape is checked, not the advice for apps
    /// (reserved domains, tags other types claim, foreign domains, private icon keys).
    static let systemTypeBundleRules: Set<String> = [
        "UTI-001", "UTI-003", "UTI-008", "UTI-010", "UTI-014", "UTI-016", "UTI-017", "UTI-018",
    ]

    /// Whether the rule `code` runs for a bundle of `kind` (PLIST-009, which says which rules
    /// run, always does).
    static func applies(_ code: String, to kind: BundleKind) -> Bool {
        switch kind {
        case .app: true
        case .typeDeclarations: typeBundleRulePrefixes.contains { code.hasPrefix($0) }
        case .systemTypeDeclarations: code.hasPrefix("PLIST-") || systemTypeBundleRules.contains(code)
        }
    }

    /// The positions in `rules` in the order they start: in their order, the rules that read the
    /// app's Swift code last (the code may still be being read: ``AppUnit/code``).
    static func startOrder(_ rules: [any Rule]) -> [Int] {
        let reading = rules.indices.filter { type(of: rules[$0]).description.code.hasPrefix("SRC-") }
        let others = rules.indices.filter { !type(of: rules[$0]).description.code.hasPrefix("SRC-") }
        return others + reading
    }

    /// The suppression comments of `context`'s XML files, by file, from the comments their
    /// reader kept, and those of the app's Swift files.
    private static func suppressions(in context: LintContext) -> [String: Suppressions] {
        var suppressions: [String: Suppressions] = [:]
        for plist in context.infoPlists {
            guard let document = plist.document, document.format == .xml, suppressions[document.file] == nil
            else { continue }
            let found = Suppressions(document: document)
            if !found.isEmpty { suppressions[document.file] = found }
        }
        for (file, comments) in context.code?.directiveComments ?? [:] where suppressions[file] == nil {
            let found = Suppressions(swiftComments: comments)
            if !found.isEmpty { suppressions[file] = found }
        }
        return suppressions
    }

    /// Lints the Info.plist `text` (and extension Info.plists, and the app's Swift code `swift`,
    /// read as the file ``Example/swiftFile``) without files around it: for examples, tests and
    /// standard input. A text that does not parse gives its `PLIST-001`.
    public func lint(
        text: String, file: String = Example.appFile, platform: Platform? = nil, extensions: [String] = [],
        resources: ResourceIndex? = nil, swift: String? = nil
    ) -> [Diagnostic] {
        let bytes = Array(text.utf8)
        let document: PropertyListDocument
        do {
            document = try PropertyListReader().read(bytes, file: file)
        } catch {
            return unreadable(error)
        }
        var models: [InfoPlist] = []
        for (index, extensionText) in extensions.enumerated() {
            let extensionFile = Example.extensionFile(index)
            guard let extensionDocument = try? PropertyListReader().read(Array(extensionText.utf8), file: extensionFile)
            else { continue }
            models.append(InfoPlist(document: extensionDocument, platform: platform))
        }
        let context = LintContext(
            app: InfoPlist(document: document, platform: platform ?? configuration.platform), extensions: models,
            buildSettings: configuration.buildSettings, resources: resources, systemDeclarations: systemDeclarations,
            policy: configuration.policy,
            code: swift.map { SwiftCodeFacts(files: [SwiftFile(path: Example.swiftFile, bytes: Array($0.utf8))]) })
        return lint(context)
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
        var diagnostics = diagnostics
        sort(&diagnostics)
        return diagnostics
    }

    /// Sorts `diagnostics` for reporting and removes exact duplicates (``FindingMerge``: moved into
    /// a new array in report order). Positions are compared as integers (file rank, line,
    /// column), whole diagnostics only on a tie; no diagnostic is copied when `diagnostics` is
    /// the only reference to its array (a report can hold hundreds of thousands).
    static func sort(_ diagnostics: inout [Diagnostic]) {
        var outcomes: [[Diagnostic]] = [[]]
        swap(&outcomes[0], &diagnostics)
        diagnostics = FindingMerge.merge(&outcomes)
    }
}
