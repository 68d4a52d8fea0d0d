import AppBundle
import Foundation
import PropertyList
import UniformTypes

/// `utiscope-bench types DIR`: on gen.py's c_huge.plist, building the type catalog and conformance
/// graph against parsing the file, and a million conformance queries against a plain
/// breadth-first search answering the same queries — all in this one run.
enum TypesBenchmark {
    static func run(directory: String) throws {
        let path = directory + "/c_huge.plist"
        guard FileManager.default.fileExists(atPath: path) else {
            throw BenchError("\(path) is missing: run python3 ../shared/bench/gen.py first")
        }
        print("types: \(path)")
        var best = (parse: Double.infinity, model: Double.infinity, build: Double.infinity)
        var catalog = TypeCatalog()
        var declarationCount = 0
        for _ in 0..<3 {
            let start = DispatchTime.now()
            let document = try PropertyListReader().read(contentsOf: path)
            let parsed = DispatchTime.now()
            let app = InfoPlist(document: document)
            let modelled = DispatchTime.now()
            catalog = TypeCatalog(declarations: app.declarations)
            let built = DispatchTime.now()
            declarationCount = app.declarations.count
            best.parse = min(best.parse, seconds(start, parsed))
            best.model = min(best.model, seconds(parsed, modelled))
            best.build = min(best.build, seconds(modelled, built))
        }
        let graph = catalog.graph
        print("  declarations          \(declarationCount) (plus \(catalog.system.types.count) system types)")
        print("  closure ranges        \(graph.closureRangeCount) for \(graph.nodeCount) types")
        print("  parse the file        \(format(best.parse))")
        print("  read the declarations \(format(best.model))")
        print("  build catalog + graph \(format(best.build))")
        print("  build ÷ parse         \(ratio(best.build / best.parse))  (target ≤ 1×)")

        // A million (type, supertype) pairs over the declared types, seeded; a third are known to
        // conform (a type and one of its supertypes), the rest random.
        let identifiers = graph.declaredIdentifiers
        let nodes = identifiers.compactMap { graph.node(for: $0) }
        var random = SplitMix(state: 42)
        var queries: [(ConformanceGraph.Node, ConformanceGraph.Node)] = []
        queries.reserveCapacity(1_000_000)
        while queries.count < 1_000_000 {
            let type = nodes[random.below(nodes.count)]
            if random.below(3) == 0 {
                let supertypes = graph.supertypes(of: graph.identifier(of: type))
                if let pick = supertypes.isEmpty ? nil : supertypes[random.below(supertypes.count)],
                    let node = graph.node(for: pick)
                {
                    queries.append((type, node))
                    continue
                }
            }
            queries.append((type, nodes[random.below(nodes.count)]))
        }
        let search = BreadthFirstSearch(graph: graph)
        // Best of three passes each, so neither side pays for a cold cache alone.
        var fast = Double.infinity
        var slow = Double.infinity
        var fastAnswers = 0
        var slowAnswers = 0
        for _ in 0..<3 {
            fastAnswers = 0
            let fastStart = DispatchTime.now()
            for (type, supertype) in queries where graph.conforms(type, to: supertype) { fastAnswers += 1 }
            fast = min(fast, seconds(fastStart, DispatchTime.now()))
            slowAnswers = 0
            let slowStart = DispatchTime.now()
            for (type, supertype) in queries where search.conforms(type, to: supertype) { slowAnswers += 1 }
            slow = min(slow, seconds(slowStart, DispatchTime.now()))
        }
        guard fastAnswers == slowAnswers else {
            throw BenchError("the graph says \(fastAnswers) conform, the breadth-first search \(slowAnswers)")
        }
        print(
            "  1,000,000 queries     graph \(format(fast)), breadth-first search \(format(slow)) (\(fastAnswers) conform)"
        )
        print("  search ÷ graph        \(ratio(slow / fast))  (target ≥ 50×)")
    }

    static func seconds(_ start: DispatchTime, _ end: DispatchTime) -> Double {
        Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    static func format(_ seconds: Double) -> String { String(format: "%8.3f s", seconds) }
}

/// The baseline: a breadth-first search up the direct supertypes on every query.
struct BreadthFirstSearch {
    let parents: [[Int32]]

    init(graph: ConformanceGraph) {
        var parents = [[Int32]](repeating: [], count: graph.nodeCount)
        for identifier in graph.declaredIdentifiers {
            guard let node = graph.node(for: identifier) else { continue }
            parents[Int(node.rawValue)] = graph.directSupertypes(of: identifier).compactMap {
                graph.node(for: $0)?.rawValue
            }
        }
        self.parents = parents
    }

    func conforms(_ type: ConformanceGraph.Node, to supertype: ConformanceGraph.Node) -> Bool {
        var seen = Set<Int32>([type.rawValue])
        var queue = [type.rawValue]
        var position = 0
        while position < queue.count {
            let node = queue[position]
            position += 1
            if node == supertype.rawValue { return true }
            for parent in parents[Int(node)] where seen.insert(parent).inserted { queue.append(parent) }
        }
        return false
    }
}

/// A small seeded generator.
struct SplitMix {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
