import AppBundle
import PropertyList
import SwiftSource

/// Finds `writeableContentTypes` declared on a SwiftUI document: the requirement is spelt
/// `writableContentTypes`, so the compiler takes the misspelt one for a property of the app's
/// own and SwiftUI ignores it (writing the readable types instead).
public struct MisspeltWritableContentTypes: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "SRC-007",
        name: "misspelt-writable-content-types",
        summary: "A SwiftUI document declares 'writeableContentTypes', which SwiftUI ignores",
        rationale: """
            'FileDocument' and 'ReferenceFileDocument' have a requirement 'writableContentTypes' \
            with a default ('readableContentTypes'). A 'writeableContentTypes' is a new property \
            the compiler accepts without a word, and SwiftUI never reads it: the document offers \
            to save in every readable type instead of those meant.
            """,
        sources: ["SwiftUI FileDocument.writableContentTypes (Apple documentation)"],
        severity: .warning,
        triggeringExamples: [
            Example(
                "",
                swift: """
                    struct NoteDocument: FileDocument {
                        static var readableContentTypes: [UTType] { [.plainText, .rtf] }
                        static var ↓writeableContentTypes: [UTType] { [.plainText] }
                    }
                    """,
                expecting: [
                    .warning(
                        "'writeableContentTypes' is not a requirement of 'FileDocument' (it is spelt 'writableContentTypes'): SwiftUI ignores it and 'NoteDocument' writes its readable types"
                    )
                ])
        ],
        nonTriggeringExamples: [
            Example(
                "",
                swift: """
                    struct NoteDocument: FileDocument {
                        static var readableContentTypes: [UTType] { [.plainText, .rtf] }
                        static var writableContentTypes: [UTType] { [.plainText] }
                    }
                    struct Settings {
                        // Not a document: a property of its own.
                        var writeableContentTypes: [String] = []
                    }
                    """),
            // What only looks like code: a comment, strings, an inactive branch.
            Example(
                "",
                swift: """
                    struct NoteDocument: FileDocument {
                        // static var writeableContentTypes: [UTType] { [.plainText] }
                        let note = "writeableContentTypes"
                        #if false
                        static var writeableContentTypes: [UTType] { [.plainText] }
                        #endif
                    }
                    """),
        ])

    /// A rule value.
    public init() {}

    /// Reports each misspelt declaration on a document.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let code = context.code else { return [] }
        return code.documents.flatMap { document in
            document.misspeltWritableContentTypes.map { location in
                diagnostic(Message.misspelt(document.name, conformance: document.conformance.rawValue), at: location)
            }
        }
    }
}

private enum Message {
    static func misspelt(_ document: String, conformance: String) -> String {
        message(
            "'writeableContentTypes' is not a requirement of \(quoted(conformance)) (it is spelt 'writableContentTypes'): SwiftUI ignores it and \(quoted(document)) writes its readable types"
        )
    }
}
