import AppBundle
import Dispatch
import DocumentBrowser
import PropertyList
import Support
import SwiftSource
import UniformTypes

/// Everything a rule may look at for one app, built once and read-only: the Info.plist models of
/// the app and its extensions, the type catalog (system types plus the bundle's declarations)
/// with its conformance graph, the platform, the build settings given, and the bundle's
/// resources when there is a bundle to look in.
public struct LintContext: Sendable {
    /// The app's Info.plist.
    public let app: InfoPlist
    /// The Info.plists of the extensions the app embeds.
    public let extensions: [InfoPlist]
    /// System types, then the app's declarations, then its extensions'.
    public let catalog: TypeCatalog
    /// The platform rules run for: the app's, from its keys or as given.
    public let platform: Platform
    /// Build settings given with `--setting` or in the configuration (for `$(NAME)` references).
    public let buildSettings: [String: String]
    /// ``buildSettings`` made ready for ``BuildSettingExpander``, once; nil when none were given.
    let expandableSettings: BuildSettings?
    /// The bundle's resources, or nil when the Info.plist was given without a bundle or project
    /// around it (its resources may then be anywhere: ``ResourceIndex/isAuthoritative``). For a
    /// loaded app, the first use waits for the loader's walk.
    public var resources: ResourceIndex? {
        switch resourceSource {
        case .given(let resources): resources
        case .unit: unit.resources.isAuthoritative ? unit.resources : nil
        }
    }
    /// Where ``resources`` come from.
    private enum ResourceSource: Sendable {
        /// Given to the context (nil: none).
        case given(ResourceIndex?)
        /// The loaded app's, when they count: asked for only when a rule looks (the loader's walk
        /// may still be running while the context is built).
        case unit
    }
    private let resourceSource: ResourceSource
    /// The app as the document-browser answers see it.
    public let unit: AppUnit
    /// What the app's Swift code says, when its sources were read: the `SRC-*` rules check it
    /// against the Info.plist.
    public var code: SwiftCodeFacts? { unit.code }
    /// The choices for what Apple leaves open (the same flags as `icon` and `opens`).
    public let policy: BrowserPolicy
    /// The document-browser answers for the app, over the context's catalog: the rules about
    /// answers (ICON-001) render its decisions.
    public let browser: DocumentBrowser
    /// The identifiers the system and the bundle declare (hardware models left out), for "did you
    /// mean" suggestions.
    public let knownIdentifiers: [String]
    /// Every identifier referenced in the app's and its extensions' Info.plists, in file order per
    /// key: made each time it is asked for (the rules read the references where the models hold
    /// them).
    public var references: [IdentifierReference] { IdentifierReference.all(in: infoPlists) }
    /// The references some rules look at more closely
    /// (``IdentifierReference/unusual(in:sections:capitalised:)``), in the order of ``references``.
    let unusualReferences: [(identifier: Located<UniformTypeIdentifier>, site: IdentifierReference.Site)]
    /// The bundle's declarations in effect with the index of the declaring Info.plist, in file
    /// order (read as ``declarationsInEffect``).
    private let inEffectDeclarations: [(plist: Int, declaration: TypeDeclaration)]
    /// The identifiers the app's document types list, each once: made when asked (the rules ask
    /// by graph node instead, ``isListed(_:)``, so that a large app's hundred thousand listed
    /// identifiers are not hashed up front).
    public var documentIdentifiers: Set<UniformTypeIdentifier> {
        Set(listings.lazy.map(\.type.value))
    }
    /// The app, then its extensions.
    public let infoPlists: [InfoPlist]
    /// Every `LSItemContentTypes` item of the app's document types, with its entry (read as
    /// ``appListedTypes``).
    private let listings: [(entry: DocumentType, type: Located<UniformTypeIdentifier>)]
    /// The app's own vendor domains (see ``domain(of:)``): those of the bundle identifiers of the
    /// app and its extensions (as the build settings given spell them) and of the types the bundle
    /// exports in effect — not an export the system's declaration shadows, one in a reserved
    /// domain, or one made of a build setting.
    public let ownDomains: Set<String>
    /// The vendor domains of the bundle identifiers of the app and its extensions alone (as the
    /// build settings given spell them): whose the bundle is, whatever it exports.
    public var bundleDomains: Set<String> {
        Set(infoPlists.compactMap { bundleIdentifier(of: $0).flatMap(VendorDomain.domain(of:)) })
    }
    /// Whether a newer system's declarations (`--system-types`) were given.
    public let systemTypesGiven: Bool
    /// How messages name the system catalog: the embedded release's types (macOS 12.7), with the
    /// `--system-types` declarations when some were given.
    public let systemCatalogName: String
    /// For each of ``infoPlists``, the position in the catalog's declarations given of its first
    /// declaration: its exports, then its imports.
    private let firstGivenDeclaration: [Int]
    /// The graph node of each of the declarations in effect, in order.
    private let inEffectNodes: [ConformanceGraph.Node]
    /// By graph node: whether the app's document types list the type.
    private let listedNodes: [Bool]
    /// The graph node of each of ``listings``, in order (nil when the graph has none: the
    /// identifier is neither declared nor named as a supertype): looked up once here for the
    /// rules that ask it of every listed type.
    private let listingNodes: [ConformanceGraph.Node?]
    /// For each of the app's document types, the position in ``listings`` of its first listed
    /// type: a rule that reads only some entries finds their types without counting every
    /// entry's types.
    private let listingStarts: [Int]
    /// "Did you mean" candidates, made ready on first use.
    private let suggestionIndex: LazySuggestionIndex

