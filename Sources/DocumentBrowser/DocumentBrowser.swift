import AppBundle
import PropertyList
import SwiftSource
import UniformTypes

/// The questions users ask of an app's document browser, each answered with its reasons: which
/// types it allows, whether a file would open, which icon a type shows, and a folder as the
/// browser shows it (``FolderBrowser``).
///
/// Types resolve against the system catalog plus the app's exported and imported declarations.
/// What Apple leaves open follows ``policy``; answers that rest on it say so.
public struct DocumentBrowser: Sendable {
    /// The app.
    public let app: AppUnit
    /// The platform the answers are for: the app's, or iOS when its keys do not tell.
    public let platform: Platform
    /// The choices for what Apple leaves open.
    public let policy: BrowserPolicy
    /// The system types and the app's declarations.
    public let catalog: TypeCatalog
    /// The allowed types.
    public let allowed: AllowedTypes

    let typer: ItemTyper
    let conformance: ConformancePath
    /// The graph node of each allowed type, by position in `allowed.types`: conformance checks
    /// against thousands of allowed types stay table look-ups.
    let allowedNodes: [ConformanceGraph.Node?]
    /// For each type the app's document types list, the positions of the entries listing it.
    let listings: [UniformTypeIdentifier: [Int]]
    /// The app's own declaration of each type it exports or imports (the first one).
    let appDeclarations: [UniformTypeIdentifier: TypeDeclaration]

    /// The app's Thumbnail extensions' listed types, each with the first listing.
    let thumbnailListings: [UniformTypeIdentifier: (plist: InfoPlist, location: SourceLocation?)]
    /// Whether the app has an icon, worked out once.
    public let appIconStatus: AppIconStatus
    /// Whether a newer system's declarations (`--system-types`) are layered over the catalog.
    public private(set) var systemTypesGiven = false

    /// A browser for `app` allowing `explicit` types, or, when `nil`, what `site` of the app's
    /// code allows (``AllowedTypes/forSite(_:of:platform:policy:catalog:)``), or without a site,
    /// what the app's document types list. The catalog holds the embedded system types (as of
    /// ``BrowserPolicy/systemRelease``) with `systemDeclarations` layered over them, and the
    /// declarations of the app and of its extensions.
    public init(
        app: AppUnit, allowed explicit: [UniformTypeIdentifier]?, policy: BrowserPolicy = BrowserPolicy(),
        systemDeclarations: [TypeDeclaration] = [], site: CreationSite? = nil
    ) {
        let catalog = TypeCatalog(
            system: .embedded(as: policy.systemRelease),
            declarations: systemDeclarations + app.infoPlist.declarations + app.extensions.flatMap(\.declarations))
        self.init(app: app, allowed: explicit, policy: policy, catalog: catalog, site: site)
        systemTypesGiven = !systemDeclarations.isEmpty
    }

