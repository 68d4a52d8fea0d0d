import AppBundle
import PropertyList
import UniformTypes

/// Finds Quick Look extensions whose `QLSupportedContentTypes` lists a type nobody declares: the
/// extension is never asked about files of that type.
public struct UndeclaredQuickLookType: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "QL-001",
        name: "undeclared-quicklook-type",
        summary: "A Quick Look extension supports a type that neither the system nor the app declares",
        rationale: """
            QLSupportedContentTypes lists the exact types a Thumbnail or Preview extension handles. \
            A type that no declaration defines is never the type of a file, so the extension is \
            never used for it; export or import the type in the app. A warning for types in the \
            app's own domain (the first two parts of a bundle identifier of the app or its \
            extensions; three parts under a code host such as com.github): not the domains of the \
            types it exports, since an editor exporting one of another vendor's types may list \
            that vendor's others on purpose. For other types, info only: another installed app may \
            declare them, which utiscope cannot see. A listed bare domain (two parts) that a longer \
            identifier beside it continues after a dot looks cut short: a warning suggesting the \
            longer one (a longer identifier is a type of its own, as org.tug.tex beside \
            org.tug.tex.bibtex). \
            Dynamic 'dyn.' identifiers are left alone: they are the types of files whose extension \
            no declaration claims, so an extension may list them.
            """,
        sources: ["Providing Thumbnails of Your Custom File Types (S13)", "info-plist-rules.md §1.4"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.sketchbook</string>
                """,
                extensions: [
                    """
                    <key>NSExtension</key>
                    <dict>
                        <key>NSExtensionPointIdentifier</key>
                        <string>com.apple.quicklook.thumbnail</string>
                        <key>NSExtensionAttributes</key>
                        <dict>
                            <key>QLSupportedContentTypes</key>
                            <array>
                                ↓<string>com.example.sketch</string>
                            </array>
                        </dict>
                    </dict>
                    """
                ],
                expecting: [
                    .warning(
                        "the Quick Look extension supports 'com.example.sketch', which neither the system catalog (macOS 12.7 with the types added up to macOS 27) nor the app declares; export or import it in the app"
                    )
                ]),
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.editor</string>
                """,
                extensions: [
                    """
                    <key>NSExtension</key>
                    <dict>
                        <key>NSExtensionPointIdentifier</key>
                        <string>com.apple.quicklook.preview</string>
                        <key>NSExtensionAttributes</key>
                        <dict>
                            <key>QLSupportedContentTypes</key>
                            <array>
                                ↓<string>net.daringfireball</string>
                                <string>net.daringfireball.markdown</string>
                            </array>
                        </dict>
                    </dict>
                    """
                ],
                expecting: [
                    .warning(
                        "the Quick Look extension supports 'net.daringfireball', which nobody declares and looks cut short; did you mean 'net.daringfireball.markdown'?"
                    )
                ]),
            // A misspelt system type, and another vendor's type: that vendor's app declares it.
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.viewer</string>
                """,
                extensions: [
                    """
                    <key>NSExtension</key>
                    <dict>
                        <key>NSExtensionPointIdentifier</key>
                        <string>com.apple.quicklook.preview</string>
                        <key>NSExtensionAttributes</key>
                        <dict>
                            <key>QLSupportedContentTypes</key>
                            <array>
                                ↓<string>public.jpg</string>
                                ↓<string>org.inkscape.drawing</string>
                            </array>
                        </dict>
                    </dict>
                    """
                ],
                expecting: [
                    .info(
                        "the Quick Look extension supports 'public.jpg', which neither the system catalog (macOS 12.7 with the types added up to macOS 27) nor the app declares; did you mean 'public.jpeg'?"
                    ),
                    .info(
                        "the Quick Look extension supports 'org.inkscape.drawing', which neither the system catalog (macOS 12.7 with the types added up to macOS 27) nor the app declares; it is used only where another installed app declares the type, or import it in the app"
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
                        <string>com.example.sketch</string>
                    </dict>
                </array>
                """,
                extensions: [
                    """
                    <key>NSExtension</key>
                    <dict>
                        <key>NSExtensionPointIdentifier</key>
                        <string>com.apple.quicklook.thumbnail</string>
                        <key>NSExtensionAttributes</key>
                        <dict>
                            <key>QLSupportedContentTypes</key>
                            <array>
                                <string>com.example.sketch</string>
                                <string>dyn.ah62d4rv4ge8043a</string>
                            </array>
                        </dict>
                    </dict>
                    """
                ])
        ])

    /// A rule value.
    public init() {}

    /// Checks each Quick Look extension's supported types.
    public func check(_ context: LintContext) -> [Diagnostic] {
        // A domain is the app's own by its bundle identifiers, not by what it happens to export:
        // an editor exporting one 'org.vim.' type may list MacVim's others on purpose.
        let bundleDomains = context.bundleDomains
        return context.infoPlists.flatMap { plist -> [Diagnostic] in
            guard let point = plist.appExtension?.point, point == .thumbnail || point == .preview else { return [] }
            return (plist.appExtension?.supportedContentTypes ?? []).compactMap { type in
                let identifier = type.value
                guard let location = type.location, !context.catalog.contains(identifier), !identifier.rawValue.isEmpty,
                    !identifier.isDynamic, !identifier.hasBuildSettingReference, !identifier.hasSyntaxProblem,
                    identifier != "public.package"
                else { return nil }
                let own = VendorDomain.domain(of: identifier.rawValue).map { bundleDomains.contains($0) } ?? false
                let siblings = (plist.appExtension?.supportedContentTypes ?? []).map(\.value)
                if let longer = context.lengthening(identifier, beside: siblings) {
                    return diagnostic(Message.cutShort(identifier, longer), at: location, severity: .warning)
                }
                return diagnostic(
                    Message.undeclared(
                        identifier, own: own, suggestion: context.suggestion(for: identifier),
                        system: context.systemCatalogName),
                    at: location, severity: own ? .warning : .info)
            }
        }
    }
}

private enum Message {
    static func cutShort(_ identifier: UniformTypeIdentifier, _ longer: UniformTypeIdentifier) -> String {
        message(
            "the Quick Look extension supports \(quoted(identifier)), which nobody declares and looks cut short; did you mean \(quoted(longer))?"
        )
    }

    static func undeclared(
        _ identifier: UniformTypeIdentifier, own: Bool, suggestion: UniformTypeIdentifier?, system: String
    ) -> String {
        let head =
            message(
                "the Quick Look extension supports \(quoted(identifier)), which neither \(system) nor the app declares")
        if let suggestion { return head + message("; did you mean \(quoted(suggestion))?") }
        return own
            ? head + "; export or import it in the app"
            : head + "; it is used only where another installed app declares the type, or import it in the app"
    }
}
