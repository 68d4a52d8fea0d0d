import AppBundle
import PropertyList

/// Notes Cocoa editor document types that list `LSItemContentTypes` but no `NSExportableTypes`,
/// as the archived key reference advises.
public struct MissingExportableTypes: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-010",
        name: "missing-exportable-types",
        summary: "A Cocoa editor document type has 'LSItemContentTypes' but no 'NSExportableTypes'",
        rationale: """
            The archived key reference advises an NSDocument-based app that uses \
            LSItemContentTypes to list the types each document can be saved as in \
            NSExportableTypes (macOS 10.5+). Only editor entries with an NSDocumentClass are noted.
            """,
        sources: ["Information Property List Key Reference, LSItemContentTypes, NSExportableTypes (S1)"],
        severity: .info,
        platforms: [.macOS],
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    ↓<dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>CFBundleTypeRole</key>
                        <string>Editor</string>
                        <key>NSDocumentClass</key>
                        <string>SketchDocument</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
                """, platform: .macOS,
                expecting: [
                    .info("editor document type 'Sketch' lists no 'NSExportableTypes' for its documents to be saved as")
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
                        <key>CFBundleTypeRole</key>
                        <string>Editor</string>
                        <key>NSDocumentClass</key>
                        <string>SketchDocument</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.sketch</string>
                        </array>
                        <key>NSExportableTypes</key>
                        <array>
                            <string>com.adobe.pdf</string>
                        </array>
                    </dict>
                </array>
                """, platform: .macOS)
        ])

    /// A rule value.
    public init() {}

    /// Checks each editor entry.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.documentTypes.compactMap { entry -> Diagnostic? in
                guard entry.role?.value == "Editor", entry.documentClass != nil, !entry.contentTypes.isEmpty,
                    entry.exportableTypes.isEmpty, plist.value(at: entry.location)?["NSExportableTypes"] == nil
                else { return nil }
                return diagnostic(Message.missing(entry), at: entry.location)
            }
        }
    }
}

private enum Message {
    static func missing(_ entry: DocumentType) -> String {
        message(
            "editor document type \(entry.displayName) lists no 'NSExportableTypes' for its documents to be saved as")
    }
}
