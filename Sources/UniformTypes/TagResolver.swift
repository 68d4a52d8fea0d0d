/// Finds the types that claim a filename extension or MIME type, and the one Apple's documented
/// rules prefer.
///
/// The rules, applied in order to the types that claim the tag (case-insensitively) and conform
/// to the restriction:
/// 1. a public type is preferred over non-public ones;
/// 2. if more than one type is left, the choice is undefined (`UTTypeCreatePreferredIdentifierForTag`):
///    reported as ambiguous, never settled.
/// With ``exportedWins``, an undocumented rule comes between them: among the types left, an
/// exported declaration is preferred over imported ones (the ordering that same-identifier
/// declarations follow, which Apple does not document for different types claiming one tag).
/// With no candidate, the system makes a dynamic identifier: for an extension without a
/// restriction it conforms to `public.data`, as files are typed.
public struct TagResolver: Sendable {
    /// The catalog tags are resolved against.
    public let catalog: TypeCatalog
    /// Whether an exported declaration wins over imported ones among the types Apple's documented
    /// rule leaves tied (default no: undocumented).
    public var exportedWins: Bool

    /// Resolves against `catalog`, with Apple's documented rules unless `exportedWins`.
    public init(catalog: TypeCatalog, exportedWins: Bool = false) {
        self.catalog = catalog
        self.exportedWins = exportedWins
    }

    /// The type for filename extension `pathExtension` (no leading dot), optionally only among
    /// types conforming to `restriction` (`public.data` for files, `public.directory` for folders).
    public func resolve(extension pathExtension: String, restrictedTo restriction: UniformTypeIdentifier? = nil)
        -> TagResolution
    {
        resolve(tag: pathExtension, in: .filenameExtension, restrictedTo: restriction)
    }

    /// The type for MIME type `mimeType`, optionally only among types conforming to `restriction`.
    public func resolve(mimeType: String, restrictedTo restriction: UniformTypeIdentifier? = nil) -> TagResolution {
        resolve(tag: mimeType, in: .mimeType, restrictedTo: restriction)
    }

    /// The type for `tag` of class `tagClass`, optionally only among types conforming to `restriction`.
    public func resolve(tag: String, in tagClass: TagClass, restrictedTo restriction: UniformTypeIdentifier? = nil)
        -> TagResolution
    {
        var candidates: [TagResolution.Candidate] = []
        var excluded: [TagResolution.Candidate] = []
        let folded = tagClass.foldedTag(tag)
        for declaration in catalog.declarations(claiming: tag, in: tagClass) {
            let ofClass = declaration.tags.filter { $0.tagClass == tagClass }
            let match = ofClass.first { tagClass.foldedTag($0.value) == folded }
            let candidate = TagResolution.Candidate(
                identifier: declaration.identifier, origin: declaration.origin,
                isPreferredTag: ofClass.first.map { tagClass.foldedTag($0.value) == folded } ?? false,
                location: match?.location)
            if let restriction, !catalog.graph.conforms(declaration.identifier, to: restriction) {
                excluded.append(candidate)
            } else {
                candidates.append(candidate)
            }
        }
        candidates.sort { Self.rank($0) < Self.rank($1) }
        return resolution(
            tag: tag, in: tagClass, restrictedTo: restriction, candidates: candidates,
            excluded: excluded.sorted { $0.identifier < $1.identifier })
    }

    /// The resolution among `candidates` (sorted public first, exported first, then by
    /// identifier): the preferred type, or the tie, or the dynamic identifier when there is none.
    public func resolution(
        tag: String, in tagClass: TagClass, restrictedTo restriction: UniformTypeIdentifier?,
        candidates: [TagResolution.Candidate], excluded: [TagResolution.Candidate]
    ) -> TagResolution {
        var preferred: UniformTypeIdentifier?
        var tied: [UniformTypeIdentifier] = []
        var dynamic: UniformTypeIdentifier?
        let reason: TagResolution.Reason
        if candidates.isEmpty {
            reason = .noCandidate
            let conformance = restriction ?? (tagClass == .filenameExtension ? .data : nil)
            dynamic =
                DynamicIdentifier(tagClass: tagClass, tag: tag, conformsTo: conformance.map { [$0] } ?? [])
                .identifier
        } else if candidates.count == 1 {
            reason = .onlyCandidate
            preferred = candidates[0].identifier
        } else {
            let publicOnes = candidates.filter { $0.identifier.isPublic }
            let afterPublic = publicOnes.isEmpty ? candidates : publicOnes
            let exportedOnes = exportedWins ? afterPublic.filter { $0.origin.kind == .exported } : []
            let afterExported = exportedOnes.isEmpty ? afterPublic : exportedOnes
            if afterPublic.count == 1 {
                reason = .publicOverNonPublic
                preferred = afterPublic[0].identifier
            } else if afterExported.count == 1 {
                reason = .exportedOverImported
                preferred = afterExported[0].identifier
            } else {
                reason = .ambiguous
                tied = afterExported.map(\.identifier).sorted()
            }
        }
        return TagResolution(
            tag: tag, tagClass: tagClass, restriction: restriction, candidates: candidates, excluded: excluded,
            preferred: preferred, tied: tied, reason: reason, dynamicIdentifier: dynamic)
    }

    /// Public first, exported first, then by identifier.
    private static func rank(_ candidate: TagResolution.Candidate) -> (Int, Int, String) {
        (
            candidate.identifier.isPublic ? 0 : 1, candidate.origin.kind == .exported ? 0 : 1,
            candidate.identifier.normalized
        )
    }

    /// What `UTType(importedAs:)` would hand back instead of `identifier`: when the type in
    /// effect is imported, has a preferred filename extension, and another type is preferred for
    /// that extension (or ties for it), the imported type is shadowed. `nil` when it is not.
    public func importedTypeSubstitution(for identifier: UniformTypeIdentifier) -> ImportedTypeSubstitution? {
        guard let declaration = catalog.declaration(for: identifier), declaration.origin.kind == .imported,
            let pathExtension = declaration.preferredTag(.filenameExtension)
        else { return nil }
        // The usual case, answered without a resolution: the declaration is the extension's one
        // claimant, so the extension resolves to it.
        if catalog.claimantCount(of: pathExtension, in: .filenameExtension) == 1 { return nil }
        let resolution = resolve(extension: pathExtension)
        if resolution.preferred == identifier || resolution.tied.contains(identifier) { return nil }
        return ImportedTypeSubstitution(imported: declaration.identifier, tag: pathExtension, resolution: resolution)
    }
}
