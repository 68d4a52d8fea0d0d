import AppBundle
import PropertyList

/// Finds document types without `LSHandlerRank`. App Store Connect warns about each one on every
/// upload (ITMS-90788, "Incomplete Document Type Configuration").
public struct MissingHandlerRank: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-002",
        name: "missing-handler-rank",
        summary: "A document type has no 'LSHandlerRank'",
        rationale: """
            LSHandlerRank says how strongly the app claims the type: Owner, Default, Alternate or \
            None. Without it the system assumes Default, but App Store Connect warns about every \
            entry that lacks it (ITMS-90788), naming the entry by its CFBundleTypeName. The fix-it \
            adds Default, the value the system already assumes; the document-browser setup guide \
            asks for Owner (your own types) or Alternate (types other apps own).
            """,
        sources: [
            "CFBundleDocumentTypes/LSHandlerRank (S2); Setting up a document browser app (S10)",
            "ITMS-90788 (github.com/subethaedit/SubEthaEdit/issues/135, tauri-apps/tauri#13159)",
        ],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    ↓<dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "document type 'Sketch' has no 'LSHandlerRank'; App Store Connect warns about it (ITMS-90788)")
                ],
                corrected: """
                    <key>CFBundleDocumentTypes</key>
                    <array>
                        <dict>
                            <key>CFBundleTypeName</key>
                            <string>Sketch</string>
                            <key>LSItemContentTypes</key>
                            <array>
                                <string>com.example.sketch</string>
                            </array>
                            <key>LSHandlerRank</key>
                            <string>Default</string>
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
                        <key>LSHandlerRank</key>
                        <string>Owner</string>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks each entry.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.documentTypes.compactMap { entry -> Diagnostic? in
                // A rank of the wrong kind is PLIST-003's; only a missing key is reported here.
                // Plug-ins (Quick Look generators, Spotlight importers) do not rank as handlers.
                guard !entry.isPlugInEntry, entry.rank == nil, plist.value(at: entry.location)?["LSHandlerRank"] == nil
                else { return nil }
                // For a catch-all type, Default would make the app every unowned file's opener
                // (DOC-017): the fix inserts Alternate there.
                let rank = entry.listsCatchAllType ? "Alternate" : "Default"
                return diagnostic(
                    Message.missing(entry), at: entry.location,
                    fixIt: FixIt(
                        Message.fixIt(rank),
                        changes: [.insertEntry(dictionaryAt: entry.location, key: "LSHandlerRank", value: rank)]))
            }
        }
    }
}

private enum Message {
    static func missing(_ entry: DocumentType) -> String {
        message(
            "document type \(entry.displayName) has no 'LSHandlerRank'; App Store Connect warns about it (ITMS-90788)")
    }

    static func fixIt(_ rank: String) -> String {
        rank == "Default"
            ? "insert 'LSHandlerRank' = 'Default', the rank the system assumes"
            : "insert 'LSHandlerRank' = '\(rank)': the entry lists a catch-all type, which other apps own"
    }
}