    /// A browser for `app` over a catalog already built (system types, then the app's and its
    /// extensions' declarations), as lint builds one for its rules.
    public init(
        app: AppUnit, allowed explicit: [UniformTypeIdentifier]?, policy: BrowserPolicy, catalog: TypeCatalog,
        site: CreationSite? = nil
    ) {
        let platform = app.infoPlist.platform.platform == .macOS ? Platform.macOS : .iOS
        self.app = app
        self.platform = platform
        self.policy = policy
        self.catalog = catalog
        if let explicit {
            allowed = .explicit(explicit, catalog: catalog)
        } else if let site {
            allowed = .forSite(site, of: app.infoPlist, platform: platform, policy: policy, catalog: catalog)
        } else {
            allowed = .fromDocumentTypes(of: app.infoPlist, platform: platform, policy: policy, catalog: catalog)
        }
        typer = ItemTyper(catalog: catalog, policy: policy)
        conformance = ConformancePath(graph: catalog.graph)
        allowedNodes = allowed.types.map { catalog.graph.node(for: $0.identifier) }
        var listings: [UniformTypeIdentifier: [Int]] = [:]
        for (position, entry) in app.infoPlist.documentTypes.enumerated() {
            for item in entry.contentTypes where listings[item.value]?.last != position {
                listings[item.value, default: []].append(position)
            }
        }
        self.listings = listings
        var appDeclarations: [UniformTypeIdentifier: TypeDeclaration] = [:]
        for declaration in app.infoPlist.declarations where appDeclarations[declaration.identifier] == nil {
            appDeclarations[declaration.identifier] = declaration
        }
        self.appDeclarations = appDeclarations
        var thumbnailListings: [UniformTypeIdentifier: (plist: InfoPlist, location: SourceLocation?)] = [:]
        for plist in app.thumbnailExtensions {
            for item in plist.appExtension?.supportedContentTypes ?? [] where thumbnailListings[item.value] == nil {
                thumbnailListings[item.value] = (plist, item.location)
            }
        }
        self.thumbnailListings = thumbnailListings
        self.appIconStatus = app.appIconStatus
    }

    /// The first listing of `type` by one of the app's Thumbnail extensions.
    func thumbnailListing(of type: UniformTypeIdentifier) -> (plist: InfoPlist, location: SourceLocation?)? {
        thumbnailListings[type]
    }

    /// The document-type entries that list `type`, in file order.
    func entries(listing type: UniformTypeIdentifier) -> [DocumentType] {
        (listings[type] ?? []).map { app.infoPlist.documentTypes[$0] }
    }

    /// Which system facts the answers use: the system catalog's release, the declarations layered
    /// over it, and, for iOS, that macOS's declarations stand in for iOS's.
    public var systemFacts: String {
        var text = "system types of \(catalog.system.name) (--system-release \(policy.systemRelease.rawValue))"
        if systemTypesGiven { text += " and the --system-types declarations" }
        if platform == .iOS { text += "; macOS's declarations stand in for iOS's, which Apple does not publish" }
        return text
    }

    /// Whether the platform was not told by the app's keys (nor `--platform`) and iOS is assumed.
    public var isPlatformAssumed: Bool { app.infoPlist.platform.platform == .unknown }

    // MARK: Types

    /// The type of an item named `name` (a path's last component is used), a directory or not.
    public func type(ofName name: String, isDirectory: Bool) -> TypedItem {
        typer.type(name: Self.lastComponent(of: name), isDirectory: isDirectory)
    }

