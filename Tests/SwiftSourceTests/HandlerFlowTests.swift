import Testing

@testable import SwiftSource

/// The creation delegate's paths: where the handler is left unconsumed, called twice, or only
/// ever cancelled.
@Suite struct HandlerFlowTests {
    /// A browser subclass whose delegate method has `body` (indented by 8 spaces) and names its
    /// handler `name`.
    private func delegate(_ body: String, handler name: String = "importHandler") -> String {
        """
        import UIKit

        class DocumentBrowserViewController: UIDocumentBrowserViewController, UIDocumentBrowserViewControllerDelegate {
            var pending: ((URL?, UIDocumentBrowserViewController.ImportMode) -> Void)?

            func documentBrowser(
                _ controller: UIDocumentBrowserViewController,
                didRequestDocumentCreationWithHandler \(name): @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void
            ) {
        \(body)
            }
        }
        """
    }

    /// The one handler read from `code`.
    private func handler(_ code: String) throws -> CreationHandler {
        let handlers = facts(code).creationHandlers
        #expect(handlers.count == 1)
        return try #require(handlers.first)
    }

    private func ends(_ handler: CreationHandler) -> [String] {
        handler.unconsumedEnds.map { "\($0.kind.rawValue) \($0.location.line ?? 0):\($0.location.column ?? 0)" }
    }

    @Test func anEmptyBodyIsReportedAtTheFunction() throws {
        let reading = try handler(delegate(""))
        #expect(ends(reading) == ["never-mentioned 6:5"])
        #expect(reading.kind == .browserDelegate)
        #expect(reading.enclosingType == "DocumentBrowserViewController")
        #expect(reading.handlerName == "importHandler")
        #expect(reading.location.description == "App.swift:6:5")
    }

    @Test func aGuardThatReturnsWithoutCalling() throws {
        let body = """
                    guard let url = Bundle.main.url(forResource: "Blank", withExtension: "txt") else { return }
                    handler(url, .copy)
            """
        let reading = try handler(delegate(body, handler: "handler"))
        #expect(ends(reading) == ["return 10:92"])
        #expect(reading.repeatedCalls.isEmpty)
        #expect(!reading.canOnlyCancel)
        #expect(reading.isFullyModelled)
    }

    @Test func aGuardThatCancelsFirstIsFine() throws {
        let body = """
                    guard let url = Bundle.main.url(forResource: "Blank", withExtension: "txt") else {
                        completion(nil, .none)
                        return
                    }
                    completion(url, .copy)
            """
        let reading = try handler(delegate(body, handler: "completion"))
        #expect(reading.unconsumedEnds.isEmpty)
        #expect(reading.repeatedCalls.isEmpty)
    }

    @Test func aCancelWithoutReturnBeforeTheSuccessCallIsARepeatedCall() throws {
        let body = """
                    let url = Bundle.main.url(forResource: "Blank", withExtension: "txt")
                    if url == nil {
                        importHandler(nil, .none)
                    }
                    importHandler(url, .copy)
            """
        let reading = try handler(delegate(body))
        #expect(reading.unconsumedEnds.isEmpty)
        #expect(reading.repeatedCalls.map(\.description) == ["App.swift:14:9"])
    }

    @Test func aCancelInACatchBeforeAClosureThatCalls() throws {
        let body = """
                    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("New")
                    do {
                        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    } catch {
                        importHandler(nil, .none)
                    }
                    let document = NoteDocument(fileURL: folder.appendingPathComponent("Untitled.note"))
                    document.save(to: document.fileURL, for: .forCreating) { saved in
                        importHandler(saved ? document.fileURL : nil, .move)
                    }
            """
        let reading = try handler(delegate(body))
        #expect(reading.unconsumedEnds.isEmpty)
        #expect(reading.repeatedCalls.map(\.description) == ["App.swift:18:13"])
    }

    @Test func closuresOnEveryPathAfterNoCallAreFine() throws {
        let body = """
                    let alert = UIAlertController(title: "New", message: nil, preferredStyle: .alert)
                    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in importHandler(nil, .none) })
                    alert.addAction(UIAlertAction(title: "Create", style: .default) { _ in importHandler(blankURL, .copy) })
                    controller.present(alert, animated: true)
            """
        let reading = try handler(delegate(body))
        #expect(reading.unconsumedEnds.isEmpty)
        #expect(reading.repeatedCalls.isEmpty)
    }

