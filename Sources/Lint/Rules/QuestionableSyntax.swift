import PropertyList

/// Finds text the reader accepted but Apple's parser may not: a root value without `<plist>`,
/// text between elements, a real too large for a double, a 128-bit integer.
public struct QuestionableSyntax: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "PLIST-008",
        name: "questionable-syntax",
        summary: "The file parses, but with something Apple's parser refuses or reads differently",
        rationale: """
            The reader is lenient where Apple's parser is lenient, and says so: text between \
            elements (usually a preprocessor line) is refused by CoreFoundation unless Xcode \
            preprocesses the file first (INFOPLIST_PREPROCESS = YES, read from the project or given \
            with --setting: then the directives are intended and not reported); a real beyond a \
            double's range becomes infinity.
            """,
        sources: ["DESIGN.md, Reader details"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>CFBundleName</key>
                    ↓<real>1e999</real>
                </dict>
                </plist>
                """, expecting: [.warning("real '1e999' is beyond the range of a double; read as infinity")])
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleName</key>
                <string>Sketchbook</string>
                """),
            // With INFOPLIST_PREPROCESS, Xcode runs the file through the C preprocessor first.
            Example(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    #include "Version.h"
                    <key>CFBundleVersion</key>
                    <string>BUILD_NUMBER</string>
                </dict>
                </plist>
                """, settings: ["INFOPLIST_PREPROCESS": "YES"]),
        ])

    /// A rule value.
    public init() {}

    /// Reports the reader's warnings other than duplicate keys.
    public func check(_ context: LintContext) -> [Diagnostic] {
        let preprocessed =
            context.unit.preprocessesInfoPlist || context.buildSettings["INFOPLIST_PREPROCESS"]?.uppercased() == "YES"
        return context.infoPlists.flatMap { plist in
            (plist.document?.warnings ?? []).compactMap { warning -> Diagnostic? in
                switch warning.kind {
                case .duplicateKey: return nil
                // The app's own file, preprocessed by Xcode: its directives are meant.
                case .textBetweenElements(let text)
                where preprocessed && plist.file == context.app.file
                    && text.hasPrefix("#"):
                    return nil
                default: return diagnostic(warning.message, at: warning.location)
                }
            }
        }
    }
}
