import AppBundle
import PropertyList
import SwiftSource

/// Finds `UTType(importedAs: "id")` in the app's code for an identifier that neither the app's
/// Info.plist (imported or exported) nor the system declares: the type then has no declaration to
/// take its conformances and tags from.
public struct UnknownImportInCode: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "SRC-002",
        name: "imported-in-code-not-declared",
        summary: "Code makes a type with 'UTType(importedAs:)' that neither the Info.plist nor the system declares",
        rationale: """
            'UTType(importedAs:)' expects the type to be declared, by the app's imported \
            declarations or by the app that owns it; when nobody declares it, the type exists only \
            as a name: it conforms to nothing but what the call says and claims no filename \
            extension, so no file on disk has it. Declare it in 'UTImportedTypeDeclarations'. The \
            finding is where the type is made: lists that use it are not reported again.
            """,
        sources: ["UTType.h, init(importedAs:conformingTo:) (S7)", "info-plist-rules.md §2.3.2"],
        severity: .warning,
        triggeringExamples: [
            Example(
                "",
                swift: """
                    extension UTType {
                        static var brushes: UTType { ↓UTType(importedAs: "com.example.brushes") }
                    }
                    """,
                expecting: [
                    .warning(
                        "type 'com.example.brushes' is made with 'UTType(importedAs:)' but neither the Info.plist nor the system declares it; declare it in 'UTImportedTypeDeclarations'"
                    )
                ])
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.brushes</string>
                    </dict>
                </array>
                """,
                swift: """
                    extension UTType {
                        static var brushes: UTType { UTType(importedAs: "com.example.brushes") }
                    }
                    """),
            // A system type, and one the app exports.
            Example(
                UndeclaredExportInCode.exportedSketch,
                swift: """
                    let pdf = UTType(importedAs: "com.adobe.pdf")
                    let sketch = UTType(importedAs: "com.example.sketch")
                    """),
            // What only looks like code: a comment, strings, an inactive branch.
            Example(
                "",
                swift: """
                    // let brushes = UTType(importedAs: "com.example.brushes")
                    let help = "UTType(importedAs: \\"com.example.brushes\\")"
                    let raw = #"UTType(importedAs: "com.example.brushes")"#
                    #if false
                    let brushes = UTType(importedAs: "com.example.brushes")
                    #endif
                    """),
        ])

    /// A rule value.
    public init() {}

    /// Checks each `UTType(importedAs:)` with a known identifier.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let code = context.code else { return [] }
        return code.declarationSites.compactMap { site in
            guard site.kind == .imported, let identifier = site.identifier,
                context.lacksDeclaration(identifier, madeAs: .imported)
            else { return nil }
            return diagnostic(Message.undeclared(identifier), at: site.location)
        }
    }
}

private enum Message {
    static func undeclared(_ identifier: String) -> String {
        message(
            "type \(quoted(identifier)) is made with 'UTType(importedAs:)' but neither the Info.plist nor the system declares it; declare it in 'UTImportedTypeDeclarations'"
        )
    }
}
