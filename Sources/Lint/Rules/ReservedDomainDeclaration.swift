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
            declaration ("if the framework already provides a type, do not redeclare it"): a warning. \
            Importing a public.* identifier that no system release declares (the embedded catalog \
            and the types added since; com.apple.* ones are left alone, as iOS declares types the \
            macOS catalog lacks) imports an invented type: public types win \
            extension look-ups, so importing 'public.markdown' with 'md' can change how other apps' \
            '.md' files are typed (it broke Xcode's Markdown handling for one editor's users): a \
            warning, with the system type that claims the same extension when there is one.
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
                """,
                expecting: [
                    .error(
                        "exported type 'public.tex' is in the 'public.' domain, which only Apple may declare; use your own domain"
                    ),
                    .warning("imported type 'public.json' is declared by the system already; remove the redeclaration"),
                ]),
            // An invented public type, imported with an extension the system's Markdown type claims.
            Example(
                """
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>public.markdown</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.plain-text</string>
                        </array>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                <string>md</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "imported type 'public.markdown' is in the 'public.' domain, but no system release declares it; public types win extension look-ups, so this import can change how other apps' files are typed; use the owner's identifier or your own domain"
                    )
                ]),
            Example(
                """
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>public.plain-text</string>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                <string>txt</string>
                                <string>notes</string>
                            </array>
                        </dict>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>public.h264</string>
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
                        "imported type 'public.plain-text' is declared by the system already; the system's declaration takes precedence, so the tags it lacks ('notes') may have no effect: declare a type of your own for them rather than redeclaring this one"
                    ),
                    .warning(
                        "imported type 'public.h264' is in the 'public.' domain, but no system release declares it; public types win extension look-ups, so this import can change how other apps' files are typed; the system's type for its extension is 'public.mpeg-4'"
                    ),
                ]),
            // Exporting a type the system declares; importing one with more new tags than the
            // message lists.
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>public.json</string>
                    </dict>
                </array>
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>public.plain-text</string>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                <string>txt</string>
                                <string>note</string>
                                <string>memo</string>
                                <string>log1</string>
                                <string>log2</string>
                                <string>log3</string>
                                <string>log4</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """,
                expecting: [
                    .error(
                        "exported type 'public.json' is in the 'public.' domain, which only Apple may declare; the system declares it already, so import it or list it without declaring it"
                    ),
                    .warning(
                        "imported type 'public.plain-text' is declared by the system already; the system's declaration takes precedence, so the tags it lacks ('note', 'memo', 'log1', 'log2', 'log3' and 1 more) may have no effect: declare a type of your own for them rather than redeclaring this one"
                    ),
                ]),
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
        ])

    /// A rule value.
    public init() {}

    /// Checks every declaration of the bundle.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Apple's own bundles (CoreTypes and its nested bundles) are the system's declarations.
        for (plistIndex, plist) in context.infoPlists.enumerated()
        where !(plist.bundleIdentifier?.value.lowercased().hasPrefix("com.apple.") ?? false) {
            // Declarations are looked up by the graph node the catalog recorded for each, not by
            // hashing their identifiers again.
            for site in context.declarationSites(inPlist: plistIndex, .exported) {
                let declaration = site.declaration
                guard let location = declaration.identifierLocation, let domain = declaration.identifier.reservedDomain,
                    domain != .dynamic, declaration.identifier != "public.package"
                else { continue }
                let system = site.node.map { context.catalog.isSystemDeclared(at: $0) } ?? false
                diagnostics.append(
                    diagnostic(Message.exported(declaration.identifier, domain, system: system), at: location))
            }
            for site in context.declarationSites(inPlist: plistIndex, .imported) {
                let declaration = site.declaration
                guard let location = declaration.identifierLocation, !declaration.identifier.isDynamic,
                    let node = site.node
                else { continue }
                guard context.catalog.isSystemDeclared(at: node) else {
                    // A public identifier no system release declares: invented. (A com.apple. one
                    // may be one of iOS's own types, which the macOS catalog lacks.)
                    if let domain = declaration.identifier.reservedDomain, domain == .public,
                        !declaration.identifier.hasBuildSettingReference
                    {
                        let claimant = declaration.filenameExtensions.lazy.compactMap { tag in
                            context.catalog.declarations(claiming: tag, in: .filenameExtension).first {
                                $0.origin.isSystem
                            }
                        }.first
                        diagnostics.append(
                            diagnostic(
                                Message.invented(declaration.identifier, domain, systemType: claimant?.identifier),
                                at: location, severity: .warning))
                    }
                    continue
                }
                let system = context.catalog.declarations(at: node).first { $0.origin.isSystem }
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

private enum Message {
    static func exported(_ identifier: UniformTypeIdentifier, _ domain: ReservedDomain, system: Bool) -> String {
        let tail =
            system
            ? "; the system declares it already, so import it or list it without declaring it" : "; use your own domain"
        return
            message(
                "exported type \(quoted(identifier)) is in the '\(domain.prefix)' domain, which only Apple may declare\(tail)"
            )
    }

    static func invented(
        _ identifier: UniformTypeIdentifier, _ domain: ReservedDomain, systemType: UniformTypeIdentifier?
    )
        -> String
    {
        let head = message(
            "imported type \(quoted(identifier)) is in the '\(domain.prefix)' domain, but no system release declares it; public types win extension look-ups, so this import can change how other apps' files are typed"
        )
        guard let systemType else { return head + "; use the owner's identifier or your own domain" }
        return head + message("; the system's type for its extension is \(quoted(systemType))")
    }

    static func imported(_ identifier: UniformTypeIdentifier, extra: [String]) -> String {
        let head = message("imported type \(quoted(identifier)) is declared by the system already")
        guard !extra.isEmpty else { return head + "; remove the redeclaration" }
        let tags =
            extra.prefix(5).map(quoted).joined(separator: ", ")
            + (extra.count > 5 ? message(" and \(extra.count - 5) more") : "")
        return head
            + message(
                "; the system's declaration takes precedence, so the tags it lacks (\(tags)) may have no effect: declare a type of your own for them rather than redeclaring this one"
            )
    }
}
