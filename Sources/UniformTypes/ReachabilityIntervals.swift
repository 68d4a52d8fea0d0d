/// Precomputed reachability over a directed acyclic graph of components, answered without
/// walking the graph: tree-cover interval labelling.
///
/// A spanning forest is chosen (each component keeps its first parent as its tree parent) and
/// numbered in post-order, so every tree subtree covers one contiguous range of numbers. Each
/// component then stores the merged, sorted ranges covering all its descendants, tree or not, in
/// one flat array. "Does `a` descend from `b`?" is a binary search for `a`'s number in `b`'s
/// ranges. A component never stores more ranges than it has descendants, so memory stays within
/// the total size of the ancestor sets; on tree-like graphs (a 100,000-type chain included) it is
/// one range per component.
struct ReachabilityIntervals: Sendable {
    /// Each component's post-order number.
    let post: [Int32]
    /// The lowest post-order number in each component's spanning-tree subtree: the subtree is
    /// `low[c]...post[c]`.
    let low: [Int32]
    /// The component holding each post-order number.
    let componentAtPost: [Int32]
    /// Where each component's ranges start in ``bounds`` (in pairs) and how many it has.
    let rangeStart: [Int32]
    let rangeCount: [Int32]
    /// Inclusive ranges of post-order numbers, `lower, upper, lower, upper…`.
    let bounds: [Int32]
    /// For components with many ranges (the broad supertypes such as `public.data`), their
    /// descendants as a bitset over post-order numbers, so the hottest queries need no search:
    /// where each component's bitset starts in `bits` (in words), or -1.
    let bitsetStart: [Int32]
    let bits: [UInt64]

    /// Labels the DAG with `count` components whose children (subtypes) are
    /// `children[childStart[c]..<childStart[c + 1]]`. Every child must have a larger number than
    /// its parents, as ``StronglyConnectedComponents`` numbers them; `treeParent[c]` is one of
    /// `c`'s parents, or -1.
    init(count: Int, childStart: [Int32], children: [Int32], treeParent: [Int32]) {
        // Tree children, as adjacency lists in ascending order.
        var treeChildStart = [Int32](repeating: 0, count: count + 1)
        for component in 0..<count where treeParent[component] >= 0 {
            treeChildStart[Int(treeParent[component]) + 1] += 1
        }
        for index in 0..<count { treeChildStart[index + 1] += treeChildStart[index] }
        var fill = treeChildStart
        var treeChildren = [Int32](repeating: 0, count: max(0, Int(treeChildStart[count])))
        for component in 0..<count where treeParent[component] >= 0 {
            let parent = Int(treeParent[component])
            treeChildren[Int(fill[parent])] = Int32(component)
            fill[parent] += 1
        }

        // Post-order numbers over the spanning forest; `low` is the smallest number in a subtree.
        var post = [Int32](repeating: 0, count: count)
        var low = [Int32](repeating: 0, count: count)
        var componentAtPost = [Int32](repeating: 0, count: count)
        var counter: Int32 = 0
        var frames: [(component: Int32, nextChild: Int32)] = []
        for root in 0..<count where treeParent[root] < 0 {
            low[root] = counter
            frames.append((Int32(root), treeChildStart[root]))
            while let frame = frames.last {
                let component = Int(frame.component)
                if frame.nextChild < treeChildStart[component + 1] {
                    frames[frames.count - 1].nextChild += 1
                    let child = Int(treeChildren[Int(frame.nextChild)])
                    low[child] = counter
                    frames.append((Int32(child), treeChildStart[child]))
                    continue
                }
                frames.removeLast()
                post[component] = counter
                componentAtPost[Int(counter)] = Int32(component)
                counter += 1
            }
        }

        // Descendant ranges, subtypes first so that children are done before their parents.
        var rangeStart = [Int32](repeating: 0, count: count)
        var rangeCount = [Int32](repeating: 0, count: count)
        var bounds: [Int32] = []
        bounds.reserveCapacity(2 * count)
        var scratch: [(lower: Int32, upper: Int32)] = []
        for component in stride(from: count - 1, through: 0, by: -1) {
            scratch.removeAll(keepingCapacity: true)
            scratch.append((low[component], post[component]))
            for childIndex in Int(childStart[component])..<Int(childStart[component + 1]) {
                let child = Int(children[childIndex])
                let start = Int(rangeStart[child]) * 2
                for range in 0..<Int(rangeCount[child]) {
                    scratch.append((bounds[start + 2 * range], bounds[start + 2 * range + 1]))
                }
            }
            if scratch.count > 1 { scratch.sort { $0.lower < $1.lower } }
            rangeStart[component] = Int32(bounds.count / 2)
            var current = scratch[0]
            for range in scratch.dropFirst() {
                if range.lower <= current.upper &+ 1 {
                    current.upper = max(current.upper, range.upper)
                } else {
                    bounds.append(current.lower)
                    bounds.append(current.upper)
                    current = range
                }
            }
            bounds.append(current.lower)
            bounds.append(current.upper)
            rangeCount[component] = Int32(bounds.count / 2) - rangeStart[component]
        }

        self.post = post
        self.low = low
        self.componentAtPost = componentAtPost
        self.rangeStart = rangeStart
        self.rangeCount = rangeCount
        self.bounds = bounds
        // A bitset costs count/8 bytes; give one to components with at least count/512 ranges,
        // so a bitset never takes more than 8 times the memory of the ranges it replaces.
        let words = (count + 63) / 64
        let threshold = max(16, count / 512)
        var bitsetStart = [Int32](repeating: -1, count: count)
        var bits: [UInt64] = []
        for component in 0..<count where Int(rangeCount[component]) >= threshold {
            let base = bits.count
            bitsetStart[component] = Int32(truncatingIfNeeded: base)
            bits.append(contentsOf: repeatElement(0, count: words))
            let start = Int(rangeStart[component])
            for range in start..<start + Int(rangeCount[component]) {
                for number in bounds[2 * range]...bounds[2 * range + 1] {
                    bits[base + Int(number) / 64] |= 1 << UInt64(Int(number) % 64)
                }
            }
        }
        self.bitsetStart = bitsetStart
        self.bits = bits
    }

