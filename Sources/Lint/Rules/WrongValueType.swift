import AppBundle
import PropertyList

/// Finds values of the wrong kind for a known key: a string where `LSItemContentTypes` needs an
/// array, a `YES` string where a boolean belongs, a number for `LSHandlerRank`.
public struct WrongValueType: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "PLIST-003",
        name: "wrong-value-type",
        summary: "A known key has a value of the wrong kind",
        rationale: """
            The system reads each key as one kind of value and ignores other kinds, or reads them \
            only by accident: CoreFoundation takes a lone string for a one-element array in some \
            places and not in others, and a 'YES' string is not a boolean. The archived key \
            reference gives each key's type. The integers 0 and 1 for a boolean are only noted \
            (info): Xcode's document-type editor writes 'CFBundleTypeIconSystemGenerated' that way \
            and the system reads them as false and true.
            """,
        sources: ["Information Property List Key Reference (S1)", "info-plist-rules.md §1 and PLIST-003"],
        severity: .error,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSItemContentTypes</key>
                        ↓<string>com.example.sketch</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .error("'LSItemContentTypes' should be an array; its string is read as a one-element array")
                ]),
            Example(
                """
                <key>LSSupportsOpeningDocumentsInPlace</key>
                ↓<string>YES</string>
                """, expecting: [.error("'LSSupportsOpeningDocumentsInPlace' should be a boolean, not a string")]),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>CFBundleTypeIconSystemGenerated</key>
                        ↓<integer>1</integer>
                    </dict>
                </array>
                """,
                expecting: [
                    .info(
                        "'CFBundleTypeIconSystemGenerated' is the integer 1, which the system reads as true; <true/> is the documented form"
                    )
                ]),
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                ↓<dict>
                    <key>UTTypeIdentifier</key>
                    <string>com.example.sketch</string>
                </dict>
                """,
                expecting: [
                    .error(
                        "'UTExportedTypeDeclarations' should be an array of dictionaries; its dictionary is read as a one-element array"
                    )
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>LSSupportsOpeningDocumentsInPlace</key>
                <true/>
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
                """)
        ])

    /// Keys whose wrong shape other rules report (`DOC-001`, `PLIST-002`).
    static let reportedElsewhere: Set<String> = ["the Info.plist", "CFBundleDocumentTypes", "CFBundleDocumentTypes[]"]

    /// A rule value.
    public init() {}

    /// Reports the shape findings of each Info.plist model.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.findings.compactMap { finding -> Diagnostic? in
                switch finding.kind {
                case .wrongValueType(let key, _, _) where !Self.reportedElsewhere.contains(key):
                    return diagnostic(finding.message, at: finding.location)
                case .stringForArray:
                    return diagnostic(finding.message, at: finding.location)
                case .integerForBoolean:
                    return diagnostic(finding.message, at: finding.location, severity: .info)
                case .dictionaryForArray(let key) where !Self.reportedElsewhere.contains(key):
                    return diagnostic(finding.message, at: finding.location)
                default:
                    return nil
                }
            }
        }
    }
}
