import AppBundle
import PropertyList

/// Says when a bundle is linted as something other than an app: one that only declares types
/// (a framework, a plug-in) is held to the reading and declaration rules, and a copy of one of
/// Apple's own type bundles (CoreTypes) to the shape of its declarations only.
public struct DeclarationsOnlyBundle: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "PLIST-009",
        name: "declarations-only-bundle",
        summary: "The bundle declares types but is no app, so only the declaration rules apply",
        rationale: """
            The document-type, icon and extension rules are about apps. A bundle that declares \
            types, lists no document types and is no app (its CFBundlePackageType is not APPL or \
            XPC!) is held to the reading (PLIST-*) and declaration (UTI-*) rules. One with an Apple \
            bundle identifier (com.apple.…, such as a vendored copy of CoreTypes.bundle) declares \
            the system's own types: only their shape is checked (identifiers, duplicates, tag \
            form, cycles), not the advice meant for apps (reserved domains, claimed tags, private \
            keys). This info says which applies, so that the missing findings are no surprise.
            """,
        sources: ["info-plist-rules.md §2.2", "CFBundlePackageType (S1)"],
        severity: .info,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleIdentifier</key>
                ↓<string>com.apple.CoreTypes</string>
                <key>CFBundlePackageType</key>
                <string>BNDL</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>public.example-format</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .info(
                        "the bundle is one of Apple's type bundles (an Apple bundle identifier, no document types): its declarations are the system's, so only their shape is checked"
                    )
                ]),
            Example(
                """
                <key>CFBundleIdentifier</key>
                ↓<string>com.example.formats</string>
                <key>CFBundlePackageType</key>
                <string>FMWK</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.format</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .info(
                        "the bundle declares types but is no app (no document types, not an app's or extension's package type): only the reading and declaration rules apply"
                    )
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.app</string>
                <key>CFBundlePackageType</key>
                <string>APPL</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.format</string>
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

    /// Says, at the bundle identifier, which rules the bundle is held to.
    public func check(_ context: LintContext) -> [Diagnostic] {
        let kind = BundleKind(of: context.app)
        guard kind != .app else { return [] }
        let location =
            context.app.bundleIdentifier?.location ?? context.app.document?.root.location
            ?? SourceLocation(file: context.app.file)
        return [diagnostic(Message.kind(kind), at: location)]
    }
}

private enum Message {
    static func kind(_ kind: BundleKind) -> String {
        switch kind {
        case .systemTypeDeclarations:
            "the bundle is one of Apple's type bundles (an Apple bundle identifier, no document types): its declarations are the system's, so only their shape is checked"
        default:
            "the bundle declares types but is no app (no document types, not an app's or extension's package type): only the reading and declaration rules apply"
        }
    }
}
