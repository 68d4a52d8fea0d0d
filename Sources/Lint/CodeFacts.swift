import AppBundle
import PropertyList
import SwiftSource
import UniformTypes

/// What the `SRC-*` rules ask of the app's Info.plist about the types its code names.
extension LintContext {
    /// How the app's Info.plist declares `identifier`: exported, imported, or neither. An
    /// identifier written with a build setting (`$(PRODUCT_BUNDLE_IDENTIFIER).drawing`, in a loose
    /// Info.plist whose settings are not given) matches any text in the setting's place: what the
    /// build makes of it cannot be told here.
    func appDeclaration(of identifier: String) -> (kind: TypeDeclarationKind, declaration: TypeDeclaration)? {
        let wanted = UniformTypeIdentifier(identifier)
        for (kind, declarations) in [
            (TypeDeclarationKind.exported, app.exportedTypes), (.imported, app.importedTypes),
        ] {
            if let declaration = declarations.first(where: { Self.matches($0.identifier, wanted) }) {
                return (kind, declaration)
            }
        }
        return nil
    }

    /// Whether the declared identifier `declared` stands for `wanted` (a build setting matching
    /// anything).
    private static func matches(_ declared: UniformTypeIdentifier, _ wanted: UniformTypeIdentifier) -> Bool {
        if declared == wanted { return true }
        guard declared.hasBuildSettingReference else { return false }
        return LintConfiguration.glob(Self.pattern(declared.normalized), matches: wanted.normalized)
    }

    /// `text` with each `$(NAME)` / `${NAME}` reference made a `*`.
    private static func pattern(_ text: String) -> String {
        var result = ""
        var depth = 0
        var previous: Character?
        for character in text {
            if depth > 0 {
                if character == "(" || character == "{" { depth += 1 }
                if character == ")" || character == "}" { depth -= 1 }
            } else if previous == "$" && (character == "(" || character == "{") {
                result.removeLast()
                result += "*"
                depth = 1
            } else {
                result.append(character)
            }
            previous = character
        }
        return result
    }

    /// Whether a type the code makes with `UTType(exportedAs:)` / `UTType(importedAs:)` lacks
    /// the declaration SRC-001 or SRC-002 asks for (they report it where it is made, and the
    /// rules about lists leave it alone).
    func lacksDeclaration(_ identifier: String, madeAs kind: TypeDeclarationKind) -> Bool {
        let declared = appDeclaration(of: identifier)
        switch kind {
        case .exported: return declared?.kind != .exported
        case .imported: return declared == nil && !catalog.isSystemDeclared(UniformTypeIdentifier(identifier))
        }
    }

    /// How `element` of a list is made, when by `UTType(exportedAs:)` / `UTType(importedAs:)`.
    static func declarationKind(of source: TypeSource) -> TypeDeclarationKind? {
        switch source {
        case .declaration(let kind): return kind
        case .appConstant(let constant):
            switch constant.form {
            case .exported: return .exported
            case .imported: return .imported
            case .plain: return nil
            }
        default: return nil
        }
    }

    /// Whether the app's document types list `identifier` or a type it conforms to.
    func documentTypesCover(_ identifier: String) -> Bool {
        let wanted = UniformTypeIdentifier(identifier)
        let node = catalog.graph.node(for: wanted)
        for listed in appListedTypes {
            if listed.type.value == wanted { return true }
            if node != nil, catalog.conforms(wanted, to: listed.type.value) { return true }
        }
        return false
    }

    /// The identifier a filename extension stands for (what a file with it is typed as), if one.
    func identifier(forExtension pathExtension: String) -> UniformTypeIdentifier? {
        catalog.tagResolver.resolve(extension: pathExtension).preferred
    }
}

extension CreationSite.Kind {
    /// How a message names what the site makes: `the document browser`, `the file importer`…
    var phrase: String {
        switch self {
        case .documentBrowser, .documentBrowserByIdentifiers: "the document browser"
        case .documentPicker, .documentPickerByIdentifiers: "the document picker"
        case .fileImporter: "the file importer"
        case .documentLaunchView: "the launch view"
        case .newDocumentButton: "the new-document button"
        case .documentGroupLaunchScene: "the launch scene"
        case .documentViewController: "the document view controller"
        case .createDocumentAction: "the create-document action"
        }
    }

    /// Whether the site's list is the types it lets the user open (browsers, pickers, the file
    /// importer, the launch view).
    var listsTypesToOpen: Bool {
        switch self {
        case .documentBrowser, .documentBrowserByIdentifiers, .documentPicker, .documentPickerByIdentifiers,
            .fileImporter, .documentLaunchView:
            true
        default: false
        }
    }
}