    /// The last component of `path`, trailing slashes ignored.
    static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        let last = trimmed[trimmed.index(after: slash)...]
        return last.isEmpty ? String(trimmed) : String(last)
    }

    // MARK: Would it open

    /// Whether the item at `path` would open: a directory there is a folder or package; a file,
    /// or nothing at all, is typed by its name.
    public func verdict(forPath path: String) -> OpenVerdict {
        let status = FileStatus(path: path)
        let typed = type(ofName: path, isDirectory: status == .directory)
        return verdict(for: typed, path: path, exists: status != .missing)
    }

    /// Whether an item typed as `typed` would open.
    public func verdict(for typed: TypedItem, path: String, exists: Bool) -> OpenVerdict {
        var reasons = typed.reasons
        func make(_ opens: Bool, _ outcome: OpenVerdict.Outcome, certain: Bool = true, by: AllowedType? = nil)
            -> OpenVerdict
        {
            OpenVerdict(
                path: path, exists: exists, kind: typed.kind, type: typed.type, tied: typed.tied, opens: opens,
                isCertain: certain, outcome: outcome, reasons: reasons, allowedBy: by)
        }
        if typed.kind == .folder {
            var message = "a plain folder: the browser navigates into it rather than opening it"
            if let match = firstAllowed(for: .folder) {
                message += " (even though 'public.folder' conforms to the allowed type '\(match.identifier.rawValue)')"
            }
            reasons.append(Reason(message))
            return make(false, .folder)
        }
        let matches = typed.possibleTypes.map { type in (type, firstAllowed(for: type)) }
        if typed.typing == .ambiguous {
            let allowedCount = matches.filter { $0.1 != nil }.count
            if let weak = typed.weakLink { reasons[weak].holds = allowedCount == matches.count || allowedCount == 0 }
            for (type, match) in matches {
                if let match { reasons += conformanceReasons(type, match) } else { reasons.append(notAllowed(type)) }
            }
            if allowedCount == matches.count {
                reasons.append(Reason("whichever of them the system picks, the item opens"))
                return make(true, .opens, by: matches.first?.1)
            }
            if allowedCount == 0 { return make(false, .notAllowed) }
            reasons.append(
                Reason(
                    "whether the item opens depends on which type the system picks, which is undefined", holds: false))
            return make(false, .ambiguousExtension, certain: false)
        }
        guard let (type, match) = matches.first else { return make(false, .notAllowed) }
        if let match {
            if let weak = typed.weakLink { reasons[weak].holds = true }
            reasons += conformanceReasons(type, match)
            return make(true, .opens, by: match)
        }
        reasons.append(notAllowed(type))
        switch typed.typing {
        case .unclaimedExtension: return make(false, .unclaimedExtension)
        case .notBindable: return make(false, .notBindable)
        default: return make(false, .notAllowed)
        }
    }

    /// The first allowed type `type` is, or (unless ``BrowserPolicy/allowedMatch`` is `exact`)
    /// conforms to.
    func firstAllowed(for type: UniformTypeIdentifier) -> AllowedType? {
        let graph = catalog.graph
        let starts = conformance.starts(type).compactMap { graph.node(for: $0) }
        for (position, node) in allowedNodes.enumerated() {
            if allowed.types[position].identifier == type { return allowed.types[position] }
            guard let node, policy.allowedMatch == .conforming else { continue }
            if starts.contains(where: { graph.conforms($0, to: node) }) { return allowed.types[position] }
        }
        return nil
    }

    /// Why `type` is allowed by `match`: the conformance, and what the allowing entry assumes.
    func conformanceReasons(_ type: UniformTypeIdentifier, _ match: AllowedType) -> [Reason] {
        var reasons: [Reason] = []
        let chain = conformance.path(from: type, to: match.identifier) ?? [type, match.identifier]
        let via = chain.count > 2 ? " (\(chain.map(\.rawValue).joined(separator: " → ")))" : ""
        let relation = type == match.identifier ? "is" : "conforms to"
        reasons.append(
            Reason(
                "'\(type.rawValue)' \(relation) the allowed type '\(match.identifier.rawValue)'\(via), allowed by \(match.source.phrase)",
                at: match.source.location,
                assuming: type == match.identifier ? nil : policy.assumption(\.allowedMatch)))
        for assumption in match.assumptions {
            reasons.append(Reason("\(match.source.phrase) counts: \(assumption.statement)", assuming: assumption))
        }
        return reasons
    }

    /// Why `type` is not allowed.
    func notAllowed(_ type: UniformTypeIdentifier) -> Reason {
        let identifiers = allowed.identifiers
        guard !identifiers.isEmpty else {
            let why = allowed.leftOut.first?.message ?? "the allowed list is empty"
            return Reason("no type is allowed: \(why)", holds: false, at: allowed.leftOut.first?.location)
        }
        var listed = identifiers.prefix(8).map { "'\($0.rawValue)'" }.joined(separator: ", ")
        if identifiers.count > 8 { listed += " and \(identifiers.count - 8) more" }
        if policy.allowedMatch == .exact {
            return Reason(
                "'\(type.rawValue)' is none of the allowed types (\(listed))", holds: false,
                assuming: policy.assumption(\.allowedMatch))
        }
        return Reason("'\(type.rawValue)' conforms to none of the allowed types (\(listed))", holds: false)
    }
}

