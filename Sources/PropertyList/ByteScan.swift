/// Counts over large byte buffers, eight bytes at a time (a read of a large XML plist counts its
/// lines and tags before parsing: a `memchr` per byte found costs more than this per byte read).
enum ByteScan {
    /// The high bit of each byte of `word` that equals `byte`, every other bit clear. Exact for
    /// every byte: no carry crosses from one byte into the next.
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        let low = 0x7F7F_7F7F_7F7F_7F7F as UInt64
        return ~(((difference & low) &+ low) | difference) & 0x8080_8080_8080_8080
    }

    /// The eight bytes at `offset`, the first in the lowest bits.
    @inline(__always)
    private static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// How many of `buffer`'s bytes equal `byte`.
    static func count(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var count = 0
        var index = 0
        while index + 8 <= buffer.count {
            count += matches(word(raw, index), byte).nonzeroBitCount
            index += 8
        }
        while index < buffer.count {
            if base[index] == byte { count += 1 }
            index += 1
        }
        return count
    }
}
