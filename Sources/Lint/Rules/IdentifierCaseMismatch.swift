import AppBundle
import PropertyList
import UniformTypes

/// Notes identifiers referenced with a different letter case than they are declared with. They
/// are equal (identifiers compare case-insensitively), but mixed spellings hide mistakes.
public struct IdentifierCaseMismatch: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-016",
        name: "identifier-case-mismatch",
        summary: "An identifier is referenced with a different letter case than declared",
        rationale: """
            UTTypeEqual compares identifiers case-insensitively, so 'com.Example.Sketch' and \
            'com.example.sketch' are one type, and LaunchServices hands identifiers back \
            lower-cased. Spelling each identifier one way keeps text searches and code comparisons \
            (which are case-sensitive) honest.
            """,
        sources: ["UTType.h, UTTypeEqual (S8)", "info-plist-rules.md §2.1"],
        severity: .info,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            ↓<string>com.Example.Sketch</string>
                        </array>
                    </dict>
                </array>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .info(
                        "'com.Example.Sketch' is declared as 'com.example.sketch'; identifiers are equal ignoring case, but spell it one way"
                    )
                ],
                corrected: """
                    <key>CFBundleDocumentTypes</key>
                    <array>
                        <dict>
                            <key>CFBundleTypeName</key>
                            <string>Sketch</string>
                            <key>LSItemContentTypes</key>
                            <array>
                                <string>com.example.sketch</string>
                            </array>
                        </dict>
                    </array>
                    <key>UTExportedTypeDeclarations</key>
                    <array>
                        <dict>
                            <key>UTTypeIdentifier</key>
                            <string>com.example.sketch</string>
                        </dict>
                    </array>
                    """),
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            ↓<string>com.apple.imovielibrary</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .info(
                        "'com.apple.imovielibrary' is declared as 'com.apple.iMovieLibrary'; identifiers are equal ignoring case, but spell it one way"
                    )
                ],
                corrected: """
                    <key>UTExportedTypeDeclarations</key>
                    <array>
                        <dict>
                            <key>UTTypeIdentifier</key>
                            <string>com.example.sketch</string>
                            <key>UTTypeConformsTo</key>
                            <array>
                                <string>com.apple.iMovieLibrary</string>
                            </array>
                        </dict>
                    </array>
                    """),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.sketch</string>
                            <string>public.plain-text</string>
                        </array>
                    </dict>
                </array>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Compares each reference with the declaration in effect.
    public func check(_ context: LintContext) -> [Diagnostic] {
        // A reference can differ in spelling from its declaration only when one of the two has a
        // capital letter: the context lists those references among its unusual ones (a large
        // app's hundreds of thousands of others are not looked up).
        return context.unusualReferenceFindings { reference, _ in
            let identifier = reference.value
            guard let location = reference.location,
                let node = context.catalog.graph.declaredNode(for: identifier)
            else { return nil }
            // The spelling of the declaration in effect (the graph keeps the first one's).
            let declared = context.catalog.graph.identifier(of: node)
            guard declared.rawValue != identifier.rawValue else { return nil }
            return diagnostic(
                Message.mismatch(identifier, declared: declared), at: location,
                notes: [Note(Message.declared, at: context.catalog.declaration(at: node)?.identifierLocation)]
                    .filter { $0.location != nil },
                fixIt: FixIt(Message.fixIt(declared), changes: [.replaceString(at: location, with: declared.rawValue)]))
        }
    }
}

private enum Message {
    static func mismatch(_ identifier: UniformTypeIdentifier, declared: UniformTypeIdentifier) -> String {
        message(
            "\(quoted(identifier)) is declared as \(quoted(declared)); identifiers are equal ignoring case, but spell it one way"
        )
    }

    static let declared = "declared here"

    static func fixIt(_ declared: UniformTypeIdentifier) -> String { message("replace with \(quoted(declared))") }
}