    /// Above this many declarations in the bundle, "did you mean" looks only at system identifiers.
    static let bundleSuggestionLimit = 2_000
    /// Above this many declarations and document types, the context is built on two cores.
    static let concurrencyThreshold = 4_096

    /// A context for `app` and `extensions`; `systemDeclarations` (a newer system's types, read
    /// with `--system-types`) join the embedded system catalog.
    public init(
        app: InfoPlist, extensions: [InfoPlist] = [], buildSettings: [String: String] = [:],
        resources: ResourceIndex? = nil, systemDeclarations: [TypeDeclaration] = [],
        policy: BrowserPolicy = BrowserPolicy(), unit: AppUnit? = nil, code: SwiftCodeFacts? = nil
    ) {
        self.init(
            app: app, extensions: extensions, buildSettings: buildSettings, resourceSource: .given(resources),
            systemDeclarations: systemDeclarations, policy: policy, unit: unit, code: code)
    }

    /// A context for a loaded app; its resources count when they are the bundle's or project's
    /// (``ResourceIndex/isAuthoritative``).
    public init(
        unit: AppUnit, buildSettings: [String: String] = [:], systemDeclarations: [TypeDeclaration] = [],
        policy: BrowserPolicy = BrowserPolicy()
    ) {
        self.init(
            app: unit.infoPlist, extensions: unit.extensions, buildSettings: buildSettings, resourceSource: .unit,
            systemDeclarations: systemDeclarations, policy: policy, unit: unit, code: nil)
    }

