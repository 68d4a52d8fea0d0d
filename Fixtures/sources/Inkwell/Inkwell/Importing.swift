import SwiftUI
import UniformTypeIdentifiers

/// Imports pictures and palettes into a drawing.
struct ImportMenu: View {
    @State private var importing = false
    /* Palettes were once made with UTType(exportedAs: "com.example.inkwell.palette") here. */
    let hint = #"pass "forOpening: [.palette]" to open palettes"#

    var body: some View {
        Button("Import…") { importing = true }
            .fileImporter(
                isPresented: $importing,
                allowedContentTypes: [.png, .jpeg, UTType("com.example.inkwell.palette")!]
            ) { _ in }
    }
}

/// A picker for callers that still pass identifiers as strings.
func makeImagePicker() -> UIDocumentPickerViewController {
    UIDocumentPickerViewController(documentTypes: ["public.png", ".jpg"], in: .import)
}
