import AppBundle
import PropertyList
import UniformTypes

/// Walks Apple's decision for a type's icon (info-plist-rules §2.7, system-thumbnails.md): a
/// Thumbnail extension of the app → a system thumbnail → the system's icon → a custom document
/// icon → an icon made from the app icon → the generic document. Every condition is evaluated and
/// kept; the first step that holds decides. This is the only place the decision is made: `icon`,
/// `browse`, `report` and the lint rule ICON-001 all render its answer.
struct IconJudge: Sendable {
    let browser: DocumentBrowser

    /// Types whose icon is the generic one: the roots of the hierarchies.
    static let genericRoots: Set<UniformTypeIdentifier> = [.item, .data, .content, .directory]
    /// Thumbnail rows whose types are fixed lists of system types: the image and audio-visual
    /// decoders (system-thumbnails.md rows 1–5 and 8: `CGImageSourceCopyTypeIdentifiers`,
    /// `AVURLAsset.audiovisualTypes`), so a type the system does not declare is never among them.
    static let decoderCategories: Set<SystemThumbnailCategory> = [.image, .livePhoto, .pdf, .movie, .audio, .usdz]

    var app: AppUnit { browser.app }
    var catalog: TypeCatalog { browser.catalog }
    var platform: Platform { browser.platform }
    var policy: BrowserPolicy { browser.policy }

    /// The answer for `type`; `leading` conditions (how a file was typed) come first.
    func answer(subject: String, type: UniformTypeIdentifier, kind: ItemKind?, leading: [IconCondition] = [])
        -> IconAnswer
    {
        var conditions = leading
        conditions.append(thumbnailExtension(type))
        conditions.append(systemThumbnail(type))
        conditions.append(systemIcon(type))
        conditions.append(customIcon(type))
        conditions += appIcon(type)
        if platform == .macOS { conditions += handlingApp(type) }
        conditions.append(
            IconCondition(
                "generic", holds: true, because: "when nothing above applies, the blank generic document shows"))
        let steps: [(String, IconSource)] = [
            ("thumbnail-extension", .extensionThumbnail), ("system-thumbnail", .systemThumbnail),
            ("system-icon", .systemIcon), ("custom-icon", .customIcon), ("app-icon", .appIcon), ("generic", .generic),
        ]
        var source = IconSource.generic
        for (name, candidate) in steps {
            if let index = conditions.firstIndex(where: { $0.name == name && $0.holds }) {
                conditions[index].decides = true
                source = candidate
                break
            }
        }
        return IconAnswer(subject: subject, type: type, kind: kind, source: source, conditions: conditions)
    }

    // MARK: 1. A Thumbnail extension of the app

    func thumbnailExtension(_ type: UniformTypeIdentifier) -> IconCondition {
        let name = "thumbnail-extension"
        let extensions = app.thumbnailExtensions
        guard !extensions.isEmpty else {
            return IconCondition(
                name, holds: false, because: "the app has no Thumbnail extension ('com.apple.quicklook.thumbnail')")
        }
        if let listing = browser.thumbnailListing(of: type) {
            return IconCondition(
                name, holds: true,
                because:
                    "the app's Thumbnail extension '\(Self.name(of: listing.plist))' lists '\(type.rawValue)' in 'QLSupportedContentTypes'",
                at: listing.location)
        }
        for plist in extensions {
            for item in plist.appExtension?.supportedContentTypes ?? []
            where browser.conformance.conforms(type, to: item.value) {
                let assumption = policy.assumption(\.thumbnailExtensionMatch)
                let listed =
                    "the Thumbnail extension '\(Self.name(of: plist))' lists '\(item.value.rawValue)', a supertype of '\(type.rawValue)'"
                return policy.thumbnailExtensionMatch == .conforming
                    ? IconCondition(
                        name, holds: true, because: listed + ", which counts for its subtypes", at: item.location,
                        assuming: assumption)
                    : IconCondition(
                        name, holds: false, because: listed + ", which counts only for itself", at: item.location,
                        assuming: assumption)
            }
        }
        let first = extensions[0]
        return IconCondition(
            name, holds: false,
            because:
                "the app's Thumbnail extension '\(Self.name(of: first))' does not list '\(type.rawValue)' in 'QLSupportedContentTypes'",
            at: first.appExtension?.supportedContentTypesLocation ?? first.appExtension?.location)
    }