    /// The context both initializers make.
    private init(
        app: InfoPlist, extensions: [InfoPlist], buildSettings: [String: String], resourceSource: ResourceSource,
        systemDeclarations: [TypeDeclaration], policy: BrowserPolicy, unit: AppUnit?, code: SwiftCodeFacts?
    ) {
        self.app = app
        self.policy = policy
        self.extensions = extensions
        self.platform = app.platform.platform
        self.buildSettings = buildSettings
        self.expandableSettings =
            buildSettings.isEmpty
            ? nil : BuildSettings(layers: [BuildSettingLayer(source: .commandLine, values: buildSettings)])
        self.resourceSource = resourceSource
        let plists = [app] + extensions
        let bundleCount = plists.reduce(0) { $0 + $1.exportedTypes.count + $1.importedTypes.count }
        // The catalog and the indexes of the files do not depend on each other: for a large
        // bundle the indexes are built beside the catalog.
        // The declarations given, in order (one copy of each: not through `InfoPlist.declarations`).
        var given = systemDeclarations
        given.reserveCapacity(systemDeclarations.count + bundleCount)
        var firstGiven: [Int] = []
        for plist in plists {
            firstGiven.append(given.count)
            given += plist.exportedTypes
            given += plist.importedTypes
        }
        // The references some rules read are found in one pass for all of them, beside the
        // layering, which leaves a core free for ~80 ms of a huge bundle.
        let allGiven = given
        let system = SystemTypeCatalog.embedded(as: policy.systemRelease)
        let (catalog, indexes) = TypeCatalog.building(
            system: system, declarations: given,
            concurrently: bundleCount + app.documentTypes.count > Self.concurrencyThreshold,
            beside: {
                var contentTypes: [(entry: DocumentType, type: Located<UniformTypeIdentifier>)] = []
                var starts: [Int] = []
                starts.reserveCapacity(app.documentTypes.count)
                for entry in app.documentTypes {
                    starts.append(contentTypes.count)
                    for type in entry.contentTypes { contentTypes.append((entry, type)) }
                }
                let capitalised = IdentifierReference.capitalised(allGiven, system: system)
                let unusual = IdentifierReference.merged(
                    documentTypes: IdentifierReference.unusual(
                        in: plists, sections: .documentTypes, capitalised: capitalised),
                    declarations: IdentifierReference.unusual(
                        in: plists, sections: .declarations, capitalised: capitalised)
                ).map { ($0.identifier, $0.site) }
                return (contentTypes: contentTypes, starts: starts, unusual: unusual)
            })
        self.catalog = catalog
        // Suggestions compare a word with every candidate; with a huge bundle only the system's
        // identifiers are candidates, so a look-up stays cheap.
        self.knownIdentifiers =
            bundleCount <= Self.bundleSuggestionLimit
            ? catalog.userFacingIdentifiers.map(\.rawValue)
            : catalog.system.userFacingIdentifiers.map(\.rawValue)
        self.infoPlists = plists
        self.firstGivenDeclaration = firstGiven
        self.listings = indexes.contentTypes
        self.listingStarts = indexes.starts
        // The declarations in effect are read from the nodes the catalog recorded, then the domains
        // of their exports; then the listed types' nodes.
        let (declarations, nodes) = Self.declarationsInEffect(plists, catalog, from: systemDeclarations.count)
        self.inEffectDeclarations = declarations
        self.inEffectNodes = nodes
        self.ownDomains = Self.ownDomains(plists, declarationsInEffect: declarations, settings: expandableSettings)
        var listedNodes = [Bool](repeating: false, count: catalog.graph.nodeCount)
        self.listingNodes = indexes.contentTypes.map { listing -> ConformanceGraph.Node? in
            let node = catalog.graph.node(for: listing.type.value)
            if let node { listedNodes[Int(node.rawValue)] = true }
            return node
        }
        self.listedNodes = listedNodes
        self.unusualReferences = indexes.unusual
        self.suggestionIndex = LazySuggestionIndex(knownIdentifiers)
        self.systemTypesGiven = !systemDeclarations.isEmpty
        let release = catalog.system.name
        self.systemCatalogName =
            systemDeclarations.isEmpty
            ? "the system catalog (\(release))" : "the system catalog (\(release) and the --system-types declarations)"
        var givenIndex: ResourceIndex?
        if case .given(let resources) = resourceSource { givenIndex = resources }
        var unit =
            unit
            ?? AppUnit(
                name: app.file, infoPlist: app, extensions: extensions, folder: Path.directory(of: app.file),
                resources: givenIndex ?? .empty)
        if let code { unit.code = code }
        self.unit = unit
        self.browser = DocumentBrowser(app: unit, allowed: [], policy: policy, catalog: catalog)
    }

    /// Whether the app or an extension exports or imports `identifier` (compared case-insensitively).
    public func declaresInBundle(_ identifier: UniformTypeIdentifier) -> Bool {
        // The catalog holds every declaration of the bundle, shadowed ones included: one look-up.
        catalog.declarations(for: identifier).contains { !$0.origin.isSystem }
    }

    /// Whether anyone (the system or the bundle) declares `identifier`.
    public func isDeclared(_ identifier: UniformTypeIdentifier) -> Bool {
        catalog.contains(identifier)
    }

    /// The Thumbnail extensions' `QLSupportedContentTypes`, with the extension's Info.plist.
    public var thumbnailTypes: [(plist: InfoPlist, type: Located<UniformTypeIdentifier>)] {
        extensions.filter { $0.appExtension?.point == .thumbnail }.flatMap { plist in
            (plist.appExtension?.supportedContentTypes ?? []).map { (plist, $0) }
        }
    }

