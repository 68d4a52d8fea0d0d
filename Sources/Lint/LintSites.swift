import AppBundle
import UniformTypes

/// A type declaration as written in one of the bundle's Info.plists, with its graph node: what
/// rules about declarations read instead of positions in the context's arrays.
public struct DeclarationSite: Sendable {
    /// The array the declaration is written in.
    public enum Section: Sendable, Equatable {
        /// `UTExportedTypeDeclarations`.
        case exported
        /// `UTImportedTypeDeclarations`.
        case imported

        /// The Info.plist key of the array.
        public var key: String {
            switch self {
            case .exported: "UTExportedTypeDeclarations"
            case .imported: "UTImportedTypeDeclarations"
            }
        }
    }

    /// The position of the declaring Info.plist in ``LintContext/infoPlists`` (0: the app).
    public let plist: Int
    /// The array it is written in.
    public let section: Section
    /// Its position in that array.
    public let index: Int
    /// The declaration as written.
    public let declaration: TypeDeclaration
    /// The graph node of its identifier (nil only for a declaration the graph has no node for).
    public let node: ConformanceGraph.Node?
}

/// One of the bundle's declarations in effect (not shadowed by the system's or another of the
/// bundle's): a type the app defines for the system.
public struct DeclarationInEffect: Sendable {
    /// The position of the declaring Info.plist in ``LintContext/infoPlists``.
    public let plist: Int
    /// The declaration.
    public let declaration: TypeDeclaration
    /// The graph node of its identifier.
    public let node: ConformanceGraph.Node
}

/// A content type listed by a document type (`LSItemContentTypes`), with its entry and graph node.
public struct ListedType: Sendable {
    /// The position of the entry among the Info.plist's document types.
    public let entryIndex: Int
    /// The position of the type among the entry's content types.
    public let typeIndex: Int
    /// The document type listing it.
    public let entry: DocumentType
    /// The identifier as written, with its location.
    public let type: Located<UniformTypeIdentifier>
    /// The graph node of the identifier; nil when the graph has none (neither declared nor named
    /// as a supertype).
    public let node: ConformanceGraph.Node?
}
