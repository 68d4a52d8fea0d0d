import Foundation
import Testing

@testable import Report

@Suite struct HTMLReportTests {
    let sketchbook = appsDirectory + "/Sketchbook"
    let hostile = appsDirectory + "/Hostile"

    @Test func sketchbookReportHasTheGraphTheGridAndTheFindings() throws {
        let (html, summary, diagnostics) = try renderReport(sketchbook)
        let page = try HTMLStructure(html)

        // The graph: one node per type, each type drawn once, with the system roots.
        #expect(page.element(id: "graph-svg")?.name == "svg")
        let typeNodes = page.all("g", class: "node").compactMap { $0.attributes["data-id"] }
        #expect(
            Set(typeNodes) == [
                "com.example.sketchbook.sketch", "com.example.brushes", "public.png", "public.jpeg",
                "public.plain-txt", "public.data", "public.content", "public.image", "public.item",
            ])
        #expect(typeNodes.count == 9)
        #expect(summary.types == 9 && summary.drawnTypes == 9)
        let sketch = try #require(page.all("g", class: "exported").first)
        #expect(sketch.attributes["data-id"] == "com.example.sketchbook.sketch")
        #expect(page.all("g", class: "undeclared").first?.attributes["data-id"] == "public.plain-txt")
        let brushes = try #require(page.all("g", class: "imported").first)
        #expect(brushes.classes.contains("error"))
        #expect(page.all("path", class: "edge").count == 7)
        #expect(page.all("ul", class: "legend").count == 1)
        #expect(page.element(id: "type-search")?.name == "input")
        // Zoom controls: in, out, fit to the box's width (what the page does at load), own size.
        for id in ["graph-zoom-in", "graph-zoom-out", "graph-fit", "graph-zoom-reset"] {
            #expect(page.element(id: id)?.name == "button", "\(id)")
        }