    /// The known identifier `identifier` is clearly a misspelling of, never itself
    /// (``IdentifierSuggestion``: weighed as people mistype identifiers, and only when every other
    /// candidate is at least one edit further).
    public func suggestion(for identifier: UniformTypeIdentifier) -> UniformTypeIdentifier? {
        suggestionIndex.search.suggestion(for: identifier)
    }

    /// ``suggestion(for:)``, never `excluded` (the type whose conformance is being corrected:
    /// suggesting it would make the type conform to itself).
    public func suggestion(for identifier: UniformTypeIdentifier, excluding excluded: UniformTypeIdentifier)
        -> UniformTypeIdentifier?
    {
        suggestionIndex.search.suggestion(for: identifier, excluding: excluded)
    }
}

extension LintContext {
    /// The findings `finding` makes from each of ``references`` (the identifier with its location,
    /// and where it is listed), in order. The references are read where the models hold them,
    /// none copied: a large app lists hundreds of thousands.
    func referenceFindings(
        _ finding: (Located<UniformTypeIdentifier>, IdentifierReference.Site) -> Diagnostic?
    ) -> [Diagnostic] {
        var found: [Diagnostic] = []
        IdentifierReference.forEach(in: infoPlists) { _, identifier, site in
            if let diagnostic = finding(identifier, site) { found.append(diagnostic) }
        }
        return found
    }

    /// ``referenceFindings(_:)`` for ``unusualReferences`` only: for a rule that finds nothing in a
    /// reference that is plainly spelled, written case-folded, not `public.package` and not equal
    /// to an identifier that some declaration spells with a capital letter.
    func unusualReferenceFindings(
        _ finding: (Located<UniformTypeIdentifier>, IdentifierReference.Site) -> Diagnostic?
    ) -> [Diagnostic] {
        Self.findings(in: unusualReferences) { finding($0.identifier, $0.site) }
    }

    /// Calls `body` with each declaration of `plist` — its exports, then its imports, as
    /// `plist.declarations` lists them — read in place, without making that array (nor copying
    /// a declaration that `body` passes over).
    static func forEachDeclaration(of plist: InfoPlist, _ body: (TypeDeclaration) -> Void) {
        for declarations in [plist.exportedTypes, plist.importedTypes] {
            declarations.withUnsafeBufferPointer { declarations in
                for index in declarations.indices { body(declarations[index]) }
            }
        }
    }

    /// The graph node of the identifier of `declaration`, at `index` among the exports, then
    /// imports, of ``infoPlists``[`plist`]: the one the catalog recorded for it when it was built,
    /// without hashing the identifier (or, should it have none, the graph's look-up).
    private func node(ofDeclarationAt index: Int, inPlist plist: Int, _ declaration: TypeDeclaration)
        -> ConformanceGraph.Node?
    {
        catalog.node(ofDeclarationAt: firstGivenDeclaration[plist] + index)
            ?? catalog.graph.declaredNode(for: declaration.identifier)
    }

