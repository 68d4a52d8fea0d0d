/// Places in an XML document's bytes that libxml2 reads as they are (UTF-8): where the reader
/// reports an error itself, instead of where the parser of one libxml2 release happens to stand
/// when it raises it (a column earlier or later, past the tag or on it, differs between releases).
///
/// Lines end at line feeds and columns count characters (the bytes that start one), as the
/// reader counts them for start tags (``XMLState/columnInSource(at:)``).
struct XMLSourcePlaces {
    /// The document's bytes.
    let bytes: UnsafeBufferPointer<UInt8>

    /// The 1-based line and column of the byte at `offset` (of the end, at `bytes.count`).
    func place(of offset: Int) -> (line: Int32, column: Int32) {
        let before = UnsafeBufferPointer(rebasing: bytes[..<min(max(offset, 0), bytes.count)])
        let line = 1 + ByteScan.count(of: 0x0A, in: before)
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = before[lineStart...].reduce(1) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
        return (Int32(clamping: line), Int32(clamping: column))
    }

    /// Where the document ends: just past its last character that is not white space (or at its
    /// start when it is all white space).
    var end: (line: Int32, column: Int32) {
        let last = bytes.lastIndex { !ScalarParsing.isSpace($0) }
        return place(of: last.map { $0 + 1 } ?? 0)
    }

    /// The offset of the nearest `byte` before `offset`, looking back at most 4096 bytes and,
    /// with `withinLine`, not past a line feed; nil when there is none.
    func start(of byte: UInt8, before offset: Int, withinLine: Bool) -> Int? {
        var index = min(offset, bytes.count)
        let limit = max(0, index - 4096)
        while index > limit {
            index -= 1
            if bytes[index] == byte { return index }
            if withinLine && bytes[index] == 0x0A { return nil }
        }
        return nil
    }

    /// Whether `needle` occurs in the bytes from `offset` on.
    func contains(_ needle: [UInt8], from offset: Int) -> Bool {
        guard let first = needle.first, offset >= 0 else { return false }
        var index = offset
        while index + needle.count <= bytes.count {
            guard let next = bytes[index...].firstIndex(of: first) else { return false }
            if next + needle.count <= bytes.count && bytes[next..<(next + needle.count)].elementsEqual(needle) {
                return true
            }
            index = next + 1
        }
        return false
    }

    /// The name of the entity reference whose `&` is at `offset`: the bytes up to its `;`, or nil
    /// when no `;` follows within 1024 bytes (or a byte that no name holds comes first).
    func referenceName(at offset: Int) -> String? {
        guard offset >= 0, offset < bytes.count, bytes[offset] == UInt8(ascii: "&") else { return nil }
        let name = bytes[(offset + 1)..<min(bytes.count, offset + 1025)]
        guard let semicolon = name.firstIndex(of: UInt8(ascii: ";")), semicolon > name.startIndex,
            !name[..<semicolon].contains(where: { ScalarParsing.isSpace($0) || $0 == UInt8(ascii: "<") })
        else { return nil }
        return String(decoding: name[..<semicolon], as: UTF8.self)
    }
}
