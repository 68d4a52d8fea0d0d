import Foundation
import Testing
import UTIScopeCLI

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct TypeCommandTests {
    let sketchbook = fixturesDirectory + "/apps/Sketchbook/Info.plist"

    func json(_ result: RunResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    }

    @Test func describesASystemTypeWithItsSupertypeTree() {
        let result = utiscope("type", "PUBLIC.JPEG")
        #expect(result.status == .success)
        #expect(result.output.hasPrefix("public.jpeg\n  origin: system (macOS 12.7, CoreTypes, exported)\n"))
        #expect(
            result.output.contains(
                "    public.jpeg\n    └─ public.image\n       ├─ public.data\n       │  └─ public.item\n       └─ public.content\n"
            ))
        #expect(result.output.contains("public.filename-extension: 'jpeg', 'jpg', 'jpe'"))
        #expect(result.output.contains("system thumbnail (image): iOS documented"))
    }

    @Test func jsonFollowsTheContract() throws {
        let object = try json(utiscope("type", "--format", "json", "com.adobe.pdf", "public.folder"))
        #expect(object["version"] as? Int == 1)
        let types = try #require(object["types"] as? [[String: Any]])
        #expect(types.map { $0["identifier"] as? String } == ["com.adobe.pdf", "public.folder"])
        let pdf = types[0]
        #expect(pdf["origin"] as? String == "system")
        #expect(pdf["conformsTo"] as? [String] == ["public.data", "public.composite-content"])
        #expect((pdf["supertypes"] as? [String])?.contains("public.item") == true)
        #expect((pdf["tags"] as? [String: [String]])?["public.filename-extension"] == ["pdf"])
        #expect(pdf["hasSystemIcon"] as? Bool == true)
        #expect((pdf["systemThumbnail"] as? [String: Any])?["ios"] as? String == "documented")
    }

    @Test func unknownIdentifiersAreErrorsWithSuggestions() {
        let result = utiscope("type", "public.plain-txt")
        #expect(result.status == .inputError)
        #expect(
            result.errors == "public.plain-txt: error: no such type in the catalog; did you mean 'public.plain-text'?\n"
        )
    }

    @Test func resolvesAnExtensionCaseInsensitively() throws {
        let object = try json(utiscope("type", "--extension", ".JPG", "--format", "json"))
        #expect(object["tag"] as? String == "JPG")
        #expect(object["class"] as? String == "public.filename-extension")
        #expect(object["preferred"] as? String == "public.jpeg")
        #expect(object["ambiguous"] as? Bool == false)
        #expect(object["tied"] as? [String] == [])
        #expect(object["dynamic"] is NSNull)
    }

    @Test func reportsAmbiguityAsAmbiguity() throws {
        let object = try json(utiscope("type", "--extension", "mp4", "--format", "json"))
        #expect(object["ambiguous"] as? Bool == true)
        #expect(object["preferred"] is NSNull)
        #expect(object["tied"] as? [String] == ["public.mpeg-4", "public.mpeg-4-audio"])
        #expect(object["exportedAmongTied"] is NSNull)
        let candidates = try #require(object["candidates"] as? [[String: Any]])
        #expect(
            candidates.compactMap { $0["identifier"] as? String }.sorted() == ["public.mpeg-4", "public.mpeg-4-audio"])
        #expect(utiscope("type", "--extension", "mp4").output.contains("which one the system picks is undefined"))
    }

    @Test func unclaimedExtensionsGetTheirDynamicIdentifier() throws {
        let object = try json(utiscope("type", "--extension", "sql", "--format", "json"))
        #expect(object["dynamic"] as? String == "dyn.ah62d4rv4ge81g6pq")
        #expect((object["candidates"] as? [Any])?.isEmpty == true)
        let decoded = utiscope("type", "dyn.ah62d4rv4ge80425uqk")
        #expect(decoded.output.contains("tag: public.filename-extension 'mcpb'"))
    }

    @Test func appDeclarationsJoinTheCatalog() throws {
        let object = try json(utiscope("type", "--app", sketchbook, "--extension", "sketch", "--format", "json"))
        #expect(object["preferred"] as? String == "com.example.sketchbook.sketch")
        let candidate = try #require((object["candidates"] as? [[String: Any]])?.first)
        #expect(candidate["origin"] as? String == "exported")
        let text = utiscope("type", "--app", sketchbook, "com.example.sketchbook.sketch")
        #expect(text.output.contains("origin: exported by com.example.sketchbook (\(sketchbook):80:3)"))
        // Shape problems of the app are lint's to report, not type's.
        #expect(text.errors.isEmpty)
    }

    @Test func systemTypesFromAFileLayerOverTheEmbeddedCatalog() throws {
        let path = try temporaryFile(
            """
            <plist><array><dict>
            <key>UTTypeIdentifier</key><string>public.future-format</string>
            <key>UTTypeConformsTo</key><string>public.data</string>
            <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><string>ftr</string></dict>
            </dict></array></plist>
            """, name: "newer.plist")
        let object = try json(utiscope("type", "--system-types", path, "--extension", "ftr", "--format", "json"))
        #expect(object["preferred"] as? String == "public.future-format")
        let candidate = try #require((object["candidates"] as? [[String: Any]])?.first)
        #expect(candidate["origin"] as? String == "system")
    }

    @Test func usageErrors() {
        #expect(utiscope("type").status == .usage)
        #expect(utiscope("type", "public.data", "--extension", "txt").status == .usage)
        #expect(utiscope("type", "--extension", "txt", "--mime", "text/plain").status == .usage)
        #expect(utiscope("type", "public.data", "--conforming-to", "public.item").status == .usage)
    }

    /// A malformed loading option is a usage error (exit 64, pointing at help) in every command
    /// that reads an app, whether or not the app could be read; and `--allowed` with `--site` is
    /// refused before any app is read.
    @Test func loadingOptionsAreCheckedAsTheCommandLineIsRead() {
        let app = fixturesDirectory + "/apps/Sketchbook"
        let commands: [[String]] = [
            ["type", "public.data", "--app", app], ["graph", "--app", app], ["allowed", "--app", app],
            ["opens", "a.txt", "--app", app], ["icon", "public.data", "--app", app],
            ["browse", fixturesDirectory, "--app", app], ["app", app], ["lint", app], ["report", app],
        ]
        for command in commands {
            let result = utiscope(command + ["--setting", "NOVALUE"])
            #expect(result.status == .usage, "\(command)")
            #expect(result.errors.hasPrefix("Error: '--setting' takes NAME=VALUE, not 'NOVALUE'\n"), "\(command)")
        }
        let both = utiscope("allowed", "--app", "/no/such/app", "--allowed", "public.data", "--site", "A.swift:1")
        #expect(both.status == .usage)
        #expect(both.errors.hasPrefix("Error: give either --allowed or --site, not both\n"))
    }
}