    /// The findings `finding` makes from each declaration of each Info.plist (exports, then
    /// imports), in order, read in place.
    func declarationFindings(_ finding: (TypeDeclaration) -> Diagnostic?) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for plist in infoPlists {
            Self.forEachDeclaration(of: plist) { declaration in
                if let diagnostic = finding(declaration) { found.append(diagnostic) }
            }
        }
        return found
    }

    /// The findings `finding` makes from each type the app's document types list (the identifier
    /// with its location), in order, read in place.
    func contentTypeFindings(_ finding: (Located<UniformTypeIdentifier>) -> Diagnostic?) -> [Diagnostic] {
        Self.findings(in: listings) { finding($0.type) }
    }

    /// ``contentTypeFindings(_:)`` with each type's graph node (nil when the graph has none),
    /// found when the context was made.
    func contentTypeFindings(
        _ finding: (Located<UniformTypeIdentifier>, ConformanceGraph.Node?) -> Diagnostic?
    ) -> [Diagnostic] {
        listings.withUnsafeBufferPointer { listings in
            var found: [Diagnostic] = []
            for index in listings.indices {
                if let diagnostic = finding(listings[index].type, listingNodes[index]) { found.append(diagnostic) }
            }
            return found
        }
    }

    /// The findings `finding` makes from each of `items`, in order, each item read in place.
    private static func findings<Item>(in items: [Item], _ finding: (Item) -> Diagnostic?) -> [Diagnostic] {
        items.withUnsafeBufferPointer { items in
            var found: [Diagnostic] = []
            for index in items.indices {
                if let diagnostic = finding(items[index]) { found.append(diagnostic) }
            }
            return found
        }
    }

    /// The bundle's declarations in effect, each with the index of its plist, and their graph
    /// nodes, in order: the arrays the context keeps, made as they are kept (copying a hundred
    /// thousand declarations into another array shape costs a core ~20 ms).
    static func declarationsInEffect(_ plists: [InfoPlist], _ catalog: TypeCatalog, from first: Int) -> (
        declarations: [(plist: Int, declaration: TypeDeclaration)], nodes: [ConformanceGraph.Node]
    ) {
        // Each identifier once, by its graph node (equal identifiers share one): a flag per node
        // instead of a set of identifiers hashed and compared a second time. The catalog knows
        // the node of every declaration it was given (the plists' from position `first`).
        var seen = [Bool](repeating: false, count: catalog.graph.nodeCount)
        var declarations: [(plist: Int, declaration: TypeDeclaration)] = []
        var nodes: [ConformanceGraph.Node] = []
        let total = plists.reduce(0) { $0 + $1.exportedTypes.count + $1.importedTypes.count }
        declarations.reserveCapacity(total)
        nodes.reserveCapacity(total)
        var position = first
        for (index, plist) in plists.enumerated() {
            let count = plist.exportedTypes.count + plist.importedTypes.count
            for given in position..<position + count {
                guard let node = catalog.node(ofDeclarationAt: given), !seen[Int(node.rawValue)] else { continue }
                seen[Int(node.rawValue)] = true
                guard let effective = catalog.declaration(at: node), !effective.origin.isSystem else { continue }
                declarations.append((index, effective))
                nodes.append(node)
            }
            position += count
        }
        return (declarations, nodes)
    }

    /// Whether the app's document types list the type of graph node `node`: ``documentIdentifiers``
    /// by node.
    func isListed(_ node: ConformanceGraph.Node) -> Bool {
        listedNodes[Int(node.rawValue)]
    }

    /// ``hasKnownSupertypes(_:)`` for a graph node.
    func hasKnownSupertypes(_ node: ConformanceGraph.Node) -> Bool {
        !catalog.graph.hasUndeclaredSupertype(node)
    }

    /// The bundle identifier of `plist` as written, or as the build settings given expand it
    /// (`$(PRODUCT_BUNDLE_IDENTIFIER)`, `com.example.$(PRODUCT_NAME:rfc1034identifier)`); nil when
    /// it is missing, a setting it uses is not given, or the expansion is not a reverse-DNS name
    /// (an empty component: `$(inherited).beta` has nothing to inherit from here).
    public func bundleIdentifier(of plist: InfoPlist) -> String? {
        Self.bundleIdentifier(of: plist, settings: expandableSettings)
    }

    /// ``bundleIdentifier(of:)`` for the context's initialiser, before the context exists.
    static func bundleIdentifier(of plist: InfoPlist, settings: BuildSettings?) -> String? {
        guard let written = plist.bundleIdentifier?.value else { return nil }
        guard written.hasBuildSettingReference else { return written }
        guard let settings else { return nil }
        let expansion = BuildSettingExpander.expansion(of: written, in: settings)
        let value = expansion.value
        guard expansion.problems.isEmpty, !value.hasBuildSettingReference else { return nil }
        let components = value.split(separator: ".", omittingEmptySubsequences: false)
        guard components.count >= 2, !components.contains(where: \.isEmpty) else { return nil }
        return value
    }

    /// ``ownDomains`` for the context's initialiser: the domains of the plists' bundle
    /// identifiers and of the exports in effect.
    static func ownDomains(
        _ plists: [InfoPlist], declarationsInEffect: [(plist: Int, declaration: TypeDeclaration)],
        settings: BuildSettings?
    ) -> Set<String> {
        var domains: Set<String> = []
        for plist in plists {
            if let domain = bundleIdentifier(of: plist, settings: settings).flatMap(VendorDomain.domain(of:)) {
                domains.insert(domain)
            }
        }
        // OsmAnd imports 'net.osmand.obf' beside the 'net.osmand.' types it exports: exports count.
        // A vendor's exports share their domain's prefix: an identifier that starts with the
        // prefix the last domain was read from (then a dot, or nothing) has that domain, found
        // without making and hashing its lowercased prefix again.
        var lastPrefix: [UInt8] = []
        for (_, declaration) in declarationsInEffect where declaration.origin.kind == .exported {
            let identifier = declaration.identifier
            guard identifier.reservedDomain == nil, !identifier.hasBuildSettingReference else { continue }
            let name = identifier.rawValue
            if !lastPrefix.isEmpty, name.withUTF8Bytes({ Self.continues($0, prefix: lastPrefix) }) { continue }
            guard let (domain, prefixLength) = VendorDomain.domainAndPrefix(of: name) else { continue }
            domains.insert(domain)
            lastPrefix = Array(name.utf8.prefix(prefixLength))
        }
        return domains
    }

    /// Whether `bytes` start with `prefix`, then a dot or nothing: the same leading components.
    private static func continues(_ bytes: UnsafeBufferPointer<UInt8>, prefix: [UInt8]) -> Bool {
        guard bytes.count >= prefix.count, bytes.count == prefix.count || bytes[prefix.count] == UInt8(ascii: ".")
        else { return false }
        return prefix.withUnsafeBufferPointer { prefix in
            bytes.prefix(prefix.count).elementsEqual(prefix)
        }
    }

    /// Whether `identifier`'s supertypes are all known (none undeclared anywhere up the chain) so
    /// that conformance answers about it are complete.
    public func hasKnownSupertypes(_ identifier: UniformTypeIdentifier) -> Bool {
        !catalog.graph.hasUndeclaredSupertype(identifier)
    }
}

