/// Whether code declares a type as the app's own or as another's: `UTType(exportedAs:)` or
/// `UTType(importedAs:)`. Both expect a declaration of the same kind in the Info.plist.
public enum TypeDeclarationKind: String, Sendable, Hashable, CaseIterable {
    /// `UTType(exportedAs: "id")`: the app owns the type.
    case exported
    /// `UTType(importedAs: "id")`: another app or the system owns the type.
    case imported
}
