/// Sorts positions by the identifiers at them, in the order of `<` on ``UniformTypeIdentifier``
/// (their case-folded text), comparing 32 bytes at a time as four integers held in one array:
/// a hundred thousand identifiers sorted with `<` read two strings from all over the heap on
/// each of ~1.7 million comparisons, which took a core for ~60 ms in a lint of a large app.
///
/// For ASCII text, `<` is byte order with a shorter text before any it begins: sorting by the
/// first 32 bytes as integers (a comparison sort), then each run of equal digits by the next 32
/// bytes, most significant first, gives that order. With a non-ASCII identifier among them, `<` (which
/// compares Unicode canonical equivalents alike) is used as it is.
enum IdentifierSort {
    /// One position and 32 bytes of its identifier's text from the current level's offset, big
    /// endian and padded with zeros, with the text's length.
    private struct Entry {
        var digits: (UInt64, UInt64, UInt64, UInt64)
        var length: Int
        var position: Int

        static func digitsPrecede(_ lhs: Entry, _ rhs: Entry) -> Bool {
            lhs.digits < rhs.digits
        }

        static func sameDigits(_ lhs: Entry, _ rhs: Entry) -> Bool {
            lhs.digits == rhs.digits
        }
    }

    /// The width of one digit, in bytes.
    private static let width = 32

    /// Sorts `positions` (indices of `identifiers`) so that their identifiers ascend by `<`.
    /// Positions of equal identifiers keep no particular order among themselves.
    static func sort(_ positions: inout [Int], by identifiers: [UniformTypeIdentifier]) {
        guard positions.count > 1 else { return }
        // Each text read once here for its first digit, its length and whether it is ASCII.
        var entries: [Entry] = []
        entries.reserveCapacity(positions.count)
        for position in positions {
            var text = identifiers[position].normalized
            let entry = text.withUTF8 { bytes -> Entry? in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
                return Entry(digits: digits(of: bytes, from: 0), length: bytes.count, position: position)
            }
            guard let entry else {
                positions.sort { identifiers[$0] < identifiers[$1] }
                return
            }
            entries.append(entry)
        }
        sortLevel(&entries, 0..<entries.count, offset: 0, identifiers)
        for index in entries.indices { positions[index] = entries[index].position }
    }

    /// Sorts `range` of `entries`, whose texts agree before `offset`, by their text from there;
    /// their digits are those from `offset` already. Runs of equal digits wait on a list rather
    /// than the call stack: two identifiers may share a prefix of any length.
    private static func sortLevel(
        _ entries: inout [Entry], _ range: Range<Int>, offset: Int, _ identifiers: [UniformTypeIdentifier]
    ) {
        var pending = [(range: range, offset: offset)]
        while let (range, offset) = pending.popLast() {
            entries[range].sort(by: Entry.digitsPrecede)
            var start = range.lowerBound
            while start < range.upperBound {
                var end = start + 1
                while end < range.upperBound, Entry.sameDigits(entries[start], entries[end]) { end += 1 }
                if end - start > 1 {
                    // Equal here: a text that ends within these bytes begins every one that goes
                    // on (the rest of these bytes can only be zeros), so it comes first, shorter
                    // first; those that go on are sorted by their next bytes.
                    entries[start..<end].sort { $0.length < $1.length }
                    let next = offset + width
                    let goesOn = entries[start..<end].firstIndex { $0.length > next } ?? end
                    if end - goesOn > 1 {
                        for index in goesOn..<end {
                            var text = identifiers[entries[index].position].normalized
                            entries[index].digits = text.withUTF8 { digits(of: $0, from: next) }
                        }
                        pending.append((goesOn..<end, next))
                    }
                }
                start = end
            }
        }
    }

    /// Bytes `offset..<offset + 32` of `bytes` as four big-endian integers, zeros past the end.
    private static func digits(of bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> (
        UInt64, UInt64, UInt64, UInt64
    ) {
        func word(_ start: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in start..<start + 8 {
                value = value << 8 | (index < bytes.count ? UInt64(bytes[index]) : 0)
            }
            return value
        }
        return (word(offset), word(offset + 8), word(offset + 16), word(offset + 24))
    }
}
