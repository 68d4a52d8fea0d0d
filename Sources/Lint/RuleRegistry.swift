/// Every rule, sorted by code. A test keeps it honest: codes and names unique, every rule with
/// both kinds of example, the list sorted.
public enum RuleRegistry {
    /// The rule types, sorted by code.
    public static let ruleTypes: [any Rule.Type] = [
        MissingTypeName.self,  // DOC-001
        MissingHandlerRank.self,  // DOC-002
        InvalidHandlerRank.self,  // DOC-003
        InvalidTypeRole.self,  // DOC-004
        LegacyBindingKeys.self,  // DOC-005
        UndeclaredContentType.self,  // DOC-006
        MissingOpenInPlaceDeclaration.self,  // DOC-007
        OpenInPlaceDisabledOnMacOS.self,  // DOC-008
        PackageFlagIgnored.self,  // DOC-009
        MissingExportableTypes.self,  // DOC-010
        ConflictingHandlerClaims.self,  // DOC-011
        DynamicContentType.self,  // DOC-012
        NoBindingKey.self,  // DOC-013
        DocumentTypesInAppClip.self,  // DOC-014
        PublicPackageTypo.self,  // DOC-015
        OwnerRankOnForeignType.self,  // DOC-016
        CatchAllDefaultRank.self,  // DOC-017
        DocumentIconExplanation.self,  // ICON-001
        MissingIconResource.self,  // ICON-002
        PrivateIconKey.self,  // ICON-003
        SystemGeneratedIconOnIOS.self,  // ICON-004
        UnreadablePropertyList.self,  // PLIST-001
        RootNotDictionary.self,  // PLIST-002
        WrongValueType.self,  // PLIST-003
        UnexpandedBuildSetting.self,  // PLIST-004
        EmptyValue.self,  // PLIST-005
        DuplicateKey.self,  // PLIST-006
        MisspeltKey.self,  // PLIST-007
        QuestionableSyntax.self,  // PLIST-008
        DeclarationsOnlyBundle.self,  // PLIST-009
        IneffectiveSuppression.self,  // PLIST-010
        UndeclaredQuickLookType.self,  // QL-001
        ThumbnailExtensionIconEffect.self,  // QL-002
        UndeclaredExportInCode.self,  // SRC-001
        UnknownImportInCode.self,  // SRC-002
        UndeclaredTypeInCode.self,  // SRC-003
        FilenameExtensionAsType.self,  // SRC-004
        BrowserTypeNotInDocumentTypes.self,  // SRC-005
        DocumentReadsUnlistedType.self,  // SRC-006
        MisspeltWritableContentTypes.self,  // SRC-007
        UnconsumedCreationHandler.self,  // SRC-008
        CreationWithoutDelegateMethod.self,  // SRC-009
        PresentedDocumentBrowser.self,  // SRC-010
        CancelOnlyCreationHandler.self,  // SRC-011
        TemplatePlaceholderIdentifier.self,  // SRC-012
        CreationHandlerCalledTwice.self,  // SRC-013
        InvalidIdentifierSyntax.self,  // UTI-001
        ReservedDomainDeclaration.self,  // UTI-002
        DynamicIdentifierDeclared.self,  // UTI-003
        MissingPhysicalConformance.self,  // UTI-004
        NotContentConforming.self,  // UTI-005
        UndeclaredSupertype.self,  // UTI-007
        ExportedAndImported.self,  // UTI-008
        ForeignDomainExport.self,  // UTI-009
        DuplicateDeclaration.self,  // UTI-010
        MissingFilenameExtension.self,  // UTI-011
        MalformedExtensionTag.self,  // UTI-012
        ClaimedTagCollision.self,  // UTI-013
        TagSpecificationForm.self,  // UTI-014
        IdentifierCaseMismatch.self,  // UTI-016
        CyclicConformance.self,  // UTI-017
        MissingTypeIdentifier.self,  // UTI-018
        ImportedTypeSubstituted.self,  // UTI-019
    ]

    /// One value of each rule, sorted by code.
    public static let rules: [any Rule] = ruleTypes.map { $0.init() }

    /// The descriptions, sorted by code.
    public static var descriptions: [RuleDescription] { ruleTypes.map { $0.description } }

    /// The rule with `code` (or kebab-case name), compared case-insensitively.
    public static func ruleType(named codeOrName: String) -> (any Rule.Type)? {
        let wanted = codeOrName.lowercased()
        return ruleTypes.first { $0.description.code.lowercased() == wanted || $0.description.name == wanted }
    }
}