        // The grid: a file per extension, and the type that has none.
        let tiles = page.all("div", class: "tile")
        #expect(tiles.count == 7)
        #expect(summary.tiles == 7)
        let names = page.all("div", class: "file-name").map(\.text)
        #expect(
            names == [
                "Sketch.sketch", "Brush Set.Brushes", "Image.png", "Image.jpeg", "Image.jpg", "Image.jpe",
                "public.plain-txt",
            ])
        #expect(tiles[0].classes.contains("opens") && tiles[0].text.contains("extension-thumbnail"))
        #expect(tiles[1].classes.contains("greyed") && tiles[1].text.contains("claimed by no declared type"))
        #expect(tiles[2].text.contains("system-thumbnail"))
        #expect(tiles[6].classes.contains("nofile"))

        // The findings: one row each, with the source line and a caret.
        let rows = page.all("tr", class: "finding")
        #expect(rows.count == diagnostics.count)
        #expect(rows.count == 9)
        let undeclared = try #require(rows.first { $0.attributes["data-rule"] == "DOC-006" })
        // An Apple-domain identifier: a warning (a newer or iOS system may declare it).
        #expect(undeclared.classes.contains("warning"))
        #expect(undeclared.text.contains("Fixtures/apps/Sketchbook/Info.plist:74:5"))
        // Paths wrap at their separators.
        #expect(html.contains("Fixtures/<wbr>apps/<wbr>Sketchbook/<wbr>Info.plist:74:5"))
        #expect(undeclared.text.contains("content type 'public.plain-txt' of document type 'Image' is not declared"))
        #expect(undeclared.text.contains("<string>public.plain-txt</string>"))
        #expect(html.contains("<span class=\"caret\">^</span>"))
        // Errors first, then warnings, then infos; within a severity, by place.
        let severities = rows.compactMap { row in ["error", "warning", "info"].first { row.classes.contains($0) } }
        #expect(severities.count == rows.count)
        #expect(Set(severities).count > 1, "the fixture has findings of several severities")
        let weights = severities.map { ["info": 0, "warning": 1, "error": 2][$0] ?? -1 }
        #expect(weights == weights.sorted(by: >))
        for severity in Set(severities) {
            let same = zip(severities, rows).filter { $0.0 == severity }.map(\.1.text)
            let expected = diagnostics.filter { $0.severity.rawValue == severity }.map {
                HTMLText.escape(FindingsTable.position($0.location))
            }
            #expect(same.count == expected.count)
            #expect(zip(same, expected).allSatisfy { $0.0.hasPrefix($0.1) }, "\(severity) rows in place order")
        }
        #expect(page.all("button", class: "chip").count == Set(diagnostics.map(\.code)).count)

        // The script, and the data it searches.
        let scripts = page.all("script")
        #expect(scripts.count == 2)
        #expect(scripts[0].attributes["type"] == "application/json")
        let data = try JSONSerialization.jsonObject(with: Data(scripts[0].text.utf8)) as? [String: Any]
        #expect((data?["types"] as? [Any])?.count == 9)
        #expect(scripts[1].text.contains("data-ready"))
    }

    @Test func thePageReferencesNothingOutsideItself() throws {
        for path in [sketchbook, hostile] {
            let (html, _, _) = try renderReport(path)
            // The content security policy is the only place 'http' may appear.
            #expect(!html.replacingOccurrences(of: "http-equiv", with: "").lowercased().contains("http"))
            #expect(!html.contains("src="))
            #expect(!html.contains("@import"))
            #expect(!html.contains("<link"))
            #expect(!html.contains("<img"))
            #expect(!html.contains("<iframe"))
            let page = try HTMLStructure(html)
            for element in page.elements {
                if let href = element.attributes["href"] { #expect(href.hasPrefix("#")) }
            }
            var rest = Substring(html)
            while let range = rest.range(of: "url(") {
                #expect(rest[range.upperBound...].hasPrefix("#"))
                rest = rest[range.upperBound...]
            }
            #expect(html.contains("default-src 'none'"))
        }
    }

    @Test func hostileIdentifiersAreEscaped() throws {
        let (html, summary, diagnostics) = try renderReport(hostile)
        let page = try HTMLStructure(html)
        #expect(page.all("script").count == 2)
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<b>Bold"))
        #expect(html.contains("com.example.&lt;script&gt;alert(1)&lt;/script&gt;"))
        // Bidi and control characters are shown, never written raw.
        #expect(!html.unicodeScalars.contains("\u{202E}"))
        #expect(!html.unicodeScalars.contains("\u{9B}"))
        #expect(html.contains("com.example.bidi\\u{202E}txt.exe"))
        // Attributes hold quotes as references.
        let identifiers = Set(page.all("g", class: "node").compactMap { $0.attributes["data-id"] })
        #expect(identifiers.contains("com.example.a&amp;b&quot;c&#39;d"))
        #expect(identifiers.contains("com.example.&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(identifiers.contains("com.example.missing\\u{9B}31m"))
        // The search data cannot close its script element.
        let data = try #require(page.all("script").first?.text)
        #expect(!data.contains("<") && !data.contains(">") && !data.contains("&"))
        let parsed = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
        let ids = ((parsed?["types"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        #expect(ids.contains("com.example.<script>alert(1)</script>"))
        #expect(ids.contains("com.example.a&b\"c'd"))
        #expect(summary.findings == diagnostics.count)
        #expect(page.all("tr", class: "finding").count == diagnostics.count)
    }

    /// A declaration whose identifier is an empty string is drawn with a label that says so, not
    /// as a box with no text.
    @Test func anEmptyIdentifierIsDrawnAsSuch() throws {
        let path = try temporaryInfoPlist(
            infoPlist(exporting: [("", ["public.data"]), ("com.example.a", ["public.data"])]))
        let (html, _, _) = try renderReport(path)
        let page = try HTMLStructure(html)
        let empty = try #require(page.all("g", class: "empty-identifier").first)
        #expect(empty.attributes["data-id"] == "")
        #expect(empty.text.contains(GraphSVG.emptyIdentifierLabel))
        #expect(empty.text.contains("an empty identifier ('')"))
        #expect(page.all("g", class: "empty-identifier").count == 1)
    }

    @Test func anEmptyIdentifierInTheBrowserGridIsNamedInWords() throws {
        let path = try temporaryInfoPlist(infoPlist(exporting: [], listing: [""]))
        let (html, _, _) = try renderReport(path)
        let page = try HTMLStructure(html)
        let types = page.all("div", class: "type-id").map(\.text)
        #expect(types.contains(GraphSVG.emptyIdentifierLabel))
        #expect(!types.contains(""))
    }

    @Test func problemsAreMarked() throws {
        let (html, _, _) = try renderReport(hostile)
        let page = try HTMLStructure(html)
        let nodes = page.all("g", class: "node")
        func node(_ identifier: String) -> HTMLStructure.Element? {
            nodes.first { $0.attributes["data-id"] == identifier }
        }
        #expect(node("com.example.cycle.one")?.classes.contains("in-cycle") == true)
        #expect(node("com.example.cycle.two")?.classes.contains("in-cycle") == true)
        #expect(node("com.example.missing\\u{9B}31m")?.classes.contains("undeclared") == true)
        #expect(node("com.example.&lt;script&gt;alert(1)&lt;/script&gt;")?.classes.contains("error") == true)
        #expect(node("public.data")?.classes == ["node", "system"])
        #expect(page.all("path", class: "cycle").count == 2)
        #expect(html.contains("marker-end=\"url(#arrow-cycle)\""))
    }

    @Test func escapingFollowsOutputEscaping() {
        #expect(HTMLText.escape("a<b>&\"'") == "a&lt;b&gt;&amp;\"'")
        #expect(HTMLText.attribute("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&#39;")
        #expect(HTMLText.escape("x\u{202E}y\u{0}z\n") == "x\\u{202E}y\\u{0}z\\n")
        #expect(HTMLText.scriptString("</script><!--&") == #""\u003c/script\u003e\u003c!--\u0026""#)
        #expect(HTMLText.truncated("abcdef", limit: 4) == "abc…")
    }
}
