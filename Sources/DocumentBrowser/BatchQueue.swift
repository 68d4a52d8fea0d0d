import Support

/// A bounded first-in, first-out queue between one producing and one consuming thread: the
/// producer waits when it is full, so memory stays bounded whatever the input's size. Elements
/// have a weight (a folder's entry count); the bound is on the total weight queued.
final class BatchQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = Condition()
    private var items: [(element: Element, weight: Int)?] = []
    private var head = 0
    private var weight = 0
    private var finished = false
    private var cancelled = false
    private let capacity: Int

    /// A queue holding elements of total weight at most `capacity` (one heavier element alone
    /// is let in).
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds `element`, waiting while the queue is full; returns false once the consumer cancelled.
    func push(_ element: Element, weight elementWeight: Int = 1) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while weight > 0 && weight + elementWeight > capacity && !cancelled { condition.wait() }
        if cancelled { return false }
        items.append((element, elementWeight))
        weight += elementWeight
        condition.broadcast()
        return true
    }

    /// Whether the consumer cancelled.
    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Waits until the producer has said no more elements will come. The producer must not be
    /// held up by a full queue meanwhile: for a walk whose batches all fit.
    func waitUntilFinished() {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
    }

    /// Says no more elements will come.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Tells the producer to stop.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next element, waiting for one; nil when the producer has finished and all are taken.
    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count && !finished { condition.wait() }
        guard head < items.count, let item = items[head] else { return nil }
        items[head] = nil
        weight -= item.weight
        head += 1
        if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return item.element
    }
}
