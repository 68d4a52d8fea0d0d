import AppBundle
import PropertyList

/// Notes `CFBundleTypeIconSystemGenerated` in an iOS app: it is a macOS 11+ key (undocumented)
/// that iOS does not read.
public struct SystemGeneratedIconOnIOS: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "ICON-004",
        name: "system-generated-icon-on-ios",
        summary: "'CFBundleTypeIconSystemGenerated' is set in an iOS app",
        rationale: """
            CFBundleTypeIconSystemGenerated asks macOS 11 and later to draw a document icon from the \
            app icon. Apple has no reference page for it, and iOS does not read it: iOS makes \
            document icons from the app icon by its own rules.
            """,
        sources: [
            "info-plist-rules.md §1.1 (CFBundleTypeIconSystemGenerated)", "github.com/anbturki/docsreader/pull/33",
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
                        <key>CFBundleTypeIconSystemGenerated</key>
                        ↓<integer>1</integer>
                    </dict>
                </array>
                """, platform: .iOS,
                expecting: [
                    .info("'CFBundleTypeIconSystemGenerated' of document type 'Sketch' is a macOS key; iOS ignores it")
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
                        <key>CFBundleTypeIconSystemGenerated</key>
                        <integer>1</integer>
                    </dict>
                </array>
                """, platform: .macOS)
        ])

    /// A rule value.
    public init() {}

    /// Checks each entry.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.documentTypes.compactMap { entry -> Diagnostic? in
                guard
                    let location = entry.iconSystemGenerated?.location
                        ?? plist.value(at: entry.location)?["CFBundleTypeIconSystemGenerated"]?.location
                else { return nil }
                return diagnostic(Message.ignored(entry), at: location)
            }
        }
    }
}

private enum Message {
    static func ignored(_ entry: DocumentType) -> String {
        message(
            "'CFBundleTypeIconSystemGenerated' of document type \(entry.displayName) is a macOS key; iOS ignores it")
    }
}
