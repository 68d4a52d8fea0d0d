import SwiftUI
import UniformTypeIdentifiers

extension UTType {
    static let jotterNote = UTType(exportedAs: "com.example.jotter.note")
}

/// A note: plain text with a title.
struct NoteDocument: FileDocument {
    static var readableContentTypes: [UTType] { [.jotterNote, .plainText] }
    static var writeableContentTypes: [UTType] { [.jotterNote] }

    var text = ""

    init() {}

    init(configuration: ReadConfiguration) throws {
        text = String(decoding: configuration.file.regularFileContents ?? Data(), as: UTF8.self)
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: Data(text.utf8))
    }
}
