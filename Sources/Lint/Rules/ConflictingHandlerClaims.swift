import AppBundle
import PropertyList
import UniformTypes

/// Finds one content type listed in several document types with different roles or ranks:
/// which entry the system uses for it is not defined.
public struct ConflictingHandlerClaims: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-011",
        name: "conflicting-handler-claims",
        summary: "One content type is listed in several document types with different roles or ranks",
        rationale: """
            Launch Services binds a content type to one document-type entry of an app. When two \
            entries list it with different CFBundleTypeRole or LSHandlerRank values, which one \
            applies is not documented; list each type once. Ranks are compared as they take \
            effect: an entry without LSHandlerRank ranks Default.
            """,
        sources: ["Information Property List Key Reference, CFBundleDocumentTypes (S1)", "info-plist-rules.md §2.3.6"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Text</string>
                        <key>CFBundleTypeRole</key>
                        <string>Editor</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.plain-text</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Anything</string>
                        <key>CFBundleTypeRole</key>
                        <string>Viewer</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            ↓<string>public.plain-text</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "content type 'public.plain-text' is listed in document types 'Text' and 'Anything' with different roles or ranks; which applies is undefined",
                        notes: [
                            "first listed in document type 'Text' (role 'Editor', rank 'Default', as none is given)"
                        ])
                ]),
            // The first entry gives no role and an explicit rank: the note says so.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Images</string>
                        <key>LSHandlerRank</key>
                        <string>Alternate</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.png</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>PNG</string>
                        <key>CFBundleTypeRole</key>
                        <string>Viewer</string>
                        <key>LSHandlerRank</key>
                        <string>Default</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            ↓<string>public.png</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "content type 'public.png' is listed in document types 'Images' and 'PNG' with different roles or ranks; which applies is undefined",
                        notes: ["first listed in document type 'Images' (role none, rank 'Alternate')"])
                ]),
        ],
        nonTriggeringExamples: [
            // Both Viewer; no rank means Default: the same claim written two ways.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Markdown</string>
                        <key>CFBundleTypeRole</key>
                        <string>Viewer</string>
                        <key>LSHandlerRank</key>
                        <string>Default</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>net.daringfireball.markdown</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Text</string>
                        <key>CFBundleTypeRole</key>
                        <string>Viewer</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>net.daringfireball.markdown</string>
                        </array>
                    </dict>
                </array>
                """),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Text</string>
                        <key>CFBundleTypeRole</key>
                        <string>Editor</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.plain-text</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Images</string>
                        <key>CFBundleTypeRole</key>
                        <string>Viewer</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.image</string>
                        </array>
                    </dict>
                </array>
                """),
        ])

    /// A rule value.
    public init() {}

    /// Groups the listed types by identifier.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for plistIndex in context.infoPlists.indices {
            // Where each type is first listed: by graph node (one array slot each, no hashing),
            // or, for a type the graph has no node for (neither declared nor named as a
            // supertype), by identifier.
            let listed = context.listedTypes(inPlist: plistIndex)
            var firstOfNode = [Int](repeating: -1, count: context.catalog.graph.nodeCount)
            var first: [UniformTypeIdentifier: Int] = [:]
            for position in listed.indices {
                let current = listed[position]
                let earlierPosition: Int
                if let node = current.node {
                    earlierPosition = firstOfNode[Int(node.rawValue)]
                    guard earlierPosition >= 0 else {
                        firstOfNode[Int(node.rawValue)] = position
                        continue
                    }
                } else {
                    guard let found = first[current.type.value] else {
                        first[current.type.value] = position
                        continue
                    }
                    earlierPosition = found
                }
                let (entry, type, earlier) = (current.entry, current.type, listed[earlierPosition])
                guard earlier.entryIndex != current.entryIndex, let location = type.location,
                    earlier.entry.role?.value != entry.role?.value || earlier.entry.effectiveRank != entry.effectiveRank
                else { continue }
                diagnostics.append(
                    diagnostic(
                        Message.conflict(type.value, entry: entry, earlier: earlier.entry), at: location,
                        notes: [Note(Message.earlier(earlier.entry), at: earlier.type.location)]))
            }
        }
        return diagnostics
    }
}

private enum Message {
    static func conflict(_ identifier: UniformTypeIdentifier, entry: DocumentType, earlier: DocumentType) -> String {
        message(
            "content type \(quoted(identifier)) is listed in document types \(earlier.displayName) and \(entry.displayName) with different roles or ranks; which applies is undefined"
        )
    }

    static func earlier(_ entry: DocumentType) -> String {
        message(
            "first listed in document type \(entry.displayName) (role \(describe(entry.role?.value)), rank \(rank(entry)))"
        )
    }

    static func describe(_ value: String?) -> String { value.map { quoted($0) } ?? "none" }

    /// The rank in effect, saying when it is the default of an entry without one.
    static func rank(_ entry: DocumentType) -> String {
        entry.rank == nil ? "'Default', as none is given" : quoted(entry.effectiveRank)
    }
}
