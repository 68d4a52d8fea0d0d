#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock, as Foundation's `NSLock`, over a POSIX mutex: the command links only
/// FoundationEssentials, whose start-up is cheaper than all of Foundation's (see the README's
/// Installing section).
public final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// An unlocked lock.
    public init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Waits for the lock and takes it.
    public func lock() { pthread_mutex_lock(mutex) }

    /// Gives the lock back.
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// `body`'s result, computed holding the lock.
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock with a condition to wait for, as Foundation's `NSCondition`, over a POSIX mutex and
/// condition variable: ``wait()`` gives the lock up until ``broadcast()`` wakes it (or spuriously:
/// callers wait in a loop over what they wait for).
public final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// An unlocked lock with no waiter.
    public init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Waits for the lock and takes it.
    public func lock() { pthread_mutex_lock(mutex) }

    /// Gives the lock back.
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Holding the lock: gives it up until woken, then takes it again.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every waiter.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
