import AppBundle
import PropertyList

/// Finds iOS apps with document types that set neither `LSSupportsOpeningDocumentsInPlace` nor
/// `UISupportsDocumentBrowser`: App Store Connect warns (ITMS-90737) and Xcode warns at build time.
public struct MissingOpenInPlaceDeclaration: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-007",
        name: "missing-open-in-place-declaration",
        summary:
            "An iOS app with document types sets neither 'LSSupportsOpeningDocumentsInPlace' nor 'UISupportsDocumentBrowser'",
        rationale: """
            An iOS app that declares document types must say how it opens them: \
            UISupportsDocumentBrowser = YES for a document-browser app, or \
            LSSupportsOpeningDocumentsInPlace (YES to open originals in place, NO to work on \
            copies). Without either, App Store Connect warns "Missing Document Configuration" \
            (ITMS-90737) and Xcode's Info.plist processing warns too.
            """,
        sources: [
            "UISupportsDocumentBrowser, LSSupportsOpeningDocumentsInPlace (S14)",
            "swift-build InfoPlistProcessorTaskAction.swift (S17 ~L325)",
            "ITMS-90737 (github.com/element-hq/element-x-ios/pull/1542)",
        ],
        severity: .warning,
        platforms: [.iOS],
        triggeringExamples: [
            Example(
                """
                <key>LSRequiresIPhoneOS</key>
                <true/>
                ↓<key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "app declares document types but neither 'LSSupportsOpeningDocumentsInPlace' nor 'UISupportsDocumentBrowser'; App Store Connect warns about it (ITMS-90737)"
                    )
                ])
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>LSRequiresIPhoneOS</key>
                <true/>
                <key>LSSupportsOpeningDocumentsInPlace</key>
                <false/>
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                    </dict>
                </array>
                """),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                    </dict>
                </array>
                """, platform: .macOS),
        ])

    /// A rule value.
    public init() {}

    /// Checks the app's Info.plist.
    public func check(_ context: LintContext) -> [Diagnostic] {
        let plist = context.app
        guard !plist.documentTypes.isEmpty, let location = plist.documentTypesLocation,
            plist.supportsOpeningDocumentsInPlace == nil, plist.supportsDocumentBrowser == nil
        else { return [] }
        return [diagnostic(Message.missing, at: plist.value(at: location)?.keyNode?.location ?? location)]
    }
}

private enum Message {
    static let missing =
        "app declares document types but neither 'LSSupportsOpeningDocumentsInPlace' nor 'UISupportsDocumentBrowser'; App Store Connect warns about it (ITMS-90737)"
}
