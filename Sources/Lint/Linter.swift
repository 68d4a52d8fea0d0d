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
    /// Declarations of a newer system's types (`--system-types`), layered over the embedded
    /// macOS 12.7 catalog.
    public var systemDeclarations: [TypeDeclaration] = []

    /// A linter running `rules` (default: every rule) under `configuration`.
    public init(rules: [any Rule] = RuleRegistry.rules, configuration: LintConfiguration = LintConfiguration()) {
        self.rules = rules
        self.configuration = configuration
    }

    /// The findings for one loaded app and its extensions. `sources` gives the bytes of files
    /// already in memory (standard input); other XML files are read again for suppression comments.
    public func lint(_ unit: AppUnit, sources: [String: [UInt8]] = [:]) -> [Diagnostic] {
        lint(context(for: unit), sources: sources)
    }

    /// The context the rules read for `unit`, with this linter's build settings and system types.
    public func context(for unit: AppUnit) -> LintContext {
        LintContext(unit: unit, buildSettings: configuration.buildSettings, systemDeclarations: systemDeclarations)
    }

    /// The findings for `context`, configured, suppressed and sorted.
    public func lint(_ context: LintContext, sources: [String: [UInt8]] = [:]) -> [Diagnostic] {
        // Rules are independent and pure: run them on every core.
        let active = rules.filter { rule in
            let description = type(of: rule).description
            return description.applies(to: context.platform) && self.configuration.rules[description.code] != .off
        }
        let configuration = self.configuration
        var results = ParallelMap.map(active) { rule -> [Diagnostic] in
            var found = rule.check(context)
            if let severity = configuration.rules[type(of: rule).description.code]?.severity {
                for index in found.indices { found[index].severity = severity }
            }
            return found
        }
        // Moved, not copied, into one array (popLast moves; each rule's findings reversed first).
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(results.reduce(0) { $0 + $1.count })
        for index in results.indices {
            var found: [Diagnostic] = []
            swap(&found, &results[index])
            found.reverse()
            while let diagnostic = found.popLast() { diagnostics.append(diagnostic) }
        }
        var suppressions: [String: Suppressions] = [:]
        var scanned: Set<String> = []
        for plist in context.infoPlists {
            guard let document = plist.document, document.format == .xml else { continue }
            let file = document.file
            guard scanned.insert(file).inserted, let bytes = sources[file] ?? SourceFile.read(file) else { continue }
            let found = Suppressions(scanning: bytes, document: document)
            if !found.isEmpty { suppressions[file] = found }
        }
        if !suppressions.isEmpty {
            diagnostics.removeAll { diagnostic in
                suppressions[diagnostic.location.file]?.suppresses(diagnostic) ?? false
            }
        }
        Self.sort(&diagnostics)
        return diagnostics
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
            buildSettings: configuration.buildSettings, resources: resources, systemDeclarations: systemDeclarations)
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
        var diagnostics = diagnostics
        sort(&diagnostics)
        return diagnostics
    }

    /// Sorts `diagnostics` for reporting in place and removes exact duplicates. Positions are
    /// compared as integers (file rank, line, column), whole diagnostics only on a tie; the
    /// order is then applied by swapping, so no diagnostic is copied (a report can hold
    /// hundreds of thousands).
    static func sort(_ diagnostics: inout [Diagnostic]) {
        var fileRank: [String: Int] = [:]
        for diagnostic in diagnostics where fileRank[diagnostic.location.file] == nil {
            fileRank[diagnostic.location.file] = 0
        }
        for (rank, file) in fileRank.keys.sorted().enumerated() { fileRank[file] = rank }
        precondition(diagnostics.count <= Int(UInt32.max), "more findings than the sort key's index holds")
        // Positions as two integers (file rank and line; column and index): a plain sort of
        // integers, stable by construction. Only runs of findings at one place are then compared
        // by key path, code and message, each key path made once.
        var keys = diagnostics.indices.map { index in
            let location = diagnostics[index].location
            let line = UInt64(location.line.map { UInt32(clamping: $0) } ?? UInt32.max)
            let column = UInt64(location.column.map { UInt32(clamping: $0) } ?? UInt32.max)
            return SortKey(
                position: UInt64(fileRank[location.file] ?? 0) << 32 | line,
                columnAndIndex: column << 32 | UInt64(index))
        }
        keys.sort { ($0.position, $0.columnAndIndex) < ($1.position, $1.columnAndIndex) }
        var order = keys.map(\.index)
        var runStart = 0
        while runStart < keys.count {
            var runEnd = runStart + 1
            while runEnd < keys.count, keys[runEnd].samePlace(as: keys[runStart]) { runEnd += 1 }
            if runEnd - runStart > 1 {
                // Findings about one value (the usual run) share their key path: no need to make it.
                let first = diagnostics[order[runStart]].location
                let onePath = order[(runStart + 1)..<runEnd].allSatisfy {
                    diagnostics[$0].location.sharesKeyPath(with: first)
                }
                let run = order[runStart..<runEnd].map { index in
                    (index: index, path: onePath ? "" : diagnostics[index].location.keyPath.description)
                }
                let sortedRun = run.sorted { left, right in
                    if left.path != right.path { return left.path < right.path }
                    let (a, b) = (diagnostics[left.index], diagnostics[right.index])
                    if a.code != b.code { return a.code < b.code }
                    if a.message != b.message { return a.message < b.message }
                    return left.index < right.index
                }
                for (offset, item) in sortedRun.enumerated() { order[runStart + offset] = item.index }
            }
            runStart = runEnd
        }
        // Apply the permutation cycle by cycle (position i receives the element at order[i]),
        // swapping: elements move, none is copied.
        var placed = [Bool](repeating: false, count: order.count)
        for start in order.indices where !placed[start] {
            var position = start
            placed[start] = true
            while !placed[order[position]] {
                let next = order[position]
                diagnostics.swapAt(position, next)
                placed[next] = true
                position = next
            }
        }
        // Exact duplicates are next to each other now, at one place.
        var write = 0
        for read in diagnostics.indices {
            if write > 0, keys[read].samePlace(as: keys[write - 1]),
                diagnostics[read].code == diagnostics[write - 1].code,
                diagnostics[read].message == diagnostics[write - 1].message, diagnostics[read] == diagnostics[write - 1]
            {
                continue
            }
            if read != write {
                diagnostics.swapAt(read, write)
                keys[write] = keys[read]
            }
            write += 1
        }
        diagnostics.removeLast(diagnostics.count - write)
    }

    /// The integer part of the report order: file rank and line; column and the index in the
    /// unsorted findings (which keeps the sort stable).
    private struct SortKey {
        var position: UInt64
        var columnAndIndex: UInt64

        var index: Int { Int(columnAndIndex & 0xFFFF_FFFF) }

        func samePlace(as other: SortKey) -> Bool {
            position == other.position && columnAndIndex >> 32 == other.columnAndIndex >> 32
        }
    }
}
