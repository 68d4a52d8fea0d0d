import AppBundle
import PropertyList
import UniformTypes

/// Finds `dyn.` identifiers declared as exported or imported types: the system derives those and
/// nobody may declare them.
public struct DynamicIdentifierDeclared: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-003",
        name: "dynamic-identifier-declared",
        summary: "A 'dyn.' identifier is declared",
        rationale: """
            Dynamic identifiers stand for tags no declaration claims; the system makes them up and \
            may change their encoding. They cannot be declared, and should never be written into an \
            Info.plist.
            """,
        sources: ["UTType.h (legacy CoreServices header, S8)", "Defining file and data types for your app (S5)"],
        severity: .error,
        triggeringExamples: [
            Example(
                """
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>dyn.ah62d4rv4ge81g6pq</string>
                    </dict>
                </array>
                """)
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sql-dump</string>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks every declaration.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.declarationFindings { declaration in
            guard declaration.identifier.isDynamic, let location = declaration.identifierLocation else { return nil }
            return diagnostic(Message.declared(declaration.identifier, declaration.origin.kind), at: location)
        }
    }
}

private enum Message {
    static func declared(_ identifier: UniformTypeIdentifier, _ kind: DeclarationKind) -> String {
        message(
            "\(kind.rawValue) type \(quoted(identifier)) is a dynamic identifier, which cannot be declared; declare a reverse-DNS identifier with the tags instead"
        )
    }
}
