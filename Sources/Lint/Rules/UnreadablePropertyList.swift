import PropertyList

/// Finds files that do not parse as a property list. Nothing else can be checked in them, and
/// Xcode and the App Store refuse them too.
public struct UnreadablePropertyList: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "PLIST-001",
        name: "unreadable-property-list",
        summary: "The file does not parse as an XML, binary or OpenStep property list",
        rationale: """
            A file that does not parse is refused by Xcode's Info.plist processing and by App Store \
            validation, and nothing in it can be checked. The reader follows Apple's parsers \
            (CoreFoundation): it reports the first problem and where it is.
            """,
        sources: ["info-plist-rules.md, Proposed rule IDs: PLIST-001", "DESIGN.md, Reader details"],
        severity: .error,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleTypeName</key>
                ↓<integer>12 apples</integer>
                """, expecting: [.error("'12 apples' is not an integer")]),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    ↓<key>CFBundleTypeName</key>
                </array>
                """, expecting: [.error("<key> is not allowed inside <array>")]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleName</key>
                <string>Sketchbook</string>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Nothing: unreadable files never reach a context; the linter reports them with
    /// ``diagnostic(for:)``.
    public func check(_ context: LintContext) -> [Diagnostic] { [] }

    /// The finding for a read error, at its location.
    public func diagnostic(for error: PropertyListError) -> Diagnostic {
        diagnostic(Message.unreadable(error), at: error.location)
    }
}

private enum Message {
    static func unreadable(_ error: PropertyListError) -> String {
        var text = error.problem.message
        if error.location.line == nil, let position = error.location.binaryPosition {
            text += message(" (\(position))")
        }
        return text
    }
}
