import AppBundle
import PropertyList
import SwiftSource
import UniformTypes

/// Finds a type a SwiftUI document reads (`readableContentTypes`) that no document type of the
/// Info.plist lists, when a `DocumentGroup` scene uses the document: the app then cannot open such
/// files from the Files app, and SwiftUI's browser does not offer them.
public struct DocumentReadsUnlistedType: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "SRC-006",
        name: "document-reads-unlisted-type",
        summary: "A SwiftUI document used by a DocumentGroup reads a type no document type lists",
        rationale: """
            A 'DocumentGroup' opens the files its document's 'readableContentTypes' name, but the \
            system learns which files the app opens from 'CFBundleDocumentTypes': a readable type \
            that no document type lists (nor a type it conforms to) is greyed out in the app's own \
            browser and never offered from the Files app. A document only handed to '.fileExporter' \
            needs no document type.
            """,
        sources: ["Defining file and data types for your app (S5)", "info-plist-rules.md §2.6"],
        severity: .warning,
        triggeringExamples: [
            Example(
                BrowserTypeNotInDocumentTypes.documentTypeSketch,
                swift: """
                    @main struct SketchApp: App {
                        var body: some Scene {
                            DocumentGroup(newDocument: SketchDocument()) { file in Editor(document: file.$document) }
                        }
                    }

                    struct SketchDocument: FileDocument {
                        static var readableContentTypes: [UTType] { [UTType("com.example.sketch")!, ↓.plainText] }
                    }
                    """,
                expecting: [
                    .warning(
                        "document 'SketchDocument' reads 'public.plain-text' ('.plainText'), which no document type lists; the app cannot open such files from outside it"
                    )
                ])
        ],
        nonTriggeringExamples: [
            // A document only exported needs no document type; a listed supertype covers its subtypes.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Text</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.text</string>
                        </array>
                    </dict>
                </array>
                """,
                swift: """
                    struct Report: View {
                        @State var exporting = false
                        var body: some View {
                            Text("Report").fileExporter(isPresented: $exporting, document: CSVDocument(), contentType: .commaSeparatedText) { _ in }
                        }
                    }
                    struct CSVDocument: FileDocument {
                        static var readableContentTypes: [UTType] { [.commaSeparatedText] }
                    }
                    struct NotesApp: App {
                        var body: some Scene { DocumentGroup(newDocument: NoteDocument()) { Editor(document: $0.$document) } }
                    }
                    struct NoteDocument: FileDocument {
                        static let readableContentTypes: [UTType] = [.plainText, .utf8PlainText]
                    }
                    """)
        ])

    /// A rule value.
    public init() {}

    /// Checks the readable types of each document a `DocumentGroup` uses.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let code = context.code else { return [] }
        var diagnostics: [Diagnostic] = []
        for document in code.documentsInDocumentGroups {
            for element in document.readableContentTypes?.elements ?? [] {
                guard case .identifier(let identifier, let source) = element.resolution else { continue }
                if let kind = LintContext.declarationKind(of: source),
                    context.lacksDeclaration(identifier, madeAs: kind)
                {
                    continue
                }
                guard !context.documentTypesCover(identifier) else { continue }
                diagnostics.append(
                    diagnostic(
                        Message.unlisted(document.name, identifier, written: element.text), at: element.location))
            }
        }
        return diagnostics
    }
}

private enum Message {
    static func unlisted(_ document: String, _ identifier: String, written: String) -> String {
        let spelling = written == identifier || written == "\"\(identifier)\"" ? "" : " (\(quoted(written)))"
        return message(
            "document \(quoted(document)) reads \(quoted(identifier))\(spelling), which no document type lists; the app cannot open such files from outside it"
        )
    }
}
