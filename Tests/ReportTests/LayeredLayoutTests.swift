import Testing

@testable import Report

@Suite struct LayeredLayoutTests {
    static func boxes(_ count: Int) -> [(width: Double, height: Double)] {
        Array(repeating: (100, 24), count: count)
    }

    @Test func layersAreLongestPathsToASink() {
        // 3 → 2 → 1 → 0, and 3 → 0 directly.
        let layout = LayeredLayout(sizes: Self.boxes(4), edges: [(3, 2), (2, 1), (1, 0), (3, 0)])
        #expect(layout.layer == [0, 1, 2, 3])
        #expect(layout.x[0] < layout.x[1] && layout.x[1] < layout.x[2] && layout.x[2] < layout.x[3])
        // The long edge bends through a dummy in each of the two layers between.
        let long = layout.routes.first { $0.edge == 3 }
        #expect(long?.points.count == 2 + 2 * 2 + 1)
        #expect(long?.points.first?.x == layout.x[0] + 100)
        #expect(long?.points.last?.x == layout.x[3])
        #expect(layout.routes.allSatisfy { !$0.isReversed })
    }

    @Test func barycenterOrderingRemovesAvoidableCrossings() {
        // Roots 0 and 1; 2 conforms to 1, 3 to 0: in input order the edges cross.
        let layout = LayeredLayout(sizes: Self.boxes(4), edges: [(2, 1), (3, 0)])
        #expect(layout.crossings == 0)
        #expect((layout.y[0] < layout.y[1]) == (layout.y[3] < layout.y[2]))
    }

    @Test func crossingsAreCountedExactly() {
        // K(2,2) between two layers always has one crossing.
        let layout = LayeredLayout(sizes: Self.boxes(4), edges: [(2, 0), (2, 1), (3, 0), (3, 1)])
        #expect(layout.crossings == 1)
    }

    @Test func nodesInAColumnDoNotOverlap() {
        var edges: [(from: Int, to: Int)] = []
        for child in 1..<40 { edges.append((child, child % 3 == 0 ? 0 : child / 3)) }
        let layout = LayeredLayout(sizes: Self.boxes(40), edges: edges)
        var columns: [Double: [Double]] = [:]
        for node in 0..<40 { columns[layout.x[node], default: []].append(layout.y[node]) }
        for centres in columns.values {
            let sorted = centres.sorted()
            for (upper, lower) in zip(sorted, sorted.dropFirst()) { #expect(lower - upper >= 24 + 10 - 0.001) }
        }
        #expect(layout.y.allSatisfy { $0 - 12 >= 16 - 0.001 })
        #expect(layout.y.allSatisfy { $0 + 12 <= layout.height })
        #expect(layout.x.allSatisfy { $0 + 100 <= layout.width })
    }

    @Test func cyclesAreBrokenAndTheirBackEdgesMarked() {
        let layout = LayeredLayout(sizes: Self.boxes(3), edges: [(0, 1), (1, 2), (2, 0), (1, 1)])
        #expect(layout.routes.count == 3)
        #expect(layout.routes.filter(\.isReversed).count == 1)
        #expect(Set(layout.layer).count == 3)
    }

    @Test func aLongChainNeedsNoRecursion() {
        let count = 20_000
        let edges = (1..<count).map { (from: $0, to: $0 - 1) }
        let (dag, reversed, _) = LayeredLayout.acyclic(count: count, edges: edges)
        #expect(dag.count == count - 1 && !reversed.contains(true))
        let layers = LayeredLayout.longestPathLayers(count: count, edges: dag)
        #expect(layers.last == count - 1)
    }

    @Test func isotonicPlacementKeepsOrderAndGaps() {
        #expect(LayeredLayout.isotonic([0, 0, 0], gaps: [0, 10, 10]) == [-10, 0, 10])
        #expect(LayeredLayout.isotonic([0, 100], gaps: [0, 10]) == [0, 100])
        #expect(LayeredLayout.isotonic([50, 0], gaps: [0, 10]) == [20, 30])
    }
}
