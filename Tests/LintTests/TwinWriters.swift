import PropertyList

/// Writes a document again in another format, value for value, for the rule harness's twins: the
/// same findings must come from the same values however they are stored.
enum TwinWriter {
    // MARK: Binary

    /// The document as a binary plist (`bplist00`): keys in their order, repeated keys kept,
    /// strings as ASCII or UTF-16, sizes as small as they fit. Equal scalars (strings, keys,
    /// numbers, dates, data) are written once and referenced from every use, as CoreFoundation's
    /// and Python's writers do, unless `sharingScalars` is false (one object per value).
    static func binary(_ document: PropertyListDocument, sharingScalars: Bool = true) -> [UInt8] {
        var objects: [[UInt8]] = []
        var references: [[Int]] = []  // per object, the objects it refers to
        var markers: [(marker: UInt8, count: Int)?] = []
        var scalars: [[UInt8]: Int] = [:]
        func add(_ value: PlistValue) -> Int {
            let index = addUnshared(value)
            guard sharingScalars, markers[index] == nil else { return index }
            if let earlier = scalars[objects[index]] {
                objects.removeLast()
                references.removeLast()
                markers.removeLast()
                return earlier
            }
            scalars[objects[index]] = index
            return index
        }
        func addUnshared(_ value: PlistValue) -> Int {
            let index = objects.count
            objects.append([])
            references.append([])
            markers.append(nil)
            switch value.kind {
            case .string:
                objects[index] = encodeString(value.text)
            case .integer:
                switch value.integer {
                case .signed(let number): objects[index] = [0x13] + bigEndian(UInt64(bitPattern: number), 8)
                case .unsigned(let number): objects[index] = [0x14] + bigEndian(0, 8) + bigEndian(number, 8)
                case nil: objects[index] = [0x10, 0]
                }
            case .real:
                objects[index] = [0x23] + bigEndian((value.real ?? 0).bitPattern, 8)
            case .boolean:
                objects[index] = [value.boolean == true ? 0x09 : 0x08]
            case .date:
                objects[index] = [0x33] + bigEndian((value.date?.secondsSinceReferenceDate ?? 0).bitPattern, 8)
            case .data:
                let bytes = value.data ?? []
                objects[index] = header(0x40, bytes.count) + bytes
            case .array:
                let children = value.elements.map(add)
                references[index] = children
                markers[index] = (0xA0, children.count)
            case .dictionary:
                let entries = value.entries
                let keys = entries.map { add($0.key) }
                let values = entries.map { add($0.value) }
                references[index] = keys + values
                markers[index] = (0xD0, entries.count)
            default:
                objects[index] = [0x00]
            }
            return index
        }
        _ = add(document.root)
        let referenceSize = objects.count < 256 ? 1 : objects.count < 65_536 ? 2 : 4
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for index in objects.indices {
            offsets.append(bytes.count)
            if let (marker, count) = markers[index] {
                bytes += header(marker, count)
                for reference in references[index] { bytes += bigEndian(UInt64(reference), referenceSize) }
            } else {
                bytes += objects[index]
            }
        }
        let tableStart = bytes.count
        let offsetSize = tableStart < 256 ? 1 : tableStart < 65_536 ? 2 : 4
        for offset in offsets { bytes += bigEndian(UInt64(offset), offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += bigEndian(UInt64(objects.count), 8) + bigEndian(0, 8) + bigEndian(UInt64(tableStart), 8)
        return bytes
    }

    private static func encodeString(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return header(0x50, text.utf8.count) + Array(text.utf8) }
        let units = Array(text.utf16)
        return header(0x60, units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    private static func header(_ marker: UInt8, _ count: Int) -> [UInt8] {
        if count < 15 { return [marker | UInt8(count)] }
        let size = count < 256 ? 0 : count < 65_536 ? 1 : 2
        return [marker | 0x0F, 0x10 | UInt8(size)] + bigEndian(UInt64(count), 1 << size)
    }

    private static func bigEndian(_ value: UInt64, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }

    // MARK: OpenStep

    /// The document as OpenStep text, or nil when it holds a value OpenStep has no form for
    /// (numbers, booleans and dates are strings there, which would change what rules see).
    static func openStep(_ document: PropertyListDocument) -> String? {
        var text = ""
        func write(_ value: PlistValue, indent: String) -> Bool {
            switch value.kind {
            case .string:
                text += quoted(value.text)
            case .data:
                text += "<" + (value.data ?? []).map { hex($0) }.joined() + ">"
            case .array:
                text += "(\n"
                for (position, element) in value.elements.enumerated() {
                    text += indent + "    "
                    guard write(element, indent: indent + "    ") else { return false }
                    text += position == value.count - 1 ? "\n" : ",\n"
                }
                text += indent + ")"
            case .dictionary:
                text += "{\n"
                for (key, element) in value.entries {
                    text += indent + "    " + quoted(key.text) + " = "
                    guard write(element, indent: indent + "    ") else { return false }
                    text += ";\n"
                }
                text += indent + "}"
            default:
                return false
            }
            return true
        }
        guard write(document.root, indent: "") else { return nil }
        return text + "\n"
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value > 0x7E {
                    // OpenStep's \U escapes UTF-16 code units.
                    for unit in String(scalar).utf16 { out += "\\U" + hex4(unit) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    private static func hex4(_ unit: UInt16) -> String { hex(UInt8(unit >> 8)) + hex(UInt8(unit & 0xFF)) }
}
