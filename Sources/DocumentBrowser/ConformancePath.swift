import UniformTypes

/// Conformance questions the graph alone cannot answer: a dynamic identifier conforms to what it
/// encodes (`public.data` for a file), and an answer shows the path it takes.
struct ConformancePath: Sendable {
    let graph: ConformanceGraph

    /// The declared types `identifier` starts from: itself, or what a dynamic identifier encodes.
    func starts(_ identifier: UniformTypeIdentifier) -> [UniformTypeIdentifier] {
        guard identifier.isDynamic, !graph.isDeclared(identifier) else { return [identifier] }
        return (try? DynamicIdentifier(decoding: identifier))?.conformsTo ?? []
    }

    /// Whether `type` conforms to `supertype`, dynamic identifiers included.
    func conforms(_ type: UniformTypeIdentifier, to supertype: UniformTypeIdentifier) -> Bool {
        if type == supertype { return true }
        return starts(type).contains { graph.conforms($0, to: supertype) }
    }

    /// The shortest chain of direct conformances from `type` up to `supertype`, both included;
    /// `nil` when it does not conform. The search visits at most 10,000 types.
    func path(from type: UniformTypeIdentifier, to supertype: UniformTypeIdentifier) -> [UniformTypeIdentifier]? {
        var expanded = 0
        return path(from: type, to: supertype, expanded: &expanded)
    }

    /// ``path(from:to:)``, adding to `expanded` how many types had their supertypes read: each
    /// type at most once, cycles included (tests bound the search's work by it).
    func path(from type: UniformTypeIdentifier, to supertype: UniformTypeIdentifier, expanded: inout Int)
        -> [UniformTypeIdentifier]?
    {
        if type == supertype { return [type] }
        guard conforms(type, to: supertype) else { return nil }
        var previous: [UniformTypeIdentifier: UniformTypeIdentifier] = [:]
        var queue = [type]
        var seen: Set<UniformTypeIdentifier> = [type]
        var head = 0
        while head < queue.count, head < 10_000 {
            let current = queue[head]
            head += 1
            expanded += 1
            let parents = current == type && type.isDynamic ? starts(type) : graph.directSupertypes(of: current)
            for parent in parents where seen.insert(parent).inserted {
                previous[parent] = current
                if parent == supertype {
                    var chain = [parent]
                    var cursor = parent
                    while let before = previous[cursor] {
                        chain.append(before)
                        cursor = before
                    }
                    return chain.reversed()
                }
                queue.append(parent)
            }
        }
        return [type, supertype]
    }
}