/// An ``IdentifierSuggestion`` search of the known identifiers built on first use: most contexts
/// never ask for a suggestion, and those that do ask many times.
private final class LazySuggestionIndex: @unchecked Sendable {
    private let candidates: [String]
    /// Guards ``built``: rules run on several threads.
    private let queue = DispatchQueue(label: "utiscope.lint.suggestions")
    private var built: IdentifierSuggestion?

    init(_ candidates: [String]) { self.candidates = candidates }

    var search: IdentifierSuggestion {
        queue.sync {
            if let built { return built }
            let search = IdentifierSuggestion(candidates)
            built = search
            return search
        }
    }
}

/// A value recorded for the first of some declarations with each identifier (their position,
/// say), by the identifier's graph node: equal identifiers share one, so no identifier is hashed
/// or copied again. One table serves array after array: ``removeAll()`` clears only what was
/// recorded.
struct FirstDeclarations {
    private var byNode: [Int32]
    private var recordedNodes: [Int32] = []

    /// None recorded yet, for a graph of `nodeCount` nodes.
    init(nodeCount: Int) {
        byNode = [Int32](repeating: -1, count: nodeCount)
    }

    /// The value recorded for graph node `node`, if any.
    func recorded(for node: ConformanceGraph.Node) -> Int? {
        let value = byNode[Int(node.rawValue)]
        return value < 0 ? nil : Int(value)
    }

    /// The value recorded for graph node `node`; when there is none, nil, and `value` is recorded.
    mutating func record(_ value: Int, for node: ConformanceGraph.Node) -> Int? {
        if let earlier = recorded(for: node) { return earlier }
        byNode[Int(node.rawValue)] = Int32(value)
        recordedNodes.append(node.rawValue)
        return nil
    }

    /// Forgets every value recorded.
    mutating func removeAll() {
        for node in recordedNodes { byNode[Int(node)] = -1 }
        recordedNodes.removeAll(keepingCapacity: true)
    }
}

