/// A layered (Sugiyama-style) drawing of a directed graph, read from left to right: nodes with
/// no outgoing edge (for conformance, the roots) stand in the leftmost column, and every edge runs
/// from a node to one in a column further left, where its head is.
///
/// The steps, each the textbook one: cycles are broken by reversing the back edges of a
/// depth-first search; layers are longest paths to a sink; edges spanning several layers get a
/// dummy node in each, so they bend around nodes; barycenter sweeps in both directions reorder each
/// layer to reduce crossings (the best ordering seen is kept, counted exactly); vertical positions
/// come from sweeps that pull each node towards its neighbours, solved per layer as an isotonic
/// regression (pool adjacent violators), which keeps the order and the spacing; a last sweep
/// lifts each node level with its first neighbour further from the roots, and nodes with no
/// neighbour to the top, so that a tall drawing starts with something at its top left. No
/// recursion: chains of any length are safe.
struct LayeredLayout {
    /// A point in the drawing.
    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    /// How an edge is drawn: from the left end to the right end through `points`. Segments
    /// alternate: straight inside a column (points 0–1, 2–3…), curved between columns.
    struct Route {
        /// The edge's index in the input.
        var edge: Int
        /// The points, left to right.
        var points: [Point]
        /// Whether the edge's head is at the right end: a back edge of a cycle, drawn against the
        /// flow of the others.
        var isReversed: Bool
    }

    /// Space around and between things.
    struct Spacing {
        var margin = 16.0
        var columnGap = 72.0
        var nodeGap = 10.0
        var dummyGap = 5.0
        var sweeps = 6
    }

    /// Each node's layer: 0 for sinks (the leftmost column).
    private(set) var layer: [Int] = []
    /// Each node's left edge.
    private(set) var x: [Double] = []
    /// Each node's vertical centre.
    private(set) var y: [Double] = []
    /// One route per edge that is drawn (self-loops and repeated edges are not).
    private(set) var routes: [Route] = []
    /// The drawing's size.
    private(set) var width = 0.0
    private(set) var height = 0.0
    /// The edge crossings left after ordering.
    private(set) var crossings = 0

