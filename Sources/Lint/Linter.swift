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

    /// The findings for one loaded app and its extensions.
    public func lint(_ unit: AppUnit) -> [Diagnostic] {
        lint(context(for: unit))
    }

    /// The context the rules read for `unit`, with this linter's build settings and system types.
    public func context(for unit: AppUnit) -> LintContext {
        LintContext(unit: unit, buildSettings: configuration.buildSettings, systemDeclarations: systemDeclarations)
    }

    /// The findings for `context`, configured, suppressed and sorted.
    public func lint(_ context: LintContext) -> [Diagnostic] {
        // Rules are independent and pure: run them on every core.
        let active = rules.filter { rule in
            let description = type(of: rule).description
            return description.applies(to: context.platform) && self.configuration.rules[description.code] != .off
        }
        let configuration = self.configuration
        // The slowest rules start first, so that none is left running alone at the end while
        // the other cores wait; the findings go back to the registry's order.
        let order = Self.startOrder(active)
        let scheduled = ParallelMap.map(order) { index in
            let rule = active[index]
            var found = rule.check(context)
            if let severity = configuration.rules[type(of: rule).description.code]?.severity {
                for index in found.indices { found[index].severity = severity }
            }
            return found
        }
        var outcomes = [[Diagnostic]](repeating: [], count: active.count)
        for (position, index) in order.enumerated() { outcomes[index] = scheduled[position] }
        // Moved, not copied, into one array (popLast moves; each rule's findings reversed first).
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(outcomes.reduce(0) { $0 + $1.count })
        for index in outcomes.indices {
            var found: [Diagnostic] = []
            swap(&found, &outcomes[index])
            found.withUnsafeMutableBufferPointer { $0.reverse() }  // moves; Array's swaps may copy
            while let diagnostic = found.popLast() { diagnostics.append(diagnostic) }
        }
        let suppressions = Self.suppressions(in: context)
        if !suppressions.isEmpty {
            diagnostics.removeAll { diagnostic in
                suppressions[diagnostic.location.file]?.suppresses(diagnostic) ?? false
            }
        }
        Self.sort(&diagnostics)
        return diagnostics
    }

    /// The rules that take longest on a large bundle, slowest first (`utiscope-bench lint`'s
    /// per-rule times on gen.py's c_huge.plist): a hint for scheduling only, which never
    /// changes what is found.
    static let slowestRules: [String] = [
        "DOC-011", "ICON-001", "DOC-005", "UTI-013", "UTI-009", "UTI-001", "UTI-014", "UTI-004", "DOC-016",
        "DOC-006", "UTI-019", "DOC-010",
    ]

    /// The positions in `rules` in the order they start: those in ``slowestRules``, slowest first,
    /// then the others in their order.
    static func startOrder(_ rules: [any Rule]) -> [Int] {
        func rank(_ index: Int) -> Int {
            slowestRules.firstIndex(of: type(of: rules[index]).description.code) ?? slowestRules.count
        }
        return rules.indices.sorted { (rank($0), $0) < (rank($1), $1) }
    }

    /// The suppression comments of `context`'s XML files, by file, from the comments their
    /// reader kept.
    private static func suppressions(in context: LintContext) -> [String: Suppressions] {
        var suppressions: [String: Suppressions] = [:]
        for plist in context.infoPlists {
            guard let document = plist.document, document.format == .xml, suppressions[document.file] == nil
            else { continue }
            let found = Suppressions(document: document)
            if !found.isEmpty { suppressions[document.file] = found }
        }
        return suppressions
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
        for (index, extensionText) in extensions.enumerated() {
            let extensionFile = Example.extensionFile(index)
            guard let extensionDocument = try? PropertyListReader().read(Array(extensionText.utf8), file: extensionFile)
            else { continue }
            models.append(InfoPlist(document: extensionDocument, platform: platform))
        }
        let context = LintContext(
            app: InfoPlist(document: document, platform: platform ?? configuration.platform), extensions: models,
            buildSettings: configuration.buildSettings, resources: resources, systemDeclarations: systemDeclarations)
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

    /// Sorts `diagnostics` for reporting in place and removes exact duplicates. Positions are
    /// compared as integers (file rank, line, column), whole diagnostics only on a tie; the
    /// order is then applied by swapping, so no diagnostic is copied (a report can hold
    /// hundreds of thousands).
    static func sort(_ diagnostics: inout [Diagnostic]) {
        precondition(diagnostics.count <= Int(UInt32.max), "more findings than the sort key's index holds")
        // Through the buffer, fields are read in place and elements move: copying a diagnostic
        // (or swapping two in the array) would retain and release its strings, location and notes.
        let kept = diagnostics.withUnsafeMutableBufferPointer { sortAndDeduplicate($0) }
        diagnostics.removeLast(diagnostics.count - kept)
    }

    /// Sorts `found` and moves exact duplicates to its end; returns how many are kept.
    private static func sortAndDeduplicate(_ found: UnsafeMutableBufferPointer<Diagnostic>) -> Int {
        // Each finding's file, as a number: findings come in runs of one file (one string), so
        // the file is looked up only when it differs from the previous finding's.
        var fileNumbers: [String: Int] = [:]
        var files: [String] = []
        var fileOf = [UInt32](repeating: 0, count: found.count)
        var previous: (file: String, number: Int)?
        for index in found.indices {
            let file = found[index].location.file
            if let previous, previous.file == file {
                fileOf[index] = UInt32(previous.number)
                continue
            }
            let number: Int
            if let known = fileNumbers[file] {
                number = known
            } else {
                number = files.count
                fileNumbers[file] = number
                files.append(file)
            }
            fileOf[index] = UInt32(number)
            previous = (file, number)
        }
        var rankOfNumber = [UInt32](repeating: 0, count: files.count)
        for (rank, number) in files.indices.sorted(by: { files[$0] < files[$1] }).enumerated() {
            rankOfNumber[number] = UInt32(rank)
        }
        // Positions as two integers (file rank and line; column and index): a plain sort of
        // integers, stable by construction. Only runs of findings at one place are then compared
        // by key path, code and message, each key path made once.
        var keys = found.indices.map { index in
            let line = UInt64(found[index].location.line.map { UInt32(clamping: $0) } ?? UInt32.max)
            let column = UInt64(found[index].location.column.map { UInt32(clamping: $0) } ?? UInt32.max)
            return SortKey(
                position: UInt64(rankOfNumber[Int(fileOf[index])]) << 32 | line,
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
                let first = found[order[runStart]].location
                let onePath = order[(runStart + 1)..<runEnd].allSatisfy {
                    found[$0].location.sharesKeyPath(with: first)
                }
                let run = order[runStart..<runEnd].map { index in
                    (index: index, path: onePath ? "" : found[index].location.keyPath.description)
                }
                let sortedRun = run.sorted { left, right in
                    if left.path != right.path { return left.path < right.path }
                    if found[left.index].code != found[right.index].code {
                        return found[left.index].code < found[right.index].code
                    }
                    if found[left.index].message != found[right.index].message {
                        return found[left.index].message < found[right.index].message
                    }
                    return left.index < right.index
                }
                for (offset, item) in sortedRun.enumerated() { order[runStart + offset] = item.index }
            }
            runStart = runEnd
        }
        // Apply the permutation cycle by cycle (position i receives the element at order[i]).
        var placed = [Bool](repeating: false, count: order.count)
        for start in order.indices where !placed[start] {
            var position = start
            placed[start] = true
            while !placed[order[position]] {
                let next = order[position]
                found.swapAt(position, next)
                placed[next] = true
                position = next
            }
        }
        // Exact duplicates are next to each other now, at one place.
        var write = 0
        for read in found.indices {
            if write > 0, keys[read].samePlace(as: keys[write - 1]), found[read].code == found[write - 1].code,
                found[read].message == found[write - 1].message, found[read] == found[write - 1]
            {
                continue
            }
            if read != write {
                found.swapAt(read, write)
                keys[write] = keys[read]
            }
            write += 1
        }
        return write
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
