import PropertyList
import UniformTypes

/// Reads system type declarations a user supplies (`--system-types FILE`) for OS releases newer
/// than the embedded catalog: an array of declaration dictionaries, or a dictionary with
/// `UTExportedTypeDeclarations` and `UTImportedTypeDeclarations` (the shape of CoreTypes'
/// Info.plist). Each becomes a system declaration whose release names the file.
public enum SystemTypeDeclarations {
    /// The declarations in `document`, and the shape problems met.
    public static func read(_ document: PropertyListDocument) -> ([TypeDeclaration], [AppBundleFinding]) {
        var reader = ShapeReader(file: document.file)
        let root = document.root
        var entries: [(PlistValue, DeclarationKind)] = []
        switch root.kind {
        case .array:
            entries = root.elements.compactMap { element in
                guard element.kind == .dictionary else {
                    reader.wrongType(element, key: "declaration", expected: .dictionary)
                    return nil
                }
                return (element, .exported)
            }
        case .dictionary:
            entries =
                reader.dictionaries(root, "UTExportedTypeDeclarations").map { ($0, .exported) }
                + reader.dictionaries(root, "UTImportedTypeDeclarations").map { ($0, .imported) }
        default:
            reader.wrongType(root, key: "the system types file", expected: .array)
        }
        let declarations = entries.compactMap { entry, kind in
            reader.declaration(entry, origin: .system(release: document.file, bundle: document.file, kind: kind))
        }
        return (declarations, reader.findings.sortedForReport())
    }
}
