import PropertyList

/// A place where SwiftUI code hands a document type to a scene or an exporter.
public struct DocumentSceneUse: Sendable, Hashable {
    /// How the document is used.
    public enum Kind: String, Sendable, Hashable {
        /// `DocumentGroup(newDocument:)`: opens, edits and creates the document's types.
        case newDocument
        /// `DocumentGroup(viewing:)`: opens the document's types read-only.
        case viewing
        /// `DocumentGroup(editing:contentType:)` (SwiftData): opens and creates `contentType`.
        case editing
        /// `.fileExporter(…document:…)` / `(…documents:…)`: writes the document once; it needs
        /// no document type in the Info.plist.
        case fileExporter

        /// Whether this is a `DocumentGroup` scene (the app opens the document's types).
        public var isDocumentGroup: Bool { self != .fileExporter }

        /// The API as written in code (`DocumentGroup(newDocument:)`, `.fileExporter`).
        public var apiName: String {
            switch self {
            case .newDocument: "DocumentGroup(newDocument:)"
            case .viewing: "DocumentGroup(viewing:)"
            case .editing: "DocumentGroup(editing:contentType:)"
            case .fileExporter: ".fileExporter"
            }
        }
    }

    /// How the document is used.
    public var kind: Kind
    /// The document type's name when the code names it (`TextDocument()` or `TextDocument.self`
    /// gives `TextDocument`); nil when it is a variable or otherwise unknown.
    public var documentName: String?
    /// Where the `DocumentGroup` or `.fileExporter` is written.
    public var location: SourceLocation
    /// The `contentType:` / `contentTypes:` passed (`DocumentGroup(editing:contentType:)`,
    /// `.fileExporter`), absent otherwise.
    public var contentTypes: TypeList

    /// Makes a use.
    public init(kind: Kind, documentName: String?, location: SourceLocation, contentTypes: TypeList = .absent) {
        self.kind = kind
        self.documentName = documentName
        self.location = location
        self.contentTypes = contentTypes
    }
}
