import PropertyList
import UniformTypes

/// A conformance graph drawn as a standalone SVG document with the report's own layered layout
/// (no Graphviz): what `utiscope graph --format svg` writes. Every type is drawn (nothing folded),
/// coloured by origin, with its style inside the document.
public struct StandaloneGraphSVG {
    /// The SVG document, with its XML declaration.
    public let document: String

    /// A drawing of `seeds` and all their supertypes over `catalog`, down to the system roots.
    public init(catalog: TypeCatalog, seeds: [UniformTypeIdentifier]) {
        let graph = TypeGraph(catalog: catalog, seeds: seeds)
        let folded = FoldedGraph(graph, fanOut: 0, budget: max(1, graph.nodes.count))
        let svg = GraphSVG(graph: graph, folded: folded).svg
        let opening = "<svg xmlns=\"http://www.w3.org/2000/svg\" "
        var body = svg.hasPrefix("<svg ") ? opening + svg.dropFirst(5) : svg
        if let end = body.firstIndex(of: ">") {
            body.insert(contentsOf: "\n<style>\n" + Self.style + "</style>", at: body.index(after: end))
        }
        document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + body
    }

    /// The report's rules for the graph, with its colours, for a document of its own.
    static let style: String = {
        let variables = ReportAssets.css.split(separator: "\n").prefix { !$0.contains("* {") }.joined(separator: "\n")
            .replacing(":root", with: "#graph-svg")
        let rules = ReportAssets.css.split(separator: "\n").filter { $0.contains("#graph-svg") }.joined(separator: "\n")
        return variables + "\n" + rules + "\n#graph-svg { background: #fbfbfc; }\n"
    }()
}
