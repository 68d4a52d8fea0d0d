import AppBundle
import PropertyList
import UniformTypes

/// Finds exported types in the domains only Apple declares (`public.`, `com.apple.`), exported
/// types of another vendor's domain that the system already declares, and imported declarations
/// of types the system already declares.
public struct ReservedDomainDeclaration: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-002",
        name: "reserved-domain-declaration",
        summary: "An exported type is in 'public.' or 'com.apple.', or redeclares a system type the app does not own",
        rationale: """
            Only Apple declares public.* and com.apple.* types. An app exporting one (CotEditor \
            once exported public.tex) changes how every app's files of that type are typed and \
            shown, because public types win tag look-ups: an error. Exporting a type the system \
            already declares in another vendor's domain (org.webmproject.webm) does the same \
            harm: an exported declaration takes precedence over imported ones of its identifier, \
            so the app's replaces the system's for every app; only the type's owner (an app in \
            the type's domain) should export it: a warning. Importing a type the system already \
            declares is not wrong but has no use and can disagree with the system's declaration \
            ("if the framework already provides a type, do not redeclare it"): a warning.
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
                """),
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.player</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>org.webmproject.webm</string>
                    </dict>
                </array>
                """),
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
                """),
            // Apple's own bundles are the system's declarations.
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.apple.coretypes</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>public.tex</string>
                    </dict>
                </array>
                """),
            // The type's owner exports the type the system imports for it.
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.microsoft.Word</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.microsoft.word.doc</string>
                    </dict>
                </array>
                """),
        ])

    /// A rule value.
    public init() {}

    /// Checks every declaration of the bundle.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Apple's own bundles (CoreTypes and its nested bundles) are the system's declarations.
        for plist in context.infoPlists
        where !(plist.bundleIdentifier?.value.lowercased().hasPrefix("com.apple.") ?? false) {
            let ownDomain = UndeclaredQuickLookType.domain(of: Self.bundleIdentifier(of: plist, context))
            for declaration in plist.exportedTypes {
                guard let location = declaration.identifierLocation else { continue }
                let identifier = declaration.identifier
                guard let domain = identifier.reservedDomain else {
                    // Another vendor's type the system knows: only its owner should export it.
                    guard let ownDomain, let typeDomain = UndeclaredQuickLookType.domain(of: identifier.rawValue),
                        typeDomain != ownDomain,
                        let system = context.catalog.declarations(for: identifier).first(where: { $0.origin.isSystem })
                    else { continue }
                    diagnostics.append(
                        diagnostic(
                            Message.foreign(identifier, systemImports: system.origin.kind == .imported),
                            at: location, severity: .warning))
                    continue
                }
                guard domain != .dynamic, identifier != "public.package" else { continue }
                let system = context.catalog.isSystemDeclared(identifier)
                diagnostics.append(diagnostic(Message.exported(identifier, domain, system: system), at: location))
            }
            for declaration in plist.importedTypes {
                guard let location = declaration.identifierLocation, !declaration.identifier.isDynamic,
                    context.catalog.isSystemDeclared(declaration.identifier)
                else { continue }
                let system = context.catalog.declarations(for: declaration.identifier).first { $0.origin.isSystem }
                let known = Set(
                    (system?.tags ?? []).map { "\($0.tagClass.rawValue) \($0.tagClass.foldedTag($0.value))" })
                var extra: [String] = []
                for tag in declaration.tags
                where !known.contains("\(tag.tagClass.rawValue) \(tag.tagClass.foldedTag(tag.value))") {
                    if !extra.contains(tag.value) { extra.append(tag.value) }
                }
                diagnostics.append(
                    diagnostic(Message.imported(declaration.identifier, extra: extra), at: location, severity: .warning)
                )
            }
        }
        return diagnostics
    }
}

extension ReservedDomainDeclaration {
    /// The bundle identifier as written, or as the build settings given spell it when it is
    /// `$(PRODUCT_BUNDLE_IDENTIFIER)`; nil when unknown.
    static func bundleIdentifier(of plist: InfoPlist, _ context: LintContext) -> String? {
        guard let written = plist.bundleIdentifier?.value else { return nil }
        guard written.contains("$") else { return written }
        guard ["$(PRODUCT_BUNDLE_IDENTIFIER)", "${PRODUCT_BUNDLE_IDENTIFIER}"].contains(written),
            let given = context.buildSettings["PRODUCT_BUNDLE_IDENTIFIER"], !given.contains("$")
        else { return nil }
        return given
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

    static func foreign(_ identifier: UniformTypeIdentifier, systemImports: Bool) -> String {
        let known = systemImports ? "the system already imports it" : "the system already declares it"
        return
            "exported type \(quoted(identifier)) is another vendor's and \(known): an exported declaration replaces the system's for every app; import it instead"
    }

    static func imported(_ identifier: UniformTypeIdentifier, extra: [String]) -> String {
        let head = "imported type \(quoted(identifier)) is declared by the system already"
        guard !extra.isEmpty else { return head + "; remove the redeclaration" }
        let tags =
            extra.prefix(5).map(quoted).joined(separator: ", ")
            + (extra.count > 5 ? " and \(extra.count - 5) more" : "")
        return head
            + "; the system's declaration takes precedence, so the tags it lacks (\(tags)) may have no effect: declare a type of your own for them rather than redeclaring this one"
    }
}
