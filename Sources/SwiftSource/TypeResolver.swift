import UniformTypes

/// Resolves type expressions written in one file against everything the app's files declare:
/// the app's own `UTType` constants (which override system names of the same spelling), the
/// system's constants, file-level `let`s and static members.
///
/// A string is a filename extension, not an identifier, when it starts with `.` or `*.`, or when
/// it has no `.` and a system type claims it as a filename extension (`"png"`, `"pdf"`); other
/// strings are identifiers (a bare word no system type claims stays an identifier, and the rules
/// report it as undeclared).
struct TypeResolver {
    let table: TypeConstantTable
    let appConstants: [String: TypeConstant]
    let globals: [String: BindingValue]
    let statics: [String: BindingValue]
    let extensions: SystemExtensions

    /// Names followed through bindings before giving up (a cycle of `let`s is an error in Swift,
    /// but the reader must not loop on one).
    private static let depthLimit = 16

    // MARK: Elements

    /// A written element, resolved.
    func resolve(_ element: WrittenElement) -> ListedType {
        ListedType(text: element.text, location: element.location, resolution: resolve(element.expression))
    }

    /// What an expression stands for.
    func resolve(_ expression: TypeExpression, depth: Int = 0) -> ListedType.Resolution {
        guard depth < Self.depthLimit else { return .dynamic }
        switch expression {
        case .string(let value):
            if let tag = filenameExtension(value) { return .filenameExtension(tag) }
            return .identifier(value, source: .literal)
        case .constant(let name):
            if let constant = appConstants[name] {
                guard let identifier = constant.identifier else { return .dynamic }
                return .identifier(identifier, source: .appConstant(constant))
            }
            if let identifier = table.constants[name] { return .identifier(identifier, source: .systemConstant(name)) }
            return .dynamic
        case .legacyConstant(let name):
            if let identifier = table.legacyConstants[name] {
                return .identifier(identifier, source: .systemConstant(name))
            }
            return .dynamic
        case .initializer(let argument):
            switch resolve(argument, depth: depth + 1) {
            case .identifier(let identifier, _): return .identifier(identifier, source: .initializer)
            case .filenameExtension(let tag): return .filenameExtension(tag)
            case .dynamic: return .dynamic
            }
        case .declaration(let kind, let argument):
            guard let identifier = text(of: argument, depth: depth + 1) else { return .dynamic }
            return .identifier(identifier, source: .declaration(kind))
        case .binding(let name, let qualified):
            guard case .element(let bound) = binding(name: name, qualified: qualified) else { return .dynamic }
            return resolve(bound, depth: depth + 1)
        case .dynamic:
            return .dynamic
        }
    }

    /// The string an expression stands for (a literal, or a name bound to one): the identifier
    /// argument of `UTType(exportedAs:)` and the like.
    func text(of expression: TypeExpression, depth: Int = 0) -> String? {
        guard depth < Self.depthLimit else { return nil }
        switch expression {
        case .string(let value):
            return value
        case .binding(let name, let qualified):
            guard case .element(let bound) = binding(name: name, qualified: qualified) else { return nil }
            return text(of: bound, depth: depth + 1)
        default:
            return nil
        }
    }

    /// The value bound to a name: the static member (`Type.name`) first, then a file-level one.
    private func binding(name: String, qualified: String?) -> BindingValue? {
        if let qualified, let value = statics[qualified] { return value }
        return statics[name] ?? globals[name]
    }

    /// The extension a string stands for, if it is one (see the type's summary).
    func filenameExtension(_ value: String) -> String? {
        if value.hasPrefix("*.") && value.utf8.count > 2 { return String(value.dropFirst(2)) }
        if value.hasPrefix(".") && value.utf8.count > 1 { return String(value.dropFirst()) }
        guard !value.isEmpty, !value.contains("."), extensions.contains(value.lowercased()) else { return nil }
        return value
    }

    // MARK: Lists

    /// A written list, resolved.
    func resolve(_ list: WrittenList, depth: Int = 0) -> TypeList {
        switch list.form {
        case .absent:
            return .absent
        case .null:
            return TypeList(form: .null, text: list.text, location: list.location)
        case .literal, .dynamic:
            let elements = list.elements.map { resolve($0) }
            let known = list.form == .literal && !elements.contains { $0.isDynamic }
            return TypeList(
                form: known ? .explicit : .dynamic, elements: elements, text: list.text, location: list.location)
        case .binding(let name, let qualified):
            guard depth < Self.depthLimit, case .list(let bound) = binding(name: name, qualified: qualified) else {
                return TypeList(form: .dynamic, text: list.text, location: list.location)
            }
            var resolved = resolve(bound, depth: depth + 1)
            resolved.text = list.text
            resolved.location = list.location
            return resolved
        }
    }
}

/// The filename extensions system types claim, lowercased, gathered when first asked for: the
/// embedded catalog is parsed only if some code names a bare word where a type belongs.
final class SystemExtensions {
    private let catalog: SystemTypeCatalog?
    private var extensions: Set<String>?

    /// The extensions of `catalog`, or of the embedded catalog when nil.
    init(catalog: SystemTypeCatalog?) {
        self.catalog = catalog
    }

    /// Whether a system type claims `tag` (lowercased) as a filename extension.
    func contains(_ tag: String) -> Bool {
        if let extensions { return extensions.contains(tag) }
        let gathered = catalog.map(Self.extensions(of:)) ?? Self.embedded
        extensions = gathered
        return gathered.contains(tag)
    }

    /// The embedded catalog's extensions, gathered once.
    private static let embedded = extensions(of: .embedded)

    private static func extensions(of catalog: SystemTypeCatalog) -> Set<String> {
        var extensions: Set<String> = []
        for type in catalog.types {
            for tag in type.declaration.filenameExtensions { extensions.insert(tag.lowercased()) }
        }
        return extensions
    }
}
