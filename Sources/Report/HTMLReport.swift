import AppBundle
import DocumentBrowser
import Lint
import PropertyList
import UniformTypes

/// One app's report as a single self-contained HTML page: the conformance graph of its types as
/// inline SVG, the document browser as a grid of files, and the lint findings with their source
/// lines. Nothing is fetched: styles and the small script are inline, and the page's content
/// security policy forbids every other source. Everything from input is escaped.
public struct HTMLReport {
    /// The app, its catalog and its document-browser answers.
    public var browser: DocumentBrowser
    /// The findings, sorted for reporting.
    public var diagnostics: [Diagnostic]
    /// The bytes of files already in memory; other files findings point into are read for their lines.
    public var sources: [String: [UInt8]]
    /// The most app types drawn under one type before the rest are folded into a "+N more" node (0: no limit).
    public var fanOut: Int
    /// The most app types drawn in all; the rest are folded.
    public var budget: Int
    /// The version named in the page's footer.
    public var toolVersion: String

    /// A report on `browser`'s app with `diagnostics`.
    public init(
        browser: DocumentBrowser, diagnostics: [Diagnostic], sources: [String: [UInt8]] = [:], fanOut: Int = 8,
        budget: Int = 300, toolVersion: String
    ) {
        self.browser = browser
        self.diagnostics = diagnostics
        self.sources = sources
        self.fanOut = fanOut
        self.budget = budget
        self.toolVersion = toolVersion
    }

    /// What a report holds, in numbers.
    public struct Summary: Sendable, Equatable {
        /// Types in the graph.
        public var types: Int
        /// Types drawn (the rest are folded).
        public var drawnTypes: Int
        /// Files (or types) in the browser grid.
        public var tiles: Int
        /// Lint findings.
        public var findings: Int
    }

    /// The page, and what it holds.
    public func render() -> (html: String, summary: Summary) {
        let app = browser.app
        let graph = TypeGraph(app: app, catalog: browser.catalog, diagnostics: diagnostics)
        let folded = FoldedGraph(graph, fanOut: fanOut, budget: budget)
        let svg = GraphSVG(graph: graph, folded: folded)
        let grid = BrowserGrid(browser: browser)
        let findings = FindingsTable(diagnostics: diagnostics, lines: SourceLines(sources: sources))
        let drawn = folded.itemOfType.filter { $0 != nil }.count
        let report = LintReport(diagnostics: diagnostics, files: 1 + app.extensions.count)

        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        html += "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<meta name=\"generator\" content=\"utiscope \(HTMLText.attribute(toolVersion))\">\n"
        html += "<title>\(HTMLText.escape(app.name)) — utiscope report</title>\n"
        html += "<style>\n\(ReportAssets.css)</style>\n</head>\n<body>\n"

        // Header.
        html += "<header>\n<h1>\(HTMLText.escape(app.name))</h1>\n<p class=\"meta\">"
        var facts = ["<code>\(HTMLText.path(app.infoPlist.file))</code>"]
        if let identifier = app.infoPlist.bundleIdentifier?.value {
            facts.append("<code>\(HTMLText.escape(identifier))</code>")
        }
        let platform = browser.platform == .macOS ? "macOS" : "iOS"
        facts.append(browser.isPlatformAssumed ? "\(platform) (assumed: the keys do not say)" : platform)
        facts.append("\(app.extensions.count) extension\(app.extensions.count == 1 ? "" : "s")")
        html += facts.joined(separator: " · ") + "</p>\n<nav>"
        html += "<a href=\"#graph\"><b>\(graph.nodes.count)</b> types</a>"
        html += "<a href=\"#browser\"><b>\(app.infoPlist.documentTypes.count)</b> document types</a>"
        if let code = app.code, !code.files.isEmpty {
            html += "<a href=\"#code\"><b>\(code.files.count)</b> Swift files</a>"
        }
        let counts = report.counts
        html += "<a href=\"#findings\" class=\"errors\"><b>\(counts.errors)</b> errors</a>"
        html += "<a href=\"#findings\" class=\"warnings\"><b>\(counts.warnings)</b> warnings</a>"
        html += "<a href=\"#findings\" class=\"infos\"><b>\(counts.infos)</b> infos</a>"
        html += "</nav>\n</header>\n<main>\n"

        // The graph.
        html += "<section id=\"graph\">\n<h2>Conformance graph</h2>\n<p class=\"lead\">"
        html += "The system roots are on the left; each type points to the types it conforms to. "
        if drawn < graph.nodes.count {
            html += "\(drawn) of \(graph.nodes.count) types are drawn; the others are folded into "
            html += "<i>+N more</i> nodes (at most \(fanOut) of the app's types under one type, or with none). "
            html += "Search finds every type, drawn or folded."
        } else {
            html += "All \(graph.nodes.count) types are drawn. Hover over a type for its origin and findings."
        }
        html += "</p>\n" + Self.legend
        html += "<div class=\"toolbar\"><input id=\"type-search\" type=\"search\" placeholder=\"search types\""
        html += " aria-label=\"search types\" autocomplete=\"off\"><span id=\"search-count\" class=\"muted\"></span>"
        html += "<span class=\"zoom\" role=\"group\" aria-label=\"zoom the graph\">"
        html += "<button type=\"button\" id=\"graph-zoom-out\" title=\"zoom out\">−</button>"
        html += "<span id=\"graph-zoom-level\" class=\"muted\">100%</span>"
        html += "<button type=\"button\" id=\"graph-zoom-in\" title=\"zoom in\">+</button>"
        html += "<button type=\"button\" id=\"graph-fit\" title=\"fit the graph to the width of its box\">fit</button>"
        html += "<button type=\"button\" id=\"graph-zoom-reset\" title=\"draw the graph at its own size\">100%</button>"
        html += "</span></div>\n"
        html += "<ol id=\"search-results\"></ol>\n"
        html += "<div class=\"graph-scroll\">\n\(svg.svg)</div>\n</section>\n"

        // The browser.
        html += "<section id=\"browser\">\n<h2>Document browser</h2>\n<p class=\"lead\">"
        html += "A file for each extension of each type the document types list, as the "
        html += platform == "macOS" ? "Finder and open panels" : "Files app and the document browser"
        html += " would show it: the icon it gets and whether it opens (greyed out if not), with the reason "
        html +=
            "that decides. Files are typed by name, as <code>utiscope opens</code> and <code>utiscope icon</code> do.</p>\n"
        html += allowedTypes()
        html +=
            "<div class=\"toolbar\"><input type=\"search\" data-filter=\"browser-grid\" placeholder=\"filter files\""
        html +=
            " aria-label=\"filter files\" autocomplete=\"off\"><span class=\"muted\">\(grid.tiles.count) files</span></div>\n"
        html += grid.html + "</section>\n"
        if let code = app.code, !code.files.isEmpty { html += CodeSection(code: code).html }

        // The findings.
        html += "<section id=\"findings\">\n<h2>Lint findings</h2>\n<p class=\"lead\">"
        html += HTMLText.escape(report.summary) + ", as <code>utiscope lint</code> reports them.</p>\n"
        html += "<div class=\"toolbar\"><input id=\"findings-filter\" type=\"search\" data-filter=\"findings-table\""
        html += " placeholder=\"filter findings\" aria-label=\"filter findings\" autocomplete=\"off\"></div>\n"
        html += findings.html + "</section>\n</main>\n"

        html +=
            "<footer>utiscope \(HTMLText.escape(toolVersion)) · a self-contained page: nothing is fetched</footer>\n"
        html += "<script type=\"application/json\" id=\"report-data\">"
        html += Self.data(graph: graph, folded: folded) + "</script>\n"
        html += "<script>\n\(ReportAssets.script)</script>\n</body>\n</html>\n"
        let summary = Summary(
            types: graph.nodes.count, drawnTypes: drawn, tiles: grid.tiles.count, findings: diagnostics.count)
        return (html, summary)
    }

