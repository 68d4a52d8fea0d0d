#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Advice to the kernel about memory about to be written.
public enum PageAdvice {
    /// Below this many bytes, a buffer's pages are left to fault in one by one.
    public static let populateThreshold = 1 << 20

    /// Asks the kernel to give `buffer`'s whole pages their memory now, in one call, when the
    /// buffer is large and about to be written from start to end: a page faulted in on first
    /// write costs a trap each (a huge lint's 50 MB input is 12,000 pages). Linux 5.14 and later
    /// (`MADV_POPULATE_WRITE`); elsewhere, or if the kernel refuses, nothing happens and the
    /// pages fault in as they are written. Never changes what the buffer holds.
    public static func populate(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
            guard buffer.count >= populateThreshold, let base = buffer.baseAddress else { return }
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            guard page > 0 else { return }
            let start = (Int(bitPattern: base) + page - 1) / page * page
            let end = (Int(bitPattern: base) + buffer.count) / page * page
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            // MADV_POPULATE_WRITE (23): not in every C library's headers yet.
            _ = madvise(pointer, end - start, 23)
        #endif
    }
}

extension Array {
    /// ``PageAdvice/populate(_:)`` for the room of the next `count` elements past the end (as much
    /// of it as the capacity holds): for an array about to grow by that many.
    public mutating func populateSpareCapacity(_ count: Int) {
        let bytes = Swift.min(count, capacity - self.count) * MemoryLayout<Element>.stride
        guard bytes >= PageAdvice.populateThreshold else { return }
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            PageAdvice.populate(UnsafeMutableRawBufferPointer(start: base + buffer.count, count: bytes))
        }
    }
}
