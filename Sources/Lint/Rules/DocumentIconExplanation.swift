import AppBundle
import DocumentBrowser
import PropertyList
import Support
import UniformTypes

/// Explains, for each type the app declares and lists in its document types, which icon the iOS
/// Files app and document browser show for its files: the decision `utiscope icon` makes
/// (``DocumentBrowser/icon(forType:)``), rendered as a finding.
public struct DocumentIconExplanation: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "ICON-001",
        name: "document-icon-explanation",
        summary: "Which icon the Files app shows for a declared document type, and why",
        rationale: """
            Apple lists four conditions, all required, for the app icon to become a type's document \
            icon: the system makes no thumbnails for the type, has no icon for it, no installed \
            Thumbnail extension handles it, and the app both lists it in its document types and \
            exports or imports it. This info says which applies, so a missing custom icon is no \
            surprise. It is the decision `utiscope icon` shows, step by step: a Thumbnail extension \
            of the app listing the type, a system thumbnail, the system's icon, a document icon \
            the app declares, the icon made from the app icon, the generic icon. Types the system \
            declares are left out (their icon is the system's). An Info.plist linted without its \
            bundle or asset catalogs may lack the app icon keys that Xcode adds when it builds; \
            the answer then names its assumption (--assume-app-icon). In JSON and SARIF, each \
            finding's properties give the type and the icon outcome.
            """,
        sources: [
            "Customizing the document browser (S9)", "QuickLookThumbnailing overview (S13)", "info-plist-rules.md §2.7",
        ],
        severity: .info,
        platforms: [.iOS],
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
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """, platform: .iOS,
                expecting: [
                    .info(
                        "the Files app shows an icon made from the app icon for 'com.example.sketch' files: no thumbnails, no system icon, declared and listed (assuming --assume-app-icon yes)"
                    )
                ]),
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
                            ↓<string>com.example.brush</string>
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
                        <key>UTTypeIcons</key>
                        <dict>
                            <key>UTTypeIconText</key>
                            <string>SKT</string>
                        </dict>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.brush</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """, platform: .iOS, resources: [],
                expecting: [
                    .info(
                        "the Files app shows the document icon the app declares for 'com.example.sketch' files: 'UTTypeIcons' composes a document icon at run time"
                    ),
                    .info(
                        "the Files app shows an icon made from the app icon for 'com.example.brush' files: no thumbnails, no system icon, declared and listed (assuming --assume-app-icon yes)"
                    ),
                ]),
            // The app's Thumbnail extension lists the type: its thumbnails show.
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
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """, platform: .iOS,
                extensions: [
                    """
                    <key>CFBundleIdentifier</key>
                    <string>com.example.sketchbook.thumbnails</string>
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
                        "the Files app shows thumbnails from the app's Thumbnail extension for 'com.example.sketch' files"
                    )
                ]),
            // Declared by an extension, not by the app: no icon is made from the app icon for it.
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
                """, platform: .iOS,
                extensions: [
                    """
                    <key>CFBundleIdentifier</key>
                    <string>com.example.sketchbook.share</string>
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
                    """
                ],
                expecting: [
                    .info(
                        "the Files app shows a generic icon for 'com.example.sketch' files: the app neither exports nor imports 'com.example.sketch' (assuming --assume-app-icon yes)"
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
                        <string>Images</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.png</string>
                        </array>
                    </dict>
                </array>
                """, platform: .iOS)
        ])

    /// A rule value.
    public init() {}

    /// Renders the document browser's icon decision for each listed type the bundle declares.
    public func check(_ context: LintContext) -> [Diagnostic] {
        // By graph node: each type once (the graph's nodes compare identifiers as the catalog does).
        var seen = [Bool](repeating: false, count: context.catalog.graph.nodeCount)
        return context.contentTypeFindings { type, node -> Diagnostic? in
            guard let location = type.location, let node, !seen[Int(node.rawValue)] else { return nil }
            seen[Int(node.rawValue)] = true
            guard let declaration = context.catalog.declaration(at: node), !declaration.origin.isSystem else {
                return nil
            }
            let answer = context.browser.icon(forType: declaration.identifier)
            return diagnostic(
                Message.icon(answer, type.value), at: location,
                properties: ["type": declaration.identifier.rawValue, "icon": answer.source.rawValue])
        }
    }
}

private enum Message {
    /// What the Files app shows, why (the step that decides), and what the answer assumes.
    static func icon(_ answer: IconAnswer, _ identifier: UniformTypeIdentifier) -> String {
        let type = quoted(identifier)
        let decisive = answer.decisive.map { OutputEscaping.escape($0.because) } ?? ""
        let shows: String
        switch answer.source {
        case .extensionThumbnail:
            shows = "the Files app shows thumbnails from the app's Thumbnail extension for \(type) files"
        case .systemThumbnail, .systemIcon, .customIcon:
            // The first two only under other assumptions: the rule explains the app's own types.
            shows = "the Files app shows \(answer.source.phrase) for \(type) files: \(decisive)"
        case .appIcon:
            shows =
                "the Files app shows an icon made from the app icon for \(type) files: no thumbnails, no system icon, declared and listed"
        case .generic:
            let failing = answer.conditions.first { $0.name.hasPrefix("app-icon.") && !$0.holds }
            let why = failing.map { ": " + OutputEscaping.escape($0.because) } ?? ""
            shows = "the Files app shows a generic icon for \(type) files\(why)"
        }
        let assumptions = answer.assumptions.map(\.setting)
        guard !assumptions.isEmpty else { return message("\(shows)") }
        return message("\(shows) (assuming \(assumptions.joined(separator: ", ")))")
    }
}
