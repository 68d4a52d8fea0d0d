import AppBundle
import PropertyList
import SwiftSource

/// Finds `allowsDocumentCreation = true` written in code when no type implements the creation
/// delegate method: the browser then shows no Add button, whatever the property says.
public struct CreationWithoutDelegateMethod: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "SRC-009",
        name: "creation-without-delegate-method",
        summary: "'allowsDocumentCreation' is set to true, but no type implements the creation method",
        rationale: """
            The document browser shows its Add button (and 'Create Document') only when \
            'allowsDocumentCreation' is true and its delegate implements \
            'documentBrowser(_:didRequestDocumentCreationWithHandler:)'. Setting the property \
            without implementing the method (or with the method's name misspelt, which the \
            compiler accepts in a class) gives no Add button.
            """,
        sources: [
            "UIDocumentBrowserViewController.allowsDocumentCreation (Apple documentation)",
            "Setting up a document browser app (S10)",
        ],
        severity: .info,
        triggeringExamples: [
            Example(
                "",
                swift: """
                    class DocumentBrowserViewController: UIDocumentBrowserViewController, UIDocumentBrowserViewControllerDelegate {
                        override func viewDidLoad() {
                            super.viewDidLoad()
                            delegate = self
                            ↓allowsDocumentCreation = true
                        }
                        func documentBrowser(_ controller: UIDocumentBrowserViewController, didPickDocumentsAt documentURLs: [URL]) {}
                    }
                    """,
                expecting: [
                    .info(
                        "'allowsDocumentCreation' is set to true, but no type implements 'documentBrowser(_:didRequestDocumentCreationWithHandler:)': the browser shows no Add button"
                    )
                ])
        ],
        nonTriggeringExamples: [
            Example(
                "",
                swift: """
                    class DocumentBrowserViewController: UIDocumentBrowserViewController {
                        override func viewDidLoad() {
                            super.viewDidLoad()
                            // allowsDocumentCreation = true
                            let note = "allowsDocumentCreation = true"
                            #if false
                            allowsDocumentCreation = true
                            #endif
                        }
                    }
                    """),
            Example(
                "",
                swift: """
                    class DocumentBrowserViewController: UIDocumentBrowserViewController, UIDocumentBrowserViewControllerDelegate {
                        override func viewDidLoad() {
                            super.viewDidLoad()
                            delegate = self
                            allowsDocumentCreation = true
                        }
                    }
                    extension DocumentBrowserViewController {
                        func documentBrowser(_ controller: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void) {
                            importHandler(blankURL, .copy)
                        }
                    }
                    """),
        ])

    /// A rule value.
    public init() {}

    /// Reports each `allowsDocumentCreation = true` when nothing implements creation.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let code = context.code, !code.implementsDocumentCreation else { return [] }
        return code.documentCreationEnabled.map { diagnostic(Message.noMethod, at: $0) }
    }
}

private enum Message {
    static let noMethod =
        "'allowsDocumentCreation' is set to true, but no type implements 'documentBrowser(_:didRequestDocumentCreationWithHandler:)': the browser shows no Add button"
}
