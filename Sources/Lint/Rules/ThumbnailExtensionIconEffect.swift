import AppBundle
import PropertyList
import UniformTypes

/// Explains that a Thumbnail extension covering one of the app's document types replaces the
/// app-derived document icon with rendered thumbnails (condition 3 of Apple's icon rules).
public struct ThumbnailExtensionIconEffect: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "QL-002",
        name: "thumbnail-extension-icon-effect",
        summary: "A Thumbnail extension covers a document type, so Files shows thumbnails, not the app-derived icon",
        rationale: """
            The app icon becomes a document type's icon only when no installed Thumbnail extension \
            handles the type. An app's own Thumbnail extension listing the type in \
            QLSupportedContentTypes replaces that icon with rendered thumbnails, which is usually \
            the point; this info says so where it happens.
            """,
        sources: ["Customizing the document browser (S9)", "Providing Thumbnails of Your Custom File Types (S13)"],
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
                            ↓<string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
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
                            </array>
                        </dict>
                    </dict>
                    """
                ],
                expecting: [
                    .info(
                        "the app's Thumbnail extension draws 'com.example.sketch' files, so the Files app shows thumbnails instead of an icon made from the app icon"
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
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Reports each document type a Thumbnail extension covers, at the document type's listing.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var covered: [UniformTypeIdentifier: Located<UniformTypeIdentifier>] = [:]
        for (_, type) in context.thumbnailTypes where covered[type.value] == nil { covered[type.value] = type }
        guard !covered.isEmpty else { return [] }
        var seen: Set<UniformTypeIdentifier> = []
        return context.contentTypeFindings { type -> Diagnostic? in
            guard let location = type.location, let listing = covered[type.value], seen.insert(type.value).inserted
            else {
                return nil
            }
            return diagnostic(
                Message.covered(type.value), at: location, notes: [Note(Message.listed, at: listing.location)])
        }
    }
}

private enum Message {
    static func covered(_ identifier: UniformTypeIdentifier) -> String {
        message(
            "the app's Thumbnail extension draws \(quoted(identifier)) files, so the Files app shows thumbnails instead of an icon made from the app icon"
        )
    }

    static let listed = "the Thumbnail extension lists the type here"
}
