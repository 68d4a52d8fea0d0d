import UniformTypes

/// Resolves a filename extension the way ``BrowserPolicy/extensionCase`` says: the catalog's
/// resolver matches case-insensitively; in `sensitive` mode only candidates that declare the exact
/// spelling are kept, and Apple's preference rules are applied again to those.
struct ExtensionMatcher: Sendable {
    let catalog: TypeCatalog
    let policy: BrowserPolicy

    /// The resolution of `tag` among types conforming to `restriction`.
    func resolve(_ tag: String, restrictedTo restriction: UniformTypeIdentifier?) -> TagResolution {
        let resolver = catalog.tagResolver(exportedWins: policy.exportedWins)
        let resolution = resolver.resolve(extension: tag, restrictedTo: restriction)
        guard policy.extensionCase == .sensitive else { return resolution }
        let exact = { (candidate: TagResolution.Candidate) in
            catalog.declaration(for: candidate.identifier)?.filenameExtensions.contains(tag) ?? false
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
}