    /// An extension's name: its bundle identifier, or its file.
    static func name(of plist: InfoPlist) -> String {
        plist.bundleIdentifier?.value ?? plist.file
    }

    // MARK: 2. A thumbnail the system renders

    func systemThumbnail(_ type: UniformTypeIdentifier) -> IconCondition {
        let name = "system-thumbnail"
        let platformName = platform == .macOS ? "macOS" : "iOS"
        if catalog.isSystemDeclared(type) {
            guard let facts = catalog.systemFacts(for: type), let category = facts.thumbnail.category else {
                return IconCondition(
                    name, holds: false,
                    because:
                        "no row of the reference's thumbnail table covers '\(type.rawValue)': the system renders no content thumbnail for it"
                )
            }
            let verdict = platform == .macOS ? facts.thumbnail.macOS : facts.thumbnail.iOS
            let holds = policy.counts(verdict)
            let counted =
                verdict == .documented || verdict == .likelyNot
                ? "" : holds ? "; counted as a thumbnail" : "; not counted as a thumbnail"
            return IconCondition(
                name, holds: holds,
                because:
                    "'\(type.rawValue)' is among \(category.phrase): a system thumbnail on \(platformName) is \(Self.phrase(verdict))\(counted)",
                assuming: verdict == .documented || verdict == .likelyNot ? nil : policy.thumbnailAssumption)
        }
        // A type the system does not declare: only what conformance says.
        guard let (supertype, facts) = nearestThumbnailedSupertype(of: type), let category = facts.thumbnail.category
        else {
            return IconCondition(
                name, holds: false,
                because:
                    "'\(type.rawValue)' is not a system type and conforms to none the reference's thumbnail table covers"
            )
        }
        let location = catalog.declaration(for: type)?.location
        if Self.decoderCategories.contains(category) {
            return IconCondition(
                name, holds: false,
                because:
                    "'\(type.rawValue)' conforms to '\(supertype.rawValue)' (\(category.phrase)), but the system draws those with decoders whose types are a fixed list of system types, and '\(type.rawValue)' is not one",
                at: location)
        }
        let verdict = platform == .macOS ? facts.thumbnail.macOS : facts.thumbnail.iOS
        if verdict == .likelyNot {
            return IconCondition(
                name, holds: false,
                because:
                    "'\(type.rawValue)' conforms to '\(supertype.rawValue)' (\(category.phrase)), for which \(platformName) shows a type icon",
                at: location)
        }
        // Conformance alone does not make a thumbnail likely: at most unknown.
        let holds = policy.counts(.unknown)
        return IconCondition(
            name, holds: holds,
            because:
                "'\(type.rawValue)' conforms to '\(supertype.rawValue)' (\(category.phrase)); whether \(platformName) draws thumbnails for a type the system does not declare is not documented\(holds ? "; counted as a thumbnail" : "; not counted as a thumbnail")",
            at: location, assuming: policy.thumbnailAssumption)
    }

    /// The confidence of a verdict, as a phrase.
    static func phrase(_ verdict: SystemThumbnail.Verdict) -> String {
        switch verdict {
        case .documented: "documented by Apple"
        case .likely: "likely (indirect evidence)"
        case .unknown: "unknown (no source)"
        case .likelyNot: "likely not: the reference says a type icon shows"
        }
    }

    /// The nearest system supertype of `type` that the thumbnail table covers, with its facts; a
    /// dynamic identifier's supertypes are those it encodes.
    func nearestThumbnailedSupertype(of type: UniformTypeIdentifier) -> (UniformTypeIdentifier, SystemTypeFacts)? {
        if let node = catalog.graph.node(for: type), catalog.graph.isDeclared(type) {
            return catalog.nearestSystemSupertype(of: node) { $0.thumbnail.category != nil }
        }
        for supertype in nearestFirst(from: type) where supertype != type {
            if catalog.isSystemDeclared(supertype), let facts = catalog.systemFacts(for: supertype),
                facts.thumbnail.category != nil
            {
                return (supertype, facts)
            }
        }
        return nil
    }

