import UniformTypes

/// Resolves a filename extension the way ``BrowserPolicy/extensionCase`` and
/// ``BrowserPolicy/leadingDotMatches`` say: the catalog's resolver matches case-insensitively; in
/// `sensitive` mode only candidates that declare the exact spelling are kept; with leading dots
/// stripped, types declaring `.tag` claim `tag` too; Apple's preference rules are applied again
/// to what is left.
struct ExtensionMatcher: Sendable {
    let catalog: TypeCatalog
    let policy: BrowserPolicy

    /// The resolution of `tag` among types conforming to `restriction`.
    func resolve(_ tag: String, restrictedTo restriction: UniformTypeIdentifier?) -> TagResolution {
        let resolver = catalog.tagResolver(exportedWins: policy.exportedWins)
        var resolution = resolver.resolve(extension: tag, restrictedTo: restriction)
        if policy.leadingDotMatches {
            let dotted = resolver.resolve(extension: "." + tag, restrictedTo: restriction)
            if !dotted.candidates.isEmpty || !dotted.excluded.isEmpty {
                let known = Set(resolution.candidates.map(\.identifier) + resolution.excluded.map(\.identifier))
                resolution = resolver.resolution(
                    tag: tag, in: .filenameExtension, restrictedTo: restriction,
                    candidates: resolution.candidates + dotted.candidates.filter { !known.contains($0.identifier) },
                    excluded: resolution.excluded + dotted.excluded.filter { !known.contains($0.identifier) })
            }
        }
        guard policy.extensionCase == .sensitive else { return resolution }
        let exact = { (candidate: TagResolution.Candidate) in
            let declared = catalog.declaration(for: candidate.identifier)?.filenameExtensions ?? []
            return declared.contains(tag) || (policy.leadingDotMatches && declared.contains("." + tag))
        }
        let kept = resolution.candidates.filter(exact)
        let keptExcluded = resolution.excluded.filter(exact)
        if kept.count == resolution.candidates.count && keptExcluded.count == resolution.excluded.count {
            return resolution
        }
        return resolver.resolution(
            tag: tag, in: .filenameExtension, restrictedTo: restriction, candidates: kept,
            excluded: keptExcluded)
    }

    /// Whether `identifier` claims `tag` only in another letter case.
    func matchesOnlyIgnoringCase(_ identifier: UniformTypeIdentifier, _ tag: String) -> Bool {
        guard let declaration = catalog.declaration(for: identifier) else { return false }
        return !declaration.filenameExtensions.contains(tag)
    }

    /// Whether `identifier` claims `tag` only written with a leading dot.
    func matchesOnlyWithLeadingDot(_ identifier: UniformTypeIdentifier, _ tag: String) -> Bool {
        guard policy.leadingDotMatches, let declaration = catalog.declaration(for: identifier) else { return false }
        let declared = declaration.filenameExtensions.map { $0.lowercased() }
        return !declared.contains(tag.lowercased()) && declared.contains("." + tag.lowercased())
    }
}