@Suite struct GraphCommandTests {
    let sketchbook = fixturesDirectory + "/apps/Sketchbook/Info.plist"

    /// An app given without `--app` is refused with a word on how to give it; with `--app`, an
    /// extra argument is just unexpected. `allowed` says the same.
    @Test func anAppWithoutAppOptionSaysHowToGiveIt() {
        for command in ["graph", "allowed"] {
            let bare = utiscope(command, sketchbook)
            #expect(bare.status == .usage)
            #expect(
                bare.errors.hasPrefix(
                    "Error: unexpected argument '\(sketchbook)'; to name the app, give '--app \(sketchbook)'\n"))
            let extra = utiscope(command, "--app", sketchbook, "more")
            #expect(extra.status == .usage)
            #expect(extra.errors.hasPrefix("Error: unexpected argument 'more'\n"))
        }
    }

    /// `graph` and the report draw the same types for an app (one walk, ``SupertypeGraph``).
    @Test func graphAndReportDrawTheSameTypes() throws {
        for app in ["Sketchbook", "Scribe", "Notebook"] {
            let path = fixturesDirectory + "/apps/" + app
            let graph = utiscope("graph", "--app", path, "--format", "json")
            #expect(graph.status == .success)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(graph.output.utf8)) as? [String: Any])
            let drawn = Set(
                try #require(object["nodes"] as? [[String: Any]]).compactMap { $0["identifier"] as? String })
            let report = utiscope("report", path)
            #expect(report.status == .success)
            let pattern = try NSRegularExpression(
                pattern: "<g class=\"node[^\"]*\" data-item=\"[0-9]+\" data-id=\"([^\"]*)\"")
            let page = report.output as NSString
            let reported = Set(
                pattern.matches(in: report.output, range: NSRange(location: 0, length: page.length)).map {
                    page.substring(with: $0.range(at: 1))
                })
            #expect(!drawn.isEmpty)
            #expect(drawn == reported, "\(app)")
        }
    }

    @Test func drawsTheAppsTypesDownToTheRoots() throws {
        let result = utiscope("graph", "--app", sketchbook, "--format", "json")
        #expect(result.status == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let nodes = try #require(object["nodes"] as? [[String: Any]])
        let origins = Dictionary(
            uniqueKeysWithValues: nodes.compactMap { node in
                (node["identifier"] as? String).map { ($0, node["origin"] as? String ?? "") }
            })
        #expect(origins["com.example.sketchbook.sketch"] == "exported")
        #expect(origins["com.example.brushes"] == "imported")
        #expect(origins["public.plain-txt"] == "undeclared")
        #expect(origins["public.item"] == "system")
        let edges = try #require(object["edges"] as? [[String: String]])
        #expect(edges.contains(["from": "com.example.sketchbook.sketch", "to": "public.data"]))
        #expect(edges.contains(["from": "public.jpeg", "to": "public.image"]))
    }

    @Test func dotAndMermaidEscapeLabels() throws {
        let path = try temporaryFile(
            """
            <plist><dict><key>UTExportedTypeDeclarations</key><array><dict>
            <key>UTTypeIdentifier</key><string>com.example."quoted"</string>
            <key>UTTypeConformsTo</key><array><string>public.data</string></array>
            </dict></array></dict></plist>
            """)
        let dot = utiscope("graph", "--app", path)
        #expect(dot.output.hasPrefix("digraph conformance {"))
        #expect(dot.output.contains(#""com.example.\"quoted\"" -> "public.data";"#))
        let mermaid = utiscope("graph", "--app", path, "--format", "mermaid")
        #expect(mermaid.output.contains(#"["com.example.#quot;quoted#quot;"]:::exported"#))
    }

    /// `--format svg` is drawn by utiscope with the report's layout (no Graphviz, no process): a
    /// standalone SVG document with a node per type and an edge per conformance.
    @Test func svgIsDrawnByUtiscope() throws {
        let svg = utiscope("graph", "--app", sketchbook, "--format", "svg")
        #expect(svg.status == .success)
        #expect(
            svg.output.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let counter = SVGCounter()
        let parser = XMLParser(data: Data(svg.output.utf8))
        parser.delegate = counter
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        let object = try #require(
            try JSONSerialization.jsonObject(
                with: Data(utiscope("graph", "--app", sketchbook, "--format", "json").output.utf8)) as? [String: Any])
        let nodes = try #require(object["nodes"] as? [[String: Any]])
        let edges = try #require(object["edges"] as? [[String: String]])
        #expect(Set(counter.nodes) == Set(nodes.compactMap { $0["identifier"] as? String }))
        #expect(counter.nodes.count == nodes.count)
        #expect(counter.edges == edges.count)
        #expect(counter.styled, "its style is inside the document")
        // --root draws the type and its supertypes.
        let root = utiscope("graph", "--root", "public.jpeg", "--format", "svg")
        #expect(root.status == .success)
        #expect(root.output.contains("data-id=\"public.jpeg\"") && root.output.contains("data-id=\"public.image\""))
    }

    @Test func needsAnAppOrARoot() {
        let result = utiscope("graph")
        #expect(result.status == .usage)
        #expect(result.errors.contains("name an app (--app) or a type (--root) to draw"))
    }
}

/// Counts an SVG's type nodes (by `data-id`) and edges, and whether it holds a style element.
private final class SVGCounter: NSObject, XMLParserDelegate {
    var nodes: [String] = []
    var edges = 0
    var styled = false

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let classes = (attributes["class"] ?? "").split(separator: " ")
        if name == "g", classes.contains("node"), let id = attributes["data-id"] { nodes.append(id) }
        if name == "path", classes.contains("edge") { edges += 1 }
        if name == "style" { styled = true }
    }
}
