import AppBundle
import PropertyList

/// Finds document types that bind files through the deprecated `CFBundleTypeExtensions`,
/// `CFBundleTypeMIMETypes` or `CFBundleTypeOSTypes` keys: only `LSItemContentTypes` binds on iOS,
/// and on macOS the legacy keys are ignored once `LSItemContentTypes` is present.
public struct LegacyBindingKeys: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-005",
        name: "legacy-binding-keys",
        summary: "A document type binds through deprecated extension, MIME or OSType keys",
        rationale: """
            CFBundleTypeExtensions, CFBundleTypeMIMETypes and CFBundleTypeOSTypes are deprecated \
            since macOS 10.5 and were never read on iOS; a custom extension listed only there opens \
            as a dynamic 'dyn.' type, greyed out in pickers. A warning when they are the only \
            binding; an info when LSItemContentTypes is also present (then they are ignored).
            """,
        sources: ["Information Property List Key Reference (S1)", "info-plist-rules.md §4 M2"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>CFBundleTypeExtensions</key>
                        ↓<array>
                            <string>sketch</string>
                        </array>
                    </dict>
                </array>
                """)
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

    /// The deprecated binding keys.
    static let legacyKeys = ["CFBundleTypeExtensions", "CFBundleTypeMIMETypes", "CFBundleTypeOSTypes"]

    /// A rule value.
    public init() {}

    /// Checks each entry's binding keys.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.documentTypes.flatMap { entry -> [Diagnostic] in
                guard entry.legacyExtensions.count + entry.legacyMIMETypes.count + entry.legacyOSTypes.count > 0,
                    let dictionary = plist.value(at: entry.location)
                else { return [] }
                let modern = entry.contentTypesLocation != nil
                return Self.legacyKeys.compactMap { key in
                    guard let value = dictionary[key] else { return nil }
                    return modern
                        ? diagnostic(Message.ignored(key, entry: entry), at: value.location, severity: .info)
                        : diagnostic(Message.legacyOnly(key, entry: entry), at: value.location)
                }
            }
        }
    }
}

private enum Message {
    static func legacyOnly(_ key: String, entry: DocumentType) -> String {
        "document type \(entry.displayName) binds files only through deprecated '\(key)'; declare the type and list it in 'LSItemContentTypes'"
    }

    static func ignored(_ key: String, entry: DocumentType) -> String {
        "'\(key)' of document type \(entry.displayName) is ignored because 'LSItemContentTypes' is present"
    }
}
