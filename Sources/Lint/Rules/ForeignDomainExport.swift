import AppBundle
import PropertyList
import UniformTypes

/// Notes exported identifiers outside the domain of the app's bundle identifier: often a type
/// another app owns, which should be imported instead; a warning when the system declares the
/// type, which the app's export then replaces.
public struct ForeignDomainExport: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-009",
        name: "foreign-domain-export",
        summary: "An exported identifier is outside the domain of the bundle identifier",
        rationale: """
            Exporting says the app owns the type. An exported identifier whose reverse-DNS domain \
            differs from the bundle identifier's (org.other.format exported by com.example.app) is \
            often a type someone else owns, which works on the developer's Mac and not elsewhere; \
            import it instead. A heuristic, so an info. When the system declares the type, it is \
            certain, and a warning: if the system imports it (org.webmproject.webm), an exported \
            declaration takes precedence over imported ones of its identifier, so the app's \
            replaces the system's for every app; if the system exports it, the system's wins and \
            the app's is ignored. A bundle identifier that uses build settings \
            ($(PRODUCT_BUNDLE_IDENTIFIER)) is expanded with the settings given, if any. A domain is \
            the first two parts of a name, three under a code host many vendors share (com.github, \
            io.github, net.sourceforge…).
            """,
        sources: ["Defining file and data types for your app (S5)", "info-plist-rules.md §4 M7, M14"],
        severity: .info,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.sketchbook</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>org.openmicroscopy.tiff</string>
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
                <key>CFBundleIdentifier</key>
                <string>com.example.sketchbook</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
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

    /// Compares each exported identifier's vendor domain with the bundle identifier's.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.enumerated().flatMap { plistIndex, plist -> [Diagnostic] in
            guard let bundle = context.bundleIdentifier(of: plist), let owner = LintContext.domain(of: bundle) else {
                return []
            }
            return plist.exportedTypes.enumerated().compactMap { index, declaration in
                let identifier = declaration.identifier
                guard let location = declaration.identifierLocation, identifier.reservedDomain == nil,
                    !identifier.hasBuildSettingReference, let domain = LintContext.domain(of: identifier.rawValue),
                    domain != owner
                else { return nil }
                // By the graph node the catalog recorded for the declaration: no hashing again.
                let declarations =
                    context.node(of: declaration, at: index, inPlist: plistIndex).map {
                        context.catalog.declarations(at: $0)
                    } ?? []
                if let system = declarations.first(where: { $0.origin.isSystem }) {
                    return diagnostic(
                        Message.systemDeclared(identifier, systemImports: system.origin.kind == .imported),
                        at: location, severity: .warning)
                }
                return diagnostic(Message.foreign(identifier, bundle: bundle), at: location)
            }
        }
    }
}

private enum Message {
    static func systemDeclared(_ identifier: UniformTypeIdentifier, systemImports: Bool) -> String {
        if systemImports {
            return
                message(
                    "exported type \(quoted(identifier)) is another vendor's and the system already imports it: an exported declaration replaces the system's for every app; import it instead"
                )
        }
        return
            message(
                "exported type \(quoted(identifier)) is another vendor's and the system already exports it: the system's declaration wins and the app's is ignored; import it instead"
            )
    }

    static func foreign(_ identifier: UniformTypeIdentifier, bundle: String) -> String {
        message(
            "exported type \(quoted(identifier)) is outside the domain of bundle identifier \(quoted(bundle)); if another app owns the type, import it instead"
        )
    }
}
