import Support

/// Writes a document as JSON, in the mapping `utiscope dump` promises (a stable contract):
/// dictionary → object in document order, array → array, string → string, integer → number,
/// real → number or `{"$real": "nan"|"inf"|"-inf"}`, boolean → boolean,
/// date → `{"$date": "YYYY-MM-DDTHH:MM:SS[.fff]Z"}`, data → `{"$data": "<base64>"}`,
/// UID → `{"$uid": N}`. Strings are escaped per RFC 8259, and so are DEL, C1 controls and the
/// invisible and bidi characters (as `\uXXXX`), so nothing from the input reaches a terminal raw.
public struct PropertyListJSONWriter: Sendable {
    /// Pretty-printed with two-space indentation (the default), or compact on one line.
    public var pretty: Bool
    /// The most values a document may expand to (shared binary objects counted per reference).
    public var expansionLimit: Int

    /// A writer.
    public init(pretty: Bool = true, expansionLimit: Int = 50_000_000) {
        self.pretty = pretty
        self.expansionLimit = expansionLimit
    }

    /// The JSON text of `document`, ending with a newline.
    public func write(_ document: PropertyListDocument) throws(PropertyListWriteError) -> [UInt8] {
        guard document.expandedValueCount(limit: expansionLimit) != nil else {
            throw PropertyListWriteError(
                "the document's shared objects expand to more than \(expansionLimit) values; refusing to write them out",
                at: document.root.location)
        }
        var output = ByteOutput()
        output.bytes.reserveCapacity(document.storage.arena.count * 2 + document.valueCount * 8)
        writeValue(document.rootIndex, storage: document.storage, level: 0, into: &output)
        output.append(UInt8(ascii: "\n"))
        return output.bytes
    }

    private func newline(_ level: Int, _ output: inout ByteOutput) {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.indent(level)
    }

