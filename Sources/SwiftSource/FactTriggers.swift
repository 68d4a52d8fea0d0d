#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A quick test that a file cannot hold a fact, run on its raw bytes before any lexing.
///
/// Every fact is found at a name the reader looks for, and each of those names holds one of a
/// few words (``anchors``): `UTType` (also in `kUTType…`), `UIDocument` (the browser, picker and
/// view controllers), `FileDocument` (also in `ReferenceFileDocument`), `DocumentGroup`,
/// `DocumentLaunchView`, `NewDocumentButton`, `DocumentCreation` (`allowsDocumentCreation`, the
/// delegate's `didRequestDocumentCreationWithHandler`), `DocumentAction`, `entType` (every
/// `…ContentType(s)`, `documentTypes`), `forOpening`, `fileImporter`, `fileExporter`, `edAs:`
/// (`exportedAs:`, `importedAs:`), `utiscope:` (directive comments); or it is a string that a
/// `let` may bind for a list in another file, which starts `= "` or `["` and looks like an
/// identifier or an extension (a `.` within its first 8 bytes). A file with none of them is
/// skipped whole; one with any (in code, comments or strings alike: the test knows nothing of
/// Swift) is read in full, so the test changes no fact, only the time.
///
/// What this leaves unread: a `class B: A` in a file with none of the words, where `A` is a
/// subclass of the document browser declared elsewhere, is not known to be a browser, and
/// `present(b, …)` in such a file is not seen (a presented browser is reported where the file
/// also creates it through one of the words: `UIDocumentBrowserViewController(…)` or
/// `(forOpening:)`); a `let` bound to a string written otherwise is not known in other files.
///
/// Speed: each word has two pairs of adjacent bytes that are rare in code (`UT` and `TT`, `rO` and
/// `Op`…), one at an even offset in the word and one at an odd one, so that wherever the word
/// starts, one of them starts at an even position of the file. One pass looks up the pair at
/// each even position (four per 8-byte load) in a bit table of all such pairs (8 KB), and only
/// where a pair is in the table are the words that hold it compared. The two string words are
/// found by a second pass from quote to quote (`memchr`), comparing the bytes before each.
/// Measured side by side with
/// `grep -rc UTType` (`utiscope-bench swift`, 2,000 files, 40 MB): with the document APIs in
/// about one file in twenty (`Scripts/generate-swift-tree.py`), the read took about 2× grep's
/// time, against about 13× on the same machine when every file is lexed (the `--dense` tree);
/// looking up the pairs at even positions only, and the quotes with `memchr`, made these passes
/// 1.3× faster (28 ms against 37–38 ms for the tree's 40 MB, the two taking turns) than one pass
/// looking up every pair (one rare pair per word, the string words' among them). Vector comparisons (`SIMD16` with two bytes per word)
/// were tried first and were 5× slower than a loop of look-ups. A test checks the pass against
/// ``matches(at:in:)`` at every position.
enum FactTriggers {
    /// A word, and the offsets of its two rare pairs of bytes (one even, one odd).
    struct Anchor: Sendable {
        var word: [UInt8]
        var pairOffsets: [Int]

        init(_ word: String, pairs first: Int, _ second: Int) {
            self.word = Array(word.utf8)
            self.pairOffsets = [first, second]
        }

        /// The pair at `offset` as a table index: first byte low, second high.
        func pair(at offset: Int) -> Int { Int(word[offset]) | Int(word[offset + 1]) << 8 }

        /// The word's rare pairs as table indexes.
        var pairs: [Int] { pairOffsets.map(pair(at:)) }

        /// Whether this is one of the string anchors, checked further by the string's bytes.
        var isStringStart: Bool { word.last == UInt8(ascii: "\"") }
    }

    /// The words found by their pairs (their pairs counted in the generated tree: none above
    /// 61,000 in 40 MB, most under 6,000).
    static let anchors: [Anchor] = [
        Anchor("DocumentLaunchView", pairs: 8, 13), Anchor("DocumentCreation", pairs: 8, 7),
        Anchor("utiscope:", pairs: 0, 3), Anchor("FileDocument", pairs: 0, 3), Anchor("fileImporter", pairs: 4, 3),
        Anchor("UTType", pairs: 0, 1), Anchor("UIDocument", pairs: 0, 1), Anchor("forOpening", pairs: 2, 3),
        Anchor("edAs:", pairs: 2, 1), Anchor("entType", pairs: 2, 3), Anchor("DocumentAction", pairs: 8, 7),
        Anchor("DocumentGroup", pairs: 8, 7), Anchor("NewDocumentButton", pairs: 0, 3),
        Anchor("fileExporter", pairs: 4, 3),
    ]

    /// The string words: `= "` and `["`, then a string that looks like an identifier (found by
    /// their quote, not by a pair).
    static let stringAnchors: [Anchor] = [Anchor("= \"", pairs: 0, 1), Anchor("[\"", pairs: 0, 0)]

    private static let quote = UInt8(ascii: "\"")

