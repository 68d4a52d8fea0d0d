import AppBundle
import PropertyList
import UniformTypes

/// The part of the conformance graph `utiscope graph` draws, in a stable order, with its DOT,
/// Mermaid and JSON renderings.
struct ConformanceSubgraph {
    enum Origin: String {
        case exported, imported, system, undeclared
    }

    struct Node {
        var identifier: UniformTypeIdentifier
        var origin: Origin
        var line: Int?
    }

    var nodes: [Node] = []
    var edges: [(from: Int, to: Int)] = []

    /// The types the drawing starts from: `root` with the app's types that conform to it (or,
    /// without an app, its direct subtypes); without `root`, the app's declared and listed types.
    static func seeds(catalog: TypeCatalog, app unit: AppUnit?, root: UniformTypeIdentifier?) -> [UniformTypeIdentifier]
    {
        let app = unit?.infoPlist
        let graph = catalog.graph
        var seeds: [UniformTypeIdentifier] = []
        if let root {
            seeds.append(root)
            if let app {
                let appTypes =
                    app.declarations.map(\.identifier) + app.documentTypes.flatMap { $0.contentTypes.map(\.value) }
                seeds += appTypes.filter { graph.conforms($0, to: root) }
            } else {
                seeds += graph.directSubtypes(of: root)
            }
        } else if let app {
            seeds = app.declarations.map(\.identifier) + app.documentTypes.flatMap { $0.contentTypes.map(\.value) }
        }
        return seeds
    }

    init(catalog: TypeCatalog, app unit: AppUnit?, root: UniformTypeIdentifier?) {
        let graph = catalog.graph
        let seeds = Self.seeds(catalog: catalog, app: unit, root: root)
        var index: [UniformTypeIdentifier: Int] = [:]
        for identifier in graph.upwardClosure(of: seeds) {
            index[identifier] = nodes.count
            let declaration = catalog.declaration(for: identifier)
            let origin: Origin
            switch declaration?.origin {
            case .exported?: origin = .exported
            case .imported?: origin = .imported
            case .system?: origin = .system
            case nil: origin = .undeclared
            }
            let line = declaration?.origin.isSystem == false ? declaration?.location?.line : nil
            nodes.append(Node(identifier: identifier, origin: origin, line: line))
        }
        for (number, node) in nodes.enumerated() {
            for parent in graph.directSupertypes(of: node.identifier) {
                if let target = index[parent] { edges.append((number, target)) }
            }
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
            + OutputEscaping.escape(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\"") + "\""
    }

    /// A Mermaid label: quotes and angle brackets as entity codes.
    static func mermaidLabel(_ text: String) -> String {
        OutputEscaping.escape(text).replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(
            of: "<", with: "#lt;"
        )
        .replacingOccurrences(of: ">", with: "#gt;")
    }
}
