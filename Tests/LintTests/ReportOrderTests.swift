import AppBundle
import Foundation
import PropertyList
import Testing
import UniformTypes

@testable import Lint

/// The report order and the JSON writer on reports far larger than the examples: the in-place
/// sort against a plain sort by `Diagnostic.reportOrder`, and the JSON written in chunks against
/// a parse of it.
@Suite struct ReportOrderTests {
    /// Values of a small document: locations whose key paths are computed from the value.
    static let values: [PlistValue] = {
        let text = """
            <plist><dict><key>A</key><array><string>x</string><string>y</string></array>
            <key>B.c</key><dict><key>D</key><integer>1</integer></dict></dict></plist>
            """
        guard let document = try? PropertyListReader().read(Array(text.utf8), file: "Gen.plist") else { return [] }
        var stack = [document.root]
        var found: [PlistValue] = []
        while let value = stack.popLast() {
            found.append(value)
            stack += value.elements + value.entries.map(\.value)
        }
        return found
    }()

    /// `count` findings drawn with a fixed seed from few files, places, key paths, codes and
    /// messages, so that ties of every depth and exact duplicates occur.
    static func findings(_ count: Int, seed: UInt64) -> [Diagnostic] {
        // A linear congruential draw (Knuth's MMIX constants): replayable from the seed.
        var state = seed
        func draw() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        func pick<T>(_ items: [T]) -> T { items[Int(draw() % UInt64(items.count))] }
        return (0..<count).map { _ in
            let location: PropertyList.SourceLocation
            switch draw() % 3 {
            case 0: location = pick(values).location
            case 1:
                location = PropertyList.SourceLocation(
                    file: pick(["b.plist", "a.plist"]), line: pick([1, 2, 3, nil]), column: pick([4, 5, nil]),
                    keyPath: PlistKeyPath([.key(pick(["K", "L", "a b"])), .index(pick([0, 1]))]))
            default:
                location = PropertyList.SourceLocation(file: "Gen.plist", line: pick([1, 2]), column: pick([15, 29]))
            }
            return Diagnostic(
                code: pick(["DOC-002", "UTI-001", "ICON-003"]), name: "rule", severity: pick([.error, .info]),
                message: pick(["m", "n", "é"]), location: location,
                notes: draw() % 4 == 0 ? [Note("note", at: location)] : [])
        }
    }

