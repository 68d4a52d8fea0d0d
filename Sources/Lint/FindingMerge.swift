import Dispatch
import PropertyList
import Support

/// The rules' findings made into one report-ordered array: gathered into one buffer (the rules'
/// arrays side by side), ordered by integer keys computed on every core, ties at one place
/// settled by key path, code and message, exact duplicates dropped, and each kept finding moved
/// once more, into the result in report order. A finding is moved, never copied: copying one
/// would retain and release its strings, location and notes, and a report can hold hundreds of
/// thousands. Measured against one `sorted(by:)` of all findings by file, line, column, key path,
/// code and message: `lint` of gen.py's c_huge.plist (182,165 findings) 6–9% slower with the sort
/// (8 and 12 rounds by turns).
enum FindingMerge {
    /// Below this many findings the keys are made and the result filled on one core.
    static let concurrencyThreshold = 16_384

    /// `outcomes` (left empty) as one array in report order, exact duplicates removed; ties
    /// beyond the report order keep the order of `outcomes` (and within one, its own order).
    static func merge(_ outcomes: inout [[Diagnostic]]) -> [Diagnostic] {
        let count = outcomes.reduce(0) { $0 + $1.count }
        precondition(count <= Int(UInt32.max), "more findings than the sort key's index holds")
        guard count > 0 else { return [] }
        let concurrently = count >= concurrencyThreshold
        let found = UnsafeMutableBufferPointer<Diagnostic>.allocate(capacity: count)
        defer { found.deallocate() }  // every element is moved out or destroyed first
        gather(&outcomes, into: found, concurrently: concurrently)
        let order = reportOrder(of: UnsafeBufferPointer(found), concurrently: concurrently)
        // Exact duplicates are next to each other in `order`, at one place: destroyed, not kept.
        // Each part ends where the place changes, so the parts are settled side by side.
        let source = SendablePointer(found.baseAddress.unsafelyUnwrapped)
        let parts = order.keys.withUnsafeBufferPointer { placeAlignedParts($0, concurrently: concurrently) }
        let keptParts = ParallelMap.map(parts) { range -> [UInt32] in
            var kept: [UInt32] = []
            kept.reserveCapacity(range.count)
            for position in range {
                let index = order.ranked[position]
                if let last = kept.last, position > range.lowerBound,
                    order.keys[position].samePlace(as: order.keys[position - 1]),
                    source.pointer[index].code == source.pointer[Int(last)].code,
                    source.pointer[index].message == source.pointer[Int(last)].message,
                    source.pointer[index] == source.pointer[Int(last)]
                {
                    (source.pointer + index).deinitialize(count: 1)
                    continue
                }
                kept.append(UInt32(index))
            }
            return kept
        }
        let keptIndices = keptParts.count == 1 ? keptParts[0] : Array(keptParts.joined())
        return [Diagnostic](unsafeUninitializedCapacity: keptIndices.count) { result, initialized in
            let target = SendablePointer(result.baseAddress.unsafelyUnwrapped)
            inParts(count: keptIndices.count, concurrently: concurrently) { range in
                for position in range {
                    (target.pointer + position).moveInitialize(
                        from: source.pointer + Int(keptIndices[position]), count: 1)
                }
            }
            initialized = keptIndices.count
        }
    }

    /// `0..<keys.count` (keys in report order by place) in contiguous parts, one per core when
    /// `concurrently` and there are enough keys (otherwise one), each ending where the place
    /// changes: no run of findings at one place is split, so the parts can be settled side by
    /// side. Never an empty part.
    static func placeAlignedParts(
        _ keys: UnsafeBufferPointer<SortKey>, width: Int = ParallelMap.width, concurrently: Bool
    ) -> [Range<Int>] {
        let even = parts(of: keys.count, width: width, concurrently: concurrently && keys.count >= concurrencyThreshold)
            .ranges
        var aligned: [Range<Int>] = []
        var start = 0
        for range in even.dropLast() {
            var end = max(range.upperBound, start)
            while end < keys.count, keys[end].samePlace(as: keys[end - 1]) { end += 1 }
            if end > start { aligned.append(start..<end) }
            start = end
        }
        if start < keys.count { aligned.append(start..<keys.count) }
        return aligned
    }

    /// Moves every rule's findings into `found`, rule after rule, the rules side by side.
    private static func gather(
        _ outcomes: inout [[Diagnostic]], into found: UnsafeMutableBufferPointer<Diagnostic>, concurrently: Bool
    ) {
        // Each array is taken out of `outcomes` into a slot of its own, so that it is uniquely
        // referenced (its elements move, never copy) and each thread touches only its slots.
        let slots = UnsafeMutableBufferPointer<[Diagnostic]>.allocate(capacity: outcomes.count)
        defer { slots.deallocate() }  // every slot is moved out below
        var starts: [Int] = []
        var start = 0
        for index in outcomes.indices {
            var taken: [Diagnostic] = []
            swap(&taken, &outcomes[index])
            starts.append(start)
            start += taken.count
            (slots.baseAddress.unsafelyUnwrapped + index).initialize(to: taken)
        }
        let slotBase = SendablePointer(slots.baseAddress.unsafelyUnwrapped)
        let target = SendablePointer(found.baseAddress.unsafelyUnwrapped)
        let firsts = starts
        let body: @Sendable (Int) -> Void = { index in
            var taken = (slotBase.pointer + index).move()
            var position = firsts[index] + taken.count
            while let diagnostic = taken.popLast() {
                position -= 1
                (target.pointer + position).initialize(to: diagnostic)
            }
        }
        if concurrently {
            DispatchQueue.concurrentPerform(iterations: slots.count, execute: body)
        } else {
            for index in slots.indices { body(index) }
        }
    }

