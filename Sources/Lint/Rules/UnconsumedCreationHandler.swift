import AppBundle
import PropertyList
import SwiftSource

/// Finds a path through the document browser's creation delegate method (or a new-document
/// button's continuation) that ends without consuming the handler: calling it, passing it on,
/// storing it, or handing it to a closure that consumes it on each of its own paths.
public struct UnconsumedCreationHandler: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "SRC-008",
        name: "creation-handler-not-called",
        summary: "A path through the document-creation method ends without calling its handler",
        rationale: """
            Apple marks it important: 'documentBrowser(_:didRequestDocumentCreationWithHandler:)' \
            must call its 'importHandler' once on every path, with nil to cancel; a request whose \
            handler is never called blocks every later one, so the Add button stops working until \
            the app is relaunched. The same holds for the continuation a SwiftUI \
            'NewDocumentButton' waits on. A path ends at a 'return' or 'throw', or at the closing \
            brace; a 'guard … else { return }' that never calls the handler is the usual cause. A \
            'switch' with 'default:' covers every intent; an 'if' without 'else' does not.
            """,
        sources: [
            "UIDocumentBrowserViewControllerDelegate.documentBrowser(_:didRequestDocumentCreationWithHandler:) (Apple documentation, Important)",
            "Setting up a document browser app (S10)",
        ],
        severity: .error,
        triggeringExamples: [
            Example(
                "",
                swift: """
                    class Browser: UIDocumentBrowserViewController, UIDocumentBrowserViewControllerDelegate {
                        func documentBrowser(
                            _ controller: UIDocumentBrowserViewController,
                            didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void
                        ) {
                            guard let url = Bundle.main.url(forResource: "Blank", withExtension: "txt") else { ↓return }
                            importHandler(url, .copy)
                        }
                    }
                    """,
                expecting: [
                    .error(
                        "this path returns without calling 'importHandler'; until it is called, the browser ignores every later creation request"
                    )
                ]),
            Example(
                "",
                swift: """
                    extension Coordinator: UIDocumentBrowserViewControllerDelegate {
                        ↓func documentBrowser(_ controller: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void) {
                            // Creating documents: to do.
                        }
                    }
                    extension TemplateCoordinator: UIDocumentBrowserViewControllerDelegate {
                        func documentBrowser(_ controller: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler handler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void) {
                            if let url = templateURL {
                                handler(url, .copy)
                            }
                        ↓}
                    }
                    """,
                expecting: [
                    .error(
                        "'documentBrowser(_:didRequestDocumentCreationWithHandler:)' never calls 'importHandler'; until it is called, the browser ignores every later creation request"
                    ),
                    .error(
                        "this path reaches the end without calling 'handler'; until it is called, the browser ignores every later creation request"
                    ),
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                "",
                swift: """
                    class Browser: UIDocumentBrowserViewController, UIDocumentBrowserViewControllerDelegate {
                        var pending: ((URL?, UIDocumentBrowserViewController.ImportMode) -> Void)?
                        func documentBrowser(_ controller: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void) {
                            let label = "} return {"
                            guard let url = templateURL else {
                                importHandler(nil, .none)
                                return
                            }
                            switch controller.activeDocumentCreationIntent {
                            case .template: pending = importHandler
                            default: importHandler(url, .copy)
                            }
                        }
                    }
                    """)
        ])

    /// A rule value.
    public init() {}

    /// Reports each end of a path that leaves the handler unconsumed.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let code = context.code else { return [] }
        return code.creationHandlers.flatMap { handler in
            handler.unconsumedEnds.map { end in
                diagnostic(Message.unconsumed(end.kind, handler: handler), at: end.location)
            }
        }
    }
}

private enum Message {
    static func unconsumed(_ end: HandlerPathEnd.Kind, handler: CreationHandler) -> String {
        let name = quoted(handler.handlerName)
        let browser = handler.kind == .browserDelegate
        let verb = browser ? "calling" : "resuming"
        let consequence =
            browser
            ? "until it is called, the browser ignores every later creation request"
            : "the new-document button waits for it for ever"
        switch end {
        case .returnStatement: return message("this path returns without \(verb) \(name); \(consequence)")
        case .throwStatement: return message("this path throws without \(verb) \(name); \(consequence)")
        case .fallThrough: return message("this path reaches the end without \(verb) \(name); \(consequence)")
        case .neverMentioned:
            let owner =
                browser ? "'documentBrowser(_:didRequestDocumentCreationWithHandler:)'" : "the continuation's closure"
            return message("\(owner) never \(browser ? "calls" : "resumes") \(name); \(consequence)")
        }
    }
}