    /// `type`'s supertypes, breadth first (itself first), at most 2,000; a dynamic identifier's
    /// come from what it encodes.
    func nearestFirst(from type: UniformTypeIdentifier) -> [UniformTypeIdentifier] {
        var order = [type]
        var seen: Set<UniformTypeIdentifier> = [type]
        var head = 0
        while head < order.count, order.count < 2_000 {
            let current = order[head]
            head += 1
            let parents =
                current == type && !catalog.graph.isDeclared(type)
                ? browser.conformance.starts(type).filter { $0 != type } : catalog.graph.directSupertypes(of: current)
            for parent in parents where seen.insert(parent).inserted { order.append(parent) }
        }
        return order
    }

    // MARK: 3. The system's own icon

    func systemIcon(_ type: UniformTypeIdentifier) -> IconCondition {
        let name = "system-icon"
        guard catalog.isSystemDeclared(type) else {
            let what =
                catalog.declaration(for: type).map { ItemTyper.phrase($0.origin) }
                ?? (type.isDynamic ? "a dynamic identifier" : "declared nowhere")
            return IconCondition(
                name, holds: false,
                because: "'\(type.rawValue)' is not a system type (\(what)): the system has no icon for it")
        }
        let appDeclares = catalog.declarations(for: type).contains { !$0.origin.isSystem }
        let note = appDeclares ? "; the app's own declaration of it does not replace it" : ""
        if Self.genericRoots.contains(type) {
            return IconCondition(
                name, holds: false, because: "'\(type.rawValue)' is a root type: its icon is the generic one")
        }
        // The icon facts are those of macOS's declarations: say so on iOS.
        let release = platform == .iOS ? policy.assumption(\.systemRelease) : nil
        if catalog.systemFacts(for: type)?.hasIcon == true {
            return IconCondition(
                name, holds: true, because: "the system declares '\(type.rawValue)' with an icon of its own\(note)",
                assuming: release)
        }
        let inherit = policy.assumption(\.inheritSystemIcons)
        for candidate in nearestFirst(from: type).dropFirst() where !Self.genericRoots.contains(candidate) {
            guard catalog.isSystemDeclared(candidate), catalog.systemFacts(for: candidate)?.hasIcon == true else {
                continue
            }
            let because =
                "the system declares '\(type.rawValue)' without an icon of its own; '\(candidate.rawValue)', which it conforms to, has one\(note)"
            return policy.inheritSystemIcons
                ? IconCondition(name, holds: true, because: because + ", and it shows", assuming: inherit)
                : IconCondition(name, holds: false, because: because + ", but it is not inherited", assuming: inherit)
        }
        return IconCondition(
            name, holds: false,
            because:
                "the system declares '\(type.rawValue)' but has no icon for it or its supertypes other than the generic one"
        )
    }

    // MARK: 4. A custom document icon

    /// A fact found for the custom-icon step: what, where, and what it assumes.
    private struct Part {
        var text: String
        var location: SourceLocation?
        var assumption: Assumption?
    }

