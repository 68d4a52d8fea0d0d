import Foundation
import TestScratch
import Testing
import UTIScopeCLI

/// The commands with the app's Swift code: lint's SRC findings, `--sources` and `--no-sources`,
/// the configuration key, suppression and baselines in Swift, the sites `allowed` lists and the
/// one `opens`, `icon` and `browse` answer for, Swift constants in `--allowed`, and `app`.
@Suite struct SourcesCommandTests {
    let inkwell = fixturesDirectory + "/sources/Inkwell"
    let jotter = fixturesDirectory + "/sources/Jotter"

    /// The `[CODE]`s of text lint output, sorted.
    func codes(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }.sorted()
    }

    @Test func lintReadsAProjectsCode() {
        let result = utiscope("lint", inkwell)
        #expect(result.status == .findings)
        #expect(
            codes(result.output) == ["ICON-001", "QL-002", "SRC-001", "SRC-003", "SRC-004", "SRC-005", "SRC-008"])
        #expect(
            result.output.contains(
                inkwell
                    + "/Inkwell/DocumentBrowserViewController.swift:31:13: error: this path returns without calling 'importHandler'"
            ))
        // Two Info.plists and four Swift files.
        #expect(result.errors.contains("in 6 files"))
    }

    @Test func noSourcesAndTheConfigurationTurnItOff() throws {
        let off = utiscope("lint", inkwell, "--no-sources")
        #expect(codes(off.output) == ["ICON-001", "QL-002"])
        #expect(off.status == .success)
        let config = try temporaryFile(#"{"version": 1, "sources": false}"#, name: "utiscope.json")
        #expect(codes(utiscope("lint", inkwell, "--config", config).output) == ["ICON-001", "QL-002"])
        let wrong = try temporaryFile(#"{"version": 1, "sources": "no"}"#, name: "utiscope.json")
        let refused = utiscope("lint", inkwell, "--config", wrong)
        #expect(refused.status == .inputError)
        #expect(refused.errors.contains("\"sources\" must be true or false"))
    }

    @Test func excludedSwiftFilesGiveNoFindings() throws {
        let config = try temporaryFile(#"{"version": 1, "excluded": ["Importing.swift"]}"#, name: "utiscope.json")
        let result = utiscope("lint", inkwell, "--config", config)
        #expect(codes(result.output) == ["ICON-001", "QL-002", "SRC-001", "SRC-005", "SRC-008"])
    }

    @Test func sourcesGiveAnInfoPlistItsCode() {
        let plist = jotter + "/App/Info.plist"
        #expect(codes(utiscope("lint", plist).output).isEmpty)
        let result = utiscope("lint", plist, "--sources", jotter + "/App/Sources")
        #expect(codes(result.output) == ["SRC-006", "SRC-007"])
        let missing = utiscope("lint", plist, "--sources", jotter + "/Nowhere")
        #expect(missing.status == .inputError)
        #expect(missing.errors.contains("Nowhere: error: no such file or folder (--sources)"))
        #expect(utiscope("lint", plist, "--sources", jotter, "--no-sources").status == .usage)
        // Standard input takes code too.
        let input = FileManager.default.contents(atPath: plist).map { [UInt8]($0) }
        let piped = utiscope(["lint", "-", "--sources", jotter + "/App/Sources"], input: input)
        #expect(codes(piped.output) == ["SRC-006", "SRC-007"])
    }

    @Test func suppressionAndBaselinesInSwift() throws {
        let folder = try Scratch.folder("suppression")
        let plist = try String(contentsOfFile: jotter + "/App/Info.plist", encoding: .utf8)
        try plist.write(to: folder.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let code = """
            struct NoteDocument: FileDocument {
                static var readableContentTypes: [UTType] { [.plainText] }
                // utiscope:disable SRC-007
                static var writeableContentTypes: [UTType] {
                    [.plainText]
                }
            }
            struct DraftDocument: FileDocument {
                static var writeableContentTypes: [UTType] { [.plainText] }
            }
            """
        try code.write(to: folder.appendingPathComponent("Documents.swift"), atomically: true, encoding: .utf8)
        let result = utiscope("lint", folder.path)
        #expect(codes(result.output) == ["SRC-007"])
        #expect(result.output.contains("Documents.swift:9:16: warning: 'writeableContentTypes'"))
        let baseline = folder.appendingPathComponent("baseline.json").path
        #expect(utiscope("lint", folder.path, "--write-baseline", baseline, "--strict").status == .findings)
        #expect(utiscope("lint", folder.path, "--baseline", baseline, "--strict").status == .success)
        // A new finding in the file is new to the baseline.
        try (code + "\nstruct Third: FileDocument { static var writeableContentTypes: [UTType] { [] } }\n").write(
            to: folder.appendingPathComponent("Documents.swift"), atomically: true, encoding: .utf8)
        #expect(codes(utiscope("lint", folder.path, "--baseline", baseline).output) == ["SRC-007"])
    }

    @Test func allowedListsEverySite() throws {
        let text = utiscope("allowed", "--app", inkwell)
        #expect(text.status == .success)
        #expect(text.output.contains("the app's code shows files to open at 3 places"))
        #expect(
            text.output.contains(
                "2. allowed types (listed in code: .fileImporter(allowedContentTypes:) at \(inkwell)/Inkwell/Importing.swift:12:13):"
            ))
        #expect(text.output.contains(#"✗ ".jpg" is a filename extension, not a type identifier: it allows no file"#))
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(utiscope("allowed", "--app", inkwell, "--format", "json").output.utf8))
                as? [String: Any])
        let sites = try #require(json["sites"] as? [[String: Any]])
        #expect(sites.count == 3)
        let first = try #require(sites.first?["site"] as? [String: Any])
        #expect(first["kind"] as? String == "documentBrowser")
        #expect(first["line"] as? Int == 7)
        let types = try #require(json["allowedTypes"] as? [[String: Any]])
        #expect(
            types.map { $0["identifier"] as? String } == [
                "com.example.inkwell.drawing", "com.example.inkwell.stencils", "com.adobe.pdf",
            ])
        #expect(types.first?["source"] as? String == "code")
        #expect(types.first?["code"] as? String == ".inkDrawing")
    }

    @Test func opensAnswersForOneSite() throws {
        let folder = try Scratch.folder("documents")
        let png = folder.appendingPathComponent("a.png").path
        FileManager.default.createFile(atPath: png, contents: Data())
        let byDefault = utiscope("opens", png, "--app", inkwell)
        #expect(byDefault.output.hasPrefix("note: the app's code shows files to open at 3 places; answering for"))
        #expect(byDefault.output.contains("greyed out"))
        let importer = utiscope("opens", png, "--app", inkwell, "--site", "Inkwell/Importing.swift:12")
        #expect(importer.output.contains("a.png: opens"))
        #expect(importer.output.contains("answering for \(inkwell)/Inkwell/Importing.swift:12"))
        let nowhere = utiscope("opens", png, "--app", inkwell, "--site", "Importing.swift:13")
        #expect(nowhere.status == .usage)
        #expect(nowhere.errors.contains("sites: '\(inkwell)/Inkwell/DocumentBrowserViewController.swift:7'"))
        #expect(
            utiscope("opens", png, "--app", inkwell, "--site", "Importing.swift:12", "--allowed", "nil").status
                == .usage)
        // --allowed overrides the code; --no-sources leaves the document types.
        #expect(utiscope("opens", png, "--app", inkwell, "--allowed", "public.image").output.contains("a.png: opens"))
        #expect(!utiscope("opens", png, "--app", inkwell, "--no-sources").output.contains("note: the app's code"))
        let icon = utiscope("icon", "com.example.inkwell.drawing", "--app", inkwell, "--format", "json")
        #expect(icon.output.contains("\"site\": {\"file\": \"\(inkwell)/Inkwell/DocumentBrowserViewController.swift\""))
        let browse = utiscope("browse", folder.path, "--app", inkwell, "--site", "Importing.swift:21")
        #expect(browse.output.contains("answering for \(inkwell)/Inkwell/Importing.swift:21"))
    }

    @Test func allowedTakesSwiftConstants() {
        let result = utiscope(
            "allowed", "--app", inkwell, "--allowed", ".inkDrawing, plainText,UTType.pdf,kUTTypePNG,com.example.x",
            "--format", "json")
        #expect(result.status == .success)
        for identifier in [
            "com.example.inkwell.drawing", "public.plain-text", "com.adobe.pdf", "public.png", "com.example.x",
        ] {
            #expect(result.output.contains("\"identifier\": \"\(identifier)\""), "\(identifier)")
        }
        let unknown = utiscope("allowed", "--app", inkwell, "--allowed", ".notAConstant")
        #expect(unknown.status == .usage)
        #expect(unknown.errors.contains("'.notAConstant' is neither one of the app's type constants nor a system one"))
        // Without the code, the app's own constants are unknown.
        #expect(utiscope("allowed", "--app", inkwell, "--no-sources", "--allowed", ".inkDrawing").status == .usage)
    }

    @Test func appShowsWhatWasRead() throws {
        let text = utiscope("app", inkwell).output
        #expect(text.contains("  Swift code (4 files read):\n    type constants (3):\n"))
        #expect(
            text.contains(
                "        a path ends without consuming it: return at \(inkwell)/Inkwell/DocumentBrowserViewController.swift:31:13"
            ))
        #expect(utiscope("app", inkwell, "--no-sources").output.contains("  Swift code: not read"))
        let jotterText = utiscope("app", jotter).output
        #expect(
            jotterText.contains(
                "    document scenes and exporters (2):\n"
                    + "      DocumentGroup(newDocument:) NoteDocument (\(jotter)/App/Sources/JotterApp.swift:6:9)\n"
                    + "      .fileExporter (document not named in code) (\(jotter)/App/Sources/JotterApp.swift:19:13): "
                    + ".plainText → public.plain-text\n"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(utiscope("app", jotter, "--format", "json").output.utf8))
                as? [String: Any])
        let code = try #require(json["code"] as? [String: Any])
        let documents = try #require(code["documents"] as? [[String: Any]])
        #expect(documents.first?["name"] as? String == "NoteDocument")
        #expect(documents.first?["inDocumentGroup"] as? Bool == true)
        let scenes = try #require(code["sceneUses"] as? [[String: Any]])
        #expect(scenes.map { $0["kind"] as? String } == ["newDocument", "fileExporter"])
        #expect(scenes.map { $0["document"] as? String } == ["NoteDocument", nil])
        #expect(scenes.first?["contentTypes"] is NSNull)
        let exported = try #require(scenes.last?["contentTypes"] as? [String: Any])
        #expect(exported["identifiers"] as? [String] == ["public.plain-text"])
        let readable = try #require(documents.first?["readableContentTypes"] as? [String: Any])
        #expect(readable["identifiers"] as? [String] == ["com.example.jotter.note", "public.plain-text"])
        #expect(
            try JSONSerialization.jsonObject(
                with: Data(utiscope("app", jotter, "--format", "json", "--no-sources").output.utf8)) is [String: Any])
    }

    @Test func theReportShowsTheCode() {
        let html = utiscope("report", inkwell).output
        #expect(html.contains("<section id=\"code\">"))
        #expect(html.contains("<a href=\"#code\"><b>4</b> Swift files</a>"))
        #expect(
            utiscope("report", jotter).output.contains(
                "<li><code>DocumentGroup(newDocument:)</code> <code>NoteDocument</code> <span class=\"muted\">"))
        #expect(!utiscope("report", inkwell, "--no-sources").output.contains("<section id=\"code\">"))
    }
}
