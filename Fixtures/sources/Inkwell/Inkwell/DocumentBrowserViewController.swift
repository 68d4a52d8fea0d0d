import UIKit
import UniformTypeIdentifiers

/// The app's root view controller: the document browser.
class DocumentBrowserViewController: UIDocumentBrowserViewController, UIDocumentBrowserViewControllerDelegate {
    init() {
        super.init(forOpening: [.inkDrawing, .inkStencils, .pdf])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        delegate = self
        allowsDocumentCreation = true
        allowsPickingMultipleItems = false
    }

    // MARK: Creating documents

    func documentBrowser(
        _ controller: UIDocumentBrowserViewController,
        didRequestDocumentCreationWithHandler importHandler: @escaping (
            URL?, UIDocumentBrowserViewController.ImportMode
        ) -> Void
    ) {
        guard let template = Bundle.main.url(forResource: "Untitled", withExtension: "inkd") else {
            // The template is missing: nothing to create.
            return
        }
        importHandler(template, .copy)
    }

    // MARK: Opening documents

    func documentBrowser(_ controller: UIDocumentBrowserViewController, didPickDocumentsAt documentURLs: [URL]) {
        guard let url = documentURLs.first else { return }
        present(DrawingViewController(url: url), animated: true)
    }
}
