import Testing

@testable import SwiftSource

/// Browser, picker, importer and launch-view creation sites and creation actions, with their
/// lists and locations.
@Suite struct CreationSiteTests {
    private func summary(_ sites: [CreationSite]) -> [String] {
        sites.map { "\($0.kind.rawValue) \($0.location.line ?? 0):\($0.location.column ?? 0) \($0.list.form.rawValue)" }
    }

    @Test func documentBrowsers() throws {
        let source = MarkedSource(
            """
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    let browser = 1️⃣UIDocumentBrowserViewController(forOpening: 2️⃣nil)
                    window?.rootViewController = browser
                    let legacy = 3️⃣UIDocumentBrowserViewController(forOpeningFilesWithContentTypes: ["public.plain-text"])
                    let explicit = UIDocumentBrowserViewController.init(forOpening: [.plainText, .pdf])
                }
            }

            final class BrowserController: UIDocumentBrowserViewController {
                init() {
                    4️⃣super.init(forOpening: [.json])
                }
            }
            """)
        let sites = facts(source.text).creationSites
        #expect(
            summary(sites) == [
                "documentBrowser 5:23 null", "documentBrowserByIdentifiers 7:22 explicit",
                "documentBrowser 8:24 explicit", "documentBrowser 14:9 explicit",
            ])
        #expect(sites[0].location.description == source.location("1"))
        #expect(sites[0].list.location?.description == source.location("2"))
        #expect(sites[0].boundName == "browser")
        #expect(sites[1].location.description == source.location("3"))
        #expect(sites[1].list.identifiers == ["public.plain-text"])
        #expect(sites[2].list.identifiers == ["public.plain-text", "com.adobe.pdf"])
        #expect(sites[3].location.description == source.location("4"))
        #expect(sites[3].list.identifiers == ["public.json"])
        #expect(sites.allSatisfy { $0.kind.isDocumentBrowser })
    }

    @Test func pickersImportersAndLaunchViews() {
        let code = """
            struct ContentView: View {
                @State private var importing = false

                var body: some View {
                    DocumentLaunchView("Drawings", for: [.drawing]) {
                        NewDocumentButton("New Drawing", for: DrawingDocument.self, contentType: .drawing)
                    }
                    .fileImporter(isPresented: $importing, allowedContentTypes: [.png, .jpeg], allowsMultipleSelection: false) { result in
                        handle(result)
                    }
                }

                func pick() {
                    let picker = UIDocumentPickerViewController(forOpeningContentTypes: [.folder], asCopy: false)
                    let legacy = UIDocumentPickerViewController(documentTypes: ["public.folder"], in: .open)
                }
            }
            """
        let sites = facts(code).creationSites
        #expect(
            summary(sites) == [
                "documentLaunchView 5:9 dynamic", "newDocumentButton 6:13 dynamic", "fileImporter 8:9 explicit",
                "documentPicker 14:22 explicit", "documentPickerByIdentifiers 15:22 explicit",
            ])
        // `.drawing` is no constant here: the list is dynamic with the element kept.
        #expect(describe(sites[0].list) == [".drawing → dynamic"])
        #expect(sites[1].detail == "DrawingDocument")
        #expect(sites[2].list.identifiers == ["public.png", "public.jpeg"])
        #expect(sites[3].list.identifiers == ["public.folder"])
        #expect(sites[4].list.identifiers == ["public.folder"])
    }

    @Test func iOS18LaunchConfiguration() {
        let code = """
            final class DocumentViewController: UIDocumentViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    launchOptions.primaryAction = LaunchOptions.createDocumentAction(withIntent: .template)
                    launchOptions.secondaryAction = LaunchOptions.createDocumentAction(with: .default)
                }
            }

            @main struct StoriesApp: App {
                var body: some Scene {
                    DocumentGroupLaunchScene("Stories") {
                        NewDocumentButton("Start Writing")
                    }
                }
            }
            """
        let sites = facts(code).creationSites
        #expect(
            summary(sites) == [
                "documentViewController 1:13 absent", "createDocumentAction 4:52 absent",
                "createDocumentAction 5:54 absent", "documentGroupLaunchScene 11:9 absent",
                "newDocumentButton 12:13 absent",
            ])
        #expect(sites.map(\.detail) == [nil, ".template", ".default", nil, nil])
    }

    @Test func namesOutsideCodeAndOtherFunctionsAreNotSites() {
        let code = """
            // let browser = UIDocumentBrowserViewController(forOpening: nil)
            let text = "UIDocumentPickerViewController(forOpeningContentTypes: [.pdf])"
            /* .fileImporter(isPresented: $x, allowedContentTypes: [.pdf]) */
            #if false
            let hidden = UIDocumentBrowserViewController(forOpening: [.pdf])
            #endif
            func configure(forOpening url: URL) { }
            configure(forOpening: url)
            let raw = #"DocumentLaunchView(for: [.pdf])"#
            """
        #expect(facts(code).creationSites.isEmpty)
    }
}
