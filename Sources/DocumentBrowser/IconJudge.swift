import AppBundle
import PropertyList
import UniformTypes

/// Walks Apple's decision for a type's icon (info-plist-rules §2.7, system-thumbnails.md): a
/// Thumbnail extension of the app → a system thumbnail → the system's icon → a custom document
/// icon → an icon made from the app icon → the generic document. Every condition is evaluated and
/// kept; the first step that holds decides.
struct IconJudge: Sendable {
    let browser: DocumentBrowser

    /// Types whose icon is the generic one: the roots of the hierarchies.
    static let genericRoots: Set<UniformTypeIdentifier> = [.item, .data, .content, .directory]

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
        for plist in extensions {
            for item in plist.appExtension?.supportedContentTypes ?? [] where item.value == type {
                return IconCondition(
                    name, holds: true,
                    because:
                        "the app's Thumbnail extension '\(Self.name(of: plist))' lists '\(type.rawValue)' in 'QLSupportedContentTypes'",
                    at: item.location)
            }
        }
        for plist in extensions {
            for item in plist.appExtension?.supportedContentTypes ?? []
            where browser.conformance.conforms(type, to: item.value) {
                return IconCondition(
                    name, holds: false,
                    because:
                        "the Thumbnail extension '\(Self.name(of: plist))' lists '\(item.value.rawValue)', a supertype of '\(type.rawValue)'; Apple asks for exact identifiers, so it does not count",
                    at: item.location)
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
        guard let (thumbnail, via) = thumbnailFacts(type), let category = thumbnail.category else {
            return IconCondition(
                name, holds: false,
                because:
                    "no row of the reference's thumbnail table covers '\(type.rawValue)': the system renders no content thumbnail for it"
            )
        }
        var verdict = platform == .macOS ? thumbnail.macOS : thumbnail.iOS
        var subject = "'\(type.rawValue)'"
        var location: SourceLocation?
        if let via {
            // Inferred from conformance: at most likely.
            if verdict == .documented { verdict = .likely } else if verdict == .likely { verdict = .unknown }
            subject = "'\(type.rawValue)', which conforms to '\(via.rawValue)',"
            location = catalog.declaration(for: type)?.location
        }
        let holds = policy.counts(verdict)
        let confidence: String
        switch verdict {
        case .documented: confidence = "documented by Apple"
        case .likely: confidence = via == nil ? "likely (indirect evidence)" : "likely (inferred from conformance)"
        case .unknown: confidence = "unknown (no source)"
        case .likelyNot: confidence = "likely not: the reference says a type icon shows"
        }
        let counted =
            verdict == .documented || verdict == .likelyNot
            ? "" : holds ? "; counted as a thumbnail" : "; not counted as a thumbnail"
        return IconCondition(
            name, holds: holds,
            because:
                "\(subject) is among \(category.phrase): a system thumbnail on \(platformName) is \(confidence)\(counted)",
            at: location,
            assuming: verdict == .documented || verdict == .likelyNot ? nil : policy.thumbnailAssumption)
    }

    /// The thumbnail facts for `type`: its own when the system declares it, else those of its
    /// nearest system supertype with a category (`via` names it).
    func thumbnailFacts(_ type: UniformTypeIdentifier) -> (SystemThumbnail, via: UniformTypeIdentifier?)? {
        if catalog.isSystemDeclared(type), let facts = catalog.systemFacts(for: type) {
            return (facts.thumbnail, nil)
        }
        for supertype in nearestFirst(from: type) where supertype != type {
            if catalog.isSystemDeclared(supertype), let facts = catalog.systemFacts(for: supertype),
                facts.thumbnail.category != nil
            {
                return (facts.thumbnail, supertype)
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
        for candidate in nearestFirst(from: type) where !Self.genericRoots.contains(candidate) {
            guard catalog.isSystemDeclared(candidate), catalog.systemFacts(for: candidate)?.hasIcon == true else {
                continue
            }
            let because =
                candidate == type
                ? "the system declares '\(type.rawValue)' with an icon of its own\(note)"
                : "the system declares '\(type.rawValue)' and shows the icon of '\(candidate.rawValue)', which it conforms to\(note)"
            return IconCondition(name, holds: true, because: because)
        }
        return IconCondition(
            name, holds: false,
            because:
                "the system declares '\(type.rawValue)' but has no icon for it or its supertypes other than the generic one"
        )
    }

    // MARK: 4. A custom document icon

    func customIcon(_ type: UniformTypeIdentifier) -> IconCondition {
        let name = "custom-icon"
        var found: [(String, SourceLocation?)] = []
        var problems: [(String, SourceLocation?)] = []
        if let declaration = catalog.declaration(for: type), !declaration.origin.isSystem {
            let icons = declaration.icons
            if let composited = icons.composited,
                composited.backgroundName != nil || composited.badgeName != nil || composited.text != nil
                    || composited.iconName != nil || composited.iconFile != nil
            {
                var parts: [String] = []
                for (key, value) in [
                    ("UTTypeIconBackgroundName", composited.backgroundName),
                    ("UTTypeIconBadgeName", composited.badgeName),
                ] {
                    guard let value else { continue }
                    if iconExists(value.value) {
                        parts.append("'\(key)' '\(value.value)' found")
                    } else {
                        problems.append(
                            (
                                "'\(key)' '\(value.value)' is in no asset catalog and no file: that part falls back to the default",
                                value.location
                            ))
                    }
                }
                let detail = parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
                found.append(("'UTTypeIcons' composes a document icon at run time\(detail)", composited.location))
            }
            if let file = icons.iconFile {
                if platform == .macOS {
                    check(file, key: "UTTypeIconFile", into: &found, &problems)
                } else {
                    problems.append(("'UTTypeIconFile' is a macOS key: ignored on iOS", file.location))
                }
            }
            for file in icons.iconFiles where file.value != "-" && !file.value.isEmpty {
                check(file, key: "UTTypeIconFiles", into: &found, &problems)
            }
        }
        for entry in browser.entries(listing: type) {
            if platform == .iOS {
                for file in entry.iconFiles { check(file, key: "CFBundleTypeIconFiles", into: &found, &problems) }
                if let file = entry.iconFile {
                    problems.append(("'CFBundleTypeIconFile' is a macOS key: ignored on iOS", file.location))
                }
            } else {
                if let file = entry.iconFile { check(file, key: "CFBundleTypeIconFile", into: &found, &problems) }
                if let file = entry.iconFiles.first {
                    problems.append(("'CFBundleTypeIconFiles' is an iOS key: ignored on macOS", file.location))
                }
            }
        }
        if let first = found.first {
            var because = first.0
            if found.count > 1 { because += "; also " + found.dropFirst().map(\.0).joined(separator: "; ") }
            if !problems.isEmpty { because += "; " + problems.map(\.0).joined(separator: "; ") }
            return IconCondition(name, holds: true, because: because, at: first.1)
        }
        if let problem = problems.first {
            return IconCondition(
                name, holds: false, because: problems.map(\.0).joined(separator: "; "), at: problem.1)
        }
        return IconCondition(name, holds: false, because: "the app declares no document icon for '\(type.rawValue)'")
    }

    /// Records whether the icon file or set named by `file` exists.
    private func check(
        _ file: Located<String>, key: String, into found: inout [(String, SourceLocation?)],
        _ problems: inout [(String, SourceLocation?)]
    ) {
        if iconExists(file.value) {
            found.append(("'\(key)' names '\(file.value)', which exists", file.location))
        } else {
            problems.append(("'\(key)' names '\(file.value)', which is in no asset catalog and no file", file.location))
        }
    }

    /// Whether an icon named `name` is an asset-catalog set or a file in the app's folder.
    func iconExists(_ name: String) -> Bool {
        if app.hasIconSet(named: name) { return true }
        let base = Path.baseName(of: name)
        if base != name, ["icns", "png", "pdf"].contains(Path.pathExtension(of: name)), app.hasIconSet(named: base) {
            return true
        }
        return !IconFileSearch.find(name: name, in: app.folder).isEmpty
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
                        "app-icon.system-generated", holds: false,
                        because: "no document type listing it sets 'CFBundleTypeIconSystemGenerated'"))
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
        if app.hasAppIcon {
            let key = app.infoPlist.appIcon.iconSetNames.first ?? app.infoPlist.appIcon.iconFile
            parts.append(
                IconCondition("app-icon.has-icon", holds: true, because: "the app has an icon", at: key?.location))
        } else {
            parts.append(
                IconCondition(
                    "app-icon.has-icon", holds: false,
                    because: "the app has no icon (no app icon set with images, no icon key)"))
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
