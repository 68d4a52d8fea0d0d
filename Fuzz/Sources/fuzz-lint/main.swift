import AppBundle
import Lint
import PropertyList

/// libFuzzer entry point for the whole analysis: the bytes as an Info.plist, its model, and every
/// lint rule over it, with the diagnostics rendered as `lint --verbose` prints them (source lines
/// and carets from the input) and, for inputs of odd length, as JSON. Any crash, hang or sanitizer report is a
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
    let report = LintReport(diagnostics: diagnostics, files: 1)
    _ = TextReporter(verbose: true, sources: ["Info.plist": bytes]).render(report)
    if size % 2 == 1 { _ = JSONReporter().render(report) }
    return 0
}