    /// The report order of some findings: their indices ranked, and their integer keys in that
    /// order.
    struct Order {
        /// The findings' indices, in report order.
        var ranked: [Int]
        /// Each ranked finding's integer key, in the same order.
        var keys: [SortKey]
    }

    /// Sorts positions as two integers (file rank and line; column and index): a plain sort of
    /// integers, stable by construction. Only runs of findings at one place are then compared by
    /// key path, code and message, each key path made once.
    static func reportOrder(of found: UnsafeBufferPointer<Diagnostic>, concurrently: Bool) -> Order {
        let files = FileRanks(found, concurrently: concurrently)
        let source = SendablePointer(UnsafeMutablePointer(mutating: found.baseAddress.unsafelyUnwrapped))
        var keys = [SortKey](unsafeUninitializedCapacity: found.count) { keys, initialized in
            let target = SendablePointer(keys.baseAddress.unsafelyUnwrapped)
            inParts(count: found.count, concurrently: concurrently) { range in
                for index in range {
                    let location = source.pointer[index].location
                    let line = UInt64(location.line.map { UInt32(clamping: $0) } ?? UInt32.max)
                    let column = UInt64(location.column.map { UInt32(clamping: $0) } ?? UInt32.max)
                    (target.pointer + index).initialize(
                        to: SortKey(
                            position: UInt64(files.rank(of: index)) << 32 | line,
                            columnAndIndex: column << 32 | UInt64(index)))
                }
            }
            initialized = found.count
        }
        sortKeys(&keys, concurrently: concurrently)
        var order = keys.map(\.index)
        let parts = keys.withUnsafeBufferPointer { placeAlignedParts($0, concurrently: concurrently) }
        guard !parts.isEmpty else { return Order(ranked: order, keys: keys) }
        order.withUnsafeMutableBufferPointer { order in
            keys.withUnsafeMutableBufferPointer { keys in
                let orderPointer = SendablePointer(order.baseAddress.unsafelyUnwrapped)
                let keysPointer = SendablePointer(keys.baseAddress.unsafelyUnwrapped)
                // Each part writes only its own positions of `order` and `keys`.
                _ = ParallelMap.map(parts) { range in
                    settleTies(in: range, order: orderPointer.pointer, keys: keysPointer.pointer, found: source.pointer)
                }
            }
        }
        return Order(ranked: order, keys: keys)
    }

    /// Orders each run of findings at one place within `range` (which splits none) by key path,
    /// code, message and index: `order` holds the findings' indices and `keys` their keys, both in
    /// report order by place.
    private static func settleTies(
        in range: Range<Int>, order: UnsafeMutablePointer<Int>, keys: UnsafeMutablePointer<SortKey>,
        found: UnsafeMutablePointer<Diagnostic>
    ) {
        var runStart = range.lowerBound
        while runStart < range.upperBound {
            var runEnd = runStart + 1
            while runEnd < range.upperBound, keys[runEnd].samePlace(as: keys[runStart]) { runEnd += 1 }
            if runEnd - runStart > 1 {
                // Findings about one value (the usual run) share their key path: no need to make it.
                let first = found[order[runStart]].location
                let onePath = ((runStart + 1)..<runEnd).allSatisfy {
                    found[order[$0]].location.sharesKeyPath(with: first)
                }
                let run = (runStart..<runEnd).map { position in
                    let index = order[position]
                    return (index: index, path: onePath ? "" : found[index].location.keyPath.description)
                }
                let sortedRun = run.sorted { left, right in
                    if left.path != right.path { return left.path < right.path }
                    if found[left.index].code != found[right.index].code {
                        return found[left.index].code < found[right.index].code
                    }
                    if found[left.index].message != found[right.index].message {
                        return found[left.index].message < found[right.index].message
                    }
                    return left.index < right.index
                }
                for (offset, item) in sortedRun.enumerated() {
                    order[runStart + offset] = item.index
                    keys[runStart + offset] = SortKey(
                        position: keys[runStart + offset].position,
                        columnAndIndex: (keys[runStart + offset].columnAndIndex >> 32) << 32 | UInt64(item.index))
                }
            }
            runStart = runEnd
        }
    }

