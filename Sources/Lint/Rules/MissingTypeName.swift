import AppBundle
import PropertyList
import Support

/// Finds `CFBundleDocumentTypes` that is not an array of dictionaries, and entries without a
/// `CFBundleTypeName`: App Store Connect rejects such macOS archives (ITMS-90243).
public struct MissingTypeName: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-001",
        name: "missing-type-name",
        summary: "A document type is not a dictionary, or has no 'CFBundleTypeName'",
        rationale: """
            CFBundleDocumentTypes must be an array of dictionaries, each with at least \
            CFBundleTypeName, the abstract (localizable) name of the document type. App Store \
            Connect rejects a macOS archive whose document types break this (ITMS-90243); an empty \
            <dict/> left by a template is the usual cause. On iOS no consequence is documented \
            beyond the key reference requiring the key, so there it is a warning.
            """,
        sources: [
            "Information Property List Key Reference, CFBundleDocumentTypes (S1, S2)",
            "ITMS-90243 (github.com/steelwheels/JSTerminal/issues/46)",
        ],
        severity: .error,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    ↓<dict/>
                </array>
                """,
                expecting: [
                    .warning(
                        "document type entry 0 has no 'CFBundleTypeName'; the key reference requires it (on macOS, App Store Connect rejects an archive without it, ITMS-90243)"
                    )
                ]),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    ↓<string>Sketch</string>
                    <dict>
                        <key>CFBundleTypeName</key>
                        ↓<string></string>
                    </dict>
                </array>
                """,
                expecting: [
                    .error("'CFBundleDocumentTypes' must be an array of dictionaries, not hold a string (ITMS-90243)"),
                    .warning(
                        "document type entry 0 has an empty 'CFBundleTypeName'; the key reference requires it (on macOS, App Store Connect rejects an archive without it, ITMS-90243)"
                    ),
                ]),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                ↓↓<dict>
                    <key>LSItemContentTypes</key>
                    <array>
                        <string>public.png</string>
                    </array>
                </dict>
                """, platform: .macOS,
                expecting: [
                    .error(
                        "'CFBundleDocumentTypes' must be an array of dictionaries; this dictionary is read as one entry (ITMS-90243)"
                    ),
                    .error(
                        "document type entry 0 has no 'CFBundleTypeName'; App Store Connect rejects a macOS archive with such a document type (ITMS-90243)"
                    ),
                ]),
            // An array or an integer where an entry's dictionary goes.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    ↓<array/>
                    ↓<integer>1</integer>
                </array>
                """, platform: .macOS,
                expecting: [
                    .error("'CFBundleDocumentTypes' must be an array of dictionaries, not hold an array (ITMS-90243)"),
                    .error(
                        "'CFBundleDocumentTypes' must be an array of dictionaries, not hold an integer (ITMS-90243)"),
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                    </dict>
                </array>
                """),
            // A Quick Look generator's entry, as Xcode's template writes it.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeRole</key>
                        <string>QLGenerator</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.plain-text</string>
                        </array>
                    </dict>
                </array>
                """),
        ])

    /// A rule value.
    public init() {}

    /// Checks the array's shape and each entry's name.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for plist in context.infoPlists {
            for finding in plist.findings {
                switch finding.kind {
                case .wrongValueType(key: "CFBundleDocumentTypes", _, let found),
                    .wrongValueType(key: "CFBundleDocumentTypes[]", _, let found):
                    diagnostics.append(diagnostic(Message.notDictionaries(found), at: finding.location))
                case .dictionaryForArray(key: "CFBundleDocumentTypes"):
                    diagnostics.append(diagnostic(Message.notArray, at: finding.location))
                default: continue
                }
            }
            // Quick Look generators and Spotlight importers are not apps: Xcode's templates for
            // them write entries without a name.
            let macOS = context.platform == .macOS
            // The rejection is documented for macOS archives; on iOS the key reference's word only.
            let severity: Severity? = macOS ? nil : .warning
            for entry in plist.documentTypes where !entry.isPlugInEntry {
                if let name = entry.name {
                    if name.value.isBlank, let location = name.location {
                        diagnostics.append(
                            diagnostic(Message.emptyName(entry, macOS: macOS), at: location, severity: severity))
                    }
                } else {
                    diagnostics.append(
                        diagnostic(Message.missingName(entry, macOS: macOS), at: entry.location, severity: severity))
                }
            }
        }
        return diagnostics
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    var trimmingBlanks: Substring {
        guard let first = firstIndex(where: { !$0.isBlank }), let last = lastIndex(where: { !$0.isBlank }) else {
            return ""
        }
        return self[first...last]
    }

    /// Whether the text is empty or only spaces, tabs and line breaks: ``trimmingBlanks``'s
    /// `isEmpty`, read from the bytes (every document type's name is asked).
    var isBlank: Bool {
        utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}

extension Character {
    /// A space, a tab or a line break (CR, LF, or both as one character).
    fileprivate var isBlank: Bool {
        self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\r\n"
    }
}

private enum Message {
    static func notDictionaries(_ found: String) -> String {
        message(
            "'CFBundleDocumentTypes' must be an array of dictionaries, not hold \(withArticle(found)) (ITMS-90243)"
        )
    }

    static let notArray =
        "'CFBundleDocumentTypes' must be an array of dictionaries; this dictionary is read as one entry (ITMS-90243)"

    static func missingName(_ entry: DocumentType, macOS: Bool) -> String {
        message("document type \(entry.displayName) has no 'CFBundleTypeName'\(consequence(macOS))")
    }

    static func emptyName(_ entry: DocumentType, macOS: Bool) -> String {
        message("document type \(entry.displayName) has an empty 'CFBundleTypeName'\(consequence(macOS))")
    }

    /// App Store Connect's rejection has been seen for macOS archives only.
    static func consequence(_ macOS: Bool) -> String {
        macOS
            ? "; App Store Connect rejects a macOS archive with such a document type (ITMS-90243)"
            : "; the key reference requires it (on macOS, App Store Connect rejects an archive without it, ITMS-90243)"
    }
}
