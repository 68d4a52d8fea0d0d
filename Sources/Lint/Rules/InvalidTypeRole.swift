import AppBundle
import PropertyList

/// Finds document types whose `CFBundleTypeRole` is missing or not a role the system knows.
public struct InvalidTypeRole: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-004",
        name: "invalid-type-role",
        summary: "'CFBundleTypeRole' is missing, or not 'Editor', 'Viewer', 'Shell', 'None' or a plug-in's role",
        rationale: """
            The role says what the app does with the type: Editor reads and writes, Viewer reads, \
            Shell provides runtime services, None only declares information such as an icon \
            (Quick Look generator bundles use QLGenerator, Spotlight importers MDImporter, as Xcode's \
            templates for them write). The archived key reference marks the key as required. On \
            iOS, where no consequence of a missing or unknown role is documented, it is a warning.
            """,
        sources: ["CFBundleDocumentTypes/CFBundleTypeRole (S1, S2)"],
        severity: .error,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    ↓<dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Notes</string>
                        <key>CFBundleTypeRole</key>
                        ↓<string>editor</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning("document type 'Sketch' has no 'CFBundleTypeRole'"),
                    .warning(
                        "'CFBundleTypeRole' 'editor' of document type 'Notes' is not a role; did you mean 'Editor'?"),
                ],
                corrected: """
                    <key>CFBundleDocumentTypes</key>
                    <array>
                        <dict>
                            <key>CFBundleTypeName</key>
                            <string>Sketch</string>
                        </dict>
                        <dict>
                            <key>CFBundleTypeName</key>
                            <string>Notes</string>
                            <key>CFBundleTypeRole</key>
                            <string>Editor</string>
                        </dict>
                    </array>
                    """),
            // A rank where the role goes, on macOS: an error, and no role is near it.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>CFBundleTypeRole</key>
                        ↓<string>Owner</string>
                    </dict>
                </array>
                """, platform: .macOS,
                expecting: [
                    .error(
                        "'CFBundleTypeRole' 'Owner' of document type 'Sketch' is not a role; use 'Editor', 'Viewer', 'Shell' or 'None'"
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
                        <key>CFBundleTypeRole</key>
                        <string>Viewer</string>
                    </dict>
                </array>
                """),
            // A role of the wrong kind is PLIST-003's.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>CFBundleTypeRole</key>
                        <integer>1</integer>
                    </dict>
                </array>
                """),
        ])

    /// The roles the system knows.
    static let roles = ["Editor", "Viewer", "Shell", "QLGenerator", "MDImporter", "None"]

    /// A rule value.
    public init() {}

    /// Checks each entry's role.
    public func check(_ context: LintContext) -> [Diagnostic] {
        // The key reference requires the key; only macOS consequences are known.
        let severity: Severity? = context.platform == .macOS ? nil : .warning
        return context.infoPlists.flatMap { plist in
            plist.documentTypes.compactMap { entry -> Diagnostic? in
                guard let role = entry.role else {
                    // A role of the wrong kind is PLIST-003's.
                    guard plist.value(at: entry.location)?["CFBundleTypeRole"] == nil else { return nil }
                    return diagnostic(Message.missing(entry), at: entry.location, severity: severity)
                }
                // An empty role is PLIST-005's.
                guard !role.value.isEmpty, !Self.roles.contains(role.value), let location = role.location else {
                    return nil
                }
                let suggestion = Self.roles.first { $0.lowercased() == role.value.trimmingBlanks.lowercased() }
                return diagnostic(
                    Message.invalid(role.value, entry: entry, suggestion: suggestion), at: location, severity: severity,
                    fixIt: suggestion.map {
                        FixIt(Message.fixIt($0), changes: [.replaceString(at: location, with: $0)])
                    })
            }
        }
    }
}

private enum Message {
    static func missing(_ entry: DocumentType) -> String {
        message("document type \(entry.displayName) has no 'CFBundleTypeRole'")
    }

    static func invalid(_ role: String, entry: DocumentType, suggestion: String?) -> String {
        let hint =
            suggestion.map { message("; did you mean '\($0)'?") } ?? "; use 'Editor', 'Viewer', 'Shell' or 'None'"
        return message("'CFBundleTypeRole' \(quoted(role)) of document type \(entry.displayName) is not a role\(hint)")
    }

    static func fixIt(_ role: String) -> String { message("replace with '\(role)'") }
}