extension LintContext {
    /// The identifier `identifier` looks cut short from: one of `siblings` (listed beside it) or,
    /// failing that, one the app or its extensions declare, that continues it after a dot
    /// (`net.daringfireball` beside `net.daringfireball.markdown`). Only a bare domain (two
    /// parts) looks cut short: a longer identifier is a type of its own even when another extends
    /// it (`org.tug.tex` beside `org.tug.tex.bibtex`, both declared by TeX apps). Nil when there
    /// is none, or when several continue it and none is listed beside it. Compared
    /// case-insensitively.
    func lengthening(_ identifier: UniformTypeIdentifier, beside siblings: [UniformTypeIdentifier])
        -> UniformTypeIdentifier?
    {
        guard identifier.normalized.split(separator: ".").count <= 2 else { return nil }
        let prefix = identifier.normalized + "."
        func continues(_ other: UniformTypeIdentifier) -> Bool { other.normalized.hasPrefix(prefix) }
        let listed = siblings.filter(continues)
        if let first = listed.first { return first }
        var declared: [UniformTypeIdentifier] = []
        for (_, declaration) in inEffectDeclarations where continues(declaration.identifier) {
            if !declared.contains(declaration.identifier) { declared.append(declaration.identifier) }
            if declared.count > 1 { return nil }
        }
        return declared.first
    }
}

extension LintContext {
    /// The declarations of ``infoPlists``[`plist`] in `section`, in order, each with its graph node
    /// (the one the catalog recorded when it was built: no identifier is hashed again).
    public func declarationSites(inPlist plist: Int, _ section: DeclarationSite.Section)
        -> LazyMapSequence<Range<Int>, DeclarationSite>
    {
        let info = infoPlists[plist]
        let declarations = section == .exported ? info.exportedTypes : info.importedTypes
        let offset = section == .exported ? 0 : info.exportedTypes.count
        return declarations.indices.lazy.map { index in
            DeclarationSite(
                plist: plist, section: section, index: index, declaration: declarations[index],
                node: node(ofDeclarationAt: offset + index, inPlist: plist, declarations[index]))
        }
    }

    /// The bundle's declarations in effect, each identifier once, in file order.
    public var declarationsInEffect: LazyMapSequence<Range<Int>, DeclarationInEffect> {
        let declarations = inEffectDeclarations
        let nodes = inEffectNodes
        return declarations.indices.lazy.map { index in
            DeclarationInEffect(
                plist: declarations[index].plist, declaration: declarations[index].declaration, node: nodes[index])
        }
    }

    /// The content types the document types of ``infoPlists``[`plist`] list, entry by entry, each
    /// with its graph node (the app's found when the context was made; an extension's looked up).
    public func listedTypes(inPlist plist: Int) -> LazyMapSequence<Range<Int>, ListedType> {
        guard plist == 0 else {
            var listed: [ListedType] = []
            for (entryIndex, entry) in infoPlists[plist].documentTypes.enumerated() {
                for (typeIndex, type) in entry.contentTypes.enumerated() {
                    listed.append(
                        ListedType(
                            entryIndex: entryIndex, typeIndex: typeIndex, entry: entry, type: type,
                            node: catalog.graph.node(for: type.value)))
                }
            }
            return listed.indices.lazy.map { listed[$0] }
        }
        return appListedTypes
    }

    /// The content types the app's document type at `entryIndex` lists, with their graph nodes.
    public func listedTypes(ofEntry entryIndex: Int) -> LazyMapSequence<Range<Int>, ListedType> {
        let start = entryIndex < listingStarts.count ? listingStarts[entryIndex] : listings.count
        let end = entryIndex + 1 < listingStarts.count ? listingStarts[entryIndex + 1] : listings.count
        return appListedTypes(from: start, to: end)
    }

    /// Every content type the app's document types list, in order, with its graph node.
    public var appListedTypes: LazyMapSequence<Range<Int>, ListedType> {
        appListedTypes(from: 0, to: listings.count)
    }

    /// The app's listed types at positions `start..<end` of the context's list.
    private func appListedTypes(from start: Int, to end: Int) -> LazyMapSequence<Range<Int>, ListedType> {
        let listings = self.listings
        let nodes = listingNodes
        let starts = listingStarts
        return (start..<end).lazy.map { position in
            let listing = listings[position]
            let entryIndex = Self.entry(containing: position, starts: starts)
            return ListedType(
                entryIndex: entryIndex, typeIndex: position - starts[entryIndex], entry: listing.entry,
                type: listing.type, node: nodes[position])
        }
    }

    /// The entry whose listed types include `position`: the last start at or before it.
    private static func entry(containing position: Int, starts: [Int]) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