    func customIcon(_ type: UniformTypeIdentifier) -> IconCondition {
        let name = "custom-icon"
        var found: [Part] = []
        var problems: [Part] = []
        let listed = !browser.entries(listing: type).isEmpty
        if let declaration = catalog.declaration(for: type), !declaration.origin.isSystem {
            var icons: [Part] = []
            var iconProblems: [Part] = []
            let declared = declaration.icons
            if let composited = declared.composited,
                composited.backgroundName != nil || composited.badgeName != nil || composited.text != nil
                    || composited.iconName != nil || composited.iconFile != nil
            {
                var parts: [String] = []
                for (key, value) in [
                    ("UTTypeIconBackgroundName", composited.backgroundName),
                    ("UTTypeIconBadgeName", composited.badgeName),
                ] {
                    guard let value else { continue }
                    switch app.resources.icon(named: value.value) {
                    case .found: parts.append("'\(key)' '\(value.value)' found")
                    case .caseMismatch(let path):
                        iconProblems.append(
                            Part(text: Self.caseMismatch(key, value.value, path), location: value.location))
                    case .missing:
                        iconProblems.append(
                            Part(
                                text:
                                    "'\(key)' '\(value.value)' is in no asset catalog and no file: that part falls back to the default",
                                location: value.location))
                    }
                }
                let detail = parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
                icons.append(
                    Part(
                        text: "'UTTypeIcons' composes a document icon at run time\(detail)",
                        location: composited.location))
            }
            if let file = declared.iconFile {
                if platform == .macOS {
                    check(file, key: "UTTypeIconFile", into: &icons, &iconProblems)
                } else {
                    iconProblems.append(
                        Part(text: "'UTTypeIconFile' is a macOS key: ignored on iOS", location: file.location))
                }
            }
            for file in declared.iconFiles where file.value != "-" && !file.value.isEmpty {
                check(file, key: "UTTypeIconFiles", into: &icons, &iconProblems)
            }
            if declaration.origin.kind == .imported, !listed, !icons.isEmpty {
                // Whether an imported declaration's icons show where the app does not list the type.
                let assumption = policy.assumption(\.importedTypeIcons)
                if policy.importedTypeIcons {
                    for index in icons.indices { icons[index].assumption = assumption }
                } else {
                    iconProblems += icons.map {
                        Part(
                            text: $0.text
                                + ", but the declaration is imported and the app does not list '\(type.rawValue)': not shown",
                            location: $0.location, assumption: assumption)
                    }
                    icons = []
                }
            }
            found += icons
            problems += iconProblems
        }
        for entry in browser.entries(listing: type) {
            if platform == .iOS {
                var icons: [Part] = []
                for file in entry.iconFiles { check(file, key: "CFBundleTypeIconFiles", into: &icons, &problems) }
                let assumption = policy.assumption(\.iOSTypeIconFiles)
                if policy.iOSTypeIconFiles {
                    found += icons.map { Part(text: $0.text, location: $0.location, assumption: assumption) }
                } else if let first = icons.first {
                    problems.append(
                        Part(
                            text: first.text + ", but 'CFBundleTypeIconFiles' is taken as ignored on iOS",
                            location: first.location, assumption: assumption))
                }
                if let file = entry.iconFile {
                    problems.append(
                        Part(text: "'CFBundleTypeIconFile' is a macOS key: ignored on iOS", location: file.location))
                }
            } else {
                if let file = entry.iconFile { check(file, key: "CFBundleTypeIconFile", into: &found, &problems) }
                if let file = entry.iconFiles.first {
                    problems.append(
                        Part(text: "'CFBundleTypeIconFiles' is an iOS key: ignored on macOS", location: file.location))
                }
            }
        }
        if let first = found.first {
            var because = first.text
            if found.count > 1 { because += "; also " + found.dropFirst().map(\.text).joined(separator: "; ") }
            if !problems.isEmpty { because += "; " + problems.map(\.text).joined(separator: "; ") }
            return IconCondition(name, holds: true, because: because, at: first.location, assuming: first.assumption)
        }
        if let problem = problems.first {
            return IconCondition(
                name, holds: false, because: problems.map(\.text).joined(separator: "; "), at: problem.location,
                assuming: problems.compactMap(\.assumption).first)
        }
        return IconCondition(name, holds: false, because: "the app declares no document icon for '\(type.rawValue)'")
    }

    /// Records whether the icon file or set named by `file` exists.
    private func check(_ file: Located<String>, key: String, into found: inout [Part], _ problems: inout [Part]) {
        switch app.resources.icon(named: file.value) {
        case .found:
            found.append(Part(text: "'\(key)' names '\(file.value)', which exists", location: file.location))
        case .caseMismatch(let path):
            problems.append(Part(text: Self.caseMismatch(key, file.value, path), location: file.location))
        case .missing:
            let whereLooked =
                app.resources.isComplete ? "" : " (the search stopped after \(ResourceIndex.maximumEntries) entries)"
            problems.append(
                Part(
                    text: "'\(key)' names '\(file.value)', which is in no asset catalog and no file\(whereLooked)",
                    location: file.location))
        }
    }

