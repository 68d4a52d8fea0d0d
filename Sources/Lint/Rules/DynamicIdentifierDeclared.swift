import AppBundle
import PropertyList
import Support
import UniformTypes

/// Finds `dyn.` identifiers declared as exported or imported types (the system derives those and
/// nobody may declare them), and declarations that conform to one (conforming to nothing stable).
public struct DynamicIdentifierDeclared: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-003",
        name: "dynamic-identifier-declared",
        summary: "A 'dyn.' identifier is declared, or a declared type conforms to one",
        rationale: """
            Dynamic identifiers stand for tags no declaration claims; the system makes them up and \
            may change their encoding. They cannot be declared, and should never be written into an \
            Info.plist. A type conforming to one (often pasted from a log, sometimes not even \
            well formed) conforms to nothing stable: a warning naming what it decodes to, if \
            anything.
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
                """,
                expecting: [
                    .error(
                        "imported type 'dyn.ah62d4rv4ge81g6pq' is a dynamic identifier, which cannot be declared; declare a reverse-DNS identifier with the tags instead"
                    )
                ]),
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.dump</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            ↓<string>dyn.ah62d4rv4ge81g6pq</string>
                            ↓<string>dyn.zz</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "type 'com.example.dump' conforms to the dynamic identifier 'dyn.ah62d4rv4ge81g6pq', which is no stable type: it stands for '?0=6:1=sql', which the system may encode differently; conform to a declared type instead"
                    ),
                    .warning(
                        "type 'com.example.dump' conforms to the dynamic identifier 'dyn.zz', which is no stable type: it is not even a well-formed dynamic identifier; conform to a declared type instead"
                    ),
                ]),
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
        var diagnostics = context.declarationFindings { declaration in
            guard declaration.identifier.isDynamic, let location = declaration.identifierLocation else { return nil }
            return diagnostic(Message.declared(declaration.identifier, declaration.origin.kind), at: location)
        }
        for plist in context.infoPlists {
            for declaration in plist.declarations where !declaration.identifier.isDynamic {
                for parent in declaration.conformances where parent.value.isDynamic {
                    guard let location = parent.location else { continue }
                    let decoded = try? DynamicIdentifier(decoding: parent.value)
                    diagnostics.append(
                        diagnostic(
                            Message.conformsToDynamic(declaration.identifier, parent.value, decoded: decoded),
                            at: location, severity: .warning))
                }
            }
        }
        return diagnostics
    }
}

private enum Message {
    static func conformsToDynamic(
        _ type: UniformTypeIdentifier, _ parent: UniformTypeIdentifier, decoded: DynamicIdentifier?
    ) -> String {
        let what =
            decoded.map {
                message("it stands for '\(OutputEscaping.escape($0.payload))', which the system may encode differently")
            }
            ?? "it is not even a well-formed dynamic identifier"
        return message(
            "type \(quoted(type)) conforms to the dynamic identifier \(quoted(parent)), which is no stable type: \(what); conform to a declared type instead"
        )
    }

    static func declared(_ identifier: UniformTypeIdentifier, _ kind: DeclarationKind) -> String {
        message(
            "\(kind.rawValue) type \(quoted(identifier)) is a dynamic identifier, which cannot be declared; declare a reverse-DNS identifier with the tags instead"
        )
    }
}
