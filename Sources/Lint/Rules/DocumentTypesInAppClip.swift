import AppBundle
import PropertyList

/// Finds `CFBundleDocumentTypes` in an App Clip, where it has no effect.
public struct DocumentTypesInAppClip: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-014",
        name: "document-types-in-app-clip",
        summary: "An App Clip declares document types",
        rationale: """
            App Clips cannot be chosen to open documents; Xcode's Info.plist processing warns that \
            CFBundleDocumentTypes has no effect in an App Clip target.
            """,
        sources: ["swift-build InfoPlistProcessorTaskAction.swift (S17 ~L1448)"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>NSAppClip</key>
                <dict/>
                ↓<key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                    </dict>
                </array>
                """, expecting: [.warning("'CFBundleDocumentTypes' has no effect in an App Clip")])
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>NSAppClip</key>
                <dict/>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks each Info.plist.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.compactMap { plist in
            guard plist.isAppClip, let location = plist.documentTypesLocation else { return nil }
            return diagnostic(Message.clip, at: plist.value(at: location)?.keyNode?.location ?? location)
        }
    }
}

private enum Message {
    static let clip = "'CFBundleDocumentTypes' has no effect in an App Clip"
}
