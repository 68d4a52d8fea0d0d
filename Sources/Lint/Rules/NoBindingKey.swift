import AppBundle
import PropertyList

/// Finds document types with no binding key at all: nothing is bound to such an entry.
/// (The reference calls this DOC-005b.)
public struct NoBindingKey: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-013",
        name: "no-binding-key",
        summary: "A document type lists no content types, extensions, MIME types or OSTypes",
        rationale: """
            A document type binds files through LSItemContentTypes (or, deprecated, \
            CFBundleTypeExtensions, CFBundleTypeMIMETypes, CFBundleTypeOSTypes). The archived key \
            reference says an entry needs at least one of them; without any, no file is bound to it.
            """,
        sources: ["Information Property List Key Reference, CFBundleDocumentTypes (S1)"],
        severity: .error,
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
                    </dict>
                </array>
                """, expecting: [.error("document type 'Sketch' binds no files: it has no 'LSItemContentTypes'")])
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
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks each entry for a binding key.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.documentTypes.compactMap { entry -> Diagnostic? in
                guard let dictionary = plist.value(at: entry.location), dictionary.count > 0 else { return nil }
                let keys = ["LSItemContentTypes"] + LegacyBindingKeys.legacyKeys
                guard !keys.contains(where: { dictionary[$0] != nil }) else { return nil }
                return diagnostic(Message.unbound(entry), at: entry.location)
            }
        }
    }
}

private enum Message {
    static func unbound(_ entry: DocumentType) -> String {
        message("document type \(entry.displayName) binds no files: it has no 'LSItemContentTypes'")
    }
}
