import AppBundle
import PropertyList
import UniformTypes

/// Finds `public.package`, which does not exist: the package type is `com.apple.package`.
public struct PublicPackageTypo: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-015",
        name: "public-package-typo",
        summary: "'public.package' is named; the package type is 'com.apple.package'",
        rationale: """
            There is no public.package type: directories shown as one file conform to \
            com.apple.package (which conforms to public.directory). A reference to public.package \
            matches nothing, so package documents are not bound.
            """,
        sources: ["UTCoreTypes.h (S6)", "info-plist-rules.md §2.5"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketchpackage</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            ↓<string>public.package</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "'public.package' in 'UTTypeConformsTo' does not exist; the package type is 'com.apple.package'"
                    )
                ],
                corrected: """
                    <key>UTExportedTypeDeclarations</key>
                    <array>
                        <dict>
                            <key>UTTypeIdentifier</key>
                            <string>com.example.sketchpackage</string>
                            <key>UTTypeConformsTo</key>
                            <array>
                                <string>com.apple.package</string>
                            </array>
                        </dict>
                    </array>
                    """)
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketchpackage</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>com.apple.package</string>
                        </array>
                    </dict>
                </array>
                """)
        ])

    /// The identifier that does not exist.
    static let typo: UniformTypeIdentifier = "public.package"

    /// A rule value.
    public init() {}

    /// Checks every referenced identifier.
    public func check(_ context: LintContext) -> [Diagnostic] {
        let typo = Self.typo  // read once, not per reference
        // The context lists the references naming it among its unusual ones.
        return context.unusualReferenceFindings { identifier, site in
            guard identifier.value == typo, let location = identifier.location else { return nil }
            return diagnostic(
                Message.typo(site.key), at: location,
                fixIt: FixIt(Message.fixIt, changes: [.replaceString(at: location, with: "com.apple.package")]))
        }
    }
}

private enum Message {
    static func typo(_ key: String) -> String {
        message("'public.package' in '\(key)' does not exist; the package type is 'com.apple.package'")
    }

    static let fixIt = "replace with 'com.apple.package'"
}
