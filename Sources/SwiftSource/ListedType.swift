import PropertyList

/// One element of a type list written in code, with what it stands for.
public struct ListedType: Sendable, Hashable {
    /// What an element stands for.
    public enum Resolution: Sendable, Hashable {
        /// A type identifier, and how the code names it.
        case identifier(String, source: TypeSource)
        /// A filename extension where an identifier belongs: a string such as `".png"` or
        /// `"*.png"`, or a bare word that a system type claims as its extension (`"png"`).
        /// The extension is given without its `.` or `*.`.
        case filenameExtension(String)
        /// Not known from the code: a call, a variable, a ternary, `UTType(filenameExtension:)`…
        case dynamic
    }

    /// The element as written, such as `.pdf` or `"public.png"`.
    public var text: String
    /// Where the element starts.
    public var location: SourceLocation
    /// What it stands for.
    public var resolution: Resolution

    /// Makes an element.
    public init(text: String, location: SourceLocation, resolution: Resolution) {
        self.text = text
        self.location = location
        self.resolution = resolution
    }

    /// The identifier the element stands for, if it is known to stand for one.
    public var identifier: String? {
        if case .identifier(let identifier, _) = resolution { return identifier }
        return nil
    }

    /// Whether the element is not known from the code.
    public var isDynamic: Bool { resolution == .dynamic }
}

/// How code names a type identifier.
public enum TypeSource: Sendable, Hashable {
    /// A string literal, or a `let` bound to one.
    case literal
    /// `UTType("id")`.
    case initializer
    /// A system constant: `.pdf`, `UTType.pdf`, `kUTTypePDF as String`; the name as written
    /// (without `.` or `UTType.`).
    case systemConstant(String)
    /// One of the app's own constants (`extension UTType { static let … }`).
    case appConstant(TypeConstant)
    /// `UTType(exportedAs:)` or `UTType(importedAs:)` written in place (directly, or through a
    /// `let`). The site is among ``SwiftCodeFacts/declarationSites`` too.
    case declaration(TypeDeclarationKind)

    /// Whether the type is made by `UTType(exportedAs:)` / `UTType(importedAs:)` (in place or
    /// through an app constant): the site that makes it answers for its declaration.
    public var isMadeByDeclaration: Bool {
        switch self {
        case .declaration: return true
        case .appConstant(let constant): return constant.form != .plain
        default: return false
        }
    }
}
