/// Counts over large byte buffers, 32 bytes at a time (a read of a large XML plist counts its
/// tags and lines before parsing: a `memchr` per byte found costs more than this per byte read,
/// and a word-at-a-time count took three times as long).
enum ByteScan {
    /// How many 32-byte blocks a lane's 8-bit sum holds before it could wrap (each adds 0 or 1).
    private static let blocksPerSum = 255

    /// How many of `buffer`'s bytes equal `byte`.
    static func count(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let wanted = SIMD32<UInt8>(repeating: byte)
        var count = 0
        var index = 0
        while index + 32 <= buffer.count {
            // Each lane counts its matches (a match is all ones, -1, subtracted) for at most
            // `blocksPerSum` blocks, then the lanes are added up wide.
            var sums = SIMD32<UInt8>()
            let end = min(buffer.count - 31, index + blocksPerSum * 32)
            while index < end {
                let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD32<UInt8>.self)
                sums &-= unsafeBitCast(block .== wanted, to: SIMD32<UInt8>.self)
                index += 32
            }
            count += Int(SIMD32<UInt16>(truncatingIfNeeded: sums).wrappedSum())
        }
        while index < buffer.count {
            if base[index] == byte { count += 1 }
            index += 1
        }
        return count
    }
}