    @Test func anIfWithoutElseLeavesAPath() throws {
        let body = """
                    if let url = Bundle.main.url(forResource: "Blank", withExtension: "txt") {
                        importHandler(url, .copy)
                    }
            """
        let reading = try handler(delegate(body))
        #expect(ends(reading) == ["fall-through 13:5"])
    }

    @Test func aSwitchWithDefaultThatDoesNotCall() throws {
        let body = """
                    switch controller.activeDocumentCreationIntent {
                    case .template:
                        importHandler(templateURL, .copy)
                    case .default:
                        importHandler(blankURL, .copy)
                    default:
                        break
                    }
            """
        let reading = try handler(delegate(body))
        #expect(ends(reading) == ["fall-through 18:5"])
    }

    @Test func aSwitchWhoseEveryCaseCallsCoversEveryPath() throws {
        let withoutDefault = """
                    switch mode {
                    case .blank: importHandler(blankURL, .copy)
                    case .template(let url): importHandler(url, .copy)
                    }
            """
        #expect(try handler(delegate(withoutDefault)).unconsumedEnds.isEmpty)
        let withDefault = """
                    switch controller.activeDocumentCreationIntent {
                    case .template:
                        importHandler(templateURL, .copy)
                    default:
                        importHandler(blankURL, .copy)
                    }
            """
        #expect(try handler(delegate(withDefault)).unconsumedEnds.isEmpty)
    }

    @Test func aClosureThatConsumesOnEveryPathConsumes() throws {
        let body = """
                    let picker = TemplatePickerController { url in
                        if let url {
                            importHandler(url, .copy)
                        } else {
                            importHandler(nil, .none)
                        }
                    }
                    controller.present(picker, animated: true)
            """
        let reading = try handler(delegate(body))
        #expect(reading.unconsumedEnds.isEmpty)
        #expect(reading.repeatedCalls.isEmpty)
    }

    @Test func aClosureThatConsumesOnOnePathIsReportedInside() throws {
        let body = """
                    presentTemplatePicker { [weak self] url in
                        guard let url else { return }
                        importHandler(url, .copy)
                    }
            """
        let reading = try handler(delegate(body))
        #expect(ends(reading) == ["return 11:34"])
    }

    @Test func storingOrPassingTheHandlerConsumesIt() throws {
        #expect(try handler(delegate("        pending = importHandler")).unconsumedEnds.isEmpty)
        #expect(try handler(delegate("        self.pending = importHandler")).unconsumedEnds.isEmpty)
        let passed = "        TemplateChooser.shared.choose(from: controller, completion: importHandler)"
        let reading = try handler(delegate(passed))
        #expect(reading.unconsumedEnds.isEmpty)
        #expect(!reading.canOnlyCancel)
    }

    @Test func theTemplateStubCanOnlyCancel() throws {
        let body = """
                    let newDocumentURL: URL? = nil

                    // Set the URL for the new document here. Optionally, you can present a template chooser before calling the importHandler.
                    // Make sure the importHandler is always called, even if the user cancels the creation request.
                    if newDocumentURL != nil {
                        importHandler(newDocumentURL, .move)
                    } else {
                        importHandler(nil, .none)
                    }
            """
        let reading = try handler(delegate(body))
        #expect(reading.canOnlyCancel)
        #expect(reading.unconsumedEnds.isEmpty)
        #expect(reading.repeatedCalls.isEmpty)
    }

    @Test func aRealURLCanCreate() throws {
        let body = """
                    let url = FileManager.default.temporaryDirectory.appendingPathComponent("Untitled.txt")
                    importHandler(url, .move)
            """
        #expect(try !handler(delegate(body)).canOnlyCancel)
    }

    @Test func aCatchThatNeitherCallsNorReturnsFallsThrough() throws {
        let body = """
                    do {
                        let url = try makeBlankDocument()
                        importHandler(url, .move)
                    } catch {
                        print(error)
                    }
            """
        #expect(try ends(handler(delegate(body))) == ["fall-through 16:5"])
        let cancelling = """
                    do {
                        let url = try makeBlankDocument()
                        importHandler(url, .move)
                    } catch {
                        importHandler(nil, .none)
                    }
            """
        let reading = try handler(delegate(cancelling))
        #expect(reading.unconsumedEnds.isEmpty)
        #expect(reading.repeatedCalls.isEmpty)
    }

