import AppBundle
import PropertyList

/// Finds empty strings in the keys Xcode's Info.plist processing silently removes when empty:
/// the built app then lacks the key, though the source file seems to have it.
public struct EmptyValue: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "PLIST-005",
        name: "empty-value",
        summary:
            "'CFBundleTypeRole', 'CFBundleTypeIconFile', 'NSDocumentClass' or 'CFBundleIdentifier' is an empty string",
        rationale: """
            Xcode's Info.plist processing removes empty strings for a fixed set of keys, among them \
            CFBundleTypeRole, CFBundleTypeIconFile, NSDocumentClass and CFBundleIdentifier, so the \
            built bundle lacks a key the source file seems to set. An empty CFBundleTypeIconFile is \
            what Xcode's document-type editor leaves when no icon file is chosen, and dropping it \
            loses nothing: only noted (info).
            """,
        sources: ["swift-build InfoPlistProcessorTaskAction.swift, empty-value elision (S17 ~L232)"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleIdentifier</key>
                ↓<string></string>
                """,
                expecting: [
                    .warning("'CFBundleIdentifier' is an empty string; Xcode removes it from the built Info.plist")
                ]),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>CFBundleTypeRole</key>
                        ↓<string></string>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning("'CFBundleTypeRole' is an empty string; Xcode removes it from the built Info.plist")
                ]),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>CFBundleTypeIconFile</key>
                        ↓<string></string>
                    </dict>
                </array>
                """, platform: .macOS,
                expecting: [
                    .info(
                        "'CFBundleTypeIconFile' is an empty string, which Xcode removes from the built Info.plist; the document type names no icon file"
                    )
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.sketchbook</string>
                """)
        ])

    /// The keys Xcode elides when empty.
    static let elidedKeys: Set<String> = [
        "CFBundleTypeRole", "CFBundleTypeIconFile", "NSDocumentClass", "CFBundleIdentifier",
    ]

    /// A rule value.
    public init() {}

    /// Reports the models' empty-value findings for the elided keys.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.findings.compactMap { finding -> Diagnostic? in
                guard case .emptyValue(let key) = finding.kind, Self.elidedKeys.contains(key) else { return nil }
                if key == "CFBundleTypeIconFile" {
                    return diagnostic(Message.emptyIconFile, at: finding.location, severity: .info)
                }
                return diagnostic(Message.empty(key), at: finding.location)
            }
        }
    }
}

private enum Message {
    static func empty(_ key: String) -> String {
        message("'\(key)' is an empty string; Xcode removes it from the built Info.plist")
    }

    static let emptyIconFile =
        "'CFBundleTypeIconFile' is an empty string, which Xcode removes from the built Info.plist; the document type names no icon file"
}
