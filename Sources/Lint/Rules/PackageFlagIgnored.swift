import AppBundle
import PropertyList

/// Finds `LSTypeIsPackage` beside `LSItemContentTypes`: the flag is then ignored, and package
/// documents need their type to conform to `com.apple.package` instead.
public struct PackageFlagIgnored: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-009",
        name: "package-flag-ignored",
        summary: "'LSTypeIsPackage' is ignored because 'LSItemContentTypes' is present",
        rationale: """
            Since macOS 10.4, LSTypeIsPackage is ignored in a document type that lists \
            LSItemContentTypes. A package document type says so by conforming to com.apple.package \
            in its UTTypeConformsTo.
            """,
        sources: ["Information Property List Key Reference, LSTypeIsPackage (S1)"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSTypeIsPackage</key>
                        ↓<true/>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
                """)
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSTypeIsPackage</key>
                        <true/>
                        <key>CFBundleTypeExtensions</key>
                        <array>
                            <string>sketch</string>
                        </array>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks each entry.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.documentTypes.compactMap { entry -> Diagnostic? in
                guard let flag = entry.isPackage, let location = flag.location, entry.contentTypesLocation != nil else {
                    return nil
                }
                return diagnostic(Message.ignored(entry), at: location)
            }
        }
    }
}

private enum Message {
    static func ignored(_ entry: DocumentType) -> String {
        "'LSTypeIsPackage' of document type \(entry.displayName) is ignored beside 'LSItemContentTypes'; make the type conform to 'com.apple.package'"
    }
}