    /// Sorts `keys` (all different: each holds its finding's index) in report order: in two
    /// halves side by side when `concurrently`, then merged (a sort of a huge report's keys took
    /// a few percent of its lint on one core while the other waited).
    static func sortKeys(_ keys: inout [SortKey], concurrently: Bool) {
        guard concurrently, keys.count >= 2 * concurrencyThreshold else {
            keys.sort(by: SortKey.precedes)
            return
        }
        let half = keys.count / 2
        let all = keys
        let (low, high) = ParallelMap.both(
            concurrently: true, { all[..<half].sorted(by: SortKey.precedes) },
            { all[half...].sorted(by: SortKey.precedes) })
        keys = [SortKey](unsafeUninitializedCapacity: all.count) { merged, initialized in
            var left = 0
            var right = 0
            var position = 0
            while left < low.count && right < high.count {
                if SortKey.precedes(high[right], low[left]) {
                    merged[position] = high[right]
                    right += 1
                } else {
                    merged[position] = low[left]
                    left += 1
                }
                position += 1
            }
            while left < low.count {
                merged[position] = low[left]
                left += 1
                position += 1
            }
            while right < high.count {
                merged[position] = high[right]
                right += 1
                position += 1
            }
            initialized = position
        }
    }

    /// Each finding's file as its rank among the files named: findings come in runs of one file
    /// (one string), so a file is looked up only when it differs from the previous finding's.
    private struct FileRanks: Sendable {
        /// Per finding, the number of its file in its part's list; per part, the ranks of that
        /// list's files; the part of each finding is its index over `partSize`.
        private let numbers: [UInt32]
        private let ranks: [[UInt32]]
        private let partSize: Int

        init(_ found: UnsafeBufferPointer<Diagnostic>, concurrently: Bool) {
            let (partSize, ranges) = FindingMerge.parts(of: found.count, concurrently: concurrently)
            let source = SendablePointer(UnsafeMutablePointer(mutating: found.baseAddress.unsafelyUnwrapped))
            let numbered = ParallelMap.map(ranges) { range -> (numbers: [UInt32], files: [String]) in
                var fileNumbers: [String: Int] = [:]
                var files: [String] = []
                var numbers: [UInt32] = []
                numbers.reserveCapacity(range.count)
                var previous: (file: String, number: Int)?
                for index in range {
                    let file = source.pointer[index].location.file
                    if let previous, previous.file == file {
                        numbers.append(UInt32(previous.number))
                        continue
                    }
                    let number: Int
                    if let known = fileNumbers[file] {
                        number = known
                    } else {
                        number = files.count
                        fileNumbers[file] = number
                        files.append(file)
                    }
                    numbers.append(UInt32(number))
                    previous = (file, number)
                }
                return (numbers, files)
            }
            let sortedFiles = Set(numbered.flatMap(\.files)).sorted()
            var rankOf: [String: UInt32] = [:]
            for (rank, file) in sortedFiles.enumerated() { rankOf[file] = UInt32(rank) }
            self.numbers = numbered.flatMap(\.numbers)
            self.ranks = numbered.map { part in part.files.map { rankOf[$0] ?? 0 } }
            self.partSize = partSize
        }

        func rank(of index: Int) -> UInt32 {
            ranks[index / partSize][Int(numbers[index])]
        }
    }

    /// The integer part of the report order: file rank and line; column and the index in the
    /// unsorted findings (which keeps the sort stable).
    struct SortKey: Sendable {
        /// The file's rank in the high half, the line (or `UInt32.max`) in the low half.
        var position: UInt64
        /// The column (or `UInt32.max`) in the high half, the finding's index in the low half.
        var columnAndIndex: UInt64

        /// The finding's index in the unsorted findings.
        var index: Int { Int(columnAndIndex & 0xFFFF_FFFF) }

        /// Whether `lhs` comes before `rhs` in report order.
        static func precedes(_ lhs: SortKey, _ rhs: SortKey) -> Bool {
            (lhs.position, lhs.columnAndIndex) < (rhs.position, rhs.columnAndIndex)
        }

        /// Whether `other` is at the same place: file, line and column.
        func samePlace(as other: SortKey) -> Bool {
            position == other.position && columnAndIndex >> 32 == other.columnAndIndex >> 32
        }
    }

    /// `0..<count` split into contiguous ranges of one size (the last one shorter), one per core
    /// when `concurrently` (never an empty one: fewer parts when there are few items), or one.
    static func parts(of count: Int, width: Int = ParallelMap.width, concurrently: Bool) -> (
        size: Int, ranges: [Range<Int>]
    ) {
        guard concurrently, count > 1, width > 1 else { return (max(count, 1), [0..<count]) }
        let size = (count + min(width, count) - 1) / min(width, count)
        return (size, stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) })
    }

    /// Runs `body` over `0..<count` split into contiguous ranges, one per core when
    /// `concurrently`.
    private static func inParts(count: Int, concurrently: Bool, _ body: @Sendable (Range<Int>) -> Void) {
        let ranges = parts(of: count, concurrently: concurrently).ranges
        guard ranges.count > 1 else {
            body(0..<count)
            return
        }
        DispatchQueue.concurrentPerform(iterations: ranges.count) { part in body(ranges[part]) }
    }
}

/// A pointer handed to the threads of a parallel loop, each of which writes only its own
/// elements (or none: the findings are only read while their keys are made).
private struct SendablePointer<Element>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Element>
    init(_ pointer: UnsafeMutablePointer<Element>) { self.pointer = pointer }
}
