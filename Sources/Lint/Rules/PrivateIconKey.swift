import AppBundle
import PropertyList
import UniformTypes

/// Finds `UTTypeIconName` in `UTTypeIcons`: Apple does not document it; system code reads it, so
/// it may change or go away.
public struct PrivateIconKey: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "ICON-003",
        name: "private-icon-key",
        summary: "'UTTypeIconName', an undocumented key, is used",
        rationale: """
            UTTypeIcons documents UTTypeIconBackgroundName, UTTypeIconBadgeName, UTTypeIconText and \
            UTTypeSymbolName. UTTypeIconName is read by system code but not documented, so relying \
            on it may break in any release.
            """,
        sources: ["UTTypeIcons (S12)", "info-plist-rules.md §1.2"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeIcons</key>
                        <dict>
                            <key>UTTypeIconName</key>
                            ↓<string>SketchIcon</string>
                        </dict>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "'UTTypeIconName' of 'com.example.sketch' is not documented by Apple; use 'UTTypeIconBadgeName' or 'UTTypeIconBackgroundName'"
                    )
                ])
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeIcons</key>
                        <dict>
                            <key>UTTypeIconBadgeName</key>
                            <string>SketchBadge</string>
                        </dict>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks each declaration's composited icon.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.declarationFindings { declaration in
            guard let name = declaration.icons.composited?.iconName, let location = name.location else { return nil }
            return diagnostic(Message.privateKey(declaration.identifier), at: location)
        }
    }
}

private enum Message {
    static func privateKey(_ identifier: UniformTypeIdentifier) -> String {
        message(
            "'UTTypeIconName' of \(quoted(identifier)) is not documented by Apple; use 'UTTypeIconBadgeName' or 'UTTypeIconBackgroundName'"
        )
    }
}
