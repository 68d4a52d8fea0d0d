import UniformTypes

/// Resolves a filename extension the way ``BrowserPolicy/extensionCase`` says: the catalog's
/// resolver matches case-insensitively; in `sensitive` mode only candidates that declare the exact
/// spelling are kept, and Apple's preference rules are applied again to those.
struct ExtensionMatcher: Sendable {
    let catalog: TypeCatalog
    let policy: BrowserPolicy

    /// The resolution of `tag` among types conforming to `restriction`.
    func resolve(_ tag: String, restrictedTo restriction: UniformTypeIdentifier?) -> TagResolution {
        let resolution = catalog.tagResolver.resolve(extension: tag, restrictedTo: restriction)
        guard policy.extensionCase == .sensitive else { return resolution }
        let exact = { (candidate: TagResolution.Candidate) in
            catalog.declaration(for: candidate.identifier)?.filenameExtensions.contains(tag) ?? false
        }
        let kept = resolution.candidates.filter(exact)
        let keptExcluded = resolution.excluded.filter(exact)
        if kept.count == resolution.candidates.count && keptExcluded.count == resolution.excluded.count {
            return resolution
        }
        var preferred: UniformTypeIdentifier?
        var tied: [UniformTypeIdentifier] = []
        var dynamic: UniformTypeIdentifier?
        let reason: TagResolution.Reason
        if kept.isEmpty {
            reason = .noCandidate
            dynamic =
                DynamicIdentifier(tagClass: .filenameExtension, tag: tag, conformsTo: [restriction ?? .data]).identifier
        } else if kept.count == 1 {
            reason = .onlyCandidate
            preferred = kept[0].identifier
        } else {
            let publicOnes = kept.filter { $0.identifier.isPublic }
            let afterPublic = publicOnes.isEmpty ? kept : publicOnes
            let exportedOnes = afterPublic.filter { $0.origin.kind == .exported }
            let afterExported = exportedOnes.isEmpty ? afterPublic : exportedOnes
            if afterExported.count > 1 {
                reason = .ambiguous
                tied = afterExported.map(\.identifier).sorted()
            } else if afterPublic.count == 1 {
                reason = .publicOverNonPublic
                preferred = afterPublic[0].identifier
            } else {
                reason = .exportedOverImported
                preferred = afterExported[0].identifier
            }
        }
        return TagResolution(
            tag: tag, tagClass: .filenameExtension, restriction: restriction, candidates: kept,
            excluded: keptExcluded, preferred: preferred, tied: tied, reason: reason, dynamicIdentifier: dynamic)
    }

    /// Whether `identifier` claims `tag` only in another letter case.
    func matchesOnlyIgnoringCase(_ identifier: UniformTypeIdentifier, _ tag: String) -> Bool {
        guard let declaration = catalog.declaration(for: identifier) else { return false }
        return !declaration.filenameExtensions.contains(tag)
    }
}
