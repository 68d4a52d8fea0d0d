import AppBundle
import PropertyList
import SwiftSource

/// Finds a second call of the document-creation handler on one path: typically a cancel call
/// without a `return` after it, followed by the success call.
public struct CreationHandlerCalledTwice: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "SRC-013",
        name: "creation-handler-called-twice",
        summary: "The document-creation handler is called twice on one path",
        rationale: """
            'importHandler' must be called exactly once per creation request. Calling it a second \
            time on the same path (a 'importHandler(nil, .none)' without 'return', then the \
            success call) answers a request that is already answered: the browser ignores or \
            misreads the second answer, and a document may be imported after the user cancelled. A \
            checked continuation resumed twice traps at run time.
            """,
        sources: [
            "UIDocumentBrowserViewControllerDelegate.documentBrowser(_:didRequestDocumentCreationWithHandler:) (Apple documentation)",
            "CheckedContinuation (Apple documentation)",
        ],
        severity: .error,
        triggeringExamples: [
            Example(
                "",
                swift: """
                    extension Coordinator: UIDocumentBrowserViewControllerDelegate {
                        func documentBrowser(_ controller: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void) {
                            let url = Bundle.main.url(forResource: "Blank", withExtension: "txt")
                            if url == nil {
                                importHandler(nil, .none)
                            }
                            ↓importHandler(url, .copy)
                        }
                    }
                    """,
                expecting: [
                    .error(
                        "'importHandler' is called a second time on this path; a creation request must be answered exactly once"
                    )
                ])
        ],
        nonTriggeringExamples: [
            Example(
                "",
                swift: """
                    extension Coordinator: UIDocumentBrowserViewControllerDelegate {
                        func documentBrowser(_ controller: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void) {
                            let url = Bundle.main.url(forResource: "Blank", withExtension: "txt")
                            if url == nil {
                                importHandler(nil, .none)
                                return
                            }
                            // importHandler(url, .copy) once more here would be a second call
                            let text = #"importHandler(url, .copy)"#
                            importHandler(url, .copy)
                        }
                    }
                    """),
            Example(
                "",
                swift: """
                    extension Coordinator: UIDocumentBrowserViewControllerDelegate {
                        func documentBrowser(_ controller: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void) {
                            guard let url = Bundle.main.url(forResource: "Blank", withExtension: "txt") else {
                                importHandler(nil, .none)
                                return
                            }
                            importHandler(url, .copy)
                        }
                    }
                    """),
        ])

    /// A rule value.
    public init() {}

    /// Reports each repeated call.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let code = context.code else { return [] }
        return code.creationHandlers.flatMap { handler in
            handler.repeatedCalls.map { diagnostic(Message.twice(handler.handlerName), at: $0) }
        }
    }
}

private enum Message {
    static func twice(_ name: String) -> String {
        message(
            "\(quoted(name)) is called a second time on this path; a creation request must be answered exactly once")
    }
}
