import AppBundle
import PropertyList
import UniformTypes

/// What the type commands share: reading `--app` and `--system-types`, and building the catalog.
struct TypeContext {
    /// The app, when `--app` names one.
    var app: AppUnit?
    /// The catalog: the embedded system types, `--system-types` layered on them, and the app's
    /// declarations.
    var catalog: TypeCatalog

    static let systemTypesOption = Option<String>(
        "system-types", valueName: "file",
        help:
            "A plist of system type declarations (an array, or a dictionary with UTExportedTypeDeclarations) layered over the embedded macOS 12.7 catalog.",
        repeatable: true)

    /// Reads the app and the `systemTypes` files; problems are reported on standard error and
    /// give nil.
    static func load(app: AppChoice, systemTypes: [String], context: CommandContext) -> TypeContext? {
        guard var declarations = systemDeclarations(systemTypes, context: context) else { return nil }
        var unit: AppUnit?
        if app.path != nil {
            guard let loaded = app.load(context: context) else { return nil }
            declarations += loaded.infoPlist.declarations + loaded.extensions.flatMap(\.declarations)
            unit = loaded
        }
        return TypeContext(app: unit, catalog: TypeCatalog(declarations: declarations))
    }

    /// The declarations of the `--system-types` files, in order; their warnings are reported on
    /// standard error, and a file that cannot be read is reported and gives nil.
    static func systemDeclarations(_ files: [String], context: CommandContext) -> [TypeDeclaration]? {
        SystemTypeDeclarations.read(files: files, standardInput: context.standardInput, report: context.report)
    }
}