extension DocumentBrowser {
    // MARK: Which icon shows

    /// Which icon `subject` shows: a type when it names a declared or system identifier, a
    /// dynamic one, or one the app's document types list; otherwise a file (a directory there is a
    /// folder or package; a name that does not exist is typed by name).
    public func icon(for subject: String) -> IconAnswer {
        let identifier = UniformTypeIdentifier(subject)
        let listed = listings[identifier] != nil
        if catalog.contains(identifier) || identifier.isDynamic || listed {
            return icon(forType: identifier)
        }
        let status = FileStatus(path: subject)
        return icon(for: type(ofName: subject, isDirectory: status == .directory), subject: subject)
    }

    /// The length, in characters, of the longest identifier among the types the app's document
    /// types list and the app declares: the width a column of types needs for the app's own.
    public var longestAppTypeIdentifier: Int {
        (Array(listings.keys) + Array(appDeclarations.keys)).map(\.rawValue.count).max() ?? 0
    }

    /// The type identifier `subject` was probably meant to be, when ``icon(for:)`` takes it for a
    /// file name: no file of that name exists, it is written like an identifier (`public.jpg`:
    /// dotted, without a slash), and one declared type is clearly meant (the suggestion `lint`
    /// and `type` make). Nil otherwise.
    public func meantIdentifier(for subject: String) -> UniformTypeIdentifier? {
        let identifier = UniformTypeIdentifier(subject)
        guard !catalog.contains(identifier), !identifier.isDynamic, listings[identifier] == nil,
            FileStatus(path: subject) == .missing, !subject.contains("/"),
            subject.split(separator: ".").count >= 2
        else { return nil }
        let known = catalog.userFacingDeclarations.map(\.identifier.rawValue)
        return IdentifierSuggestion(known).suggestion(for: identifier)
    }

    /// Which icon `type` shows.
    public func icon(forType type: UniformTypeIdentifier) -> IconAnswer {
        IconJudge(browser: self).answer(subject: type.rawValue, type: type, kind: nil)
    }

    /// Which icon an item typed as `typed` shows; how it was typed comes first among the conditions.
    /// When tied types claim its extension, the answer is for the first of them, and certain only
    /// when every tied type shows the same kind of icon.
    public func icon(for typed: TypedItem, subject: String) -> IconAnswer {
        let chain = typed.reasons.map(\.message).joined(separator: "; ")
        let location = typed.reasons.last { $0.location != nil }?.location
        let typingAssumptions = Array(Set(typed.reasons.compactMap(\.assumption))).sorted()
        guard let type = typed.type ?? typed.tied.first else {
            return IconAnswer(
                subject: subject, type: nil, kind: typed.kind, source: .generic,
                conditions: [
                    IconCondition("type", holds: false, because: chain, at: location, assumingAll: typingAssumptions)
                ])
        }
        var because = chain
        var isCertain = true
        if typed.type == nil {
            let others = typed.tied.dropFirst().map { other in
                (other, IconJudge(browser: self).answer(subject: subject, type: other, kind: typed.kind).source)
            }
            let first = IconJudge(browser: self).answer(subject: subject, type: type, kind: typed.kind).source
            isCertain = others.allSatisfy { $0.1 == first }
            because +=
                isCertain
                ? "; whichever of them the system picks, the icon is the same: answered for '\(type.rawValue)'"
                : "; answered for '\(type.rawValue)', the first of the tied types, but the icon depends on the system's pick ("
                    + others.map { "'\($0.0.rawValue)' would show \($0.1.rawValue)" }.joined(separator: ", ") + ")"
        }
        let leading = IconCondition(
            "type", holds: typed.type != nil, because: because, at: location, assumingAll: typingAssumptions)
        var answer = IconJudge(browser: self).answer(subject: subject, type: type, kind: typed.kind, leading: [leading])
        answer.isCertain = isCertain
        return answer
    }
}
