import AppBundle
import PropertyList
import SwiftSource
import UniformTypes

/// Finds a filename extension where code passes a type identifier: `[".png", ".jpg"]` given to
/// a document picker, `UTType("pdf")`. No type has such an identifier, so the list matches no
/// file by it (and `UTType(_:)` gives nil).
public struct FilenameExtensionAsType: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "SRC-004",
        name: "filename-extension-as-type",
        summary: "A filename extension is passed in code where a type identifier belongs",
        rationale: """
            Type lists in code hold type identifiers ('public.png') or 'UTType' values ('.png'). A \
            filename extension ('.png', '*.png', or a bare 'png' that a system type claims) is no \
            identifier: a browser or picker given one shows no file by it, and 'UTType(\"png\")' is \
            nil. Use the identifier of the type that claims the extension, or \
            'UTType(filenameExtension:)'. This finding replaces SRC-003's for the same element.
            """,
        sources: ["UTType.h, init(_:) and init(filenameExtension:) (S7)", "info-plist-rules.md §2.3"],
        severity: .error,
        triggeringExamples: [
            Example(
                "",
                swift: """
                    let picker = UIDocumentPickerViewController(documentTypes: ["public.png", ↓".jpg"], in: .import)
                    let browser = UIDocumentBrowserViewController(forOpeningFilesWithContentTypes: [↓"pdf"])
                    let importer = UIDocumentPickerViewController(forOpeningContentTypes: [↓UTType("*.png")!])
                    """,
                expecting: [
                    .error("'.jpg' is a filename extension where a type identifier belongs; use 'public.jpeg'"),
                    .error("'pdf' is a filename extension where a type identifier belongs; use 'com.adobe.pdf'"),
                    .error(
                        "'*.png' is a filename extension where a type identifier belongs; use '.png' ('public.png')"),
                ])
        ],
        nonTriggeringExamples: [
            Example(
                "",
                swift: """
                    let picker = UIDocumentPickerViewController(documentTypes: ["public.png", "public.jpeg"], in: .import)
                    let browser = UIDocumentBrowserViewController(forOpening: [.png, UTType(filenameExtension: "jpg")!])
                    let label = ".jpg"
                    """),
            // What only looks like code: a comment, strings, an inactive branch.
            Example(
                "",
                swift: """
                    // UIDocumentPickerViewController(documentTypes: [".jpg"], in: .import)
                    let raw = #"UIDocumentPickerViewController(documentTypes: [".jpg"], in: .import)"#
                    #if false
                    let picker = UIDocumentPickerViewController(documentTypes: [".jpg"], in: .import)
                    #else
                    let picker = UIDocumentPickerViewController(documentTypes: ["public.jpeg"], in: .import)
                    #endif
                    """),
        ])

    /// A rule value.
    public init() {}

    /// Checks every list the code passes: creation sites', documents' and scenes'.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let code = context.code else { return [] }
        var lists: [(list: TypeList, takesStrings: Bool)] = code.creationSites.map {
            ($0.list, $0.kind.takesIdentifierStrings)
        }
        for document in code.documents {
            if let readable = document.readableContentTypes { lists.append((readable, false)) }
            if let writable = document.writableContentTypes { lists.append((writable, false)) }
        }
        lists += code.sceneUses.map { ($0.contentTypes, false) }
        var diagnostics: [Diagnostic] = []
        for (list, takesStrings) in lists {
            for element in list.elements {
                guard case .filenameExtension(let pathExtension) = element.resolution else { continue }
                let identifier = context.identifier(forExtension: pathExtension)
                let constant = takesStrings ? nil : identifier.flatMap { Self.constantNames[$0.normalized] }
                diagnostics.append(
                    diagnostic(
                        Message.filenameExtension(
                            Self.written(element.text), identifier: identifier, constant: constant),
                        at: element.location))
            }
        }
        return diagnostics
    }

    /// The value of a string literal as written (`".jpg"` gives `.jpg`), or an expression's
    /// string argument (`UTType("*.png")!` gives `*.png`).
    static func written(_ text: String) -> String {
        guard let open = text.firstIndex(of: "\""), let close = text.lastIndex(of: "\""), open < close else {
            return text
        }
        return String(text[text.index(after: open)..<close])
    }

    /// The shortest `UTType` constant name of each system identifier (case-folded), for advice.
    static let constantNames: [String: String] = {
        var names: [String: String] = [:]
        for (name, identifier) in TypeConstantTable.embedded.constants {
            let key = UniformTypeIdentifier(identifier).normalized
            if let known = names[key], (known.count, known) <= (name.count, name) { continue }
            names[key] = name
        }
        return names
    }()
}

private enum Message {
    static func filenameExtension(_ written: String, identifier: UniformTypeIdentifier?, constant: String?) -> String {
        let advice: String
        if let identifier, let constant {
            advice = "use \(quoted("." + constant)) (\(quoted(identifier)))"
        } else if let identifier {
            advice = "use \(quoted(identifier))"
        } else {
            advice = "use the identifier of the type that claims it, or 'UTType(filenameExtension:)'"
        }
        return message("\(quoted(written)) is a filename extension where a type identifier belongs; \(advice)")
    }
}
