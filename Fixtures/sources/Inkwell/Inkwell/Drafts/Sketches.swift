import UniformTypeIdentifiers

// Not built: the "Drafts" folder is a membership exception of the Inkwell target.
extension UTType {
    static let inkDraft = UTType(exportedAs: "com.example.inkwell.draft")
}