    /// Lays out nodes of the given sizes joined by `edges` (`to` is drawn left of `from`).
    init(sizes: [(width: Double, height: Double)], edges: [(from: Int, to: Int)], spacing: Spacing = Spacing()) {
        let count = sizes.count
        guard count > 0 else { return }
        let (dag, reversed, kept) = Self.acyclic(count: count, edges: edges)
        layer = Self.longestPathLayers(count: count, edges: dag)
        let layerCount = (layer.max() ?? 0) + 1

        // Virtual nodes: the real ones, then one dummy per layer an edge passes through.
        var virtualLayer = layer
        var virtualHeight = sizes.map(\.height)
        var isDummy = Array(repeating: false, count: count)
        var chains: [[Int]] = []  // per kept edge: virtual nodes from `from` to `to`
        var upper: [[Int]] = Array(repeating: [], count: count)  // neighbours one layer nearer the roots
        var lower: [[Int]] = Array(repeating: [], count: count)  // neighbours one layer further
        for (from, to) in dag {
            var chain = [from]
            var previous = from
            var current = layer[from] - 1
            while current > layer[to] {
                let dummy = virtualLayer.count
                virtualLayer.append(current)
                virtualHeight.append(0)
                isDummy.append(true)
                upper.append([])
                lower.append([])
                upper[previous].append(dummy)
                lower[dummy].append(previous)
                chain.append(dummy)
                previous = dummy
                current -= 1
            }
            upper[previous].append(to)
            lower[to].append(previous)
            chain.append(to)
            chains.append(chain)
        }

        // Ordering: barycenter sweeps, keeping the best.
        var layers = Array(repeating: [Int](), count: layerCount)
        for node in virtualLayer.indices { layers[virtualLayer[node]].append(node) }
        var position = Array(repeating: 0, count: virtualLayer.count)
        func renumber() {
            for members in layers { for (index, node) in members.enumerated() { position[node] = index } }
        }
        renumber()
        var best = layers
        var bestCrossings = Self.crossings(layers, upper: upper, position: position)
        for sweep in 0..<spacing.sweeps where bestCrossings > 0 {
            let leftward = sweep % 2 == 0
            // Leftward: order each layer by its neighbours nearer the roots, from the roots out.
            let sequence = leftward ? Array(1..<max(1, layerCount)) : Array((0..<max(0, layerCount - 1)).reversed())
            for current in sequence {
                let neighbours = leftward ? upper : lower
                let keys = layers[current].map { node -> Double in
                    let adjacent = neighbours[node]
                    guard !adjacent.isEmpty else { return Double(position[node]) }
                    return Double(adjacent.reduce(0) { $0 + position[$1] }) / Double(adjacent.count)
                }
                let order = layers[current].indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
                layers[current] = order.map { layers[current][$0] }
                for (index, node) in layers[current].enumerated() { position[node] = index }
            }
            let found = Self.crossings(layers, upper: upper, position: position)
            if found < bestCrossings {
                bestCrossings = found
                best = layers
            }
        }
        layers = best
        renumber()
        crossings = bestCrossings

        // Vertical positions: stacked, then pulled towards neighbours.
        var centre = Array(repeating: 0.0, count: virtualLayer.count)
        func gap(_ a: Int, _ b: Int) -> Double {
            (virtualHeight[a] + virtualHeight[b]) / 2 + (isDummy[a] || isDummy[b] ? spacing.dummyGap : spacing.nodeGap)
        }
        for members in layers {
            var next = 0.0
            for (index, node) in members.enumerated() {
                if index > 0 { next += gap(members[index - 1], node) }
                centre[node] = next
            }
        }
        var highest = 0.0
        for round in 0..<9 {
            if round == 8 { highest = centre.min() ?? 0 }
            let outward = round % 2 == 0
            let sequence = outward ? Array(0..<layerCount) : Array((0..<layerCount).reversed())
            for current in sequence {
                let members = layers[current]
                let desired = members.map { node -> Double in
                    if round == 8 {
                        // Level with the first neighbour further out; a node with no neighbour
                        // at all rises to the top.
                        if upper[node].isEmpty && lower[node].isEmpty { return highest }
                        return lower[node].map { centre[$0] }.min() ?? centre[node]
                    }
                    let adjacent = round >= 6 ? upper[node] + lower[node] : (outward ? upper[node] : lower[node])
                    guard !adjacent.isEmpty else { return centre[node] }
                    return adjacent.reduce(0) { $0 + centre[$1] } / Double(adjacent.count)
                }
                let gaps = members.indices.map { $0 == 0 ? 0 : gap(members[$0 - 1], members[$0]) }
                for (node, value) in zip(members, Self.isotonic(desired, gaps: gaps)) { centre[node] = value }
            }
        }
        let top = virtualLayer.indices.map { centre[$0] - virtualHeight[$0] / 2 }.min() ?? 0
        for node in centre.indices { centre[node] += spacing.margin - top }
        height = (virtualLayer.indices.map { centre[$0] + virtualHeight[$0] / 2 }.max() ?? 0) + spacing.margin

        // Columns: the roots on the left.
        var columnWidth = Array(repeating: 16.0, count: layerCount)
        for node in 0..<count { columnWidth[layer[node]] = max(columnWidth[layer[node]], sizes[node].width) }
        var columnLeft = Array(repeating: 0.0, count: layerCount)
        var left = spacing.margin
        for current in 0..<layerCount {
            columnLeft[current] = left
            left += columnWidth[current] + spacing.columnGap
        }
        width = left - spacing.columnGap + spacing.margin
        x = (0..<count).map { columnLeft[layer[$0]] }
        y = Array(centre[0..<count])

        for (number, chain) in chains.enumerated() {
            // Left to right: from the end nearer the roots.
            let ordered = Array(chain.reversed())
            var points: [Point] = []
            for (step, node) in ordered.enumerated() {
                let column = virtualLayer[node]
                let columnRight = columnLeft[column] + columnWidth[column]
                if step == 0 {
                    points.append(Point(x: columnLeft[column] + sizes[node].width, y: centre[node]))
                    points.append(Point(x: columnRight, y: centre[node]))
                } else if step == ordered.count - 1 {
                    points.append(Point(x: columnLeft[column], y: centre[node]))
                } else {
                    points.append(Point(x: columnLeft[column], y: centre[node]))
                    points.append(Point(x: columnRight, y: centre[node]))
                }
            }
            routes.append(Route(edge: kept[number], points: points, isReversed: reversed[number]))
        }
    }

