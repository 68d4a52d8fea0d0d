import AppBundle
import PropertyList
import UniformTypes

/// Finds declared types used for files (listed in a document type, or with filename extensions)
/// that conform to neither `public.data` nor `com.apple.package`: the system cannot tell that a
/// file on disk has such a type, and pickers grey such files out.
public struct MissingPhysicalConformance: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-004",
        name: "missing-physical-conformance",
        summary: "A file type conforms to neither 'public.data' nor 'com.apple.package'",
        rationale: """
            Types that describe files or packages must conform to public.data (byte streams) or \
            com.apple.package (directories shown as one file) for the system to bind documents to \
            them; UTType(exportedAs:) assumes it. Conforming only to public.content (a functional \
            type) is the usual mistake, and the files show greyed out in the document picker. An \
            error for types listed in document types; a warning for other types with extensions. \
            An imported type without a filename extension is a placeholder for a type its owner's \
            app declares when installed: no file is typed by it, so the conformance is an info note.
            """,
        sources: [
            "UTCoreTypes.h, comment on UTTypeContent (S6)", "Declaring New Uniform Type Identifiers (S4)",
            "Defining file and data types for your app (S5)", "info-plist-rules.md §4 M1, M12",
        ],
        severity: .error,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Backup</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.backup</string>
                        </array>
                    </dict>
                </array>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>com.example.backup</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.content</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .error(
                        "declared type 'com.example.backup', which the document types list, conforms to neither 'public.data' nor 'com.apple.package'; 'public.content' alone does not make it a file type, so its files are greyed out in pickers"
                    )
                ]),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Other</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>org.other.format</string>
                        </array>
                    </dict>
                </array>
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>org.other.format</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.content</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .info(
                        "declared type 'org.other.format', which the document types list, conforms to neither 'public.data' nor 'com.apple.package'; as an imported type without a filename extension it types no file itself, but where its owner's app is not installed it is not a file type"
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
                        <string>com.example.backup</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                            <string>public.content</string>
                        </array>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <string>backup</string>
                        </dict>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks the bundle's declarations in effect.
    public func check(_ context: LintContext) -> [Diagnostic] {
        let graph = context.catalog.graph
        let (data, package, content) = (graph.node(for: .data), graph.node(for: .package), graph.node(for: .content))
        return context.declarationsInEffect.compactMap { site -> Diagnostic? in
            let (declaration, node) = (site.declaration, site.node)
            let identifier = declaration.identifier
            let listed = context.isListed(node)
            guard listed || declaration.hasTag(.filenameExtension), let location = declaration.identifierLocation,
                !identifier.isDynamic, !identifier.hasBuildSettingReference,
                !graph.conforms(node, to: data), !graph.conforms(node, to: package),
                context.hasKnownSupertypes(node)
            else { return nil }
            let contentOnly = graph.conforms(node, to: content)
            // A placeholder import (no extension): the owner's declaration governs where it is installed.
            let placeholder = declaration.origin.kind == .imported && !declaration.hasTag(.filenameExtension)
            return diagnostic(
                Message.unbound(identifier, contentOnly: contentOnly, listed: listed, placeholder: placeholder),
                at: location, severity: placeholder ? .info : listed ? .error : .warning)
        }
    }
}

private enum Message {
    static func unbound(_ identifier: UniformTypeIdentifier, contentOnly: Bool, listed: Bool, placeholder: Bool)
        -> String
    {
        let what = listed ? ", which the document types list," : ", which has filename extensions,"
        let head = message(
            "declared type \(quoted(identifier))\(what) conforms to neither 'public.data' nor 'com.apple.package'")
        if placeholder {
            return head
                + "; as an imported type without a filename extension it types no file itself, but where its owner's app is not installed it is not a file type"
        }
        let tail =
            contentOnly
            ? "; 'public.content' alone does not make it a file type, so its files are greyed out in pickers"
            : "; the system cannot tell a file has this type"
        return head + tail
    }
}
