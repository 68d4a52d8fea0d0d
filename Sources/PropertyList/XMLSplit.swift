#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a large XML plist can be cut in two, so that both parts are parsed side by side: just
/// after the line break that follows a value in an array, near the middle of the file.
///
/// Found by a conservative scan of the tags from the start of the file, which only needs to know
/// which elements are open at the cut. Anything the scan does not fully understand gives no cut
/// (and the document is read whole): UTF-16 or UTF-32 text, an encoding other than UTF-8 in the
/// XML declaration, carriage returns (libxml2 counts lines differently then), a DTD's internal
/// subset, CDATA sections, processing instructions after the root starts, unknown or mismatched
/// elements. (Bytes that are not valid UTF-8 make a part fail, which falls back the same way.) Whatever it decides, the parts are checked again
/// after parsing, and any surprise falls back to a whole read, so the result is always that of a
/// whole read. Measured against a whole read on gen.py's c_huge.plist (6 and 8 rounds by turns):
/// `dump` takes 38% longer without the split, `lint` 8%.
struct XMLSplit: Equatable {
    /// The byte offset where the second part starts.
    let offset: Int
    /// The elements open at `offset`, outermost first; the innermost is an `<array>`.
    let open: [Element]

    /// What the second part's parser reads before the bytes from `offset` on: a start tag for
    /// every open element (each dictionary's with a stand-in `<key/>`, so its keys and values
    /// still alternate), then a line break, so the second part's columns are the file's.
    var prefix: [UInt8] {
        var bytes: [UInt8] = []
        for element in open {
            bytes.append(UInt8(ascii: "<"))
            bytes.append(contentsOf: element.name.utf8)
            bytes.append(UInt8(ascii: ">"))
            if element == .dict { bytes.append(contentsOf: "<key/>".utf8) }
        }
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The nodes `prefix` makes, which stand in for the first part's open containers and keys:
    /// a dictionary and its key, or an array, for each open container in turn.
    var standInKinds: [PlistKind] {
        open.flatMap { element -> [PlistKind] in
            switch element {
            case .dict: return [.dictionary, .string]
            case .array: return [.array]
            default: return []
            }
        }
    }

    /// The cut nearest after `fraction` of `bytes`, or nil when the scan finds none before three
    /// quarters of the file or meets something it does not follow (see the type's summary).
    static func find(in bytes: UnsafeBufferPointer<UInt8>, after fraction: Double = 0.5, depthLimit: Int) -> XMLSplit? {
        guard let base = bytes.baseAddress, bytes.count >= 16 else { return nil }
        // UTF-16 and UTF-32 (a byte-order mark or a zero byte up front), and carriage returns.
        if base[0] == 0 || base[1] == 0 || base[0] == 0xFE || base[0] == 0xFF { return nil }
        if memchr(base, 0x0D, bytes.count) != nil { return nil }
        let end = base + bytes.count
        let target = base + Int(Double(bytes.count) * min(max(fraction, 0), 1))
        let giveUp = base + bytes.count / 4 * 3
        var cursor = base
        var open: [Element] = []
        var started = false
        while cursor < end, let found = memchr(cursor, Int32(UInt8(ascii: "<")), end - cursor) {
            let tag = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            guard tag + 2 < end, tag < giveUp else { return nil }
            switch tag[1] {
            case UInt8(ascii: "?"):
                // The XML declaration (its encoding must be UTF-8) or an instruction before the root.
                guard !started, let close = search("?>", from: tag + 2, end: end),
                    declaresUTF8(UnsafeBufferPointer(start: tag, count: close - tag))
                else { return nil }
                cursor = close + 2
            case UInt8(ascii: "!"):
                if starts(tag, end: end, with: "<!--") {
                    guard let close = search("-->", from: tag + 4, end: end) else { return nil }
                    cursor = close + 3
                } else if !started, starts(tag, end: end, with: "<!DOCTYPE") {
                    guard let close = memchr(tag, Int32(UInt8(ascii: ">")), end - tag),
                        memchr(tag, Int32(UInt8(ascii: "[")), UnsafeRawPointer(close) - UnsafeRawPointer(tag)) == nil
                    else { return nil }
                    cursor = UnsafePointer(close.assumingMemoryBound(to: UInt8.self)) + 1
                } else {
                    return nil
                }
            case UInt8(ascii: "/"):
                guard let (element, nameEnd) = name(at: tag + 2, end: end), open.last == element,
                    let close = endTagEnd(from: nameEnd, end: end)
                else { return nil }
                open.removeLast()
                cursor = close + 1
                guard !open.isEmpty else { return nil }
                if tag >= target, open.last == .array, let offset = lineStart(after: cursor, end: end) {
                    return XMLSplit(offset: offset - base, open: open)
                }
            default:
                guard let (element, nameEnd) = name(at: tag + 1, end: end),
                    let close = startTagEnd(from: nameEnd, end: end)
                else { return nil }
                started = true
                cursor = close + 1
                if close[-1] == UInt8(ascii: "/") {
                    guard !open.isEmpty else { return nil }
                    if tag >= target, open.last == .array, let offset = lineStart(after: cursor, end: end) {
                        return XMLSplit(offset: offset - base, open: open)
                    }
                } else {
                    open.append(element)
                    guard open.count <= depthLimit else { return nil }
                }
            }
        }
        return nil
    }

    /// The plist element whose name starts at `start`, and where the name ends.
    private static func name(at start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> (
        Element, UnsafePointer<UInt8>
    )? {
        var cursor = start
        while cursor < end, !isNameEnd(cursor.pointee) { cursor += 1 }
        guard cursor < end, let element = Element(start, count: cursor - start) else { return nil }
        return (element, cursor)
    }

    /// Whether `byte` ends a tag's name.
    private static func isNameEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || ScalarParsing.isSpace(byte)
    }

    /// The `>` closing a start tag whose name ends at `start`: attribute values may hold `>`.
    private static func startTagEnd(from start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> UnsafePointer<
        UInt8
    >? {
        var cursor = start
        var quote: UInt8 = 0
        while cursor < end {
            let byte = cursor.pointee
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return cursor
            } else if byte == UInt8(ascii: "<") {
                return nil
            }
            cursor += 1
        }
        return nil
    }

    /// The `>` closing an end tag whose name ends at `start` (only spaces may come between).
    private static func endTagEnd(from start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> UnsafePointer<
        UInt8
    >? {
        var cursor = start
        while cursor < end, ScalarParsing.isSpace(cursor.pointee) { cursor += 1 }
        return cursor < end && cursor.pointee == UInt8(ascii: ">") ? cursor : nil
    }

    /// The start of the next line when only spaces and tabs come before its line break (and the
    /// line is not the file's last).
    private static func lineStart(after start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> UnsafePointer<
        UInt8
    >? {
        var cursor = start
        while cursor < end, cursor.pointee == UInt8(ascii: " ") || cursor.pointee == UInt8(ascii: "\t") {
            cursor += 1
        }
        guard cursor + 1 < end, cursor.pointee == UInt8(ascii: "\n") else { return nil }
        return cursor + 1
    }

    /// Whether the bytes at `at` (before `end`) start with `literal`.
    private static func starts(_ at: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, with literal: StaticString)
        -> Bool
    {
        let count = literal.utf8CodeUnitCount
        return end - at >= count && memcmp(at, literal.utf8Start, count) == 0
    }

    /// Where `literal` next occurs from `start` on, before `end`.
    private static func search(_ literal: StaticString, from start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>)
        -> UnsafePointer<UInt8>?
    {
        var cursor = start
        while cursor < end, let found = memchr(cursor, Int32(literal.utf8Start.pointee), end - cursor) {
            let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            if starts(at, end: end, with: literal) { return at }
            cursor = at + 1
        }
        return nil
    }

    /// Whether an XML declaration names no encoding or UTF-8.
    static func declaresUTF8(_ declaration: UnsafeBufferPointer<UInt8>) -> Bool {
        let text = String(decoding: declaration, as: UTF8.self)
        guard let range = text.firstRange(of: "encoding") else { return true }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\n" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return false }
        let value = rest.dropFirst().prefix { $0 != quote }.lowercased()
        return value == "utf-8" || value == "utf8"
    }
}
