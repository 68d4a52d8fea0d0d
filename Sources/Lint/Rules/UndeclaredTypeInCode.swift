import AppBundle
import PropertyList
import SwiftSource
import UniformTypes

/// Finds an identifier in a list of types to open, passed in code (a document browser or picker,
/// `.fileImporter`, `DocumentLaunchView`), that neither the system nor the app declares: no file
/// has that type, so the list lets none through for it.
public struct UndeclaredTypeInCode: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "SRC-003",
        name: "undeclared-type-in-code",
        summary: "A list of types to open, passed in code, names an identifier nobody declares",
        rationale: """
            A document browser (`forOpening:`, `forOpeningFilesWithContentTypes:`), a document \
            picker (`forOpeningContentTypes:`, `documentTypes:in:`), SwiftUI's `.fileImporter` and \
            `DocumentLaunchView(for:)` show the files whose type conforms to a type in their list. \
            A file has a type only when the system or an app declares it: an identifier nobody \
            declares (a typo, or a type the Info.plist forgot) lets no file through. Types made with \
            'UTType(exportedAs:)' or 'UTType(importedAs:)' are SRC-001's and SRC-002's; filename \
            extensions are SRC-004's.
            """,
        sources: [
            "UIDocumentBrowserViewController.init(forOpening:) (S11)", "info-plist-rules.md §2.6",
            "Defining file and data types for your app (S5)",
        ],
        severity: .error,
        triggeringExamples: [
            Example(
                "",
                swift: """
                    let browser = UIDocumentBrowserViewController(forOpening: [.pdf, ↓UTType("com.example.notes")!])
                    let picker = UIDocumentPickerViewController(documentTypes: [↓"public.plain-txt"], in: .open)
                    """,
                expecting: [
                    .error(
                        "'com.example.notes' is neither a system type nor declared by the app, so the document browser shows no file of it"
                    ),
                    .error(
                        "'public.plain-txt' is neither a system type nor declared by the app, so the document picker shows no file of it; did you mean 'public.plain-text'?"
                    ),
                ]),
            Example(
                "",
                swift: """
                    struct ImportButton: View {
                        @State var importing = false
                        var body: some View {
                            Button("Import") { importing = true }
                                .fileImporter(isPresented: $importing, allowedContentTypes: [↓UTType("com.example.palette")!]) { _ in }
                        }
                    }
                    """,
                expecting: [
                    .error(
                        "'com.example.palette' is neither a system type nor declared by the app, so the file importer shows no file of it"
                    )
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                UndeclaredExportInCode.exportedSketch,
                swift: """
                    let browser = UIDocumentBrowserViewController(forOpening: [UTType("com.example.sketch")!, .pdf])
                    let picker = UIDocumentPickerViewController(documentTypes: ["public.png"], in: .open)
                    // UIDocumentPickerViewController(documentTypes: ["com.example.notes"], in: .open)
                    let unknown = UIDocumentPickerViewController(forOpeningContentTypes: [UTType(filenameExtension: "md")!])
                    """),
            // Made with 'UTType(exportedAs:)' without a declaration: SRC-001 reports it where it is made.
            Example(
                "",
                swift: """
                    let browser = UIDocumentBrowserViewController(forOpening: [UTType(exportedAs: "com.example.notes")])
                    """),
            // What only looks like code: a comment, strings, an inactive branch.
            Example(
                "",
                swift: """
                    /* UIDocumentBrowserViewController(forOpening: [UTType("com.example.notes")!]) */
                    let help = "UIDocumentPickerViewController(documentTypes: [\\"com.example.notes\\"], in: .open)"
                    let raw = #"UIDocumentPickerViewController(documentTypes: ["com.example.notes"], in: .open)"#
                    #if false
                    let picker = UIDocumentPickerViewController(documentTypes: ["com.example.notes"], in: .open)
                    #endif
                    """),
        ])

    /// A rule value.
    public init() {}

    /// Checks each known element of each list of types to open.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let code = context.code else { return [] }
        var diagnostics: [Diagnostic] = []
        for site in code.creationSites where site.kind.listsTypesToOpen {
            for element in site.list.elements {
                guard case .identifier(let identifier, let source) = element.resolution,
                    LintContext.declarationKind(of: source) == nil
                else { continue }
                if case .systemConstant = source { continue }
                let type = UniformTypeIdentifier(identifier)
                guard !type.isDynamic, !context.isDeclared(type) else { continue }
                let suggestion = context.suggestion(for: type)
                diagnostics.append(
                    diagnostic(
                        Message.undeclared(identifier, site: site.kind, suggestion: suggestion), at: element.location))
            }
        }
        return diagnostics
    }
}

private enum Message {
    static func undeclared(_ identifier: String, site: CreationSite.Kind, suggestion: UniformTypeIdentifier?) -> String
    {
        let advice = suggestion.map { "; did you mean \(quoted($0))?" } ?? ""
        return message(
            "\(quoted(identifier)) is neither a system type nor declared by the app, so \(site.phrase) shows no file of it\(advice)"
        )
    }
}
