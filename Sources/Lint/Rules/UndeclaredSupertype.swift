import AppBundle
import PropertyList
import UniformTypes

/// Finds conformances to identifiers nobody declares: a misspelt system type, or a custom base
/// type the bundle forgot to declare.
public struct UndeclaredSupertype: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-007",
        name: "undeclared-supertype",
        summary: "A type conforms to an identifier that neither the system nor the bundle declares",
        rationale: """
            UTTypeConformsTo names supertypes by identifier. Conforming to a non-public type \
            requires declaring that type in the bundle too; a misspelt system identifier \
            ('public.plain-txt') silently breaks the chain, so the type conforms to nothing it seems \
            to. Close system identifiers are suggested, with a fix-it when one is clearly meant.
            """,
        sources: ["Declaring New Uniform Type Identifiers (S4)", "Defining file and data types for your app (S5)"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.notes</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            ↓<string>publiic.plain-text</string>
                            ↓<string>com.example.document</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "'com.example.notes' conforms to 'publiic.plain-text', which nobody declares; did you mean 'public.plain-text'?"
                    ),
                    .warning(
                        "'com.example.notes' conforms to 'com.example.document', which nobody declares; declare it in the bundle (exported or imported)"
                    ),
                ],
                corrected: """
                    <key>UTExportedTypeDeclarations</key>
                    <array>
                        <dict>
                            <key>UTTypeIdentifier</key>
                            <string>com.example.notes</string>
                            <key>UTTypeConformsTo</key>
                            <array>
                                <string>public.plain-text</string>
                                <string>com.example.document</string>
                            </array>
                        </dict>
                    </array>
                    """),
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>org.example.tex-bundle</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            ↓<string>org.tug</string>
                        </array>
                    </dict>
                </array>
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>org.tug.tex</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.plain-text</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "'org.example.tex-bundle' conforms to 'org.tug', which nobody declares and looks cut short; did you mean 'org.tug.tex'?"
                    )
                ]),
            // A 'public.' identifier with no system type near it.
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            ↓<string>public.vector-drawing</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "'com.example.sketch' conforms to 'public.vector-drawing', which nobody declares; no system type has that identifier"
                    )
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.notes</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.plain-text</string>
                            <string>com.example.document</string>
                        </array>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.document</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """)
        ])

    /// At most this many findings per app get a "did you mean".
    static let suggestionLimit = 20

    /// A rule value.
    public init() {}

    /// Reports the graph's unknown supertypes.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for unknown in context.catalog.graph.unknownSupertypes {
            let identifier = unknown.identifier
            guard let location = unknown.location, identifier != "public.package", !identifier.isDynamic,
                !identifier.hasBuildSettingReference, !identifier.hasSyntaxProblem
            else { continue }
            var suggestion: UniformTypeIdentifier?
            var fixIt: FixIt?
            let siblings = context.catalog.declaration(for: unknown.referencedBy)?.conformsTo ?? []
            if diagnostics.count < Self.suggestionLimit, let longer = context.lengthening(identifier, beside: siblings)
            {
                diagnostics.append(
                    diagnostic(Message.cutShort(identifier, of: unknown.referencedBy, longer: longer), at: location))
                continue
            }
            if diagnostics.count < Self.suggestionLimit {
                suggestion = context.suggestion(for: identifier, excluding: unknown.referencedBy)
                if let nearest = suggestion, context.catalog.isSystemDeclared(nearest) {
                    fixIt = FixIt(
                        Message.fixIt(nearest), changes: [.replaceString(at: location, with: nearest.rawValue)])
                }
            }
            diagnostics.append(
                diagnostic(
                    Message.unknown(identifier, of: unknown.referencedBy, suggestion: suggestion), at: location,
                    fixIt: fixIt))
        }
        return diagnostics
    }
}

private enum Message {
    static func cutShort(
        _ identifier: UniformTypeIdentifier, of type: UniformTypeIdentifier, longer: UniformTypeIdentifier
    ) -> String {
        message(
            "\(quoted(type)) conforms to \(quoted(identifier)), which nobody declares and looks cut short; did you mean \(quoted(longer))?"
        )
    }

    static func unknown(
        _ identifier: UniformTypeIdentifier, of type: UniformTypeIdentifier, suggestion: UniformTypeIdentifier?
    ) -> String {
        let base = message("\(quoted(type)) conforms to \(quoted(identifier)), which nobody declares")
        if let suggestion { return base + message("; did you mean \(quoted(suggestion))?") }
        if identifier.isPublic { return base + "; no system type has that identifier" }
        return base + "; declare it in the bundle (exported or imported)"
    }

    static func fixIt(_ identifier: UniformTypeIdentifier) -> String { message("replace with \(quoted(identifier))") }
}
