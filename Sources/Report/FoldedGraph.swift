/// The part of a ``TypeGraph`` that is drawn, so that a 2,000-type app stays readable: every
/// system type on a path from an app type to a root, and the app's types up to a budget, at most
/// `fanOut` of them under any one supertype (and at most `fanOut` with no supertype at all); the
/// others are folded into one "+N more" node under the supertype that left them out. Every type
/// is either drawn or in exactly one fold.
struct FoldedGraph {
    /// A drawn node: a type, or a fold of types.
    enum Item: Equatable {
        case type(Int)
        case more(Int)
    }

    /// Types folded into one "+N more" node.
    struct Fold {
        /// The drawn type the fold hangs under (a node of the type graph); nil for the app's
        /// types that conform to nothing.
        var anchor: Int?
        /// The folded types (nodes of the type graph), in the order they were folded.
        var members: [Int] = []
    }

    /// The drawn nodes: types in the order they were decided (supertypes first), then folds.
    var items: [Item] = []
    /// Drawn edges between items, from subtype to supertype.
    var edges: [(from: Int, to: Int)] = []
    /// The folds.
    var folds: [Fold] = []
    /// The item of each type, when it is drawn.
    var itemOfType: [Int?]
    /// The fold of each type, when it is folded.
    var foldOfType: [Int?]

    /// Folds `graph`: at most `fanOut` app types drawn under one type or with no supertype, and at
    /// most `budget` app types drawn in all; a `fanOut` of 0 draws every type. System types are
    /// always drawn.
    init(_ graph: TypeGraph, fanOut: Int, budget: Int) {
        let count = graph.nodes.count
        itemOfType = Array(repeating: nil, count: count)
        foldOfType = Array(repeating: nil, count: count)
        var subtypes = Array(repeating: [Int](), count: count)
        for (node, parents) in graph.supertypes.enumerated() {
            for parent in parents where parent != node { subtypes[parent].append(node) }
        }
        let order = Self.supertypesFirst(graph.supertypes)
        var decided = Array(repeating: false, count: count)
        var kept = Array(repeating: false, count: count)
        var foldOfAnchor: [Int: Int] = [:]
        var topFold: Int?
        let unlimited = fanOut == 0
        // App types promised a place: drawn, or kept by a drawn supertype and drawn when reached.
        var promised = 0

        // The app's types that conform to nothing compete for places as subtypes of one type do.
        let parentless = (0..<count).filter { node in
            graph.isAppType(node) && !graph.supertypes[node].contains { $0 != node }
        }.sorted { Self.priority(graph.nodes[$0], graph.nodes[$1]) }
        var topRoom = unlimited ? parentless.count : min(fanOut, parentless.count)
        if parentless.count == topRoom + 1 { topRoom += 1 }
        for node in parentless.prefix(unlimited ? topRoom : min(topRoom, budget)) {
            kept[node] = true
            promised += 1
        }

        for node in order {
            decided[node] = true
            let parents = graph.supertypes[node].filter { $0 != node && decided[$0] }
            let isParentless = !graph.supertypes[node].contains { $0 != node }
            // Folded: a parentless type into the top fold; another into the fold of the first
            // drawn supertype that left it out, else into the fold its first folded supertype is in.
            var fold: Int?
            if isParentless && graph.isAppType(node) && !kept[node] {
                if topFold == nil {
                    topFold = folds.count
                    folds.append(Fold(anchor: nil))
                }
                fold = topFold
            } else if !parents.isEmpty && !kept[node] {
                if let anchor = parents.first(where: { itemOfType[$0] != nil }) {
                    if foldOfAnchor[anchor] == nil {
                        foldOfAnchor[anchor] = folds.count
                        folds.append(Fold(anchor: anchor))
                    }
                    fold = foldOfAnchor[anchor]
                } else {
                    let folded = foldOfType
                    fold = parents.lazy.compactMap { folded[$0] }.first
                }
            }
            if let fold {
                foldOfType[node] = fold
                folds[fold].members.append(node)
                continue
            }
            itemOfType[node] = items.count
            items.append(.type(node))
            if graph.isAppType(node) && !kept[node] { promised += 1 }

            // Choose the subtypes to draw under this one.
            var candidates: [Int] = []
            for child in subtypes[node] where !decided[child] {
                if !graph.isAppType(child) {
                    kept[child] = true
                } else if !kept[child] {
                    candidates.append(child)
                }
            }
            let alreadyKept = subtypes[node].filter { graph.isAppType($0) && kept[$0] }.count
            candidates.sort { Self.priority(graph.nodes[$0], graph.nodes[$1]) }
            var room = unlimited ? candidates.count : max(0, fanOut - alreadyKept)
            // A fold of one would take the place of the one type it hides.
            if candidates.count == room + 1 { room += 1 }
            if !unlimited { room = min(room, max(0, budget - promised)) }
            for child in candidates.prefix(room) {
                kept[child] = true
                promised += 1
            }
        }
        let firstFoldItem = items.count
        for fold in folds.indices {
            items.append(.more(fold))
        }
        for (node, parents) in graph.supertypes.enumerated() {
            guard let from = itemOfType[node] else { continue }
            for parent in parents where parent != node {
                if let to = itemOfType[parent] { edges.append((from, to)) }
            }
        }
        for (fold, content) in folds.enumerated() {
            if let anchor = content.anchor, let to = itemOfType[anchor] { edges.append((firstFoldItem + fold, to)) }
        }
    }

    /// Types with problems first (errors, then warnings, then anything else wrong), then by identifier.
    static func priority(_ lhs: TypeGraph.Node, _ rhs: TypeGraph.Node) -> Bool {
        func weight(_ node: TypeGraph.Node) -> Int {
            let problems = node.problems
            if problems.errors > 0 || problems.inCycle || problems.isUnknown { return 0 }
            if problems.warnings > 0 { return 1 }
            return 2
        }
        let left = weight(lhs)
        let right = weight(rhs)
        if left != right { return left < right }
        return lhs.identifier.rawValue < rhs.identifier.rawValue
    }

    /// The nodes in an order where every supertype comes before its subtypes, a cycle broken at
    /// its first node in index order. Kahn's algorithm, with no recursion.
    static func supertypesFirst(_ supertypes: [[Int]]) -> [Int] {
        let count = supertypes.count
        var waiting = supertypes.enumerated().map { node, parents in parents.filter { $0 != node }.count }
        var subtypes = Array(repeating: [Int](), count: count)
        for (node, parents) in supertypes.enumerated() {
            for parent in parents where parent != node { subtypes[parent].append(node) }
        }
        var done = Array(repeating: false, count: count)
        var order: [Int] = []
        order.reserveCapacity(count)
        var queue = (0..<count).filter { waiting[$0] == 0 }
        var head = 0
        var nextForced = 0
        while order.count < count {
            if head == queue.count {
                // Only cycles are left: start from the first node not yet placed.
                while done[nextForced] { nextForced += 1 }
                queue.append(nextForced)
                waiting[nextForced] = 0
            }
            let node = queue[head]
            head += 1
            if done[node] { continue }
            done[node] = true
            order.append(node)
            for child in subtypes[node] where !done[child] {
                waiting[child] -= 1
                if waiting[child] == 0 { queue.append(child) }
            }
        }
        return order
    }
}
