import Testing

@testable import SwiftSource

/// `allowsDocumentCreation`, browsers presented modally, the template's placeholder identifier
/// and `utiscope:` comments.
@Suite struct BrowserConfigurationTests {
    @Test func documentCreationWrittenTrue() {
        let source = MarkedSource(
            """
            final class DocumentBrowserViewController: UIDocumentBrowserViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    1️⃣allowsDocumentCreation = true
                    allowsPickingMultipleItems = false
                    browser.2️⃣allowsDocumentCreation = true ; other()
                    allowsDocumentCreation = false
                    allowsDocumentCreation = true && flag
                    // allowsDocumentCreation = true
                }
            }
            """)
        let facts = facts(source.text)
        #expect(facts.documentCreationEnabled.map(\.description) == [source.location("1"), source.location("2")])
        #expect(!facts.implementsDocumentCreation)
    }

    @Test func browsersPresentedModally() {
        let source = MarkedSource(
            """
            final class LaunchController: UIViewController {
                func showBrowser() {
                    let browser = 1️⃣UIDocumentBrowserViewController(forOpening: [.plainText])
                    browser.delegate = self
                    2️⃣present(browser, animated: true)
                }

                func showCustom() {
                    let custom = 3️⃣TextBrowserController()
                    self.4️⃣present(custom, animated: true, completion: nil)
                    present(UIDocumentPickerViewController(forOpeningContentTypes: [.pdf]), animated: true)
                    present(5️⃣UIDocumentBrowserViewController(forOpening: nil), animated: true)
                }
            }
            """)
        let subclasses = """
            class BaseBrowser: UIDocumentBrowserViewController {}
            final class TextBrowserController: BaseBrowser {}
            """
        let facts = facts([("App.swift", source.text), ("Browsers.swift", subclasses)])
        let presentations = facts.browserPresentations
        #expect(
            presentations.map(\.browserType) == [
                "UIDocumentBrowserViewController", "UIDocumentBrowserViewController", "TextBrowserController",
            ])
        #expect(
            presentations.map(\.location.description) == ["App.swift:12:9", source.location("2"), source.location("4")])
        #expect(
            presentations.map { $0.creationLocation?.description } == [
                source.location("5"), source.location("1"), source.location("3"),
            ])
    }

    @Test func aBrowserAsTheRootIsNotAPresentation() {
        let code = """
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                let browser = UIDocumentBrowserViewController(forOpening: nil)
                window?.rootViewController = browser
                browser.present(documentController, animated: true)
            }
            """
        #expect(facts(code).browserPresentations.isEmpty)
    }

    @Test func theTemplatePlaceholderIdentifier() {
        let source = MarkedSource(
            """
            extension UTType {
                static var exampleText: UTType {
                    UTType(importedAs: 1️⃣"com.example.plain-text")
                }
            }
            // UTType(importedAs: "com.example.plain-text")
            let note = "see com.example.plain-text"
            """)
        let placeholders = facts(source.text).placeholderIdentifiers
        #expect(placeholders.map(\.value) == ["com.example.plain-text"])
        #expect(placeholders.map { $0.location?.description } == [source.location("1")])
    }

    @Test func directiveComments() throws {
        let code = """
            // utiscope:disable SRC-008
            func documentBrowser(_ controller: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void) {
            }
            /* an ordinary comment */
            // a note: utiscope:disable is described in the manual
            """
        let file = SwiftFile(path: "Browser.swift", bytes: Array(code.utf8))
        let comment = try #require(file.directiveComments.first)
        #expect(file.directiveComments.count == 1)
        #expect(comment.text == "// utiscope:disable SRC-008")
        #expect(comment.location.description == "Browser.swift:1:1")
        #expect(comment.nextCodeLine == 2)
        #expect(SwiftCodeFacts(files: [file]).directiveComments["Browser.swift"]?.count == 1)
        #expect(file.isRead)
    }
}