    /// The reference: a stable sort by `reportOrder`, then adjacent exact duplicates dropped.
    static func reference(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for diagnostic in diagnostics.sorted(by: Diagnostic.reportOrder) where result.last != diagnostic {
            result.append(diagnostic)
        }
        return result
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func inPlaceSortMatchesReportOrder(seed: UInt64) {
        let diagnostics = Self.findings(3_000, seed: seed)
        let sorted = Linter.sorted(diagnostics)
        let expected = Self.reference(diagnostics)
        #expect(sorted.count < diagnostics.count, "the draw has duplicates")
        #expect(sorted == expected)
        #expect(Linter.sorted(sorted) == sorted)
    }

    /// The rules' findings merged into one report (gathered and keyed on every core above the
    /// threshold) are the reference order of all of them, whatever way they are split between
    /// rules, empty rules included; the arrays given are left empty.
    @Test(arguments: [(6, 3_000), (7, FindingMerge.concurrencyThreshold + 5_000)] as [(UInt64, Int)])
    func findingsOfManyRulesMergeIntoTheReportOrder(seed: UInt64, count: Int) {
        let diagnostics = Self.findings(count, seed: seed)
        var outcomes: [[Diagnostic]] = []
        var start = 0
        for size in [0, count / 3, 1, 0, count / 5, 17] + [count] {
            let end = min(diagnostics.count, start + size)
            outcomes.append(Array(diagnostics[start..<end]))
            start = end
        }
        outcomes.append([])
        #expect(outcomes.reduce(0) { $0 + $1.count } == count)
        let merged = FindingMerge.merge(&outcomes)
        #expect(merged == Self.reference(diagnostics))
        #expect(outcomes.allSatisfy { $0.isEmpty })
        var nothing: [[Diagnostic]] = [[], []]
        #expect(FindingMerge.merge(&nothing).isEmpty)
    }

    /// Sorted in two halves side by side and merged, the keys of a large report come out as one
    /// sort orders them: repeated places and lines, and sorted and reversed runs, included.
    @Test(
        arguments: [(8, 2 * FindingMerge.concurrencyThreshold + 1), (9, 3 * FindingMerge.concurrencyThreshold)]
            as [(UInt64, Int)])
    func keysSortedInHalvesMatchOneSort(seed: UInt64, count: Int) {
        // The linear congruential draw of ``findings(_:seed:)``.
        var state = seed
        func draw() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var keys: [FindingMerge.SortKey] = (0..<count).map { index in
            let line = draw() % 64
            let column = draw() % 8
            return FindingMerge.SortKey(
                position: (draw() % 3) << 32 | line, columnAndIndex: column << 32 | UInt64(index))
        }
        // A sorted run and a reversed one, as rules hand in findings in document order.
        keys[0..<1_000].sort(by: FindingMerge.SortKey.precedes)
        keys[1_000..<2_000].sort { FindingMerge.SortKey.precedes($1, $0) }
        var halves = keys
        FindingMerge.sortKeys(&halves, concurrently: true)
        let expected = keys.sorted(by: FindingMerge.SortKey.precedes)
        #expect(halves.map(\.position) == expected.map(\.position))
        #expect(halves.map(\.columnAndIndex) == expected.map(\.columnAndIndex))
        var alone = keys
        FindingMerge.sortKeys(&alone, concurrently: false)
        #expect(alone.map(\.columnAndIndex) == expected.map(\.columnAndIndex))
    }

    /// Parts aligned on places cover every key once, in order, none empty, and never split a
    /// run of keys at one place: runs across the even cut, one run over everything, few keys.
    @Test(
        arguments: [
            (FindingMerge.concurrencyThreshold + 10, 2, 1), (FindingMerge.concurrencyThreshold + 10, 4, 5_000),
            (FindingMerge.concurrencyThreshold + 10, 2, 1_000_000), (40_000, 3, 7), (10, 2, 3),
        ] as [(Int, Int, Int)])
    func placeAlignedPartsNeverSplitARun(count: Int, width: Int, runLength: Int) {
        // Runs of `runLength` keys at one place (line), places in order.
        let keys = (0..<count).map { index in
            FindingMerge.SortKey(position: UInt64(index / runLength), columnAndIndex: UInt64(index))
        }
        let parts = keys.withUnsafeBufferPointer {
            FindingMerge.placeAlignedParts($0, width: width, concurrently: true)
        }
        #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == count)
        #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(parts.allSatisfy { !$0.isEmpty })
        #expect(parts.count <= width)
        for part in parts.dropFirst() {
            #expect(!keys[part.lowerBound].samePlace(as: keys[part.lowerBound - 1]))
        }
        let expectedParts = count < FindingMerge.concurrencyThreshold || runLength >= count ? 1 : width
        #expect(parts.count == expectedParts)
        // Without concurrency, one part.
        let one = keys.withUnsafeBufferPointer { FindingMerge.placeAlignedParts($0, width: width, concurrently: false) }
        #expect(one == [0..<count])
    }

    /// Split for any number of cores, the parts cover every finding once, in order, none empty.
    @Test(arguments: [(16_384, 192), (16_384, 2), (7, 16), (1, 8), (0, 4), (100_003, 64)] as [(Int, Int)])
    func partsCoverEveryFindingOnce(count: Int, width: Int) {
        let (size, ranges) = FindingMerge.parts(of: count, width: width, concurrently: true)
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(count == 0 || ranges.allSatisfy { !$0.isEmpty && $0.count <= size })
        #expect(ranges.count <= max(1, width))
        // Each finding's part is its index over the size.
        for (part, range) in ranges.enumerated() where !range.isEmpty {
            #expect(range.lowerBound / size == part && (range.upperBound - 1) / size == part)
        }
    }

    @Test func jsonWrittenInChunksIsOneDocumentInOrder() throws {
        // More chunks than are rendered ahead of the one written, the last one short.
        let count = (JSONReporter.chunksAhead + 1) * JSONReporter.chunkSize + 17
        let diagnostics = Self.findings(count, seed: 9)  // unsorted: the writer keeps any order
        let report = LintReport(diagnostics: diagnostics, files: 3)
        var parts: [[UInt8]] = []
        JSONReporter().write(report) { parts.append($0) }
        let chunks = (diagnostics.count + JSONReporter.chunkSize - 1) / JSONReporter.chunkSize
        #expect(chunks > JSONReporter.chunksAhead)
        #expect(parts.count == chunks + 2, "the head, one part per chunk, the tail")
        let bytes = JSONReporter().renderBytes(report)
        #expect(Array(parts.joined()) == bytes)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let written = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(written.count == diagnostics.count)
        #expect(written.map { $0["keyPath"] as? String } == diagnostics.map { $0.location.keyPath.description })
        #expect(written.map { $0["rule"] as? String } == diagnostics.map(\.code))
        #expect(written.map { $0["line"] as? Int } == diagnostics.map(\.location.line))
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary["errors"] == diagnostics.filter { $0.severity == .error }.count)
    }
}

