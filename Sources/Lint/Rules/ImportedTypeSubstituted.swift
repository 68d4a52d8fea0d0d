import AppBundle
import PropertyList
import Support
import UniformTypes

/// Finds imported types whose preferred filename extension is the preferred tag of another type:
/// `UTType(importedAs:)` then returns that other type, and the import is silently shadowed.
public struct ImportedTypeSubstituted: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-019",
        name: "imported-type-substituted",
        summary: "An imported type's preferred extension belongs to another type, which is used instead",
        rationale: """
            UTType(importedAs:) may return a different type: when the imported type has a preferred \
            filename extension and another type is the preferred type for that extension, the other \
            type is substituted. Apple documents one preference: a public type over non-public ones. \
            An import whose preferred extension a public type claims is therefore shadowed; between \
            equally public types the choice is undefined, which UTI-013 reports.
            """,
        sources: ["UTType.h, importedAs (S7)", "info-plist-rules.md §2.3.2 and §2.3.4"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>com.example.plain</string>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                <string>txt</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "'.txt' files get 'public.plain-text', so the imported type 'com.example.plain' is never used: UTType(importedAs:) returns 'public.plain-text', the preferred type of its preferred extension"
                    )
                ]),
            // Two public system types claim 'mp4' and Apple's rule does not choose between them.
            Example(
                """
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>org.other.clip</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.movie</string>
                        </array>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                <string>mp4</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "'.mp4' files may get another type than the imported type 'org.other.clip': several types claim its preferred extension, and UTType(importedAs:) may return another one"
                    )
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>org.example.frob</string>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                <string>frob</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Asks the tag resolver about each imported type in effect.
    public func check(_ context: LintContext) -> [Diagnostic] {
        let resolver = context.catalog.tagResolver
        return context.declarationsInEffect.compactMap { site -> Diagnostic? in
            let declaration = site.declaration
            guard declaration.origin.kind == .imported, let location = declaration.identifierLocation,
                let substitution = resolver.importedTypeSubstitution(for: declaration.identifier)
            else { return nil }
            return diagnostic(Message.substituted(substitution), at: location)
        }
    }
}

private enum Message {
    static func substituted(_ substitution: ImportedTypeSubstitution) -> String {
        let imported = quoted(substitution.imported)
        if let other = substitution.substitute {
            return
                message(
                    "'.\(OutputEscaping.escape(substitution.tag))' files get \(quoted(other)), so the imported type \(imported) is never used: UTType(importedAs:) returns \(quoted(other)), the preferred type of its preferred extension"
                )
        }
        return
            message(
                "'.\(OutputEscaping.escape(substitution.tag))' files may get another type than the imported type \(imported): several types claim its preferred extension, and UTType(importedAs:) may return another one"
            )
    }
}
