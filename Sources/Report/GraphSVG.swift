import PropertyList
import Support

/// The conformance graph as inline SVG: a ``FoldedGraph`` laid out by ``LayeredLayout``, nodes
/// coloured by origin, problems marked, the roots on the left and subtypes to their right.
struct GraphSVG {
    /// The longest label drawn; longer identifiers are cut, and shown whole in the tooltip.
    static let labelLimit = 48
    /// The width of one character of the monospaced label font (12 px).
    static let characterWidth = 7.3
    static let nodeHeight = 24.0

    let graph: TypeGraph
    let folded: FoldedGraph
    let layout: LayeredLayout

    init(graph: TypeGraph, folded: FoldedGraph) {
        self.graph = graph
        self.folded = folded
        let sizes = folded.items.map { item -> (width: Double, height: Double) in
            (
                Self.width(
                    of: Self.label(item, graph: graph, folded: folded), badge: Self.badge(item, graph: graph)),
                Self.nodeHeight
            )
        }
        layout = LayeredLayout(sizes: sizes, edges: folded.edges)
    }

    /// What a type whose identifier is an empty string is drawn as.
    static let emptyIdentifierLabel = "(empty identifier)"

    /// The text drawn in an item.
    static func label(_ item: FoldedGraph.Item, graph: TypeGraph, folded: FoldedGraph) -> String {
        switch item {
        case .type(let node):
            let identifier = graph.nodes[node].identifier.rawValue
            return identifier.isEmpty ? emptyIdentifierLabel : HTMLText.truncated(identifier, limit: labelLimit)
        case .more(let fold):
            let count = folded.folds[fold].members.count
            if folded.folds[fold].anchor == nil {
                return "+\(count) more with no supertype"
            }
            return "+\(count) more subtype\(count == 1 ? "" : "s")"
        }
    }

    /// The badge of a type with problems: its number of errors and warnings, `?` for an
    /// undeclared type, `↻` for a cycle.
    static func badge(_ item: FoldedGraph.Item, graph: TypeGraph) -> String? {
        guard case .type(let node) = item else { return nil }
        let problems = graph.nodes[node].problems
        if problems.errors + problems.warnings > 0 { return String(problems.errors + problems.warnings) }
        if problems.inCycle { return "↻" }
        if problems.isUnknown { return "?" }
        return nil
    }

    /// A node's width: its label, padding, and its badge when it has one.
    static func width(of label: String, badge: String?) -> Double {
        Double(label.count) * characterWidth + 20 + (badge.map { badgeWidth($0) + 6 } ?? 0)
    }

    /// A badge's width: a circle for one character, a pill for more.
    static func badgeWidth(_ badge: String) -> Double {
        max(16, Double(badge.count) * 6.5 + 8)
    }

    /// The `<svg>` element.
    var svg: String {
        let width = Self.format(layout.width)
        let height = Self.format(layout.height)
        var text = "<svg id=\"graph-svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
        text += " role=\"img\" aria-label=\"conformance graph of \(graph.nodes.count) types\">\n"
        text += "<defs>"
        for (name, colour) in [("arrow", "#8a8f98"), ("arrow-cycle", "#8e3fc4")] {
            text += "<marker id=\"\(name)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\""
            text +=
                " markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(colour)\"/></marker>"
        }
        text += "</defs>\n<g class=\"edges\">\n"
        text.reserveCapacity(folded.items.count * 400 + layout.routes.count * 160)
        for route in layout.routes {
            let edge = folded.edges[route.edge]
            let cycle = isCycleEdge(edge)
            text +=
                "<path class=\"edge\(cycle ? " cycle" : "")\" data-from=\"\(edge.from)\" data-to=\"\(edge.to)\" d=\""
            text += Self.path(route.points)
            let marker = cycle ? "arrow-cycle" : "arrow"
            text +=
                route.isReversed ? "\" marker-end=\"url(#\(marker))\"/>\n" : "\" marker-start=\"url(#\(marker))\"/>\n"
        }
        text += "</g>\n<g class=\"nodes\">\n"
        for (number, item) in folded.items.enumerated() {
            text += node(number, item)
        }
        return text + "</g>\n</svg>\n"
    }

    /// Whether an edge joins two types of a cycle.
    func isCycleEdge(_ edge: (from: Int, to: Int)) -> Bool {
        guard case .type(let from) = folded.items[edge.from], case .type(let to) = folded.items[edge.to] else {
            return false
        }
        return graph.nodes[from].problems.inCycle && graph.nodes[to].problems.inCycle
    }

