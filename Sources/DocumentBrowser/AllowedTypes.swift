import AppBundle
import PropertyList
import SwiftSource
import UniformTypes

/// The content types a document browser allows (info-plist-rules §2.6): an explicit list, or,
/// for `nil`, the `LSItemContentTypes` of every `CFBundleDocumentTypes` entry — with role `None`
/// and rank `None` entries and legacy extensions counted as ``BrowserPolicy`` says.
public struct AllowedTypes: Sendable {
    /// The allowed types in order: the explicit list, or entry by entry in file order.
    public var types: [AllowedType]
    /// Whether the list was given explicitly (by `--allowed`, or as a list in the app's code).
    public var isExplicit: Bool
    /// Whether the list is computed in the app's code: ``types`` holds the members written in
    /// code, and the browser allows whatever the list holds at run time.
    public var isDynamic = false
    /// The creation site in the app's code whose list this is, if it comes from code.
    public var site: CreationSite?
    /// Entries and keys that give no allowed type, each with why.
    public var leftOut: [Reason]

    /// Creates the set from parts.
    public init(types: [AllowedType], isExplicit: Bool, leftOut: [Reason] = []) {
        self.types = types
        self.isExplicit = isExplicit
        self.leftOut = leftOut
    }

    /// Every assumption the set rests on, sorted, each once.
    public var assumptions: [Assumption] {
        Array(Set(types.flatMap(\.assumptions) + leftOut.compactMap(\.assumption))).sorted()
    }

    /// The identifiers, each once, in first-seen order.
    public var identifiers: [UniformTypeIdentifier] {
        var seen: Set<UniformTypeIdentifier> = []
        return types.map(\.identifier).filter { seen.insert($0).inserted }
    }

    /// The explicit list `identifiers`, each noted when the catalog does not know it.
    public static func explicit(_ identifiers: [UniformTypeIdentifier], catalog: TypeCatalog) -> AllowedTypes {
        let types = identifiers.map { identifier in
            AllowedType(
                identifier: identifier, source: .explicit, notes: notes(for: identifier, catalog: catalog))
        }
        return AllowedTypes(types: types, isExplicit: true)
    }

    /// The types the creation site `site` of the app's code allows: its list (the identifiers
    /// known in it, when it is computed), or, for `nil` and a site without a list of its own
    /// (`UIDocumentViewController`, `DocumentGroupLaunchScene`), the app's document types.
    public static func forSite(
        _ site: CreationSite, of app: InfoPlist, platform: Platform, policy: BrowserPolicy, catalog: TypeCatalog
    ) -> AllowedTypes {
        var allowed: AllowedTypes
        switch site.list.form {
        case .null, .absent:
            allowed = fromDocumentTypes(of: app, platform: platform, policy: policy, catalog: catalog)
        case .explicit, .dynamic:
            var types: [AllowedType] = []
            var leftOut: [Reason] = []
            for element in site.list.elements {
                switch element.resolution {
                case .identifier(let identifier, _):
                    let type = UniformTypeIdentifier(identifier)
                    types.append(
                        AllowedType(
                            identifier: type, source: .code(text: element.text, location: element.location),
                            notes: notes(for: type, catalog: catalog)))
                case .filenameExtension:
                    leftOut.append(
                        Reason(
                            "\(AllowedType.Source.written(element.text)) is a filename extension, not a type identifier: it allows no file",
                            holds: false, at: element.location))
                case .dynamic:
                    leftOut.append(
                        Reason(
                            "\(AllowedType.Source.written(element.text)) is computed when the app runs: what it allows is not known here",
                            holds: false, at: element.location))
                }
            }
            if site.list.form == .dynamic && site.list.elements.isEmpty {
                leftOut.append(
                    Reason(
                        "the list '\(site.list.text)' is computed when the app runs: what it allows is not known here",
                        holds: false, at: site.list.location))
            }
            allowed = AllowedTypes(types: types, isExplicit: true, leftOut: leftOut)
            allowed.isDynamic = site.list.form == .dynamic
        }
        allowed.site = site
        return allowed
    }

