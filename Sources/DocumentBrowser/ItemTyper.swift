import UniformTypes

/// Types items by name against a catalog (system types plus the app's declarations), the way the
/// system does: files among types conforming to `public.data`, folders among types conforming to
/// `com.apple.package` (a folder no package type claims is a plain folder).
struct ItemTyper: Sendable {
    let catalog: TypeCatalog
    let policy: BrowserPolicy

    /// The extension of `name`: what follows the last dot, unless the dot starts the name.
    static func pathExtension(of name: String) -> String {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The type of an item named `name` that is a directory (or not).
    func type(name: String, isDirectory: Bool) -> TypedItem {
        let pathExtension = Self.pathExtension(of: name)
        var reasons: [Reason] = []
        if pathExtension.isEmpty {
            if isDirectory {
                reasons.append(Reason("'\(name)' is a folder without an extension: a plain folder ('public.folder')"))
                return TypedItem(name: name, kind: .folder, type: .folder, typing: .folder, reasons: reasons)
            }
            reasons.append(
                Reason("'\(name)' has no extension: the system types the file by what it is, 'public.data'"))
            return TypedItem(name: name, kind: .file, type: .data, typing: .noExtension, reasons: reasons)
        }
        reasons.append(Reason("name '\(name)' has the extension '\(pathExtension)'"))
        let restriction: UniformTypeIdentifier = isDirectory ? .package : .data
        let matcher = ExtensionMatcher(catalog: catalog, policy: policy)
        let resolution = matcher.resolve(pathExtension, restrictedTo: restriction)
        let rivals = "'public.data' nor 'com.apple.package'"

        if let preferred = resolution.preferred {
            let candidate = resolution.candidates.first { $0.identifier == preferred }
            var message = "extension '\(pathExtension)' → '\(preferred.rawValue)', \(origin(of: preferred))"
            switch resolution.reason {
            case .publicOverNonPublic:
                message += "; also claimed by \(others(resolution, than: preferred)): Apple's rule prefers public types"
            case .exportedOverImported:
                message +=
                    "; also claimed by \(others(resolution, than: preferred)): an exported declaration wins over imported ones"
            default: break
            }
            let location = candidate?.location ?? catalog.declaration(for: preferred)?.location
            let exportedWins = resolution.reason == .exportedOverImported
            var assumption: Assumption? = exportedWins ? policy.exportedWinsAssumption : nil
            if matcher.matchesOnlyWithLeadingDot(preferred, pathExtension) {
                message += " (declared with a leading '.')"
                assumption = policy.assumption(\.leadingDot)
            } else if matcher.matchesOnlyIgnoringCase(preferred, pathExtension) {
                message += " (declared in another letter case)"
                assumption = policy.extensionCaseAssumption
            }
            reasons.append(Reason(message, at: location, assuming: assumption))
            if exportedWins && assumption != policy.exportedWinsAssumption {
                // The answer rests on both choices: name the second one too.
                reasons.append(
                    Reason(
                        "'\(preferred.rawValue)' is chosen as the exported declaration among imported ones",
                        assuming: policy.exportedWinsAssumption))
            }
            reasons += redeclarationNotes(preferred)
            let kind: ItemKind = isDirectory ? .package : .file
            return TypedItem(name: name, kind: kind, type: preferred, typing: .declared, reasons: reasons)
        }
        if resolution.isAmbiguous {
            let tied = resolution.tied.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            let rule = resolution.tied.allSatisfy(\.isPublic) ? "all are public" : "none is public"
            var message =
                "extension '\(pathExtension)' is claimed by \(tied): \(rule), so Apple's rules leave the choice undefined"
            var assumption: Assumption?
            if let exported = resolution.exportedAmongTied {
                message +=
                    " ('\(exported.rawValue)' is the only exported declaration among them, which '--exported-wins yes' would pick)"
                assumption = policy.exportedWinsAssumption
            }
            reasons.append(Reason(message, holds: false, assuming: assumption))
            return TypedItem(
                name: name, kind: isDirectory ? .package : .file, type: nil, tied: resolution.tied,
                typing: .ambiguous, reasons: reasons, weakLink: reasons.count - 1)
        }
        // Nothing bindable claims the extension.
        let excluded = resolution.excluded.map { "'\($0.identifier.rawValue)' (\(origin(of: $0.identifier)))" }
        if isDirectory {
            let message =
                excluded.isEmpty
                ? "extension '\(pathExtension)' names no package type: a plain folder ('public.folder')"
                : "extension '\(pathExtension)' is claimed by \(excluded.joined(separator: ", ")), not a package type: a plain folder ('public.folder')"
            reasons.append(Reason(message, at: resolution.excluded.first?.location))
            return TypedItem(name: name, kind: .folder, type: .folder, typing: .folder, reasons: reasons)
        }
        let dynamic =
            resolution.dynamicIdentifier
            ?? DynamicIdentifier(tagClass: .filenameExtension, tag: pathExtension, conformsTo: [.data]).identifier
        if !excluded.isEmpty {
            reasons.append(
                Reason(
                    "extension '\(pathExtension)' is claimed by \(excluded.joined(separator: ", ")), which conforms to neither \(rivals): the system does not bind files to it, and types the file '\(dynamic.rawValue)'",
                    holds: false, at: resolution.excluded.first?.location))
            return TypedItem(
                name: name, kind: .file, type: dynamic, typing: .notBindable, reasons: reasons,
                weakLink: reasons.count - 1)
        }
        var message =
            "extension '\(pathExtension)' is claimed by no declared type: the system types the file '\(dynamic.rawValue)', which conforms to 'public.data' only"
        var assumption: Assumption?
        let dotted = catalog.tagResolver.resolve(extension: "." + pathExtension, restrictedTo: .data)
        if !policy.leadingDotMatches, !dotted.candidates.isEmpty || !dotted.excluded.isEmpty {
            message += " (a type declares it with a leading '.', which matches nothing)"
            assumption = policy.assumption(\.leadingDot)
        } else if policy.extensionCase == .sensitive,
            !catalog.tagResolver.resolve(extension: pathExtension, restrictedTo: .data).candidates.isEmpty
        {
            message += " (types claim it in another letter case)"
            assumption = policy.extensionCaseAssumption
        }
        reasons.append(Reason(message, holds: false, assuming: assumption))
        return TypedItem(
            name: name, kind: .file, type: dynamic, typing: .unclaimedExtension, reasons: reasons,
            weakLink: reasons.count - 1)
    }

    /// `declared by the system (macOS 12.7, CoreTypes)`, `exported by the app`…
    func origin(of identifier: UniformTypeIdentifier) -> String {
        guard let declaration = catalog.declaration(for: identifier) else { return "declared nowhere" }
        return Self.phrase(declaration.origin)
    }

    /// The origin as a phrase.
    static func phrase(_ origin: TypeOrigin) -> String {
        switch origin {
        case .system(let release, let bundle, _): "declared by the system (\(release), \(bundle))"
        case .exported: "exported by the app"
        case .imported: "imported by the app"
        }
    }

    /// The other candidates of a resolution, quoted.
    private func others(_ resolution: TagResolution, than preferred: UniformTypeIdentifier) -> String {
        resolution.candidates.filter { $0.identifier != preferred }.map { "'\($0.identifier.rawValue)'" }
            .joined(separator: ", ")
    }

    /// A note for each declaration of `identifier` that the one in effect shadows.
    func redeclarationNotes(_ identifier: UniformTypeIdentifier) -> [Reason] {
        let declarations = catalog.declarations(for: identifier)
        guard let winner = declarations.first, declarations.count > 1 else { return [] }
        return declarations.dropFirst().map { loser in
            let rule =
                winner.origin.kind != loser.origin.kind
                ? "the \(winner.origin.kind.rawValue) declaration is in effect: an exported declaration wins over an imported one"
                : (winner.origin.isSystem
                    ? "the system's declaration is in effect" : "the first declaration is in effect")
            return Reason("'\(identifier.rawValue)' is also \(Self.phrase(loser.origin)); \(rule)", at: loser.location)
        }
    }
}
