import UniformTypeIdentifiers

// Compiled through the Sources build phase (a group of its own, not a synchronised folder).
extension UTType {
    /// Brush sets, made by another app.
    static var inkBrushes: UTType { UTType(importedAs: "com.example.brushes") }
}
