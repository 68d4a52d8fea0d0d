import AppBundle
import PropertyList

/// Finds an `LSHandlerRank` that is not one of the four values the system knows; a wrong letter
/// case gets the right spelling as a fix-it.
public struct InvalidHandlerRank: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-003",
        name: "invalid-handler-rank",
        summary: "'LSHandlerRank' is not 'Owner', 'Default', 'Alternate' or 'None'",
        rationale: """
            Launch Services orders the apps that claim a type by LSHandlerRank: Owner, then Default, \
            then Alternate; None never opens the type. Any other value is not one of these ranks.
            """,
        sources: ["CFBundleDocumentTypes/LSHandlerRank (S1, S2)"],
        severity: .error,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSHandlerRank</key>
                        ↓<string>owner</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .error("'LSHandlerRank' 'owner' of document type 'Sketch' is not a rank; did you mean 'Owner'?")
                ],
                corrected: """
                    <key>CFBundleDocumentTypes</key>
                    <array>
                        <dict>
                            <key>CFBundleTypeName</key>
                            <string>Sketch</string>
                            <key>LSHandlerRank</key>
                            <string>Owner</string>
                        </dict>
                    </array>
                    """),
            // A role where the rank goes: no rank is near it.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSHandlerRank</key>
                        ↓<string>Editor</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .error(
                        "'LSHandlerRank' 'Editor' of document type 'Sketch' is not a rank; use 'Owner', 'Default', 'Alternate' or 'None'"
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
                        <key>LSHandlerRank</key>
                        <string>Alternate</string>
                    </dict>
                </array>
                """)
        ])

    /// The ranks the system knows.
    static let ranks = ["Owner", "Default", "Alternate", "None"]

    /// A rule value.
    public init() {}

    /// Checks each entry's rank.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.documentTypes.compactMap { entry -> Diagnostic? in
                guard let rank = entry.rank, !Self.ranks.contains(rank.value), let location = rank.location else {
                    return nil
                }
                let suggestion = Self.ranks.first { $0.lowercased() == rank.value.trimmingBlanks.lowercased() }
                return diagnostic(
                    Message.invalid(rank.value, entry: entry, suggestion: suggestion), at: location,
                    fixIt: suggestion.map {
                        FixIt(Message.fixIt($0), changes: [.replaceString(at: location, with: $0)])
                    })
            }
        }
    }
}

private enum Message {
    static func invalid(_ rank: String, entry: DocumentType, suggestion: String?) -> String {
        let hint =
            suggestion.map { message("; did you mean '\($0)'?") } ?? "; use 'Owner', 'Default', 'Alternate' or 'None'"
        return message("'LSHandlerRank' \(quoted(rank)) of document type \(entry.displayName) is not a rank\(hint)")
    }

    static func fixIt(_ rank: String) -> String { message("replace with '\(rank)'") }
}
