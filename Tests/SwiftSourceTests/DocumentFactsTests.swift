import Testing

@testable import SwiftSource

/// SwiftUI documents, their content types, and the scenes that use them.
@Suite struct DocumentFactsTests {
    @Test func aFileDocumentWithItsTypesAndAMisspelling() throws {
        let source = MarkedSource(
            """
            import SwiftUI
            import UniformTypeIdentifiers

            extension UTType {
                static var exampleText: UTType { UTType(importedAs: "com.example.plain-text") }
            }

            struct 1️⃣TextDocument: FileDocument {
                static var readableContentTypes: [UTType] { 2️⃣[.exampleText, .plainText] }
                static var 3️⃣writeableContentTypes: [UTType] { [.plainText] }

                var text: String

                init(configuration: ReadConfiguration) throws { text = "" }
                func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper { FileWrapper() }
            }

            @main struct TextApp: App {
                var body: some Scene {
                    DocumentGroup(newDocument: TextDocument(text: "")) { file in
                        ContentView(document: file.$document)
                    }
                }
            }
            """)
        let facts = facts(source.text)
        let document = try #require(facts.documents.first)
        #expect(document.name == "TextDocument")
        #expect(document.conformance == .fileDocument)
        #expect(document.location.description == source.location("1"))
        #expect(document.readableContentTypes?.identifiers == ["com.example.plain-text", "public.plain-text"])
        #expect(document.readableContentTypes?.location?.description == source.location("2"))
        #expect(document.writableContentTypes == nil)
        #expect(document.misspeltWritableContentTypes.map(\.description) == [source.location("3")])
        #expect(facts.sceneUses.map(\.kind) == [.newDocument])
        #expect(facts.documentsInDocumentGroups.map(\.name) == ["TextDocument"])
    }

    @Test func conformanceAndMembersInExtensionsOfOtherFiles() throws {
        let model = """
            final class Canvas {
                var strokes: [Stroke] = []
            }
            """
        let conformance = """
            extension Canvas: ReferenceFileDocument {
                static let readableContentTypes = [UTType(exportedAs: "com.example.canvas")]
                static var writableContentTypes: [UTType] { readableContentTypes + [.png] }
            }
            """
        let app = """
            @main struct CanvasApp: App {
                var body: some Scene {
                    DocumentGroup(newDocument: { Canvas() }) { file in
                        CanvasView(canvas: file.document)
                    }
                }
            }
            """
        let facts = facts([("Canvas.swift", model), ("Canvas+Document.swift", conformance), ("CanvasApp.swift", app)])
        let document = try #require(facts.documents.first)
        #expect(document.name == "Canvas")
        #expect(document.conformance == .referenceFileDocument)
        #expect(document.location.description == "Canvas+Document.swift:1:11")
        #expect(document.readableContentTypes?.form == .explicit)
        #expect(document.readableContentTypes?.identifiers == ["com.example.canvas"])
        #expect(document.writableContentTypes?.form == .dynamic)
        #expect(document.writableContentTypes?.identifiers == ["public.png"])
        #expect(facts.documentsInDocumentGroups.map(\.name) == ["Canvas"])
        #expect(facts.declarationSites.map(\.identifier) == ["com.example.canvas"])
    }

    @Test func aDocumentOnlyExportedNeedsNoScene() {
        let code = """
            struct ReportDocument: FileDocument {
                static let readableContentTypes: [UTType] = [.commaSeparatedText]
            }

            struct ViewerDocument: FileDocument {
                static let readableContentTypes: [UTType] = [.json]
            }

            @main struct ReportsApp: App {
                var body: some Scene {
                    DocumentGroup(viewing: ViewerDocument.self) { file in
                        Viewer(document: file.document)
                    }
                }
            }

            struct ExportButton: View {
                @State private var exporting = false
                var body: some View {
                    Button("Export") { exporting = true }
                        .fileExporter(isPresented: $exporting, document: ReportDocument(), contentType: .commaSeparatedText, defaultFilename: "Report") { _ in }
                }
            }
            """
        let facts = facts(code)
        #expect(facts.documents.map(\.name) == ["ReportDocument", "ViewerDocument"])
        #expect(facts.sceneUses.map(\.kind) == [.viewing, .fileExporter])
        #expect(facts.sceneUses.map(\.documentName) == ["ViewerDocument", "ReportDocument"])
        #expect(facts.sceneUses[1].contentTypes.identifiers == ["public.comma-separated-values-text"])
        #expect(facts.sceneUses[1].location.description == "App.swift:21:13")
        #expect(facts.documentsInDocumentGroups.map(\.name) == ["ViewerDocument"])
    }

    @Test func swiftDataDocumentGroupsNameTheirContentType() throws {
        let code = """
            @main struct TripsApp: App {
                var body: some Scene {
                    DocumentGroup(editing: Trip.self, contentType: .trips) {
                        TripsView()
                    }
                }
            }

            extension UTType {
                static let trips = UTType(exportedAs: "com.example.trips")
            }
            """
        let use = try #require(facts(code).sceneUses.first)
        #expect(use.kind == .editing)
        #expect(use.documentName == "Trip")
        #expect(use.contentTypes.identifiers == ["com.example.trips"])
    }

    @Test func typesThatAreNotDocumentsAreLeftOut() {
        let code = """
            struct Settings: Codable {
                static let readableContentTypes: [UTType] = [.json]
            }
            // struct Fake: FileDocument {}
            let s = "struct Fake: FileDocument {}"
            """
        #expect(facts(code).documents.isEmpty)
    }
}
