import SwiftUI

@main
struct JotterApp: App {
    var body: some Scene {
        DocumentGroup(newDocument: NoteDocument()) { file in
            NoteEditor(document: file.$document)
        }
    }
}

struct NoteEditor: View {
    @Binding var document: NoteDocument
    @State private var exporting = false

    var body: some View {
        TextEditor(text: $document.text)
            .toolbar { Button("Export as Text") { exporting = true } }
            .fileExporter(isPresented: $exporting, document: document, contentType: .plainText) { _ in }
    }
}
