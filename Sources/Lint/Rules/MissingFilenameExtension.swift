import AppBundle
import PropertyList
import UniformTypes

/// Finds types the app declares and lists in a document type that have no filename extension:
/// files cannot be recognised by name, so they never get the type.
public struct MissingFilenameExtension: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-011",
        name: "missing-filename-extension",
        summary: "A declared document type has no 'public.filename-extension' tag",
        rationale: """
            The system types a file from its name: the extension is looked up in the declarations' \
            public.filename-extension tags. A document type the app declares without one can never \
            be the type of a file, so the app cannot open any (pure pasteboard types need no \
            extension, but they are not document types). For an imported type only an info: the \
            app that owns it declares its tags where it is installed.
            """,
        sources: ["Declaring New Uniform Type Identifiers (S4)", "UTType.h, tag specification (S7)"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>com.example.sketch</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "declared type 'com.example.sketch' has no 'public.filename-extension' tag, so no file is recognised as it"
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
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .info(
                        "imported type 'org.other.format' has no 'public.filename-extension' tag: files are recognised as it only where the app that owns it is installed and declares one"
                    )
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                <string>sketch</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks the bundle's document types in effect.
    public func check(_ context: LintContext) -> [Diagnostic] {
        let graph = context.catalog.graph
        let folder = graph.node(for: .folder)
        return context.declarationsInEffect.compactMap { site -> Diagnostic? in
            let node = site.node
            guard context.isListed(node) else { return nil }
            let declaration = site.declaration
            let identifier = declaration.identifier
            guard !declaration.hasTag(.filenameExtension), let location = declaration.identifierLocation,
                !identifier.isDynamic, !graph.conforms(node, to: folder)
            else { return nil }
            if declaration.origin.kind == .imported {
                return diagnostic(Message.importedNoExtension(identifier), at: location, severity: .info)
            }
            return diagnostic(Message.noExtension(identifier), at: location)
        }
    }
}

private enum Message {
    static func noExtension(_ identifier: UniformTypeIdentifier) -> String {
        message(
            "declared type \(quoted(identifier)) has no 'public.filename-extension' tag, so no file is recognised as it"
        )
    }

    static func importedNoExtension(_ identifier: UniformTypeIdentifier) -> String {
        message(
            "imported type \(quoted(identifier)) has no 'public.filename-extension' tag: files are recognised as it only where the app that owns it is installed and declares one"
        )
    }
}
