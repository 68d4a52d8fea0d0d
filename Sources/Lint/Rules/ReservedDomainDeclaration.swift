import AppBundle
import PropertyList
import UniformTypes

/// Finds exported types in the domains only Apple declares (`public.`, `com.apple.`), and
/// imported declarations of types the system already declares.
public struct ReservedDomainDeclaration: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-002",
        name: "reserved-domain-declaration",
        summary: "An exported type is in 'public.' or 'com.apple.', or an imported one redeclares a system type",
        rationale: """
            Only Apple declares public.* and com.apple.* types. An app exporting one (CotEditor \
            once exported public.tex) changes how every app's files of that type are typed and \
            shown, because public types win tag look-ups: an error. Importing a type the system \
            already declares is not wrong but has no use and can disagree with the system's \
            declaration ("if the framework already provides a type, do not redeclare it"): a warning.
            """,
        sources: [
            "Defining file and data types for your app (S5)", "Uniform Type Identifier Concepts (S3)",
            "github.com/coteditor/CotEditor/issues/1311",
        ],
        severity: .error,
        triggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>public.tex</string>
                    </dict>
                </array>
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>public.json</string>
                    </dict>
                </array>
                """)
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.tex</string>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks every declaration of the bundle.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for plist in context.infoPlists {
            for declaration in plist.exportedTypes {
                guard let location = declaration.identifierLocation, let domain = declaration.identifier.reservedDomain,
                    domain != .dynamic, declaration.identifier != "public.package"
                else { continue }
                let system = context.catalog.isSystemDeclared(declaration.identifier)
                diagnostics.append(
                    diagnostic(Message.exported(declaration.identifier, domain, system: system), at: location))
            }
            for declaration in plist.importedTypes {
                guard let location = declaration.identifierLocation, !declaration.identifier.isDynamic,
                    context.catalog.isSystemDeclared(declaration.identifier)
                else { continue }
                diagnostics.append(
                    diagnostic(Message.imported(declaration.identifier), at: location, severity: .warning))
            }
        }
        return diagnostics
    }
}

private enum Message {
    static func exported(_ identifier: UniformTypeIdentifier, _ domain: ReservedDomain, system: Bool) -> String {
        let tail =
            system
            ? "; the system declares it already, so import it or list it without declaring it" : "; use your own domain"
        return
            "exported type \(quoted(identifier)) is in the '\(domain.prefix)' domain, which only Apple may declare\(tail)"
    }

    static func imported(_ identifier: UniformTypeIdentifier) -> String {
        "imported type \(quoted(identifier)) is declared by the system already; remove the redeclaration"
    }
}