    /// The legend of the graph's colours and marks.
    static let legend = """
        <ul class="legend">
        <li><span class="swatch exported"></span>exported by the app</li>
        <li><span class="swatch imported"></span>imported by the app</li>
        <li><span class="swatch system"></span>system</li>
        <li><span class="swatch undeclared"></span>declared nowhere (unknown supertype or type)</li>
        <li><span class="swatch error"></span>has errors</li>
        <li><span class="swatch warning"></span>has warnings</li>
        <li><span class="swatch in-cycle"></span>in a conformance cycle</li>
        <li><span class="swatch more"></span>folded subtypes</li>
        </ul>

        """

    /// The allowed types, folded away when there are many.
    func allowedTypes() -> String {
        let allowed = browser.allowed
        var how = allowed.isExplicit ? "given explicitly" : "nil: the app's document types"
        if let site = allowed.site {
            how = "\(site.kind.apiName) at \(site.location); "
            how += site.list.form == .explicit || site.list.form == .dynamic ? "its list" : "the app's document types"
        }
        var text = "<details class=\"allowed\"\(allowed.types.count <= 12 ? " open" : "")><summary>"
        text +=
            "\(allowed.types.count) allowed content type\(allowed.types.count == 1 ? "" : "s") (\(HTMLText.escape(how)))</summary><p>"
        for type in allowed.types {
            let note = type.notes.first.map { ": " + $0.message } ?? ""
            text += "<code class=\"\(type.notes.isEmpty ? "allowed" : "allowed noted")\""
            text += " title=\"\(HTMLText.attribute(type.source.phrase + note))\">"
            text += HTMLText.escape(type.identifier.rawValue) + "</code> "
        }
        if allowed.types.isEmpty { text += "none" }
        return text + "</p></details>\n"
    }

    /// The types for the search script: identifier, origin, drawn item or fold, worst finding.
    static func data(graph: TypeGraph, folded: FoldedGraph) -> String {
        var text = "{\"types\":["
        text.reserveCapacity(graph.nodes.count * 80)
        for (number, node) in graph.nodes.enumerated() {
            if number > 0 { text += "," }
            text += "{\"id\":\(HTMLText.scriptString(node.identifier.rawValue)),\"origin\":\"\(node.origin.rawValue)\""
            text += ",\"item\":\(folded.itemOfType[number] ?? -1),\"fold\":\(folded.foldOfType[number] ?? -1)"
            text += ",\"problem\":\"\(node.problems.worst ?? (node.problems.any ? "problem" : ""))\"}"
        }
        text += "],\"folds\":["
        let firstFold = folded.items.count - folded.folds.count
        for (number, fold) in folded.folds.enumerated() {
            if number > 0 { text += "," }
            text += "{\"item\":\(firstFold + number),\"anchor\":"
            text += fold.anchor.map { HTMLText.scriptString(graph.nodes[$0].identifier.rawValue) } ?? "null"
            text += "}"
        }
        return text + "]}"
    }
}
