import AppBundle
import Lint
import PropertyList

/// libFuzzer entry point for the whole analysis: the bytes as an Info.plist, its model, and every
/// lint rule over it, with the diagnostics rendered by one reporter chosen by the input's length:
/// as `lint --verbose` prints them (source lines and carets from the input), as JSON, as SARIF, or
/// as GitHub workflow commands. Any crash, hang or sanitizer report is a finding; findings about
/// the input are the expected outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let linter = Linter()
    let diagnostics: [Diagnostic]
    do {
        let document = try PropertyListReader().read(bytes, file: "Info.plist")
        let unit = AppUnit(name: "fuzz", infoPlist: InfoPlist(document: document), folder: "/nonexistent")
        diagnostics = linter.lint(unit)
    } catch {
        diagnostics = linter.unreadable(error)
    }
    let report = LintReport(diagnostics: diagnostics, files: 1)
    // One reporter per input (rendering is a large part of each run): every one of them is
    // exercised across the corpus.
    switch size % 4 {
    case 0: _ = TextReporter(verbose: true, sources: ["Info.plist": bytes]).render(report)
    case 1: _ = JSONReporter().render(report)
    case 2:
        // The rules the findings name: the catalog's descriptions are the same for every input.
        let codes = Set(diagnostics.map(\.code))
        let rules = RuleRegistry.descriptions.filter { codes.contains($0.code) }
        _ = SARIFReporter(toolVersion: "fuzz", rules: rules).render(report)
    default: _ = GitHubReporter().render(report)
    }
    return 0
}
