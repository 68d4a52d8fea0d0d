/// The strongly connected components of a graph given as adjacency lists, found with Tarjan's
/// algorithm run on an explicit stack, so that a 100,000-node chain needs no deep recursion.
///
/// Components are numbered in the order Tarjan completes them: a component's number is larger
/// than the number of every component reachable from it. With edges pointing from a type to its
/// supertypes, supertypes therefore come first and subtypes last.
struct StronglyConnectedComponents: Sendable {
    /// The component of each node.
    let componentOf: [Int32]
    /// Where each component's members start in ``members``; one extra entry at the end.
    let memberStart: [Int32]
    /// The members of every component, component after component.
    let members: [Int32]

    /// The number of components.
    var count: Int { memberStart.count - 1 }

    /// The members of component `component`.
    func members(of component: Int32) -> ArraySlice<Int32> {
        members[Int(memberStart[Int(component)])..<Int(memberStart[Int(component) + 1])]
    }

    /// Finds the components of the graph whose node `n` has edges `edges[edgeStart[n]..<edgeStart[n + 1]]`.
    init(nodeCount: Int, edgeStart: [Int32], edges: [Int32]) {
        let unvisited: Int32 = -1
        var order = [Int32](repeating: unvisited, count: nodeCount)
        var lowLink = [Int32](repeating: 0, count: nodeCount)
        var onStack = [Bool](repeating: false, count: nodeCount)
        var componentOf = [Int32](repeating: -1, count: nodeCount)
        var pending: [Int32] = []
        var frames: [(node: Int32, nextEdge: Int32)] = []
        var memberStart: [Int32] = [0]
        var members: [Int32] = []
        members.reserveCapacity(nodeCount)
        var counter: Int32 = 0

        for start in 0..<nodeCount where order[start] == unvisited {
            let root = Int32(start)
            order[start] = counter
            lowLink[start] = counter
            counter += 1
            pending.append(root)
            onStack[start] = true
            frames.append((root, edgeStart[start]))

            while let frame = frames.last {
                let node = Int(frame.node)
                if frame.nextEdge < edgeStart[node + 1] {
                    frames[frames.count - 1].nextEdge += 1
                    let next = Int(edges[Int(frame.nextEdge)])
                    if order[next] == unvisited {
                        order[next] = counter
                        lowLink[next] = counter
                        counter += 1
                        pending.append(Int32(next))
                        onStack[next] = true
                        frames.append((Int32(next), edgeStart[next]))
                    } else if onStack[next] {
                        lowLink[node] = min(lowLink[node], order[next])
                    }
                    continue
                }
                frames.removeLast()
                if let caller = frames.last {
                    lowLink[Int(caller.node)] = min(lowLink[Int(caller.node)], lowLink[node])
                }
                guard lowLink[node] == order[node] else { continue }
                let component = Int32(memberStart.count - 1)
                while let member = pending.popLast() {
                    onStack[Int(member)] = false
                    componentOf[Int(member)] = component
                    members.append(member)
                    if Int(member) == node { break }
                }
                memberStart.append(Int32(members.count))
            }
        }
        self.componentOf = componentOf
        self.memberStart = memberStart
        self.members = members
    }
}