    private func writeValue(_ node: Int32, storage: DocumentStorage, level: Int, into output: inout ByteOutput) {
        let record = storage.nodes[Int(node)]
        switch record.kind {
        case .dictionary, .array:
            let isDictionary = record.kind == .dictionary
            let count = Int(record.length)
            output.append(isDictionary ? UInt8(ascii: "{") : UInt8(ascii: "["))
            let start = Int(record.payload)
            for item in 0..<count {
                if item > 0 { output.append(UInt8(ascii: ",")) }
                newline(level + 1, &output)
                if isDictionary {
                    let key = storage.nodes[Int(storage.children[start + 2 * item])]
                    JSONText.appendString(storage.arena, Int(key.payload), Int(key.length), into: &output)
                    output.append(pretty ? ": " : ":")
                    writeValue(
                        storage.children[start + 2 * item + 1], storage: storage, level: level + 1, into: &output)
                } else {
                    writeValue(storage.children[start + item], storage: storage, level: level + 1, into: &output)
                }
            }
            if count > 0 { newline(level, &output) }
            output.append(isDictionary ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        case .string:
            JSONText.appendString(storage.arena, Int(record.payload), Int(record.length), into: &output)
        case .integer:
            if record.flags & NodeRecord.unsignedFlag != 0 {
                output.append(String(record.payload))
            } else {
                output.append(String(Int64(bitPattern: record.payload)))
            }
        case .real:
            let value = Double(bitPattern: record.payload)
            if value.isNaN {
                output.append(#"{"$real": "nan"}"#)
            } else if value.isInfinite {
                output.append(value > 0 ? #"{"$real": "inf"}"# : #"{"$real": "-inf"}"#)
            } else {
                output.appendReal(value)
            }
        case .boolean:
            output.append(record.payload != 0 ? "true" : "false")
        case .date:
            let date = PlistDate(secondsSinceReferenceDate: Double(bitPattern: record.payload))
            output.append(#"{"$date": ""#)
            output.append(date.iso8601 ?? String(date.secondsSinceReferenceDate))
            output.append(#""}"#)
        case .data:
            output.append(#"{"$data": ""#)
            let start = Int(record.payload)
            output.appendBase64(storage.arena[start..<start + Int(record.length)])
            output.append(#""}"#)
        case .uid:
            output.append(#"{"$uid": "#)
            output.append(String(record.payload))
            output.append("}")
        }
    }
}

/// JSON string escaping shared by every JSON writer in the package.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        append(quoting: text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal, quotes included, to `bytes`.
    public static func append(quoting text: String, to bytes: inout [UInt8]) {
        text.withUTF8Bytes { append(quoting: $0, to: &bytes) }
    }

    /// Appends the UTF-8 text `utf8` as a JSON string literal, quotes included, to `bytes`.
    public static func append(quotingUTF8 utf8: [UInt8], to bytes: inout [UInt8]) {
        utf8.withUnsafeBufferPointer { append(quoting: $0, to: &bytes) }
    }

    /// Appends the valid UTF-8 in `text` as a JSON string literal, quotes included, to `bytes`.
    private static func append(quoting text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var output = ByteOutput()
        swap(&output.bytes, &bytes)
        appendString(text, 0, text.count, into: &output)
        swap(&output.bytes, &bytes)
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// Whether `byte` is copied as it is whatever follows it: printable ASCII other than `"` and
    /// `\`, and UTF-8 bytes that cannot start an escaped sequence (C1 controls start with 0xC2;
    /// zero-width, bidi and separator characters and the BOM with 0xE2 or 0xEF).
    @inline(__always) private static func isPlain(_ byte: UInt8) -> Bool {
        if byte >= 0x20 && byte < 0x7F { return byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") }
        return byte >= 0x80 && byte != 0xC2 && byte != 0xE2 && byte != 0xEF
    }

    /// Whether all eight bytes of `word` are printable ASCII other than `"` and `\` (then each is
    /// ``isPlain(_:)``): no byte from 0x7F up, none below 0x20, none equal to 0x22 or 0x5C.
    @inline(__always) static func isPlainASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // With no high bit set, `(x - n) & ~x & highs` is non-zero exactly when a byte of x is
        // below n; a byte equal to b becomes zero in `word ^ b`.
        func hasByteBelow(_ x: UInt64, _ n: UInt64) -> Bool { (x &- ones &* n) & ~x & highs != 0 }
        if word & highs != 0 || hasByteBelow(word, 0x20) { return false }
        if hasByteBelow(word ^ (ones &* 0x22), 1) || hasByteBelow(word ^ (ones &* 0x5C), 1) { return false }
        return !hasByteBelow(word ^ (ones &* 0x7F), 1)
    }

    static func appendString(_ arena: [UInt8], _ start: Int, _ length: Int, into output: inout ByteOutput) {
        arena.withUnsafeBufferPointer { appendString($0, start, length, into: &output) }
    }

    static func appendString(
        _ arena: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int, into output: inout ByteOutput
    ) {
        output.append(UInt8(ascii: "\""))
        var index = start
        let end = start + length
        let hex = Self.hex
        while index < end {
            // Bytes that never need escaping are copied a run at a time; printable ASCII is
            // recognised eight bytes at once.
            var runEnd = index
            if let base = arena.baseAddress {
                while runEnd + 8 <= end,
                    Self.isPlainASCII(UnsafeRawPointer(base + runEnd).loadUnaligned(as: UInt64.self))
                {
                    runEnd += 8
                }
            }
            while runEnd < end, Self.isPlain(arena[runEnd]) { runEnd += 1 }
            if runEnd > index {
                output.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: arena[index..<runEnd]))
                index = runEnd
                continue
            }
            let byte = arena[index]
            switch byte {
            case UInt8(ascii: "\""): output.append(#"\""#)
            case UInt8(ascii: "\\"): output.append(#"\\"#)
            case 0x0A: output.append(#"\n"#)
            case 0x09: output.append(#"\t"#)
            case 0x0D: output.append(#"\r"#)
            case 0x00..<0x20, 0x7F:
                output.append(#"\u00"#)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 15)])
            case 0xC2 where index + 1 < end && arena[index + 1] >= 0x80 && arena[index + 1] <= 0x9F:
                // C1 control characters.
                output.append(#"\u00"#)
                output.append(hex[Int(arena[index + 1] >> 4)])
                output.append(hex[Int(arena[index + 1] & 15)])
                index += 1
            case 0xE2, 0xEF:
                // Zero-width, bidi, line/paragraph separators and the BOM (three-byte sequences).
                if index + 2 < end {
                    let scalar =
                        (UInt32(byte & 0x0F) << 12) | (UInt32(arena[index + 1] & 0x3F) << 6)
                        | UInt32(arena[index + 2] & 0x3F)
                    if let unicode = Unicode.Scalar(scalar), OutputEscaping.needsEscape(unicode) {
                        output.append(#"\u"#)
                        for shift in stride(from: 12, through: 0, by: -4) {
                            output.append(hex[Int(scalar >> UInt32(shift) & 15)])
                        }
                        index += 3
                        continue
                    }
                }
                output.append(byte)
            default:
                output.append(byte)
            }
            index += 1
        }
        output.append(UInt8(ascii: "\""))
    }
}
