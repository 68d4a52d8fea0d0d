import Foundation
import PropertyList
import Testing

@testable import UniformTypes

@Suite struct ConformanceGraphTests {
    // MARK: Basics

    @Test func conformanceIsReflexiveAndTransitive() {
        let graph = ConformanceGraph(declarations: [
            declaration("public.item"), declaration("public.data", ["public.item"]),
            declaration("public.content"),
            declaration("com.example.doc", ["public.data", "public.content"]),
        ])
        #expect(graph.conforms("com.example.doc", to: "com.example.doc"))
        #expect(graph.conforms("com.example.doc", to: "public.data"))
        #expect(graph.conforms("com.example.doc", to: "public.item"))
        #expect(graph.conforms("com.example.doc", to: "public.content"))
        #expect(!graph.conforms("public.data", to: "com.example.doc"))
        #expect(!graph.conforms("public.item", to: "public.content"))
        #expect(!graph.conforms("com.example.unknown", to: "public.item"))
        #expect(graph.conforms("com.example.unknown", to: "com.example.unknown"))
    }

    @Test func supertypesNearestFirstInDeclaredOrder() {
        let graph = ConformanceGraph(declarations: [
            declaration("a", ["b", "c"]), declaration("b", ["d"]), declaration("c", ["d", "e"]),
            declaration("d"), declaration("e"),
        ])
        #expect(graph.supertypes(of: "a") == ["b", "c", "d", "e"])
        #expect(graph.directSupertypes(of: "c") == ["d", "e"])
        #expect(graph.subtypes(of: "d") == ["a", "b", "c"])
        #expect(graph.directSubtypes(of: "d") == ["b", "c"])
        #expect(graph.subtypes(of: "a").isEmpty)
        #expect(graph.supertypes(of: "nothing").isEmpty)
    }

    /// Past 32 supertypes the walk keeps the types reached in a set: the order, the once-only
    /// rule and the undeclared supertype found far up hold there too.
    @Test func aTypeWithManySupertypesIsWalkedInOrderOnce() {
        // "leaf" conforms to p0…p39; each p conforms to p0 (a cycle back) and to "top"; "top"
        // conforms to "missing", which nobody declares.
        let parents = (0..<40).map { "p\($0)" }
        var declarations = [declaration("leaf", parents)]
        declarations += parents.map { declaration($0, ["p0", "top"]) }
        declarations.append(declaration("top", ["missing"]))
        let graph = ConformanceGraph(declarations: declarations)
        let expected = (parents + ["top", "missing"]).map { UniformTypeIdentifier($0) }
        #expect(graph.supertypes(of: "leaf") == expected)
        #expect(graph.hasUndeclaredSupertype("leaf"))
        #expect(graph.hasUndeclaredSupertype("p39"))
        #expect(!graph.hasUndeclaredSupertype("missing"))
        let declaredOnly = ConformanceGraph(declarations: Array(declarations.dropLast()) + [declaration("top")])
        #expect(declaredOnly.supertypes(of: "leaf") == Array(expected.dropLast()))
        #expect(!declaredOnly.hasUndeclaredSupertype("leaf"))
    }

