import Support

/// Why a document cannot be written in a requested form.
public struct PropertyListWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What stops the write.
    public var message: String
    /// The value concerned.
    public var location: SourceLocation

    /// Creates a write error.
    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `path:line:col: error: message`.
    public var description: String {
        var text = "\(location): error: \(message)"
        if location.line == nil, let position = location.binaryPosition { text += " (\(position))" }
        return text
    }
}

extension PropertyListDocument {
    /// How many values the document has when every shared binary object is written out in each
    /// place it is referenced, or nil when that exceeds `limit`. Writers check this before
    /// writing, so a small file whose objects are shared exponentially is refused, not expanded.
    public func expandedValueCount(limit: Int) -> Int? {
        let nodes = storage.nodes
        let children = storage.children
        var memo = [Int](repeating: -1, count: nodes.count)
        // Children are decoded before their containers only in binary files; compute iteratively
        // with an explicit stack so no depth of input can overflow the call stack.
        var stack: [(node: Int32, visited: Bool)] = [(rootIndex, false)]
        while let (node, visited) = stack.popLast() {
            let index = Int(node)
            if memo[index] >= 0 { continue }
            let record = nodes[index]
            let isContainer = record.kind == .array || record.kind == .dictionary
            let count = isContainer ? Int(record.length) * (record.kind == .dictionary ? 2 : 1) : 0
            let start = isContainer ? Int(record.payload) : 0
            if !visited {
                stack.append((node, true))
                for offset in 0..<count where memo[Int(children[start + offset])] < 0 {
                    stack.append((children[start + offset], false))
                }
                continue
            }
            var total = 1
            for offset in 0..<count {
                let child = memo[Int(children[start + offset])]
                guard child >= 0 else { continue }  // a cycle: readers refuse these before here
                total = total &+ child
                if total > limit || total < 0 { return nil }
            }
            memo[index] = total
        }
        let total = memo[Int(rootIndex)]
        return total >= 0 && total <= limit ? total : nil
    }
}

/// Appends UTF-8 text to a byte buffer; writers build their output this way, then print it once.
struct ByteOutput {
    var bytes: [UInt8] = []

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ literal: StaticString) {
        bytes.append(literal: literal)
    }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func indent(_ level: Int, with unit: UInt8 = 0x20, width: Int = 2) {
        bytes.append(contentsOf: repeatElement(unit, count: level * width))
    }

    static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Padded base64 of `data`, with no line breaks.
    mutating func appendBase64(_ data: ArraySlice<UInt8>) {
        let alphabet = ByteOutput.base64Alphabet
        var index = data.startIndex
        while index < data.endIndex {
            let remaining = data.endIndex - index
            let b0 = UInt32(data[index])
            let b1 = remaining > 1 ? UInt32(data[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(data[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            bytes.append(alphabet[Int(group >> 18 & 63)])
            bytes.append(alphabet[Int(group >> 12 & 63)])
            bytes.append(remaining > 1 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            bytes.append(remaining > 2 ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            index += min(3, remaining)
        }
    }

    /// A real as the shortest decimal text that reads back to the same double.
    mutating func appendReal(_ value: Double) {
        append(value.description)
    }
}