/// A bundle large enough that the context is built on two cores (catalog beside the indexes).
@Suite struct LargeBundleTests {
    /// `count` document types each listing its own exported type, every second one declared twice
    /// (the first declaration is in effect) and every third one listed in lower and upper case.
    static func bundle(count: Int) -> String {
        var text =
            "<key>CFBundleIdentifier</key><string>com.example.big</string>\n<key>CFBundleDocumentTypes</key><array>\n"
        for index in 0..<count {
            text += "<dict><key>CFBundleTypeName</key><string>Kind \(index)</string><key>LSItemContentTypes</key>"
            text += "<array><string>com.example.t\(index)</string>"
            if index % 3 == 0 { text += "<string>COM.EXAMPLE.T\(index)</string>" }
            text += "</array></dict>\n"
        }
        text += "</array>\n<key>UTExportedTypeDeclarations</key><array>\n"
        for index in 0..<count {
            text += "<dict><key>UTTypeIdentifier</key><string>com.example.t\(index)</string><key>UTTypeConformsTo</key>"
            text += "<array><string>public.data</string></array></dict>\n"
            if index % 2 == 0 {
                text += "<dict><key>UTTypeIdentifier</key><string>com.Example.T\(index)</string>"
                text += "<key>UTTypeConformsTo</key><array><string>public.text</string></array></dict>\n"
            }
        }
        return text + "</array>\n"
    }