    /// The edges without self-loops and repeats, with back edges of a depth-first search
    /// reversed: `dag` (from a higher layer to a lower one), whether each was reversed, and the
    /// input index of each.
    static func acyclic(count: Int, edges: [(from: Int, to: Int)]) -> (
        dag: [(Int, Int)], reversed: [Bool], kept: [Int]
    ) {
        var outgoing = Array(repeating: [(to: Int, edge: Int)](), count: count)
        var seen: Set<Int> = []
        for (number, edge) in edges.enumerated() where edge.from != edge.to {
            guard seen.insert(edge.from * count + edge.to).inserted else { continue }
            outgoing[edge.from].append((edge.to, number))
        }
        // 0 unvisited, 1 on the stack, 2 finished.
        var state = Array(repeating: 0, count: count)
        var isBack = Array(repeating: false, count: edges.count)
        for start in 0..<count where state[start] == 0 {
            var stack = [(node: start, next: 0)]
            state[start] = 1
            while let top = stack.last {
                if top.next < outgoing[top.node].count {
                    stack[stack.count - 1].next += 1
                    let (to, edge) = outgoing[top.node][top.next]
                    switch state[to] {
                    case 0:
                        state[to] = 1
                        stack.append((to, 0))
                    case 1: isBack[edge] = true
                    default: break
                    }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        var dag: [(Int, Int)] = []
        var reversed: [Bool] = []
        var kept: [Int] = []
        var added: Set<Int> = []
        for node in 0..<count {
            for (to, edge) in outgoing[node] {
                let pair = isBack[edge] ? (to, node) : (node, to)
                // A back edge may duplicate a forward one (a two-type cycle): draw both, lay out one.
                if added.insert(pair.0 * count + pair.1).inserted || isBack[edge] {
                    dag.append(pair)
                    reversed.append(isBack[edge])
                    kept.append(edge)
                }
            }
        }
        return (dag, reversed, kept)
    }

    /// Longest-path layering: a sink is in layer 0, any other node one layer above its highest
    /// successor.
    static func longestPathLayers(count: Int, edges: [(Int, Int)]) -> [Int] {
        var remaining = Array(repeating: 0, count: count)
        var incoming = Array(repeating: [Int](), count: count)
        for (from, to) in edges {
            remaining[from] += 1
            incoming[to].append(from)
        }
        var layer = Array(repeating: 0, count: count)
        var queue = (0..<count).filter { remaining[$0] == 0 }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for from in incoming[node] {
                layer[from] = max(layer[from], layer[node] + 1)
                remaining[from] -= 1
                if remaining[from] == 0 { queue.append(from) }
            }
        }
        return layer
    }

    /// The crossings between every pair of adjacent layers: per pair, the edges sorted by their
    /// left end, and the inversions of their right ends counted with a Fenwick tree.
    static func crossings(_ layers: [[Int]], upper: [[Int]], position: [Int]) -> Int {
        var total = 0
        for members in layers.dropFirst() {
            var pairs: [(Int, Int)] = []
            for node in members { for next in upper[node] { pairs.append((position[node], position[next])) } }
            guard pairs.count > 1 else { continue }
            pairs.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
            let size = (pairs.map(\.1).max() ?? 0) + 2
            var tree = Array(repeating: 0, count: size + 1)
            var inserted = 0
            for (_, right) in pairs {
                // Count earlier edges whose right end is below this one's.
                var index = right + 1
                var notGreater = 0
                while index > 0 {
                    notGreater += tree[index]
                    index -= index & -index
                }
                total += inserted - notGreater
                index = right + 1
                while index <= size {
                    tree[index] += 1
                    index += index & -index
                }
                inserted += 1
            }
        }
        return total
    }

    /// The positions closest (least squares) to `desired` that keep the order and at least
    /// `gaps[i]` between item `i - 1` and item `i`: pool adjacent violators on the offsets.
    static func isotonic(_ desired: [Double], gaps: [Double]) -> [Double] {
        var offsets: [Double] = []
        var total = 0.0
        for gap in gaps {
            total += gap
            offsets.append(total)
        }
        var blocks: [(sum: Double, count: Int)] = []
        for (value, offset) in zip(desired, offsets) {
            blocks.append((value - offset, 1))
            while blocks.count > 1 {
                let last = blocks[blocks.count - 1]
                let previous = blocks[blocks.count - 2]
                guard previous.sum / Double(previous.count) > last.sum / Double(last.count) else { break }
                blocks.removeLast(2)
                blocks.append((previous.sum + last.sum, previous.count + last.count))
            }
        }
        var result: [Double] = []
        result.reserveCapacity(desired.count)
        for block in blocks {
            let mean = block.sum / Double(block.count)
            for _ in 0..<block.count { result.append(mean + offsets[result.count]) }
        }
        return result
    }
}
