import AppBundle
import PropertyList

/// Finds keys that are not known but close to one that is (`UTTypeConformTo`): the system reads
/// only the exact key, so the value is silently ignored.
public struct MisspeltKey: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "PLIST-007",
        name: "misspelt-key",
        summary: "A key is close to, but not, a key the system reads",
        rationale: """
            Info.plist keys are matched exactly. A misspelt key is ignored without a word from \
            Xcode or the system; only keys within a small edit distance of a known document, type \
            or app key are reported, with the key meant.
            """,
        sources: ["Information Property List Key Reference (S1)", "info-plist-rules.md §1"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        ↓<key>UTTypeConformTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """, expecting: [.warning("unknown key 'UTTypeConformTo' is ignored; did you mean 'UTTypeConformsTo'?")]
            )
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Reports the models' unknown-key findings that come with a suggestion.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.findings.compactMap { finding -> Diagnostic? in
                guard case .unknownKey(let key, let suggestion?) = finding.kind else { return nil }
                return diagnostic(Message.misspelt(key, suggestion), at: finding.location)
            }
        }
    }
}

private enum Message {
    static func misspelt(_ key: String, _ suggestion: String) -> String {
        message("unknown key \(quoted(key)) is ignored; did you mean \(quoted(suggestion))?")
    }
}
