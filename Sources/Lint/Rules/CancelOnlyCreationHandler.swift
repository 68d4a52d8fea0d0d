import AppBundle
import PropertyList
import SwiftSource

/// Finds a document-creation delegate method that only ever cancels: every call of its handler
/// passes nil, as the Xcode template's stub does. The Add button is there, but creates nothing.
public struct CancelOnlyCreationHandler: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "SRC-011",
        name: "creation-handler-only-cancels",
        summary: "The document-creation method only ever passes nil to its handler",
        rationale: """
            Xcode's document-app template implements \
            'documentBrowser(_:didRequestDocumentCreationWithHandler:)' with a stub whose URL is \
            always nil: the browser shows an Add button, and tapping it cancels. Give the handler \
            the URL of a new document (a template copied or a blank file written), or leave \
            'allowsDocumentCreation' false.
            """,
        sources: [
            "UIDocumentBrowserViewControllerDelegate.documentBrowser(_:didRequestDocumentCreationWithHandler:) (Apple documentation)",
            "Setting up a document browser app (S10)",
        ],
        severity: .info,
        triggeringExamples: [
            Example(
                "",
                swift: """
                    class DocumentBrowserViewController: UIDocumentBrowserViewController, UIDocumentBrowserViewControllerDelegate {
                        ↓func documentBrowser(_ controller: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void) {
                            let newDocumentURL: URL? = nil
                            // Set the URL for the new document here.
                            if newDocumentURL != nil {
                                importHandler(newDocumentURL, .move)
                            } else {
                                importHandler(nil, .none)
                            }
                        }
                    }
                    """,
                expecting: [
                    .info(
                        "the document-creation method passes nil to 'importHandler' on every path: the Add button can only cancel"
                    )
                ])
        ],
        nonTriggeringExamples: [
            Example(
                "",
                swift: """
                    class DocumentBrowserViewController: UIDocumentBrowserViewController, UIDocumentBrowserViewControllerDelegate {
                        func documentBrowser(_ controller: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void) {
                            #if false
                            importHandler(nil, .none)
                            #else
                            importHandler(templateURL, .copy)
                            #endif
                            // importHandler(nil, .none)
                        }
                    }
                    """),
            Example(
                "",
                swift: """
                    class DocumentBrowserViewController: UIDocumentBrowserViewController, UIDocumentBrowserViewControllerDelegate {
                        func documentBrowser(_ controller: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void) {
                            let url = FileManager.default.temporaryDirectory.appendingPathComponent("Untitled.txt")
                            importHandler(url, .move)
                        }
                    }
                    """),
        ])

    /// A rule value.
    public init() {}

    /// Reports each delegate method that can only cancel.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let code = context.code else { return [] }
        return code.creationHandlers.compactMap { handler in
            guard handler.kind == .browserDelegate, handler.canOnlyCancel else { return nil }
            return diagnostic(Message.onlyCancels(handler.handlerName), at: handler.location)
        }
    }
}

private enum Message {
    static func onlyCancels(_ name: String) -> String {
        message(
            "the document-creation method passes nil to \(quoted(name)) on every path: the Add button can only cancel")
    }
}
