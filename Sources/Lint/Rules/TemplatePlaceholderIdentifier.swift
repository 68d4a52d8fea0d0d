import AppBundle
import PropertyList
import SwiftSource

/// Finds the document-app template's placeholder identifier, `com.example.plain-text`, left in
/// the app's code.
public struct TemplatePlaceholderIdentifier: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "SRC-012",
        name: "template-placeholder-identifier",
        summary: "The document-app template's placeholder identifier 'com.example.plain-text' is left in code",
        rationale: """
            Xcode's SwiftUI document-app template declares 'UTType(importedAs: \
            "com.example.plain-text")' as a stand-in for the app's own type. Shipped as is, the \
            app's documents have a type in the 'com.example' domain, which any other app may \
            claim, and 'importedAs' says another app owns it. Replace it with an identifier in the \
            app's own domain, exported, or with a system type such as '.plainText'.
            """,
        sources: ["Xcode document-app template (SwiftUI)", "Declaring New Uniform Type Identifiers (S4)"],
        severity: .info,
        triggeringExamples: [
            Example(
                """
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.plain-text</string>
                    </dict>
                </array>
                """,
                swift: """
                    extension UTType {
                        static var exampleText: UTType {
                            UTType(importedAs: ↓"com.example.plain-text")
                        }
                    }
                    """,
                expecting: [
                    .info(
                        "'com.example.plain-text' is the document-app template's placeholder identifier; use an identifier of the app's own domain"
                    )
                ])
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                    </dict>
                </array>
                """,
                swift: """
                    extension UTType {
                        // The template had UTType(importedAs: "com.example.plain-text") here.
                        static var sketch: UTType { UTType(exportedAs: "com.example.sketch") }
                    }
                    """),
            // What only looks like code: a comment, strings, an inactive branch.
            Example(
                "",
                swift: """
                    /* "com.example.plain-text" */
                    #if false
                    let old = UTType(importedAs: "com.example.plain-text")
                    #endif
                    """),
        ])

    /// The template's identifier.
    static let placeholder = "com.example.plain-text"

    /// A rule value.
    public init() {}

    /// Reports each string literal holding the placeholder.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let code = context.code else { return [] }
        return code.placeholderIdentifiers.compactMap { literal in
            guard literal.value.lowercased() == Self.placeholder, let location = literal.location else { return nil }
            return diagnostic(Message.placeholder(literal.value), at: location)
        }
    }
}

private enum Message {
    static func placeholder(_ identifier: String) -> String {
        message(
            "\(quoted(identifier)) is the document-app template's placeholder identifier; use an identifier of the app's own domain"
        )
    }
}
