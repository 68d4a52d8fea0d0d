import PropertyList

/// Finds a key written twice in one dictionary. Where one value is needed the last one wins,
/// as in CoreFoundation, so the first is dead text that readers of the file still believe.
public struct DuplicateKey: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "PLIST-006",
        name: "duplicate-key",
        summary: "A key appears twice in one dictionary",
        rationale: """
            CoreFoundation keeps the last value of a repeated key; the earlier one has no effect. \
            Editors and other tools may pick either, so the file says two things at once.
            """,
        sources: ["DESIGN.md, Reader details (duplicate dictionary keys)"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleName</key>
                <string>Sketchbook</string>
                ↓<key>CFBundleName</key>
                <string>Sketches</string>
                """, expecting: [.warning("duplicate key 'CFBundleName' (first at line 4); the last value wins")])
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleName</key>
                <string>Sketchbook</string>
                <key>CFBundleDisplayName</key>
                <string>Sketches</string>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Reports the reader's duplicate-key warnings.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            (plist.document?.warnings ?? []).compactMap { warning -> Diagnostic? in
                guard case .duplicateKey = warning.kind else { return nil }
                return diagnostic(warning.message, at: warning.location)
            }
        }
    }
}