    @Test func aThrowOutsideDoIsAnEnd() throws {
        let body = """
                    guard ready else { throw CreationError.notReady }
                    importHandler(url, .move)
            """
        #expect(try ends(handler(delegate(body))) == ["throw 10:28"])
    }

    @Test func returningTheCallIsFine() throws {
        let body = """
                    guard let url = templateURL else { return importHandler(nil, .none) }
                    return importHandler(url, .copy)
            """
        #expect(try handler(delegate(body)).unconsumedEnds.isEmpty)
    }

    @Test func bracesInStringsAreNotStructure() throws {
        let body = """
                    let label = "} else {"
                    if ready {
                        importHandler(url, .copy)
                    } else {
                        importHandler(nil, .none)
                    }
            """
        let reading = try handler(delegate(body))
        #expect(reading.unconsumedEnds.isEmpty)
        #expect(reading.repeatedCalls.isEmpty)
    }

    @Test func conditionalCompilationBranchesAreAlternatives() throws {
        let both = """
            #if targetEnvironment(macCatalyst)
                    importHandler(url, .copy)
            #else
                    importHandler(url, .move)
            #endif
            """
        let reading = try handler(delegate(both))
        #expect(reading.unconsumedEnds.isEmpty)
        #expect(reading.repeatedCalls.isEmpty)
        let debugOnly = """
            #if DEBUG
                    importHandler(url, .copy)
            #endif
            """
        #expect(try ends(handler(delegate(debugOnly))) == ["fall-through 13:5"])
    }

    @Test func loopsAreNotModelled() throws {
        let body = """
                    for url in candidates {
                        if FileManager.default.fileExists(atPath: url.path) {
                            importHandler(url, .copy)
                            return
                        }
                    }
            """
        let reading = try handler(delegate(body))
        #expect(reading.unconsumedEnds.isEmpty)
        #expect(!reading.isFullyModelled)
    }

    @Test func aLoopThatDoesNotMentionTheHandlerIsRead() throws {
        let body = """
                    for url in candidates where url.isFileURL {
                        if url.lastPathComponent.isEmpty { return }
                    }
                    importHandler(nil, .none)
            """
        let reading = try handler(delegate(body))
        #expect(ends(reading) == ["return 11:48"])
        #expect(reading.isFullyModelled)
    }

    @Test func deferConsumesFromThereOn() throws {
        let body = """
                    defer { importHandler(url, .copy) }
                    guard ready else { return }
            """
        #expect(try handler(delegate(body)).unconsumedEnds.isEmpty)
    }

    @Test func aContinuationInANewDocumentButton() throws {
        let source = MarkedSource(
            """
            struct LaunchScene: Scene {
                @State private var continuation: CheckedContinuation<StoryDocument?, any Error>?

                var body: some Scene {
                    DocumentGroupLaunchScene("Stories") {
                        NewDocumentButton("Choose a Template", for: StoryDocument.self) {
                            try await withCheckedThrowingContinuation { continuation in
                                self.continuation = continuation
                            }
                        }
                        NewDocumentButton("Forgotten", for: StoryDocument.self) {
                            try await 1️⃣withCheckedThrowingContinuation { continuation in
                                isPickerPresented = true
                            }
                        }
                    }
                }
            }
            """)
        let handlers = facts(source.text).creationHandlers
        #expect(handlers.map(\.kind) == [.newDocumentContinuation, .newDocumentContinuation])
        #expect(handlers.map(\.handlerName) == ["continuation", "continuation"])
        #expect(handlers[0].unconsumedEnds.isEmpty)
        #expect(handlers[1].unconsumedEnds.map(\.kind) == [.neverMentioned])
        #expect(handlers[1].unconsumedEnds.map(\.location.description) == [source.location("1")])
    }

    @Test func aDeclarationWithoutABodyIsNotRead() {
        let code = """
            @objc protocol CreationDelegate {
                func documentBrowser(_ controller: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void)
                func other()
            }
            """
        #expect(facts(code).creationHandlers.isEmpty)
    }

    @Test func otherDelegateMethodsAreNotRead() {
        let code = """
            extension Coordinator: UIDocumentBrowserViewControllerDelegate {
                func documentBrowser(_ controller: UIDocumentBrowserViewController, didPickDocumentsAt documentURLs: [URL]) {
                }
            }
            """
        #expect(facts(code).creationHandlers.isEmpty)
        #expect(!facts(code).implementsDocumentCreation)
    }
}