    /// One node: a group with its tooltip, box, label and badge.
    func node(_ number: Int, _ item: FoldedGraph.Item) -> String {
        let x = Self.format(layout.x[number])
        let y = Self.format(layout.y[number] - Self.nodeHeight / 2)
        let label = Self.label(item, graph: graph, folded: folded)
        let badge = Self.badge(item, graph: graph)
        let boxWidth = Self.width(of: label, badge: badge)
        var classes: [String]
        var title: String
        var identifier = ""
        switch item {
        case .type(let node):
            let type = graph.nodes[node]
            classes = ["node", type.origin.rawValue]
            if let worst = type.problems.worst, worst != "info" { classes.append(worst) }
            if type.problems.isUnknown { classes.append("unknown") }
            if type.problems.inCycle { classes.append("in-cycle") }
            identifier = type.identifier.rawValue
            if identifier.isEmpty { classes.append("empty-identifier") }
            title =
                (identifier.isEmpty ? "an empty identifier ('')" : OutputEscaping.escape(identifier)) + " — "
                + Self.originPhrase(type)
            if let location = type.location { title += " (\(OutputEscaping.escape(location.description)))" }
            if type.problems.inCycle { title += "\nin a conformance cycle" }
            let problems = type.problems
            if problems.findings > 0 {
                title += "\n\(problems.errors) error(s), \(problems.warnings) warning(s), \(problems.infos) info(s):"
                for message in problems.messages { title += "\n• " + OutputEscaping.escape(message) }
                if problems.findings > problems.messages.count { title += "\n…" }
            }
        case .more(let fold):
            classes = ["node", "more"]
            let members = folded.folds[fold].members
            let under =
                folded.folds[fold].anchor.map { "under " + graph.nodes[$0].identifier.rawValue }
                ?? "that conform to nothing"
            title = "\(members.count) more type(s) \(under), folded to keep the graph readable; search to find one:"
            for member in members.prefix(12) {
                title += "\n" + OutputEscaping.escape(graph.nodes[member].identifier.rawValue)
            }
            if members.count > 12 { title += "\n…" }
        }
        var text = "<g class=\"\(classes.joined(separator: " "))\" data-item=\"\(number)\""
        if case .type = item { text += " data-id=\"\(HTMLText.attribute(identifier))\"" }
        // The tooltip's lines stay lines: its parts from input were escaped above, newlines included.
        let tooltip = title.split(separator: "\n", omittingEmptySubsequences: false).map {
            HTMLText.escape(String($0))
        }.joined(separator: "\n")
        text += " transform=\"translate(\(x),\(y))\"><title>\(tooltip)</title>"
        text += "<rect width=\"\(Self.format(boxWidth))\" height=\"\(Self.format(Self.nodeHeight))\" rx=\"5\"/>"
        text += "<text x=\"10\" y=\"16\">\(HTMLText.escape(label))</text>"
        if let badge {
            let width = Self.badgeWidth(badge)
            let left = boxWidth - 6 - width
            text += "<g class=\"badge\"><rect x=\"\(Self.format(left))\" y=\"4\" width=\"\(Self.format(width))\""
            text += " height=\"16\" rx=\"8\"/><text x=\"\(Self.format(left + width / 2))\" y=\"16\""
            text += " text-anchor=\"middle\">\(HTMLText.escape(badge))</text></g>"
        }
        return text + "</g>\n"
    }

    /// `exported by the app`, `system`…
    static func originPhrase(_ node: TypeGraph.Node) -> String {
        switch node.origin {
        case .exported: "exported by the app"
        case .imported: "imported by the app"
        case .system: "system type"
        case .undeclared: "declared nowhere (an unknown type)"
        }
    }

    /// SVG path data for a route: straight inside columns, an S-curve between them.
    static func path(_ points: [LayeredLayout.Point]) -> String {
        guard let first = points.first else { return "" }
        var text = "M\(format(first.x)),\(format(first.y))"
        for index in points.indices.dropFirst() {
            let point = points[index]
            if index % 2 == 1 {
                text += " L\(format(point.x)),\(format(point.y))"
            } else {
                let previous = points[index - 1]
                let middle = format((previous.x + point.x) / 2)
                text +=
                    " C\(middle),\(format(previous.y)) \(middle),\(format(point.y)) \(format(point.x)),\(format(point.y))"
            }
        }
        return text
    }

    /// A coordinate with at most one decimal.
    static func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(tenths / 10)) }
        return String(tenths / 10)
    }
}