    /// The types `nil` stands for: what the app's document types list.
    public static func fromDocumentTypes(
        of app: InfoPlist, platform: Platform, policy: BrowserPolicy, catalog: TypeCatalog
    ) -> AllowedTypes {
        var types: [AllowedType] = []
        var leftOut: [Reason] = []
        if app.documentTypes.isEmpty {
            leftOut.append(
                Reason(
                    "the app declares no document types ('CFBundleDocumentTypes' is missing or empty): nothing is allowed",
                    holds: false, at: app.documentTypesLocation))
        }
        for entry in app.documentTypes {
            let name = entry.name?.value
            let label = AllowedType.Source.entry(entry.index, name)
            var assumptions: [Assumption] = []
            if let role = entry.role, role.value == "None" {
                let assumption = policy.roleNoneAssumption
                guard policy.countRoleNone else {
                    leftOut.append(
                        Reason(
                            "document type \(label) has role 'None': left out", holds: false, at: role.location,
                            assuming: assumption))
                    continue
                }
                assumptions.append(assumption)
            }
            if let rank = entry.rank, rank.value == "None" {
                let assumption = policy.rankNoneAssumption
                guard policy.countRankNone else {
                    leftOut.append(
                        Reason(
                            "document type \(label) has rank 'None': left out", holds: false, at: rank.location,
                            assuming: assumption))
                    continue
                }
                assumptions.append(assumption)
            }
            for item in entry.contentTypes {
                if item.value.isDynamic {
                    leftOut.append(
                        Reason(
                            "document type \(label) lists the dynamic identifier '\(item.value.rawValue)': the system ignores dynamic identifiers in an Info.plist",
                            holds: false, at: item.location))
                    continue
                }
                types.append(
                    AllowedType(
                        identifier: item.value,
                        source: .documentType(index: entry.index, name: name, location: item.location),
                        assumptions: assumptions, notes: notes(for: item.value, catalog: catalog)))
            }
            guard !entry.legacyExtensions.isEmpty else { continue }
            let firstLegacy = entry.legacyExtensions.first?.location
            if !entry.contentTypes.isEmpty {
                leftOut.append(
                    Reason(
                        "document type \(label): 'CFBundleTypeExtensions' is ignored because 'LSItemContentTypes' is present",
                        holds: false, at: firstLegacy))
                continue
            }
            let legacy = policy.legacyAssumption(on: platform)
            guard policy.usesLegacyExtensions(on: platform) else {
                leftOut.append(
                    Reason(
                        "document type \(label): legacy 'CFBundleTypeExtensions' ignored on \(platform)",
                        holds: false, at: firstLegacy, assuming: legacy))
                continue
            }
            for item in entry.legacyExtensions {
                let (identifiers, restsOnExportedWins) = legacyTypes(for: item.value, catalog: catalog, policy: policy)
                let exportedWins = restsOnExportedWins ? [policy.exportedWinsAssumption] : []
                let dotted = item.value.hasPrefix(".") ? [policy.assumption(\.leadingDot)] : []
                if identifiers.isEmpty, !dotted.isEmpty {
                    leftOut.append(
                        Reason(
                            "document type \(label): legacy extension '\(item.value)' starts with '.', so it matches no file",
                            holds: false, at: item.location, assuming: dotted[0]))
                    continue
                }
                for identifier in identifiers {
                    types.append(
                        AllowedType(
                            identifier: identifier,
                            source: .legacyExtension(
                                index: entry.index, name: name, pathExtension: item.value, location: item.location),
                            assumptions: assumptions + [legacy] + exportedWins + dotted,
                            notes: notes(for: identifier, catalog: catalog)))
                }
            }
        }
        return AllowedTypes(types: types, isExplicit: false, leftOut: leftOut)
    }

    /// The types a legacy extension stands for: `*` is every file (`public.data`); otherwise what
    /// a file with the extension resolves to (every tied candidate when ambiguous), and whether
    /// that answer rests on ``BrowserPolicy/exportedWins`` (an exported type chosen, or one
    /// exported type tied with imported ones). An extension written with a leading dot stands for
    /// nothing unless ``BrowserPolicy/leadingDotMatches``.
    static func legacyTypes(for pathExtension: String, catalog: TypeCatalog, policy: BrowserPolicy)
        -> (types: [UniformTypeIdentifier], restsOnExportedWins: Bool)
    {
        var tag = pathExtension
        if tag.hasPrefix(".") {
            guard policy.leadingDotMatches else { return ([], false) }
            tag.removeFirst()
        }
        if tag == "*" { return ([.data], false) }
        let resolution = ExtensionMatcher(catalog: catalog, policy: policy).resolve(tag, restrictedTo: .data)
        let rests = resolution.reason == .exportedOverImported || resolution.exportedAmongTied != nil
        if resolution.isAmbiguous { return (resolution.tied, rests) }
        return (resolution.resolvedIdentifier.map { [$0] } ?? [], rests)
    }

    /// Notes on an allowed identifier the catalog does not know, or that is dynamic.
    static func notes(for identifier: UniformTypeIdentifier, catalog: TypeCatalog) -> [Reason] {
        if identifier.isDynamic {
            return [
                Reason(
                    "'\(identifier.rawValue)' is a dynamic identifier: the system ignores it in an Info.plist",
                    holds: false)
            ]
        }
        if !catalog.contains(identifier) {
            return [
                Reason(
                    "'\(identifier.rawValue)' is declared nowhere (not a system type, not exported or imported by the app): no file gets this type",
                    holds: false)
            ]
        }
        return []
    }
}