    @Test func aLargeBundlesContextHasEachDeclarationInEffectOnce() throws {
        let count = LintContext.concurrencyThreshold + 10
        let document = try PropertyListReader().read(
            Array(plistText(Self.bundle(count: count)).utf8), file: "big.plist")
        let context = LintContext(app: InfoPlist(document: document))
        let inEffect = context.declarationsInEffect.map(\.declaration)
        #expect(inEffect.map(\.identifier.rawValue) == (0..<count).map { "com.example.t\($0)" })
        #expect(inEffect.allSatisfy { $0.conformances.map(\.value) == ["public.data"] })
        #expect(
            context.declarationsInEffect.map { Optional.some($0.node) }
                == inEffect.map { context.catalog.graph.node(for: $0.identifier) })
        #expect(context.declarationsInEffect.allSatisfy { context.isListed($0.node) })
        #expect(context.ownDomains == ["com.example"])
        let listed = context.app.documentTypes.flatMap { $0.contentTypes.map(\.value) }
        #expect(context.documentIdentifiers == Set(listed))
        #expect(context.documentIdentifiers.count == count)
        // Each entry's listed types, with their positions and nodes, as the entries list them.
        for (position, entry) in context.app.documentTypes.enumerated() {
            let types = Array(context.listedTypes(ofEntry: position))
            #expect(types.map(\.type.value) == entry.contentTypes.map(\.value))
            #expect(types.allSatisfy { $0.entryIndex == position && $0.entry == entry })
            #expect(types.map(\.typeIndex) == Array(entry.contentTypes.indices))
            #expect(types.map(\.node) == types.map { context.catalog.graph.node(for: $0.type.value) })
        }
        #expect(context.appListedTypes.map(\.type.value) == listed)
        // Declaration sites carry the node the catalog recorded, exports and imports alike.
        for section in [DeclarationSite.Section.exported, .imported] {
            for site in context.declarationSites(inPlist: 0, section) {
                #expect(site.node == context.catalog.graph.node(for: site.declaration.identifier))
            }
        }
    }

    /// An entry that lists no type takes no place: the next entry's types are its own.
    @Test func listedTypesKnowTheirEntryPastEmptyEntries() throws {
        func entry(_ name: String, _ types: [String]) -> String {
            "<dict><key>CFBundleTypeName</key><string>\(name)</string><key>LSItemContentTypes</key><array>"
                + types.map { "<string>\($0)</string>" }.joined() + "</array></dict>"
        }
        let text =
            "<key>CFBundleDocumentTypes</key><array>" + entry("A", ["public.png", "public.jpeg"]) + entry("B", [])
            + entry("C", []) + entry("D", ["com.example.none"]) + "</array>"
        let document = try PropertyListReader().read(Array(plistText(text).utf8), file: "e.plist")
        let context = LintContext(app: InfoPlist(document: document))
        #expect(context.listedTypes(ofEntry: 1).isEmpty)
        #expect(context.listedTypes(ofEntry: 2).isEmpty)
        let last = Array(context.listedTypes(ofEntry: 3))
        #expect(last.map(\.entryIndex) == [3])
        #expect(last.map(\.typeIndex) == [0])
        #expect(last.first?.node == nil, "neither declared nor named as a supertype")
        #expect(context.appListedTypes.map(\.entryIndex) == [0, 0, 3])
        #expect(context.listedTypes(ofEntry: 9).isEmpty)
    }

    @Test func theLintRunsTheCodeRulesLastAndFindsWhatEachRuleFindsAlone() throws {
        // The rules in the registry's order, those that read the app's code (which may still be
        // being read) last; any subset alike.
        func expected(_ codes: [String]) -> [String] {
            codes.filter { !$0.hasPrefix("SRC-") } + codes.filter { $0.hasPrefix("SRC-") }
        }
        let codes = RuleRegistry.rules.map { type(of: $0).description.code }
        let started = Linter.startOrder(RuleRegistry.rules).map { codes[$0] }
        #expect(started == expected(codes))
        let some = RuleRegistry.rules.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        let someCodes = some.map { type(of: $0).description.code }
        #expect(Linter.startOrder(some).map { someCodes[$0] } == expected(someCodes))
        let document = try PropertyListReader().read(
            Array(plistText(Self.bundle(count: 300)).utf8), file: "big.plist")
        let context = LintContext(app: InfoPlist(document: document))
        let alone = RuleRegistry.rules.filter { type(of: $0).description.applies(to: context.platform) }
            .flatMap { $0.check(context) }
        let found = Linter().lint(context)
        #expect(found == Linter.sorted(alone))
        // Missing ranks and roles, the twins, the case mismatches: a lint with many rules finding.
        #expect(Set(found.map(\.code)).isSuperset(of: ["DOC-002", "DOC-004", "UTI-010", "UTI-016"]))
    }

    @Test func aLargeBundleIsLintedTheSameOnEveryRun() throws {
        let count = LintContext.concurrencyThreshold / 2 + 50
        var text =
            "<key>CFBundleIdentifier</key><string>com.example.big</string>\n<key>CFBundleDocumentTypes</key><array>\n"
        for index in 0..<count {
            text += "<dict><key>CFBundleTypeName</key><string>Kind \(index)</string><key>CFBundleTypeRole</key>"
            text += "<string>Editor</string><key>LSItemContentTypes</key><array><string>com.example.t\(index)</string>"
            text += "</array></dict>\n"
        }
        text += "</array>\n<key>UTExportedTypeDeclarations</key><array>\n"
        for index in 0..<count {
            text += "<dict><key>UTTypeIdentifier</key><string>com.example.t\(index)</string><key>UTTypeConformsTo</key>"
            text += "<array><string>public.data</string></array><key>UTTypeTagSpecification</key><dict>"
            text += "<key>public.filename-extension</key><array><string>t\(index)</string></array></dict></dict>\n"
        }
        text += "</array>\n"
        let first = Linter().lint(text: plistText(text))
        // Every entry lacks a rank; every content type is declared by the bundle.
        #expect(first.filter { $0.code == "DOC-002" }.count == count)
        #expect(!first.contains { $0.code == "DOC-006" })
        #expect(Linter().lint(text: plistText(text)) == first)
    }
}
