import PropertyList

/// One of the app's own type constants: `extension UTType { static let name = … }` (or a
/// computed `static var name: UTType { … }`). It overrides a system constant of the same name.
public struct TypeConstant: Sendable, Hashable {
    /// How the constant's value is made.
    public enum Form: String, Sendable, Hashable {
        /// `UTType(exportedAs: "id")`.
        case exported
        /// `UTType(importedAs: "id")`.
        case imported
        /// `UTType("id")`, or another constant.
        case plain
    }

    /// The constant's name, as in `.name`.
    public var name: String
    /// The identifier it stands for; nil when the value is computed.
    public var identifier: String?
    /// How the value is made.
    public var form: Form
    /// Where the name is declared.
    public var location: SourceLocation

    /// Makes a constant.
    public init(name: String, identifier: String?, form: Form, location: SourceLocation) {
        self.name = name
        self.identifier = identifier
        self.form = form
        self.location = location
    }
}
