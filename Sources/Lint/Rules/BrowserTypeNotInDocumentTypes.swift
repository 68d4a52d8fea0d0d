import AppBundle
import PropertyList
import SwiftSource
import UniformTypes

/// Finds a type a document browser's explicit list (in code) allows that no document type of the
/// Info.plist lists: the browser shows such files, but the system does not know the app opens
/// them (the Files app and other apps do not offer it for them).
public struct BrowserTypeNotInDocumentTypes: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "SRC-005",
        name: "browser-type-not-in-document-types",
        summary: "A document browser's list in code allows a type no document type lists",
        rationale: """
            An explicit list given to 'UIDocumentBrowserViewController(forOpening:)' decides what \
            the browser shows; 'CFBundleDocumentTypes' decides what the system knows the app \
            opens. A type in the list that no document type lists (nor a type it conforms to) is \
            opened from inside the app only: the Files app and the share sheet do not offer the \
            app for such files. Passing nil keeps the two in step.
            """,
        sources: [
            "UIDocumentBrowserViewController.init(forOpening:) (S11)", "Setting up a document browser app (S10)",
            "info-plist-rules.md §2.6",
        ],
        severity: .info,
        triggeringExamples: [
            Example(
                documentTypeSketch,
                swift: """
                    class BrowserController: UIDocumentBrowserViewController {
                        init() {
                            super.init(forOpening: [UTType("com.example.sketch")!, ↓.pdf])
                        }
                    }
                    """,
                expecting: [
                    .info(
                        "the document browser allows 'com.adobe.pdf' ('.pdf'), which no document type lists; the system does not offer the app for such files"
                    )
                ])
        ],
        nonTriggeringExamples: [
            Example(
                documentTypeSketch,
                swift: """
                    let browser = UIDocumentBrowserViewController(forOpening: [UTType("com.example.sketch")!])
                    let everything = UIDocumentBrowserViewController(forOpening: nil)
                    let picker = UIDocumentPickerViewController(forOpeningContentTypes: [.pdf])
                    """)
        ])

    /// An Info.plist exporting `com.example.sketch` and listing it in a document type.
    static let documentTypeSketch = """
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
                <key>UTTypeConformsTo</key>
                <array>
                    <string>public.data</string>
                </array>
            </dict>
        </array>
        """

    /// A rule value.
    public init() {}

    /// Checks each known element of each explicit browser list.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let code = context.code else { return [] }
        var diagnostics: [Diagnostic] = []
        for site in code.creationSites where site.kind.isDocumentBrowser && site.list.form == .explicit {
            for element in site.list.elements {
                guard case .identifier(let identifier, let source) = element.resolution else { continue }
                // Undeclared types are SRC-001's, SRC-002's and SRC-003's.
                if let kind = LintContext.declarationKind(of: source) {
                    if context.lacksDeclaration(identifier, madeAs: kind) { continue }
                } else if !context.isDeclared(UniformTypeIdentifier(identifier)) {
                    continue
                }
                guard !context.documentTypesCover(identifier) else { continue }
                diagnostics.append(
                    diagnostic(Message.unlisted(identifier, written: element.text), at: element.location))
            }
        }
        return diagnostics
    }
}

private enum Message {
    static func unlisted(_ identifier: String, written: String) -> String {
        let spelling = written == identifier || written == "\"\(identifier)\"" ? "" : " (\(quoted(written)))"
        return message(
            "the document browser allows \(quoted(identifier))\(spelling), which no document type lists; the system does not offer the app for such files"
        )
    }
}