    /// One bit per pair of bytes (65,536 bits, 8 KB): set for the words' pairs. Written once,
    /// when first used, and only read after: safe to share.
    nonisolated(unsafe) private static let pairBits: UnsafePointer<UInt64> = {
        let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: 1024)
        bits.initialize(repeating: 0, count: 1024)
        func set(_ pair: Int) { bits[pair >> 6] |= 1 << UInt64(pair & 63) }
        for anchor in anchors { anchor.pairs.forEach(set) }
        return UnsafePointer(bits)
    }()

    /// The words' pairs as plain values for the checks at candidate pairs (no array of arrays to
    /// retain on each one). Written once, when first used, and only read after: safe to share.
    private struct Table {
        var count: Int
        /// For each word pair: the pair, its offset in its word, and its word's start and length
        /// in `bytes`.
        var pairs: UnsafePointer<Int>
        var pairOffsets: UnsafePointer<Int>
        var starts: UnsafePointer<Int>
        var lengths: UnsafePointer<Int>
        var bytes: UnsafePointer<UInt8>
    }

    nonisolated(unsafe) private static let table: Table = {
        func pointer<Value>(_ values: [Value]) -> UnsafePointer<Value> {
            let memory = UnsafeMutablePointer<Value>.allocate(capacity: max(values.count, 1))
            memory.initialize(from: values, count: values.count)
            return UnsafePointer(memory)
        }
        var pairs: [Int] = []
        var offsets: [Int] = []
        var starts: [Int] = []
        var lengths: [Int] = []
        var pool: [UInt8] = []
        for anchor in anchors {
            for offset in anchor.pairOffsets {
                pairs.append(anchor.pair(at: offset))
                offsets.append(offset)
                starts.append(pool.count)
                lengths.append(anchor.word.count)
            }
            pool += anchor.word
        }
        // Each word's two entries point at its one copy in the pool.
        for index in stride(from: 1, to: starts.count, by: 2) { starts[index] = starts[index - 1] }
        return Table(
            count: pairs.count, pairs: pointer(pairs), pairOffsets: pointer(offsets), starts: pointer(starts),
            lengths: pointer(lengths), bytes: pointer(pool))
    }()

    /// Whether `bytes` holds one of the words (false: the file holds no fact).
    static func mayHoldFacts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let bits = pairBits
        let table = Self.table
        let count = bytes.count
        var index = 0
        // The pairs at the four even positions of one 8-byte load, tested with one branch.
        while index + 8 <= count {
            var word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
            var found: UInt64 = 0
            for _ in 0..<4 {
                let pair = Int(truncatingIfNeeded: word & 0xFFFF)
                found |= (bits[pair >> 6] >> UInt64(pair & 63)) & 1
                word >>= 16
            }
            // Finding the position again in the rare blocks that hit is cheaper than marking it.
            if found != 0 {
                for position in stride(from: index, to: index + 8, by: 2) {
                    let pair = Int(base[position]) | Int(base[position + 1]) << 8
                    if (bits[pair >> 6] >> UInt64(pair & 63)) & 1 != 0
                        && matches(pairAt: position, in: bytes, table: table)
                    {
                        return true
                    }
                }
            }
            index += 8
        }
        while index + 1 < count {
            if matches(pairAt: index, in: bytes, table: table) { return true }
            index += 2
        }
        return holdsStringWord(bytes)
    }

    /// Whether a string word (`= "` or `["`, then an identifier-like string) is in `bytes`: from
    /// quote to quote.
    private static func holdsStringWord(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var index = 0
        while index < bytes.count,
            let found = memchr(base + index, Int32(quote), bytes.count - index)
        {
            let position = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if matches(stringAnchors[0], at: position - 2, in: bytes)
                || matches(stringAnchors[1], at: position - 1, in: bytes)
            {
                return true
            }
            index = position + 1
        }
        return false
    }

    /// Whether a word one of whose rare pairs is the pair at `position` is there.
    private static func matches(pairAt position: Int, in bytes: UnsafeBufferPointer<UInt8>, table: Table) -> Bool {
        guard position + 1 < bytes.count else { return false }
        let pair = Int(bytes[position]) | Int(bytes[position + 1]) << 8
        var number = 0
        while number < table.count && table.pairs[number] != pair { number += 1 }
        guard number < table.count else { return false }
        let start = position - table.pairOffsets[number]
        let length = table.lengths[number]
        guard start >= 0, start + length <= bytes.count else { return false }
        var offset = 0
        let word = table.bytes + table.starts[number]
        while offset < length && bytes[start + offset] == word[offset] { offset += 1 }
        return offset == length
    }

    /// Whether one of the words starts at `position`: the plain test the pass stands in for.
    static func matches(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        (anchors + stringAnchors).contains { matches($0, at: position, in: bytes) }
    }

    private static func matches(_ anchor: Anchor, at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard start >= 0, start + anchor.word.count <= bytes.count else { return false }
        for offset in anchor.word.indices where bytes[start + offset] != anchor.word[offset] { return false }
        return !anchor.isStringStart || bindsIdentifierString(after: start + anchor.word.count, in: bytes)
    }

    /// Whether the string starting at `start` (after its `"`) looks like an identifier or an
    /// extension: a `.` among its first 8 bytes, before any `"`, `\` or line break.
    private static func bindsIdentifierString(after start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = start
        while index < min(bytes.count, start + 8) {
            switch bytes[index] {
            case UInt8(ascii: "."): return true
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A: return false
            default: index += 1
            }
        }
        return false
    }
}
