import Dispatch
import Support
import Testing

@testable import DocumentBrowser

/// The walk's bounded queue and the locks under it (`Support`'s `Lock` and `Condition`, which
/// stand in for Foundation's): every element handed over once, in order, with the producer held
/// at the bound; a cancel releases a waiting producer.
@Suite struct BatchQueueTests {
    @Test func everyElementIsHandedOverOnceInOrderThroughASmallBound() {
        let queue = BatchQueue<Int>(capacity: 16)
        let count = 20_000
        let produced = DispatchSemaphore(value: 0)
        DispatchQueue(label: "producer").async {
            for number in 0..<count { _ = queue.push(number, weight: 1 + number % 5) }
            queue.finish()
            produced.signal()
        }
        var received: [Int] = []
        while let number = queue.pop() { received.append(number) }
        produced.wait()
        #expect(received == Array(0..<count))
    }

    @Test func cancellingReleasesAWaitingProducer() {
        let queue = BatchQueue<Int>(capacity: 4)
        let done = DispatchSemaphore(value: 0)
        let accepted = Lock()
        nonisolated(unsafe) var pushes = 0
        DispatchQueue(label: "producer").async {
            // The fifth push waits for room that never comes, until the cancel.
            while queue.push(1) { accepted.withLock { pushes += 1 } }
            done.signal()
        }
        while accepted.withLock({ pushes }) < 4 { usleepish() }
        queue.cancel()
        done.wait()
        #expect(queue.isCancelled)
        #expect(accepted.withLock { pushes } == 4)
    }

    @Test func aLockMakesIncrementsFromEveryCoreExact() {
        let lock = Lock()
        nonisolated(unsafe) var total = 0
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            for _ in 0..<1_000 { lock.withLock { total += 1 } }
        }
        #expect(lock.withLock { total } == 64_000)
    }

    /// A short pause for the polling loop above, without Foundation.
    func usleepish() {
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(1))
    }
}