    /// The reason for a name found only in another letter case.
    static func caseMismatch(_ key: String, _ name: String, _ path: String) -> String {
        "'\(key)' names '\(name)', but the resource is '\(Path.lastComponent(of: path))': a Mac's case-insensitive disk finds it, an iOS device does not"
    }

    // MARK: 5. An icon made from the app icon

    func appIcon(_ type: UniformTypeIdentifier) -> [IconCondition] {
        var parts: [IconCondition] = []
        let listing = browser.entries(listing: type).first.flatMap { entry in
            entry.contentTypes.first { $0.value == type }.map { (entry, $0) }
        }
        if let (entry, item) = listing {
            parts.append(
                IconCondition(
                    "app-icon.listed", holds: true,
                    because: "'\(type.rawValue)' is listed by document type \(entry.displayName)", at: item.location))
        } else {
            parts.append(
                IconCondition(
                    "app-icon.listed", holds: false,
                    because: "'\(type.rawValue)' is in no document type's 'LSItemContentTypes'"))
        }
        if platform == .macOS {
            let generated = browser.entries(listing: type).first { $0.iconSystemGenerated?.value == true }
            let assumption = policy.assumption(\.systemGeneratedIcons)
            if let generated, let flag = generated.iconSystemGenerated {
                parts.append(
                    IconCondition(
                        "app-icon.system-generated", holds: true,
                        because:
                            "document type \(generated.displayName) sets 'CFBundleTypeIconSystemGenerated' (macOS 11+, not documented by Apple)",
                        at: flag.location))
            } else {
                parts.append(
                    IconCondition(
                        "app-icon.system-generated", holds: !policy.systemGeneratedIconRequired,
                        because: "no document type listing it sets 'CFBundleTypeIconSystemGenerated'",
                        assuming: assumption))
            }
        } else {
            let own = browser.appDeclarations[type]
            if let own {
                parts.append(
                    IconCondition(
                        "app-icon.declared", holds: true,
                        because: "'\(type.rawValue)' is \(ItemTyper.phrase(own.origin))", at: own.location))
            } else {
                parts.append(
                    IconCondition(
                        "app-icon.declared", holds: false,
                        because: "the app neither exports nor imports '\(type.rawValue)'"))
            }
        }
        let status = browser.appIconStatus
        switch status.presence {
        case .present:
            parts.append(IconCondition("app-icon.has-icon", holds: true, because: status.because, at: status.location))
        case .absent:
            parts.append(IconCondition("app-icon.has-icon", holds: false, because: status.because, at: status.location))
        case .unknown:
            parts.append(
                IconCondition(
                    "app-icon.has-icon", holds: policy.assumeAppIcon, because: status.because, at: status.location,
                    assuming: policy.assumption(\.assumeAppIcon)))
        }
        let holds = parts.allSatisfy(\.holds)
        let failing = parts.filter { !$0.holds }.map(\.name)
        let because =
            holds
            ? "the system makes the document icon from the app icon"
            : "not every condition holds (\(failing.joined(separator: ", ")))"
        return parts + [IconCondition("app-icon", holds: holds, because: because)]
    }

    // MARK: macOS: the handling app

    func handlingApp(_ type: UniformTypeIdentifier) -> [IconCondition] {
        guard let entry = browser.entries(listing: type).first else { return [] }
        let rank = entry.rank?.value ?? "Default"
        let handles = rank == "Owner" || rank == "Default"
        let because =
            handles
            ? "the app ranks '\(rank)' for '\(type.rawValue)': Finder shows its document icons when it handles the type"
            : "the app ranks '\(rank)' for '\(type.rawValue)': when another app handles it, Finder shows that app's document icon instead"
        return [IconCondition("handling-app.rank", holds: handles, because: because, at: entry.rank?.location)]
    }
}
