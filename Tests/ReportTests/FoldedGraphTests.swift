import AppBundle
import Testing
import UniformTypes

@testable import Report

@Suite struct FoldedGraphTests {
    static func graph(_ types: [(String, [String])], listing: [String] = []) throws -> TypeGraph {
        let app = try AppLoader().load(temporaryInfoPlist(infoPlist(exporting: types, listing: listing)))
        return TypeGraph(app: app, catalog: TypeCatalog(declarations: app.infoPlist.declarations), diagnostics: [])
    }

    @Test func aWideFanOutIsFoldedIntoOneNode() throws {
        let types = (0..<50).map { ("com.example.t\($0)", ["public.data"]) }
        let graph = try Self.graph(types)
        let folded = FoldedGraph(graph, fanOut: 8, budget: 300)
        let drawnApp = folded.items.filter {
            if case .type(let node) = $0 { return graph.isAppType(node) }
            return false
        }
        #expect(drawnApp.count == 8)
        #expect(folded.folds.count == 1)
        #expect(folded.folds[0].members.count == 42)
        #expect(folded.folds[0].anchor == graph.index[UniformTypeIdentifier("public.data")])
        // Every type is drawn or folded, never both.
        for node in graph.nodes.indices {
            #expect((folded.itemOfType[node] == nil) != (folded.foldOfType[node] == nil))
        }
        // The fold hangs under public.data.
        let foldItem = folded.items.count - 1
        #expect(
            folded.edges.contains { $0.from == foldItem && $0.to == folded.itemOfType[folded.folds[0].anchor ?? -1] })
    }

    @Test func aFoldOfOneIsNotMade() throws {
        let graph = try Self.graph((0..<9).map { ("com.example.t\($0)", ["public.data"]) })
        let folded = FoldedGraph(graph, fanOut: 8, budget: 300)
        #expect(folded.folds.isEmpty)
    }

    @Test func typesWithProblemsAreDrawnFirst() throws {
        var types = (0..<20).map { ("com.example.t\($0)", ["public.data"]) }
        types.append(("com.example.zz.cycle", ["com.example.zz.cycle2", "public.data"]))
        types.append(("com.example.zz.cycle2", ["com.example.zz.cycle"]))
        let graph = try Self.graph(types)
        let folded = FoldedGraph(graph, fanOut: 4, budget: 300)
        for identifier in ["com.example.zz.cycle", "com.example.zz.cycle2"] {
            let node = try #require(graph.index[UniformTypeIdentifier(identifier)])
            #expect(folded.itemOfType[node] != nil)
        }
    }

    @Test func typesWithNoSupertypeAreFoldedToo() throws {
        let graph = try Self.graph((0..<30).map { ("com.example.t\($0)", []) })
        let folded = FoldedGraph(graph, fanOut: 5, budget: 300)
        #expect(folded.itemOfType.compactMap { $0 }.count == 5)
        #expect(folded.folds.count == 1 && folded.folds[0].anchor == nil && folded.folds[0].members.count == 25)
    }

    @Test func aLongChainStaysWithinTheBudget() throws {
        let count = 2_000
        let types = (0..<count).map { ("com.example.c\($0)", [$0 == 0 ? "public.data" : "com.example.c\($0 - 1)"]) }
        let graph = try Self.graph(types)
        let folded = FoldedGraph(graph, fanOut: 8, budget: 100)
        let drawn = folded.itemOfType.compactMap { $0 }.count
        #expect(drawn <= 100 + 2)
        #expect(folded.folds.count == 1)
        #expect(drawn + folded.folds[0].members.count == graph.nodes.count)
        let svg = GraphSVG(graph: graph, folded: folded).svg
        #expect(svg.contains("more subtype"))
    }

    @Test func theBudgetBoundsEveryTypeDrawnAndAFanOutOfZeroDrawsAll() throws {
        var types: [(String, [String])] = []
        for parent in 0..<10 {
            types.append(("com.example.p\(parent)", ["public.data"]))
            for child in 0..<10 { types.append(("com.example.p\(parent).c\(child)", ["com.example.p\(parent)"])) }
        }
        let graph = try Self.graph(types)
        let bounded = FoldedGraph(graph, fanOut: 8, budget: 20)
        let drawnApp = graph.nodes.indices.filter { graph.isAppType($0) && bounded.itemOfType[$0] != nil }
        #expect(drawnApp.count == 20)
        let all = FoldedGraph(graph, fanOut: 0, budget: 20)
        #expect(all.folds.isEmpty)
        #expect(all.itemOfType.allSatisfy { $0 != nil })
    }

    @Test func supertypesComeFirstEvenThroughCycles() {
        let order = FoldedGraph.supertypesFirst([[], [0], [1, 3], [2]])
        #expect(order.count == 4 && Set(order) == [0, 1, 2, 3])
        #expect(order.firstIndex(of: 0) ?? 9 < order.firstIndex(of: 1) ?? 0)
    }
}
