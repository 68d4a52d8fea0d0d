import AppBundle
import PropertyList
import SwiftSource

/// Finds a document browser that code creates and then presents modally: Apple requires the
/// document browser to be the app's root view controller.
public struct PresentedDocumentBrowser: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "SRC-010",
        name: "presented-document-browser",
        summary: "A document browser is presented modally instead of being the root view controller",
        rationale: """
            'UIDocumentBrowserViewController' must be the app's root view controller; Apple's \
            documentation says not to present it from another view controller. Presented \
            modally, it misbehaves (documents it opens are presented from a controller that is \
            itself presented, the Recents and Browse tabs lose their state). To show files from \
            inside an app, present a 'UIDocumentPickerViewController' instead.
            """,
        sources: ["UIDocumentBrowserViewController (Apple documentation)", "Setting up a document browser app (S10)"],
        severity: .warning,
        triggeringExamples: [
            Example(
                "",
                swift: """
                    final class LaunchController: UIViewController {
                        func showBrowser() {
                            let browser = UIDocumentBrowserViewController(forOpening: [.plainText])
                            browser.delegate = self
                            ↓present(browser, animated: true)
                        }
                    }
                    """,
                expecting: [
                    .warning(
                        "a document browser ('UIDocumentBrowserViewController') is presented modally; Apple requires it to be the app's root view controller"
                    )
                ])
        ],
        nonTriggeringExamples: [
            Example(
                "",
                swift: """
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                        let browser = UIDocumentBrowserViewController(forOpening: nil)
                        window?.rootViewController = browser
                        browser.present(documentController, animated: true)
                        present(UIDocumentPickerViewController(forOpeningContentTypes: [.pdf]), animated: true)
                    }
                    """),
            // What only looks like code: a comment, strings, an inactive branch.
            Example(
                "",
                swift: """
                    func show() {
                        // present(UIDocumentBrowserViewController(forOpening: nil), animated: true)
                        let help = "present(UIDocumentBrowserViewController(forOpening: nil), animated: true)"
                        #if false
                        present(UIDocumentBrowserViewController(forOpening: nil), animated: true)
                        #endif
                    }
                    """),
        ])

    /// A rule value.
    public init() {}

    /// Reports each presentation of a browser.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let code = context.code else { return [] }
        return code.browserPresentations.map { presentation in
            diagnostic(
                Message.presented(presentation.browserType), at: presentation.location,
                notes: presentation.creationLocation.map { [Note(Message.created, at: $0)] } ?? [])
        }
    }
}

private enum Message {
    static func presented(_ type: String) -> String {
        message(
            "a document browser (\(quoted(type))) is presented modally; Apple requires it to be the app's root view controller"
        )
    }

    static let created = "the browser is created here"
}
