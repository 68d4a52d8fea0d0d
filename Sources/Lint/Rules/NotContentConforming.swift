import AppBundle
import PropertyList
import UniformTypes

/// Notes document types the app declares that do not conform to `public.content`: such files
/// cannot be shared over AirDrop.
public struct NotContentConforming: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-005",
        name: "not-content-conforming",
        summary: "A declared document type does not conform to 'public.content'",
        rationale: """
            Conformance to public.content (or a more specific functional type such as \
            public.database or public.spreadsheet) is what lets a document type be shared over \
            AirDrop and helps the system present it.
            """,
        sources: ["Defining file and data types for your app (S5)"],
        severity: .info,
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
                    .info(
                        "declared type 'com.example.sketch' does not conform to 'public.content'; its files cannot be shared over AirDrop"
                    )
                ])
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
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.image</string>
                        </array>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks the bundle's document types in effect.
    public func check(_ context: LintContext) -> [Diagnostic] {
        let graph = context.catalog.graph
        let (data, package, content) = (graph.node(for: .data), graph.node(for: .package), graph.node(for: .content))
        return context.declarationsInEffect.compactMap { site -> Diagnostic? in
            let node = site.node
            guard context.isListed(node) else { return nil }
            let declaration = site.declaration
            let identifier = declaration.identifier
            guard let location = declaration.identifierLocation,
                graph.conforms(node, to: data) || graph.conforms(node, to: package),
                !graph.conforms(node, to: content), context.hasKnownSupertypes(node)
            else { return nil }
            return diagnostic(Message.notContent(identifier), at: location)
        }
    }
}

private enum Message {
    static func notContent(_ identifier: UniformTypeIdentifier) -> String {
        message(
            "declared type \(quoted(identifier)) does not conform to 'public.content'; its files cannot be shared over AirDrop"
        )
    }
}
