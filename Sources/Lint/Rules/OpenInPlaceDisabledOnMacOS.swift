import AppBundle
import PropertyList

/// Finds macOS apps with document types and `LSSupportsOpeningDocumentsInPlace` = NO, which
/// Xcode refuses to build.
public struct OpenInPlaceDisabledOnMacOS: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-008",
        name: "open-in-place-disabled-on-macos",
        summary: "A macOS app with document types sets 'LSSupportsOpeningDocumentsInPlace' to NO",
        rationale: """
            macOS apps always open documents in place. Xcode's Info.plist processing stops the \
            build when an app with document types sets LSSupportsOpeningDocumentsInPlace to NO; \
            remove the key or set it to YES.
            """,
        sources: [
            "swift-build InfoPlistProcessorTaskAction.swift (S17 ~L330)", "LSSupportsOpeningDocumentsInPlace (S14)",
        ],
        severity: .error,
        platforms: [.macOS],
        triggeringExamples: [
            Example(
                """
                <key>LSMinimumSystemVersion</key>
                <string>12.0</string>
                <key>LSSupportsOpeningDocumentsInPlace</key>
                ↓<false/>
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .error(
                        "'LSSupportsOpeningDocumentsInPlace' = NO is not supported on macOS for an app with document types; Xcode stops the build"
                    )
                ])
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>LSMinimumSystemVersion</key>
                <string>12.0</string>
                <key>LSSupportsOpeningDocumentsInPlace</key>
                <true/>
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks the app's Info.plist.
    public func check(_ context: LintContext) -> [Diagnostic] {
        let plist = context.app
        guard let flag = plist.supportsOpeningDocumentsInPlace, flag.value == false, let location = flag.location,
            !plist.documentTypes.isEmpty
        else { return [] }
        return [diagnostic(Message.disabled, at: location)]
    }
}

private enum Message {
    static let disabled =
        "'LSSupportsOpeningDocumentsInPlace' = NO is not supported on macOS for an app with document types; Xcode stops the build"
}
