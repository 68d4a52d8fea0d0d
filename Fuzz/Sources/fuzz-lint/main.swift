import AppBundle
import Lint
import PropertyList

/// libFuzzer entry point for the whole analysis: the bytes as an Info.plist, its model, and every
/// lint rule over it, with the diagnostics rendered. Any crash, hang or sanitizer report is a
/// finding; findings about the input are the expected outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let linter = Linter()
    let diagnostics: [Diagnostic]
    do {
        let document = try PropertyListReader().read(bytes, file: "Info.plist")
        let unit = AppUnit(name: "fuzz", infoPlist: InfoPlist(document: document), folder: "/nonexistent")
        diagnostics = linter.lint(unit, sources: ["Info.plist": bytes])
    } catch {
        diagnostics = linter.unreadable(error)
    }
    for diagnostic in diagnostics { _ = "\(diagnostic)" }
    return 0
}
