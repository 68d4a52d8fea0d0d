import AppBundle
import PropertyList

/// Finds type declarations without `UTTypeIdentifier`: they declare nothing and are ignored.
public struct MissingTypeIdentifier: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-018",
        name: "missing-type-identifier",
        summary: "A type declaration has no 'UTTypeIdentifier'",
        rationale: """
            UTTypeIdentifier is the one required key of an exported or imported type declaration; \
            without it the declaration defines no type and the system ignores it. Ignored is all \
            that happens (an empty <dict/> left by a template, typically): a warning.
            """,
        sources: ["Declaring New Uniform Type Identifiers (S4)", "Defining file and data types for your app (S5)"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    ↓<dict>
                        <key>UTTypeDescription</key>
                        <string>Sketch</string>
                    </dict>
                </array>
                """,
                expecting: [.warning("type declaration has no 'UTTypeIdentifier'; it declares nothing and is ignored")])
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeDescription</key>
                        <string>Sketch</string>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Reports the models' missing-identifier findings.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.findings.compactMap { finding -> Diagnostic? in
                guard case .missingIdentifier = finding.kind else { return nil }
                return diagnostic(Message.missing, at: finding.location)
            }
        }
    }
}

private enum Message {
    static let missing = "type declaration has no 'UTTypeIdentifier'; it declares nothing and is ignored"
}
