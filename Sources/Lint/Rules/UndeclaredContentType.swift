import AppBundle
import PropertyList
import UniformTypes

/// Finds `LSItemContentTypes` items that nobody declares: not the system, not the app's
/// exported or imported declarations. Files of such a type are typed dynamically (`dyn.…`), so
/// they never match the document type, and the app's icon is not used for them.
public struct UndeclaredContentType: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-006",
        name: "undeclared-content-type",
        summary: "A document type lists a content type that neither the system nor the app declares",
        rationale: """
            LSItemContentTypes names types by identifier. A custom type must be exported (the app \
            owns it) or imported (another app owns it); otherwise the system never types a file as \
            it: files get a dynamic 'dyn.' identifier, are greyed out in the document browser, and \
            the document icon falls back (condition 4 of Apple's document-icon rules). Misspelt \
            system identifiers get a suggestion, and a fix-it when one system type is clearly meant. \
            In a Quick Look generator's or Spotlight importer's entry (role QLGenerator or \
            MDImporter) only an info: such plug-ins handle types that other apps declare. The \
            system's types are macOS 12.7's: an unknown public.* or com.apple.* identifier without a \
            close match may be a type a newer system or iOS declares, so it is a warning that says \
            how to add that declaration (--system-types). A bare domain (two parts) that a longer \
            identifier listed beside it, or declared by the app, continues after a dot \
            (net.daringfireball beside net.daringfireball.markdown) was almost certainly cut short: \
            that one is suggested.
            """,
        sources: [
            "Defining file and data types for your app (S5)", "Customizing the document browser (S9)",
            "info-plist-rules.md §2.3, §2.7, §4 M2",
        ],
        severity: .error,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Text</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            ↓<string>publiic.plain-text</string>
                            ↓<string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .error(
                        "content type 'publiic.plain-text' of document type 'Text' is not declared; did you mean 'public.plain-text'?"
                    ),
                    .error(
                        "content type 'com.example.sketch' of document type 'Text' is declared neither by the app nor in the system catalog (macOS 12.7 with the types added up to macOS 27); export or import it"
                    ),
                ],
                corrected: """
                    <key>CFBundleDocumentTypes</key>
                    <array>
                        <dict>
                            <key>CFBundleTypeName</key>
                            <string>Text</string>
                            <key>LSItemContentTypes</key>
                            <array>
                                <string>public.plain-text</string>
                                <string>com.example.sketch</string>
                            </array>
                        </dict>
                    </array>
                    """),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Markdown</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            ↓<string>net.daringfireball</string>
                            <string>net.daringfireball.markdown</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .error(
                        "content type 'net.daringfireball' of document type 'Markdown' is not declared and looks cut short; did you mean 'net.daringfireball.markdown'?"
                    )
                ]),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Video</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            ↓<string>public.mpeg4</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Discs</string>
                        <key>CFBundleTypeRole</key>
                        <string>QLGenerator</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            ↓<string>org.example.disc-image</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "content type 'public.mpeg4' of document type 'Video' is not declared; did you mean 'public.mpeg-4'? (if a newer or iOS system declares it, give that declaration with --system-types)"
                    ),
                    .info(
                        "content type 'org.example.disc-image' of document type 'Discs' is declared neither by the bundle nor in the system catalog (macOS 12.7 with the types added up to macOS 27); fine when the app whose files the plug-in reads declares it"
                    ),
                ],
                corrected: """
                    <key>CFBundleDocumentTypes</key>
                    <array>
                        <dict>
                            <key>CFBundleTypeName</key>
                            <string>Video</string>
                            <key>LSItemContentTypes</key>
                            <array>
                                <string>public.mpeg-4</string>
                            </array>
                        </dict>
                        <dict>
                            <key>CFBundleTypeName</key>
                            <string>Discs</string>
                            <key>CFBundleTypeRole</key>
                            <string>QLGenerator</string>
                            <key>LSItemContentTypes</key>
                            <array>
                                <string>org.example.disc-image</string>
                            </array>
                        </dict>
                    </array>
                    """),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Text</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.plain-text</string>
                            <string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """)
        ])

    /// At most this many findings per app get a "did you mean" (each costs a catalog search).
    static let suggestionLimit = 20

    /// A rule value.
    public init() {}

    /// Checks each listed content type against the catalog.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for plistIndex in context.infoPlists.indices {
            // Whether a type is declared is read off its graph node instead of hashing it again
            // (a large app lists a hundred thousand).
            for listed in context.listedTypes(inPlist: plistIndex) {
                let (entry, type) = (listed.entry, listed.type)
                do {
                    let identifier = type.value
                    let declared = listed.node.map { context.catalog.graph.isDeclared($0) } ?? false
                    guard !declared, let location = type.location,
                        !identifier.rawValue.isEmpty, !identifier.isDynamic, identifier != "public.package",
                        !identifier.hasBuildSettingReference, !identifier.hasSyntaxProblem
                    else { continue }
                    var suggestion: UniformTypeIdentifier?
                    var fixIt: FixIt?
                    let searched = diagnostics.count < Self.suggestionLimit
                    var cutShort = false
                    if searched,
                        let longer = context.lengthening(identifier, beside: entry.contentTypes.map(\.value))
                    {
                        suggestion = longer
                        cutShort = true
                    } else if searched {
                        suggestion = context.suggestion(for: identifier)
                        if let nearest = suggestion, context.catalog.isSystemDeclared(nearest) {
                            fixIt = FixIt(
                                Message.fixIt(nearest), changes: [.replaceString(at: location, with: nearest.rawValue)])
                        }
                    }
                    // A Quick Look generator or Spotlight importer handles types other apps declare;
                    // an Apple identifier may be a newer or iOS-only system type, whether or not a
                    // near match exists (a suggestion never makes the finding more severe).
                    let appleDomain = identifier.reservedDomain != nil
                    diagnostics.append(
                        diagnostic(
                            Message.undeclared(
                                identifier, entry: entry, suggestion: suggestion, cutShort: cutShort,
                                appleDomain: appleDomain,
                                system: context.systemCatalogName, systemTypesGiven: context.systemTypesGiven,
                                plugIn: entry.isPlugInEntry),
                            at: location, severity: entry.isPlugInEntry ? .info : appleDomain ? .warning : nil,
                            fixIt: fixIt))
                }
            }
        }
        return diagnostics
    }
}

private enum Message {
    static func undeclared(
        _ identifier: UniformTypeIdentifier, entry: DocumentType, suggestion: UniformTypeIdentifier?, cutShort: Bool,
        appleDomain: Bool, system: String, systemTypesGiven: Bool, plugIn: Bool
    ) -> String {
        let head = message("content type \(quoted(identifier)) of document type \(entry.displayName)")
        if cutShort, let suggestion {
            return message("\(head) is not declared and looks cut short; did you mean \(quoted(suggestion))?")
        }
        // A plug-in's entry (Quick Look generator, Spotlight importer) belongs to a bundle that is
        // no app, and its types are usually another app's to declare.
        let bundle = plugIn ? "the bundle" : "the app"
        if appleDomain {
            let advice =
                systemTypesGiven
                ? "add that declaration to the --system-types files" : "give that declaration with --system-types"
            if let suggestion {
                return message(
                    "\(head) is not declared; did you mean \(quoted(suggestion))? (if a newer or iOS system declares it, \(advice))"
                )
            }
            return
                message(
                    "\(head) is not in \(system) and \(bundle) does not declare it; if a newer or iOS system declares it, \(advice)"
                )
        }
        if let suggestion { return message("\(head) is not declared; did you mean \(quoted(suggestion))?") }
        if plugIn {
            return message(
                "\(head) is declared neither by the bundle nor in \(system); fine when the app whose files the plug-in reads declares it"
            )
        }
        return message("\(head) is declared neither by the app nor in \(system); export or import it")
    }

    static func fixIt(_ identifier: UniformTypeIdentifier) -> String { message("replace with \(quoted(identifier))") }
}
