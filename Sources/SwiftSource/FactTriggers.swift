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
/// Speed: each word has a pair of adjacent bytes that is rare in code (`UT`, `ID`, `tG`, `rO`…);
/// one pass looks each pair of the file up in a bit table of all such pairs (8 KB, eight pairs
/// per step), and only where a pair is in the table are the words that hold it compared. Measured
/// side by side with `grep -rc UTType` (`utiscope-bench swift`, 2,000 files, 40 MB): with the
/// document APIs in about one file in twenty (`Scripts/generate-swift-tree.py`), the read took
/// about 2× grep's time, against about 13× on the same machine when every file is lexed (the
/// `--dense` tree). Vector comparisons (`SIMD16` with two bytes per word) were tried first and
/// were 5× slower than this loop. A test checks the pass against ``matches(at:in:)`` at every
/// position.
enum FactTriggers {
    /// A word, and the offset of its rare pair of bytes.
    struct Anchor: Sendable {
        var word: [UInt8]
        var pairOffset: Int

        init(_ word: String, pair pairOffset: Int) {
            self.word = Array(word.utf8)
            self.pairOffset = pairOffset
        }

        /// The pair as a table index: first byte low, second high.
        var pair: Int { Int(word[pairOffset]) | Int(word[pairOffset + 1]) << 8 }

        /// Whether this is one of the string anchors, checked further by the string's bytes.
        var isStringStart: Bool { word.last == UInt8(ascii: "\"") }
    }

    /// The words, those whose pair is most common in code first (a candidate pair is looked up
    /// in this order, and no two words share a pair).
    static let anchors: [Anchor] = [
        Anchor("= \"", pair: 1), Anchor("DocumentLaunchView", pair: 13), Anchor("DocumentCreation", pair: 8),
        Anchor("utiscope:", pair: 3), Anchor("FileDocument", pair: 3), Anchor("fileImporter", pair: 3),
        Anchor("UTType", pair: 0), Anchor("UIDocument", pair: 1), Anchor("forOpening", pair: 2),
        Anchor("edAs:", pair: 1), Anchor("entType", pair: 2), Anchor("DocumentAction", pair: 7),
        Anchor("DocumentGroup", pair: 7), Anchor("NewDocumentButton", pair: 2), Anchor("fileExporter", pair: 3),
        Anchor("[\"", pair: 0),
    ]

    /// One bit per pair of bytes (65,536 bits, 8 KB): set for the anchors' pairs. Written once,
    /// when first used, and only read after: safe to share.
    nonisolated(unsafe) private static let pairBits: UnsafePointer<UInt64> = {
        let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: 1024)
        bits.initialize(repeating: 0, count: 1024)
        for anchor in anchors { bits[anchor.pair >> 6] |= 1 << UInt64(anchor.pair & 63) }
        return UnsafePointer(bits)
    }()

    /// The anchors as plain values for the checks at candidate pairs (no array of arrays to
    /// retain on each one). Written once, when first used, and only read after: safe to share.
    private struct Table {
        var count: Int
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
        var starts: [Int] = []
        var pool: [UInt8] = []
        for anchor in anchors {
            starts.append(pool.count)
            pool += anchor.word
        }
        return Table(
            count: anchors.count, pairs: pointer(anchors.map(\.pair)), pairOffsets: pointer(anchors.map(\.pairOffset)),
            starts: pointer(starts), lengths: pointer(anchors.map(\.word.count)), bytes: pointer(pool))
    }()

    /// Whether `bytes` holds one of the words (false: the file holds no fact).
    static func mayHoldFacts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let bits = pairBits
        let table = Self.table
        let count = bytes.count
        var index = 0
        // Eight pairs at a time from one 8-byte load (and the byte after it), tested with one
        // branch: 1.3× faster than a pair per step.
        while index + 9 <= count {
            var word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
            let next = UInt64(base[index + 8])
            var found: UInt64 = 0
            for lane in 0..<8 {
                let pair = Int(truncatingIfNeeded: lane < 7 ? word & 0xFFFF : (word & 0xFF) | next << 8)
                found |= (bits[pair >> 6] >> UInt64(pair & 63)) & 1
                word >>= 8
            }
            // Marking which lane hit (a shift by the lane) made the loop 1.5× slower than
            // finding the lane again in the rare blocks that hit.
            if found != 0 {
                for position in index..<(index + 8) {
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
            index += 1
        }
        return false
    }

    /// Whether a word whose rare pair is the one at `position` is there.
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
        guard offset == length else { return false }
        return word[length - 1] != UInt8(ascii: "\"") || bindsIdentifierString(after: start + length, in: bytes)
    }

    /// Whether one of the words starts at `position`: the plain test the pass stands in for.
    static func matches(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        anchors.contains { matches($0, at: position, in: bytes) }
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
