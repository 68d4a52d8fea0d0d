import Support

/// Writes a document in a readable, indented form, in the style of `plutil -p`:
///
///     {
///       "CFBundleIdentifier" => "com.example.app"   // line 5
///       "LSItemContentTypes" => [
///         0 => "public.plain-text"
///       ]
///     }
///
/// Strings are quoted with control, invisible and bidi characters escaped; with `locations` each
/// scalar line ends with the line (or object) it was read from.
public struct PropertyListTextWriter: Sendable {
    /// Whether to show where each value was read from.
    public var locations: Bool
    /// The most values a document may expand to (shared binary objects counted per reference).
    public var expansionLimit: Int

    /// A writer.
    public init(locations: Bool = false, expansionLimit: Int = 50_000_000) {
        self.locations = locations
        self.expansionLimit = expansionLimit
    }

    /// The text of `document`.
    public func write(_ document: PropertyListDocument) throws(PropertyListWriteError) -> [UInt8] {
        guard document.expandedValueCount(limit: expansionLimit) != nil else {
            throw PropertyListWriteError(
                "the document's shared objects expand to more than \(expansionLimit) values; refusing to write them out",
                at: document.root.location)
        }
        var output = ByteOutput()
        writeValue(document.root, level: 0, into: &output)
        return output.bytes
    }

    private func suffix(_ value: PlistValue) -> String {
        guard locations else { return "" }
        let record = value.record
        if value.storage.format == .binary { return "   // object \(record.position1)" }
        return record.position1 > 0 ? "   // line \(record.position1)" : ""
    }

    private func writeValue(_ value: PlistValue, level: Int, into output: inout ByteOutput) {
        switch value.kind {
        case .dictionary:
            output.append("{\(suffix(value))\n")
            for (key, item) in value.entries {
                output.indent(level + 1)
                output.append(Self.quote(key.text) + " => ")
                writeValue(item, level: level + 1, into: &output)
            }
            output.indent(level)
            output.append("}\n")
        case .array:
            output.append("[\(suffix(value))\n")
            for (index, item) in value.elements.enumerated() {
                output.indent(level + 1)
                output.append("\(index) => ")
                writeValue(item, level: level + 1, into: &output)
            }
            output.indent(level)
            output.append("]\n")
        case .string:
            output.append(Self.quote(value.text) + suffix(value) + "\n")
        case .integer:
            output.append((value.integer?.description ?? "") + suffix(value) + "\n")
        case .real:
            output.append((value.real?.description ?? "") + suffix(value) + "\n")
        case .boolean:
            output.append((value.boolean == true ? "true" : "false") + suffix(value) + "\n")
        case .date:
            output.append((value.date?.description ?? "") + suffix(value) + "\n")
        case .data:
            let bytes = value.bytes
            let hex = Array("0123456789abcdef".utf8)
            var text = "{length = \(bytes.count), bytes = 0x"
            for byte in bytes.prefix(32) {
                text.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                text.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 15)]))
            }
            output.append(text + (bytes.count > 32 ? "…}" : "}") + suffix(value) + "\n")
        case .uid:
            output.append("<UID \(value.uid ?? 0)>" + suffix(value) + "\n")
        }
    }

    static func quote(_ text: String) -> String {
        "\""
            + OutputEscaping.escape(
                text.replacingOccurrences("\\", with: "\\\\").replacingOccurrences("\"", with: "\\\"")) + "\""
    }
}