    /// Whether `descendant` is `ancestor` or lies below it.
    func reaches(from ancestor: Int32, to descendant: Int32) -> Bool {
        let target = post[Int(descendant)]
        var lower = Int(rangeStart[Int(ancestor)])
        var upper = lower + Int(rangeCount[Int(ancestor)])
        // Find the last range whose lower bound is at most `target`.
        while lower < upper {
            let middle = (lower + upper) / 2
            if bounds[2 * middle] <= target { lower = middle + 1 } else { upper = middle }
        }
        guard lower > Int(rangeStart[Int(ancestor)]) else { return false }
        return target <= bounds[2 * (lower - 1) + 1]
    }

    /// Whether post-order number `target` lies below `component`: its bitset when it has one, else
    /// a binary search of its ranges.
    func covers(_ target: Int32, below component: Int) -> Bool {
        let base = Int(bitsetStart[component])
        if base >= 0 { return bits[base + Int(target) / 64] & (1 << UInt64(Int(target) % 64)) != 0 }
        return covers(target, start: rangeStart[component], count: rangeCount[component])
    }

    /// Whether post-order number `target` lies in the `count` ranges starting at pair `start`.
    @inline(__always)
    func covers(_ target: Int32, start: Int32, count: Int32) -> Bool {
        var lower = Int(start)
        var upper = lower + Int(count)
        while lower < upper {
            let middle = (lower + upper) / 2
            if bounds[2 * middle] <= target { lower = middle + 1 } else { upper = middle }
        }
        guard lower > Int(start) else { return false }
        return target <= bounds[2 * (lower - 1) + 1]
    }

    /// Every component at or below `ancestor`, in post-order.
    func descendants(of ancestor: Int32) -> [Int32] {
        var result: [Int32] = []
        let start = Int(rangeStart[Int(ancestor)])
        for range in start..<start + Int(rangeCount[Int(ancestor)]) {
            for number in bounds[2 * range]...bounds[2 * range + 1] {
                result.append(componentAtPost[Int(number)])
            }
        }
        return result
    }

    /// The number of stored ranges: the memory the labelling takes, in pairs of `Int32`.
    var rangeTotal: Int { bounds.count / 2 }
}
