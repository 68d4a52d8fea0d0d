import PropertyList

/// A type expression as one file writes it, before the app's other files are known.
indirect enum TypeExpression: Sendable, Hashable {
    /// A string literal's value.
    case string(String)
    /// `.name` or `UTType.name`: an app constant or a system one.
    case constant(String)
    /// `kUTTypeName` (as `String`, `CFString`, or inside `String(…)`).
    case legacyConstant(String)
    /// `UTType(…)` with an unlabelled identifier.
    case initializer(TypeExpression)
    /// `UTType(exportedAs: …)` / `UTType(importedAs: …)`.
    case declaration(TypeDeclarationKind, TypeExpression)
    /// A name not bound in the file's local scopes: a file-level `let` of some file, or a static
    /// member (`qualified` is `Type.name` when the type is known, from `Self.name`, `Type.name`
    /// or a bare name inside the type).
    case binding(name: String, qualified: String?)
    /// Anything else.
    case dynamic
}

/// An element of a list (or a single type argument) as written.
struct WrittenElement: Sendable, Hashable {
    var expression: TypeExpression
    var text: String
    var location: SourceLocation
}

/// A list of types as one file writes it.
struct WrittenList: Sendable, Hashable {
    /// What the expression is.
    enum Form: Sendable, Hashable {
        /// An array literal (the elements say whether each is known).
        case literal
        /// `nil`.
        case null
        /// A name bound elsewhere (resolved over the app's files).
        case binding(name: String, qualified: String?)
        /// Anything else; the elements are those of the array literals inside it.
        case dynamic
        /// Nothing passed.
        case absent
    }

    var form: Form
    var elements: [WrittenElement] = []
    var text: String = ""
    var location: SourceLocation?

    static let absent = WrittenList(form: .absent)
}

/// What a `let` (or a computed property with a single expression) is bound to.
enum BindingValue: Sendable, Hashable {
    /// One type expression.
    case element(TypeExpression)
    /// A list.
    case list(WrittenList)
}
