import Testing

@testable import SwiftSource

/// Input written to hurt the reader: deep nesting, long chains, files cut short. Each must be
/// read without trapping, in time that grows with the input.
@Suite struct HostileSourceTests {
    private let delegateHead = """
        func documentBrowser(_ controller: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, UIDocumentBrowserViewController.ImportMode) -> Void) {

        """

    @Test func deeplyNestedBlocksInTheDelegate() throws {
        let depth = 3000
        let code =
            delegateHead + String(repeating: "if ready {\n", count: depth) + "importHandler(nil, .none)\n"
            + String(repeating: "}\n", count: depth) + "}\n"
        let handler = try #require(facts(code).creationHandlers.first)
        #expect(!handler.isFullyModelled)
        #expect(handler.repeatedCalls.isEmpty)
    }

    @Test func deeplyNestedClosuresInTheDelegate() throws {
        let depth = 3000
        let code =
            delegateHead + String(repeating: "run {\n", count: depth) + "importHandler(nil, .none)\n"
            + String(repeating: "}\n", count: depth) + "}\n"
        let handler = try #require(facts(code).creationHandlers.first)
        #expect(handler.repeatedCalls.isEmpty)
    }

    @Test func deeplyNestedInitializers() throws {
        let depth = 5000
        let code =
            "let picker = UIDocumentPickerViewController(forOpeningContentTypes: ["
            + String(repeating: "UTType(", count: depth) + "\"public.png\"" + String(repeating: ")", count: depth)
            + "])"
        let site = try #require(facts(code).creationSites.first)
        #expect(site.list.form == .dynamic)
    }

    @Test func aLongChainOfLocalNames() throws {
        let count = 3000
        var code = "func make() {\n    let name0 = \"public.png\"\n"
        for index in 1..<count { code += "    let name\(index) = name\(index - 1)\n" }
        code += "    _ = UIDocumentPickerViewController(forOpeningContentTypes: [UTType(name\(count - 1))!])\n}\n"
        let site = try #require(facts(code).creationSites.first)
        #expect(site.list.form == .dynamic)
        // A short chain still resolves.
        let short = """
            func make() {
                let a = "public.png"
                let b = a
                _ = UIDocumentPickerViewController(forOpeningContentTypes: [UTType(b)!])
            }
            """
        #expect(try #require(facts(short).creationSites.first).list.identifiers == ["public.png"])
    }

    @Test func filesCutShort() {
        let cut = [
            "#if false\nlet x = UTType(exportedAs: \"com.example.a\")",
            "let browser = UIDocumentBrowserViewController(forOpening: [.pdf,",
            "extension UTType { static let a = UTType(exportedAs: \"com.example.a\"",
            "func documentBrowser(_ c: UIDocumentBrowserViewController, didRequestDocumentCreationWithHandler h: H) {\n if x {",
            "let s = \"\"\"\nUTType(exportedAs: \"a\")",
            "let s = \"\\(UTType(exportedAs: \"com.example.a\"",
            "/* UTType /* nested",
            "struct Doc: FileDocument { static var readableContentTypes: [UTType] {",
        ]
        for code in cut {
            let facts = facts(code)
            _ = facts.creationSites
            #expect(facts.files == ["App.swift"], "\(code)")
        }
        #expect(facts(cut[0]).declarationSites.isEmpty)
    }

    @Test func manyUnbalancedBrackets() {
        let code =
            "let browser = UIDocumentBrowserViewController(forOpening: " + String(repeating: "[", count: 20000)
            + String(repeating: ")", count: 20000)
        #expect(facts(code).creationSites.count == 1)
    }
}
