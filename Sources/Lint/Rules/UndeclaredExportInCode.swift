import AppBundle
import PropertyList
import SwiftSource

/// Finds `UTType(exportedAs: "id")` in the app's code for an identifier its Info.plist does not
/// export: the type then has no declaration at run time, and the system logs "Type … was expected
/// to be declared and exported in the Info.plist".
public struct UndeclaredExportInCode: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "SRC-001",
        name: "exported-in-code-not-declared",
        summary: "Code makes a type with 'UTType(exportedAs:)' that the Info.plist does not export",
        rationale: """
            'UTType(exportedAs:)' looks the identifier up among the app's own exported declarations; \
            when the Info.plist has none (it was never added, or it sits among the imported types), \
            the type has no conformances or tags, the system logs 'Type … was expected to be declared \
            and exported in the Info.plist', and files and drags of the type are not recognised. The \
            finding is where the type is made: lists that use it are not reported again.
            """,
        sources: [
            "UTType.h, init(exportedAs:conformingTo:) (S7)", "info-plist-rules.md §6 M3 (kiwix-apple #589)",
        ],
        severity: .error,
        triggeringExamples: [
            Example(
                exportedSketch,
                swift: """
                    import UniformTypeIdentifiers

                    extension UTType {
                        static let sketch = UTType(exportedAs: "com.example.sketch")
                        static let stencils = ↓UTType(exportedAs: "com.example.stencils")
                    }
                    """,
                expecting: [
                    .error(
                        "type 'com.example.stencils' is made with 'UTType(exportedAs:)' but the Info.plist does not export it; declare it in 'UTExportedTypeDeclarations'"
                    )
                ]),
            Example(
                """
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                    </dict>
                </array>
                """,
                swift: """
                    let sketch = ↓UTType(exportedAs: "com.example.sketch", conformingTo: .data)
                    """,
                expecting: [
                    .error(
                        "type 'com.example.sketch' is made with 'UTType(exportedAs:)' but the Info.plist imports it ('UTImportedTypeDeclarations') rather than exporting it"
                    )
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                exportedSketch,
                swift: """
                    extension UTType {
                        static let sketch = UTType(exportedAs: "com.example.sketch")
                    }
                    """),
            // What only looks like code: comments, strings, raw strings, an inactive branch.
            Example(
                exportedSketch,
                swift: """
                    // static let old = UTType(exportedAs: "com.example.old")
                    /* UTType(exportedAs: "com.example.old") /* nested */ */
                    let help = "write UTType(exportedAs: \\"com.example.old\\")"
                    let raw = #"UTType(exportedAs: "com.example.old")"#
                    #if false
                    let old = UTType(exportedAs: "com.example.old")
                    #endif
                    """),
            // The Info.plist writes the identifier with a build setting (its settings are not given).
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>$(PRODUCT_BUNDLE_IDENTIFIER).sketch</string>
                    </dict>
                </array>
                """,
                swift: """
                    let sketch = UTType(exportedAs: "com.example.app.sketch")
                    """),
        ])

    /// An Info.plist exporting `com.example.sketch`.
    static let exportedSketch = """
        <key>UTExportedTypeDeclarations</key>
        <array>
            <dict>
                <key>UTTypeIdentifier</key>
                <string>com.example.sketch</string>
            </dict>
        </array>
        """

    /// A rule value.
    public init() {}

    /// Checks each `UTType(exportedAs:)` with a known identifier.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let code = context.code else { return [] }
        var diagnostics: [Diagnostic] = []
        for site in code.declarationSites where site.kind == .exported {
            guard let identifier = site.identifier else { continue }
            switch context.appDeclaration(of: identifier) {
            case (.exported, _)?:
                continue
            case (.imported, let declaration)?:
                diagnostics.append(
                    diagnostic(
                        Message.imported(identifier), at: site.location,
                        notes: [Note(Message.importedHere, at: declaration.identifierLocation ?? declaration.location)])
                )
            case nil:
                diagnostics.append(diagnostic(Message.missing(identifier), at: site.location))
            }
        }
        return diagnostics
    }
}

private enum Message {
    static func missing(_ identifier: String) -> String {
        message(
            "type \(quoted(identifier)) is made with 'UTType(exportedAs:)' but the Info.plist does not export it; declare it in 'UTExportedTypeDeclarations'"
        )
    }

    static func imported(_ identifier: String) -> String {
        message(
            "type \(quoted(identifier)) is made with 'UTType(exportedAs:)' but the Info.plist imports it ('UTImportedTypeDeclarations') rather than exporting it"
        )
    }

    static let importedHere = "imported here"
}
