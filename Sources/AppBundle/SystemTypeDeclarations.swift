import PropertyList
import UniformTypes

/// Reads system type declarations a user supplies (`--system-types FILE`) for OS releases newer
/// than the embedded catalog: an array of declaration dictionaries, or a dictionary with
/// `UTExportedTypeDeclarations` and `UTImportedTypeDeclarations` (the shape of CoreTypes'
/// Info.plist). Each becomes a system declaration whose release names the file.
public enum SystemTypeDeclarations {
    /// The declarations in the files at `paths` (`--system-types`), in order; `-` is
    /// `standardInput` when given, else the process's standard input. Each file's reading
    /// warnings and shape problems go to `report` as lines for standard error; nil when a file
    /// cannot be read (its error reported): a newer system's types half read would answer wrongly.
    public static func read(files paths: [String], standardInput: [UInt8]?, report: (String) -> Void)
        -> [TypeDeclaration]?
    {
        var declarations: [TypeDeclaration] = []
        for path in paths {
            let document: PropertyListDocument
            do {
                document = try PropertyListReader().read(path, standardInput: standardInput)
            } catch {
                report(error.description)
                return nil
            }
            for warning in document.warnings { report(warning.description) }
            let (read, findings) = read(document)
            for finding in findings { report("\(finding.location): warning: \(finding.message)") }
            declarations += read
        }
        return declarations
    }

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