    @Test func upwardClosureKeepsSeedsFirstThenGoesBreadthFirstOnce() {
        let graph = ConformanceGraph(declarations: [
            declaration("public.item"), declaration("public.data", ["public.item"]),
            declaration("public.content"), declaration("com.example.a", ["public.data", "public.content"]),
            declaration("com.example.b", ["com.example.a", "com.example.missing"]),
            declaration("com.example.loop", ["com.example.loop"]),
        ])
        #expect(
            graph.upwardClosure(of: ["com.example.b", "COM.EXAMPLE.A", "com.example.loop"]).map(\.rawValue) == [
                "com.example.b", "COM.EXAMPLE.A", "com.example.loop", "com.example.missing", "public.data",
                "public.content", "public.item",
            ])
        #expect(graph.upwardClosure(of: ["com.example.unknown"]).map(\.rawValue) == ["com.example.unknown"])
    }

    @Test func identifiersAreCaseInsensitive() {
        let graph = ConformanceGraph(declarations: [
            declaration("com.Example.Child", ["COM.EXAMPLE.PARENT"]), declaration("com.example.parent"),
        ])
        #expect(graph.conforms("com.example.child", to: "Com.Example.Parent"))
        #expect(graph.unknownSupertypes.isEmpty)
        #expect(graph.nodeCount == 2)
        #expect(graph.supertypes(of: "COM.EXAMPLE.CHILD").map(\.rawValue) == ["com.example.parent"])
    }

    @Test func repeatedConformancesCountOnce() {
        let graph = ConformanceGraph(declarations: [declaration("a", ["b", "B", "b"]), declaration("b")])
        #expect(graph.directSupertypes(of: "a") == ["b"])
        #expect(graph.directSubtypes(of: "b") == ["a"])
    }

    @Test func firstDeclarationOfAnIdentifierWins() {
        let graph = ConformanceGraph(declarations: [declaration("a", ["b"]), declaration("A", ["c"]), declaration("b")])
        #expect(graph.directSupertypes(of: "a") == ["b"])
        #expect(graph.unknownSupertypes.isEmpty)
    }

    // MARK: Unknown supertypes

    @Test func anUnknownSupertypeListedTwiceByOneTypeIsRecordedOnce() {
        let graph = ConformanceGraph(declarations: [declaration("a", ["com.x.missing", "COM.X.MISSING"])])
        #expect(graph.unknownSupertypes.map(\.identifier.rawValue) == ["com.x.missing"])
    }

    @Test func unknownSupertypesAreRecordedWhereReferenced() {
        let graph = ConformanceGraph(declarations: [
            declaration("com.example.a", ["com.example.missing", "public.data"], line: 10),
            declaration("com.example.b", ["Com.Example.Missing"], line: 20),
            declaration("public.data"),
        ])
        #expect(
            graph.unknownSupertypes == [
                UnknownSupertype(
                    identifier: "com.example.missing", referencedBy: "com.example.a",
                    location: SourceLocation(file: "Info.plist", line: 11)),
                UnknownSupertype(
                    identifier: "Com.Example.Missing", referencedBy: "com.example.b",
                    location: SourceLocation(file: "Info.plist", line: 21)),
            ])
        #expect(graph.conforms("com.example.a", to: "com.example.missing"))
        #expect(graph.contains("com.example.missing"))
        #expect(!graph.isDeclared("com.example.missing"))
        #expect(graph.isDeclared("com.example.a"))
        #expect(graph.declaredIdentifiers == ["com.example.a", "com.example.b", "public.data"])
        #expect(graph.subtypes(of: "com.example.missing") == ["com.example.a", "com.example.b"])
    }

    // MARK: Cycles

    @Test func selfLoopIsOneCycle() {
        let graph = ConformanceGraph(declarations: [declaration("a", ["a", "b"], line: 5), declaration("b")])
        #expect(graph.cycles.count == 1)
        #expect(graph.cycles.first?.members == ["a"])
        #expect(
            graph.cycles.first?.edges == [
                ConformanceEdge(subtype: "a", supertype: "a", location: SourceLocation(file: "Info.plist", line: 6))
            ])
        #expect(graph.conforms("a", to: "b"))
        #expect(graph.supertypes(of: "a") == ["b"])
        #expect(graph.subtypes(of: "a").isEmpty)
    }

    @Test func twoCycleIsOneCycle() {
        let graph = ConformanceGraph(declarations: [
            declaration("a", ["b"], line: 1), declaration("b", ["a", "c"], line: 10), declaration("c"),
            declaration("d", ["a"]),
        ])
        #expect(graph.cycles.count == 1)
        #expect(graph.cycles[0].members == ["a", "b"])
        #expect(graph.cycles[0].edges.map { "\($0.subtype)>\($0.supertype)" } == ["a>b", "b>a"])
        #expect(graph.cycles[0].edges.map(\.location?.line) == [2, 11])
        // Members conform to each other and to each other's supertypes.
        #expect(graph.conforms("a", to: "b") && graph.conforms("b", to: "a"))
        #expect(graph.conforms("a", to: "c"))
        #expect(graph.conforms("d", to: "c"))
        #expect(!graph.conforms("c", to: "a"))
        #expect(graph.supertypes(of: "a") == ["b", "c"])
        #expect(graph.subtypes(of: "a") == ["b", "d"])
        #expect(graph.cycle(containing: "B")?.members == ["a", "b"])
        #expect(graph.cycle(containing: "c") == nil)
    }

    @Test func longCycleIsOneCycle() {
        let count = 500
        var declarations = (0..<count).map { declaration("t\($0)", ["t\(($0 + 1) % count)"]) }
        declarations.append(declaration("leaf", ["t250"]))
        declarations[499].conformances.append(Located("root"))
        declarations.append(declaration("root"))
        let graph = ConformanceGraph(declarations: declarations)
        #expect(graph.cycles.count == 1)
        #expect(graph.cycles[0].members.count == count)
        #expect(graph.cycles[0].edges.count == count)
        #expect(graph.conforms("t0", to: "t499"))
        #expect(graph.conforms("t499", to: "t0"))
        #expect(graph.conforms("t3", to: "root"))
        #expect(graph.conforms("leaf", to: "root"))
        #expect(!graph.conforms("root", to: "t3"))
        #expect(graph.subtypes(of: "root").count == count + 1)
    }

    @Test func severalCyclesAreEachReportedOnce() {
        let graph = ConformanceGraph(declarations: [
            declaration("self", ["self"]),
            declaration("x", ["y"]), declaration("y", ["x"]),
            declaration("p", ["q"]), declaration("q", ["r"]), declaration("r", ["p", "x"]),
            // Two circles through one group still make one report.
            declaration("m", ["n"]), declaration("n", ["m", "o"]), declaration("o", ["n"]),
        ])
        #expect(graph.cycles.map(\.members) == [["m", "n", "o"], ["p", "q", "r"], ["self"], ["x", "y"]])
        #expect(graph.conforms("p", to: "y"))
        #expect(!graph.conforms("x", to: "p"))
    }

    // MARK: Against a plain search

    @Test(arguments: [1, 2, 3, 4, 5])
    func agreesWithBreadthFirstSearch(seed: UInt64) {
        var random = SplitMix64(state: seed)
        let count = 200
        var parents: [[Int]] = []
        for node in 0..<count {
            let fanOut = Int.random(in: 0...3, using: &random)
            // Mostly edges to lower numbers (a DAG), some back edges to make cycles, some unknowns.
            parents.append(
                (0..<fanOut).map { _ in
                    Int.random(in: 0..<10, using: &random) == 0
                        ? Int.random(in: 0..<(count + 20), using: &random)
                        : Int.random(in: 0..<max(node, 1), using: &random)
                })
        }
        let graph = ConformanceGraph(
            declarations: (0..<count).map { node in declaration("n\(node)", parents[node].map { "n\($0)" }) })
        func reachable(from start: Int) -> Set<Int> {
            var seen: Set<Int> = [start]
            var queue = [start]
            while let node = queue.popLast() {
                for parent in node < count ? parents[node] : [] where seen.insert(parent).inserted {
                    queue.append(parent)
                }
            }
            return seen
        }
        let closures = (0..<(count + 20)).map(reachable(from:))
        // The labelling never holds more ranges than the closure has pairs.
        #expect(graph.closureRangeCount <= closures.reduce(0) { $0 + $1.count })
        for type in 0..<(count + 20) {
            for supertype in 0..<(count + 20) {
                // Reflexive, and an undeclared type (n200 and up) has no supertypes.
                let expected = closures[type].contains(supertype)
                #expect(
                    graph.conforms(UniformTypeIdentifier("n\(type)"), to: UniformTypeIdentifier("n\(supertype)"))
                        == expected, "n\(type) → n\(supertype)")
                if let node = graph.node(for: UniformTypeIdentifier("n\(type)")) {
                    let target = graph.node(for: UniformTypeIdentifier("n\(supertype)"))
                    #expect(graph.conforms(node, to: target) == expected, "node n\(type) → n\(supertype)")
                }
            }
        }
        for type in 0..<(count + 20) {
            // Undeclared: n200 and up; the type itself does not count.
            let expected = closures[type].contains { $0 != type && $0 >= count }
            #expect(graph.hasUndeclaredSupertype(UniformTypeIdentifier("n\(type)")) == expected, "n\(type)")
            if let node = graph.node(for: UniformTypeIdentifier("n\(type)")) {
                #expect(graph.hasUndeclaredSupertype(node) == expected, "node n\(type)")
            }
        }
        for supertype in 0..<count {
            let expected = (0..<(count + 20)).filter { $0 != supertype && closures[$0].contains(supertype) }
                .map { UniformTypeIdentifier("n\($0)") }.sorted()
            #expect(graph.subtypes(of: UniformTypeIdentifier("n\(supertype)")) == expected)
        }
    }

    // MARK: Scale

    /// Runs `body` on a thread with a 512 KB stack.
    private func onSmallStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
    }

    @Test func hundredThousandTypeChainOnASmallStack() {
        onSmallStack {
            let count = 100_000
            let declarations = (0..<count).map { index in
                TypeDeclaration(
                    UniformTypeIdentifier("com.example.t\(index)"), origin: .exported(bundle: "b"),
                    conformsTo: index == 0 ? [] : [UniformTypeIdentifier("com.example.t\(index - 1)")])
            }
            let graph = ConformanceGraph(declarations: declarations)
            #expect(graph.conforms("com.example.t99999", to: "com.example.t0"))
            #expect(!graph.conforms("com.example.t0", to: "com.example.t99999"))
            #expect(graph.conforms("com.example.t50000", to: "com.example.t49999"))
            #expect(graph.closureRangeCount == count)  // one range per type: memory stays linear
            #expect(graph.subtypes(of: "com.example.t0").count == count - 1)
            #expect(graph.supertypes(of: "com.example.t99999").count == count - 1)
            #expect(!graph.hasUndeclaredSupertype("com.example.t99999"))
            #expect(graph.cycles.isEmpty)
        }
    }

    /// A search up the supertypes answers the same whether it stays within the first 32 nodes it
    /// keeps on the stack or has to start over with the walk that grows.
    @Test func searchesPastTheFirstThirtyTwoSupertypes() throws {
        // c0 → c1 → … → c39 → "top" (undeclared); c0 also conforms to a declared "side" type.
        let chain = (0..<40).map { declaration("c\($0)", [$0 == 39 ? "top" : "c\($0 + 1)"]) }
        let graph = ConformanceGraph(declarations: chain + [declaration("side", [])])
        for start in [0, 5, 8, 9, 30, 38, 39] {
            let node = try #require(graph.node(for: UniformTypeIdentifier("c\(start)")))
            #expect(graph.hasUndeclaredSupertype(node), "c\(start)")
            let top = graph.firstSupertypeNode(of: node) { graph.identifier(of: .init(rawValue: $0)) == "top" }
            #expect(top.map { graph.identifier(of: .init(rawValue: $0)) } == "top", "c\(start)")
            let next = graph.firstSupertypeNode(of: node) { _ in true }
            #expect(
                next.map { graph.identifier(of: .init(rawValue: $0)) }
                    == UniformTypeIdentifier(start == 39 ? "top" : "c\(start + 1)"))
            #expect(graph.firstSupertypeNode(of: node) { _ in false } == nil)
        }
        #expect(!graph.hasUndeclaredSupertype(try #require(graph.node(for: "side"))))
    }

    @Test func hundredThousandTypeCycleOnASmallStack() {
        onSmallStack {
            let count = 100_000
            let declarations = (0..<count).map { index in
                TypeDeclaration(
                    UniformTypeIdentifier("c\(index)"), origin: .exported(bundle: "b"),
                    conformsTo: [UniformTypeIdentifier("c\((index + 1) % count)")])
            }
            let graph = ConformanceGraph(declarations: declarations)
            #expect(graph.cycles.count == 1)
            #expect(graph.cycles.first?.members.count == count)
            #expect(graph.conforms("c0", to: "c99999"))
        }
    }
}
