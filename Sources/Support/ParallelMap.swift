import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Maps over items on every core, keeping the order.
public enum ParallelMap {
    /// The number of cores online (at least 1): how many items run side by side.
    public static let width: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `items.map(body)`, computed concurrently.
    public static func map<Item: Sendable, Result: Sendable>(_ items: [Item], _ body: @Sendable (Item) -> Result)
        -> [Result]
    {
        guard items.count > 1 else { return items.map(body) }
        let slots = Slots<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            slots.set(index, body(items[index]))
        }
        return slots.values
    }

    /// `(first(), second())`, computed side by side when `concurrently` (for large inputs: a
    /// thread hand-off costs more than a small job).
    public static func both<First: Sendable, Second: Sendable>(
        concurrently: Bool, _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        guard concurrently else { return (first(), second()) }
        let firstSlot = Slots<First>(count: 1)
        let secondSlot = Slots<Second>(count: 1)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 { firstSlot.set(0, first()) } else { secondSlot.set(0, second()) }
        }
        // Both slots are filled once concurrentPerform returns.
        return (firstSlot.values[0], secondSlot.values[0])
    }

    /// One slot per item; each iteration writes only its own, through a buffer allocated once
    /// (so no access to a shared property overlaps another).
    private final class Slots<Value: Sendable>: @unchecked Sendable {
        private let buffer: UnsafeMutableBufferPointer<Value?>

        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }

        deinit {
            buffer.deinitialize()
            buffer.deallocate()
        }

        func set(_ index: Int, _ value: Value) {
            buffer[index] = value
        }

        var values: [Value] { buffer.compactMap { $0 } }
    }
}
