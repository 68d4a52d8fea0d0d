/// Writes a document as a canonical Apple XML property list (tabs, Apple's DOCTYPE), which our
/// reader and the toolchain's `plutil` read back to the same value.
///
/// What XML cannot hold is refused rather than altered: a string with a control character other
/// than tab, newline and carriage return. A UID (binary only) is written the way Apple's writer
/// writes it, as `<dict><key>CF$UID</key><integer>N</integer></dict>`, which reads back as that
/// dictionary — XML has no UID element.
public struct PropertyListXMLWriter: Sendable {
    /// The most values a document may expand to (shared binary objects counted per reference).
    public var expansionLimit: Int

    /// A writer.
    public init(expansionLimit: Int = 50_000_000) {
        self.expansionLimit = expansionLimit
    }

    /// The XML text of `document`.
    public func write(_ document: PropertyListDocument) throws(PropertyListWriteError) -> [UInt8] {
        guard document.expandedValueCount(limit: expansionLimit) != nil else {
            throw PropertyListWriteError(
                "the document's shared objects expand to more than \(expansionLimit) values; refusing to write them out",
                at: document.root.location)
        }
        var output = ByteOutput()
        output.append(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """)
        try writeValue(document.root, level: 0, into: &output)
        output.append("</plist>\n")
        return output.bytes
    }

    private func writeValue(_ value: PlistValue, level: Int, into output: inout ByteOutput)
        throws(PropertyListWriteError)
    {
        output.indent(level, with: 0x09, width: 1)
        switch value.kind {
        case .dictionary:
            let entries = value.entries
            if entries.isEmpty {
                output.append("<dict/>\n")
                return
            }
            output.append("<dict>\n")
            for (key, item) in entries {
                output.indent(level + 1, with: 0x09, width: 1)
                output.append("<key>")
                try appendEscaped(key, into: &output)
                output.append("</key>\n")
                try writeValue(item, level: level + 1, into: &output)
            }
            output.indent(level, with: 0x09, width: 1)
            output.append("</dict>\n")
        case .array:
            let elements = value.elements
            if elements.isEmpty {
                output.append("<array/>\n")
                return
            }
            output.append("<array>\n")
            for element in elements { try writeValue(element, level: level + 1, into: &output) }
            output.indent(level, with: 0x09, width: 1)
            output.append("</array>\n")
        case .string:
            output.append("<string>")
            try appendEscaped(value, into: &output)
            output.append("</string>\n")
        case .integer:
            output.append("<integer>\(value.integer?.description ?? "0")</integer>\n")
        case .real:
            let number = value.real ?? 0
            let text =
                number.isNaN ? "nan" : number.isInfinite ? (number > 0 ? "+infinity" : "-infinity") : number.description
            output.append("<real>\(text)</real>\n")
        case .boolean:
            output.append(value.boolean == true ? "<true/>\n" : "<false/>\n")
        case .date:
            guard let text = value.date?.iso8601 else {
                throw PropertyListWriteError(
                    "date is outside the years 0000…9999 that XML plists can write", at: value.location)
            }
            output.append("<date>\(text)</date>\n")
        case .data:
            output.append("<data>\n")
            var encoded = ByteOutput()
            encoded.appendBase64(value.bytes)
            var start = 0
            while start < encoded.bytes.count {
                output.indent(level, with: 0x09, width: 1)
                let end = min(start + 68, encoded.bytes.count)
                output.bytes.append(contentsOf: encoded.bytes[start..<end])
                output.append(UInt8(ascii: "\n"))
                start = end
            }
            output.indent(level, with: 0x09, width: 1)
            output.append("</data>\n")
        case .uid:
            output.append("<dict>\n")
            output.indent(level + 1, with: 0x09, width: 1)
            output.append("<key>CF$UID</key>\n")
            output.indent(level + 1, with: 0x09, width: 1)
            output.append("<integer>\(value.uid ?? 0)</integer>\n")
            output.indent(level, with: 0x09, width: 1)
            output.append("</dict>\n")
        }
    }

    private func appendEscaped(_ value: PlistValue, into output: inout ByteOutput) throws(PropertyListWriteError) {
        for byte in value.bytes {
            switch byte {
            case UInt8(ascii: "&"): output.append("&amp;")
            case UInt8(ascii: "<"): output.append("&lt;")
            case UInt8(ascii: ">"): output.append("&gt;")
            case 0x09, 0x0A: output.append(byte)
            case 0x0D: output.append("&#13;")
            case 0x00..<0x20:
                throw PropertyListWriteError(
                    "string holds control character U+\(String(byte, radix: 16, uppercase: true).leftPadded(4)), which XML cannot hold",
                    at: value.location)
            default: output.append(byte)
            }
        }
    }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
