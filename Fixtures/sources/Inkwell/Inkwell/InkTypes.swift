import UniformTypeIdentifiers

extension UTType {
    /// A drawing: the document type the app owns.
    static let inkDrawing = UTType(exportedAs: "com.example.inkwell.drawing")
    /// A set of stencils, shared between drawings.
    static let inkStencils = UTType(exportedAs: "com.example.inkwell.stencils")
}
