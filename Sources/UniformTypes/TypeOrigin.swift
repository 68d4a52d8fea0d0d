/// Whether a declaration defines its type (exported) or describes someone else's (imported).
public enum DeclarationKind: String, Sendable, Hashable, Comparable, CaseIterable {
    /// `UTExportedTypeDeclarations`: the bundle owns the type.
    case exported
    /// `UTImportedTypeDeclarations`: the bundle uses a type owned elsewhere.
    case imported

    /// Exported sorts first: it wins over imported.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs == .exported && rhs == .imported
    }
}

/// Who declared a type: the system, or a bundle exporting or importing it.
public enum TypeOrigin: Sendable, Hashable, CustomStringConvertible {
    /// Declared by the operating system: `release` names the OS release or the file the
    /// declaration came from (`--system-types`), `bundle` the declaring bundle
    /// (`CoreTypes`, `CoreTypes/MobileDevices`…).
    case system(release: String, bundle: String, kind: DeclarationKind)
    /// Exported by the bundle named (its identifier or path, as the caller chooses).
    case exported(bundle: String)
    /// Imported by the bundle named.
    case imported(bundle: String)

    /// Exported or imported.
    public var kind: DeclarationKind {
        switch self {
        case .system(_, _, let kind): kind
        case .exported: .exported
        case .imported: .imported
        }
    }

    /// Whether the system declared the type.
    public var isSystem: Bool {
        if case .system = self { return true }
        return false
    }

    /// The declaring bundle.
    public var bundle: String {
        switch self {
        case .system(_, let bundle, _), .exported(let bundle), .imported(let bundle): bundle
        }
    }

    /// `system`, `exported` or `imported`: the origin's word in machine-readable output.
    public var code: String {
        switch self {
        case .system: "system"
        case .exported: "exported"
        case .imported: "imported"
        }
    }

    /// `system (macOS 12.7, CoreTypes, exported)`, `exported by com.example.app`.
    public var description: String {
        switch self {
        case .system(let release, let bundle, let kind): "system (\(release), \(bundle), \(kind.rawValue))"
        case .exported(let bundle): "exported by \(bundle)"
        case .imported(let bundle): "imported by \(bundle)"
        }
    }
}
