import AppBundle
import PropertyList

/// Finds an Info.plist whose top-level value is not a dictionary: Xcode refuses to process it,
/// and no key in it means anything.
public struct RootNotDictionary: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "PLIST-002",
        name: "root-not-dictionary",
        summary: "The top-level value of an Info.plist is not a dictionary",
        rationale: """
            An Info.plist is a dictionary of keys. Xcode's Info.plist processing refuses any other \
            top-level value, so the bundle cannot be built from it.
            """,
        sources: ["info-plist-rules.md §4 PLIST-002", "swift-build InfoPlistProcessorTaskAction.swift (S17)"],
        severity: .error,
        triggeringExamples: [
            Example(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                ↓<array>
                    <string>CFBundleDocumentTypes</string>
                </array>
                </plist>
                """, expecting: [.error("top-level value is an array, not a dictionary of Info.plist keys")]),
            Example(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                ↓<integer>1</integer>
                </plist>
                """, expecting: [.error("top-level value is an integer, not a dictionary of Info.plist keys")]),
            Example(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                ↓<string>CFBundleDocumentTypes</string>
                </plist>
                """, expecting: [.error("top-level value is a string, not a dictionary of Info.plist keys")]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.sketchbook</string>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks each Info.plist's root.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.compactMap { plist in
            guard let root = plist.rawRoot, root.kind != .dictionary else { return nil }
            return diagnostic(Message.notDictionary(root.kind), at: root.location)
        }
    }
}

private enum Message {
    static func notDictionary(_ kind: PlistKind) -> String {
        AppLoadError.notDictionary(kind)
    }
}
