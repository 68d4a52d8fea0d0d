import AppBundle
import PropertyList
import UniformTypes

/// Finds document types that claim every file (`public.data`, `public.item`, `public.content`) at
/// rank Default, stated or implied: the app then competes to be the default opener of every file
/// whose type no app owns.
public struct CatchAllDefaultRank: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-017",
        name: "catch-all-default-rank",
        summary: "A document type lists 'public.data', 'public.item' or 'public.content' at rank Default",
        rationale: """
            LSHandlerRank Default makes an app a candidate to open files of the listed types when \
            no app owns them; for a catch-all type that is every file without an owner, so the \
            app may become the default opener of files it has nothing to do with. An entry \
            without LSHandlerRank ranks Default. Apple's document-browser setup asks for Owner for \
            your own types and Alternate for types other apps own: a viewer or a file manager that \
            opens anything ranks Alternate (DOC-002's fix-it inserts Alternate for such entries).
            """,
        sources: [
            "CFBundleDocumentTypes/LSHandlerRank (S1, S2)", "Setting up a document browser app (S10)",
            "info-plist-rules.md §1.1",
        ],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Any File</string>
                        <key>CFBundleTypeRole</key>
                        <string>Viewer</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            ↓<string>public.data</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Anything</string>
                        <key>CFBundleTypeRole</key>
                        <string>Viewer</string>
                        <key>LSHandlerRank</key>
                        <string>Default</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            ↓<string>public.item</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "document type 'Any File' lists 'public.data' with no 'LSHandlerRank', which means Default: the app becomes a candidate default opener of every file no app owns; rank it 'Alternate'"
                    ),
                    .warning(
                        "document type 'Anything' lists 'public.item' with rank 'Default': the app becomes a candidate default opener of every file no app owns; rank it 'Alternate'"
                    ),
                ])
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Any File</string>
                        <key>CFBundleTypeRole</key>
                        <string>Viewer</string>
                        <key>LSHandlerRank</key>
                        <string>Alternate</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks each entry of the app's document types.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.app.documentTypes.flatMap { entry -> [Diagnostic] in
            guard !entry.isPlugInEntry, entry.effectiveRank == "Default" else { return [] }
            return entry.contentTypes.compactMap { type in
                guard DocumentType.catchAllTypes.contains(type.value), let location = type.location else { return nil }
                return diagnostic(Message.catchAll(type.value, entry: entry), at: location)
            }
        }
    }
}

private enum Message {
    static func catchAll(_ type: UniformTypeIdentifier, entry: DocumentType) -> String {
        let rank = entry.rank == nil ? "no 'LSHandlerRank', which means Default" : "rank 'Default'"
        return message(
            "document type \(entry.displayName) lists \(quoted(type)) with \(rank): the app becomes a candidate default opener of every file no app owns; rank it 'Alternate'"
        )
    }
}
