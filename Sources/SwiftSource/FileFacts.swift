import PropertyList
import UniformTypes

/// What one file's code says, before it is put together with the app's other files: type
/// expressions are as written (``TypeExpression``), not yet resolved.
struct FileFacts: Sendable {
    /// `static let name = …` in `extension UTType`.
    struct Constant: Sendable {
        var name: String
        var value: TypeExpression
        var location: SourceLocation
    }

    /// `UTType(exportedAs:)` / `UTType(importedAs:)`.
    struct DeclarationSite: Sendable {
        var kind: TypeDeclarationKind
        var argument: TypeExpression
        var location: SourceLocation
        var constantName: String?
    }

    /// A creation site with its list as written.
    struct Site: Sendable {
        var kind: CreationSite.Kind
        var location: SourceLocation
        var list: WrittenList
        var detail: String?
        var boundName: String?
    }

    /// A type, class or extension header.
    struct TypeHeader: Sendable {
        var name: String
        var isExtension: Bool
        var inherits: [String]
        var location: SourceLocation
    }

    /// A document member (`readableContentTypes` & co.) declared in a type or extension.
    struct DocumentMember: Sendable {
        enum Member: Sendable { case readable, writable, misspeltWritable }
        var typeName: String
        var member: Member
        var list: WrittenList
        var location: SourceLocation
    }

    /// A `DocumentGroup` or `.fileExporter`.
    struct SceneUse: Sendable {
        var kind: DocumentSceneUse.Kind
        var documentName: String?
        var location: SourceLocation
        var contentTypes: WrittenList
    }

    /// `present(x, …)`: what is presented, when known.
    struct Presentation: Sendable {
        var location: SourceLocation
        var createdType: String?
        var creationLocation: SourceLocation?
    }

    var constants: [Constant] = []
    var declarationSites: [DeclarationSite] = []
    var sites: [Site] = []
    var typeHeaders: [TypeHeader] = []
    var documentMembers: [DocumentMember] = []
    var sceneUses: [SceneUse] = []
    var handlers: [CreationHandler] = []
    var documentCreationEnabled: [SourceLocation] = []
    var presentations: [Presentation] = []
    var placeholders: [Located<String>] = []
    /// File-level `let`s (and computed `var`s) by name.
    var globalBindings: [String: BindingValue] = [:]
    /// Static members by `Type.name`.
    var staticBindings: [String: BindingValue] = [:]
}
