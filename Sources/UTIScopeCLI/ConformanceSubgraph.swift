import AppBundle
import PropertyList
import Support
import UniformTypes

/// The part of the conformance graph `utiscope graph` draws, in a stable order, with its DOT,
/// Mermaid and JSON renderings.
struct ConformanceSubgraph {
    typealias Origin = SupertypeGraph.Origin

    /// One type drawn.
    struct Node {
        var identifier: UniformTypeIdentifier
        var origin: Origin
        /// The line where the app declares it.
        var line: Int?
    }

    var nodes: [Node] = []
    var edges: [(from: Int, to: Int)] = []

    /// The types the drawing starts from: `root` with the app's types that conform to it (or,
    /// without an app, its direct subtypes); without `root`, the types the app names.
    static func seeds(catalog: TypeCatalog, app unit: AppUnit?, root: UniformTypeIdentifier?) -> [UniformTypeIdentifier]
    {
        let graph = catalog.graph
        guard let root else { return unit?.namedTypes ?? [] }
        guard let unit else { return [root] + graph.directSubtypes(of: root) }
        return [root] + unit.namedTypes.filter { graph.conforms($0, to: root) }
    }

    init(catalog: TypeCatalog, app unit: AppUnit?, root: UniformTypeIdentifier?) {
        let drawn = SupertypeGraph(catalog: catalog, seeds: Self.seeds(catalog: catalog, app: unit, root: root))
        nodes = drawn.nodes.map { Node(identifier: $0.identifier, origin: $0.origin, line: $0.location?.line) }
        for (number, parents) in drawn.supertypes.enumerated() {
            for parent in parents { edges.append((number, parent)) }
        }
    }

    static let colours: [Origin: String] = [
        .exported: "#cfe3ff", .imported: "#ffe7b8", .system: "#e8e8e8", .undeclared: "#ffd0d0",
    ]

    var dot: String {
        var text = "digraph conformance {\n  rankdir=BT;\n"
        text.reserveCapacity(nodes.count * 96 + edges.count * 64)
        text += "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\"];\n"
        let labels = nodes.map { Self.dotQuoted($0.identifier.rawValue) }
        for (number, node) in nodes.enumerated() {
            text += "  "
            text += labels[number]
            text += " [fillcolor=\""
            text += Self.colours[node.origin] ?? "#ffffff"
            text += "\", tooltip=\""
            text += node.origin.rawValue
            text += node.origin == .undeclared ? "\", style=\"rounded,filled,dashed\"];\n" : "\"];\n"
        }
        for edge in edges {
            text += "  "
            text += labels[edge.from]
            text += " -> "
            text += labels[edge.to]
            text += ";\n"
        }
        return text + "}\n"
    }

    var mermaid: String {
        var text = "graph BT\n"
        text.reserveCapacity(nodes.count * 64 + edges.count * 24)
        for (number, node) in nodes.enumerated() {
            text += "  n\(number)[\""
            text += Self.mermaidLabel(node.identifier.rawValue)
            text += "\"]:::"
            text += node.origin.rawValue
            text += "\n"
        }
        for edge in edges { text += "  n\(edge.from) --> n\(edge.to)\n" }
        for origin in [Origin.exported, .imported, .system, .undeclared] {
            text += "  classDef \(origin.rawValue) fill:\(Self.colours[origin] ?? "#ffffff")\n"
        }
        return text
    }

    var json: String {
        var text = "{\"version\": 1, \"nodes\": ["
        text.reserveCapacity(nodes.count * 80 + edges.count * 80)
        let identifiers = nodes.map { JSONText.quoted($0.identifier.rawValue) }
        for (number, node) in nodes.enumerated() {
            if number > 0 { text += ", " }
            text += "{\"identifier\": "
            text += identifiers[number]
            text += ", \"origin\": \""
            text += node.origin.rawValue
            text += "\""
            if let line = node.line { text += ", \"line\": \(line)" }
            text += "}"
        }
        text += "], \"edges\": ["
        for (number, edge) in edges.enumerated() {
            if number > 0 { text += ", " }
            text += "{\"from\": "
            text += identifiers[edge.from]
            text += ", \"to\": "
            text += identifiers[edge.to]
            text += "}"
        }
        return text + "]}\n"
    }

    /// A DOT string literal: quotes and backslashes escaped, control characters shown as escapes.
    static func dotQuoted(_ text: String) -> String {
        "\""
            + OutputEscaping.escape(text).replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    /// A Mermaid label: quotes and angle brackets as entity codes.
    static func mermaidLabel(_ text: String) -> String {
        OutputEscaping.escape(text).replacing("\"", with: "#quot;").replacing(
            "<", with: "#lt;"
        )
        .replacing(">", with: "#gt;")
    }
}
