/// A JSON value, parsed strictly (RFC 8259) without Foundation: for `.utiscope.json` and
/// baseline files.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as written.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in order.
    case object([(String, JSONValue)])

    /// Equal when structurally equal, members in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// Hashes the structure.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            for (key, value) in members {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }

    /// The member `key` of an object (the last one when repeated).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    /// The string, when this is one.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements, when this is an array.
    public var array: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// The members, when this is an object.
    public var members: [(String, JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The integer, when this is a number without fraction or exponent.
    public var integer: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    /// Parses `bytes`; the error says what is wrong and at which byte.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try parseLocatingKeys(bytes).value
    }

    /// Parses `bytes`, and says where each object key is: by the keys leading to it from the top
    /// (`["rules", "DOC-002"]`; an array element's keys continue from the array's key).
    public static func parseLocatingKeys(_ bytes: [UInt8]) throws(JSONParseError) -> (
        value: JSONValue, keys: [[String]: JSONPosition]
    ) {
        var parser = JSONParser(bytes: bytes)
        parser.skipBlanks()
        let value = try parser.value(depth: 0)
        parser.skipBlanks()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the value") }
        return (value, parser.keyPositions)
    }
}

/// Where something is in a JSON text.
public struct JSONPosition: Sendable, Hashable {
    /// The 1-based line.
    public var line: Int
    /// The 1-based byte column.
    public var column: Int
}

/// Why a JSON text could not be read.
public struct JSONParseError: Error, Sendable, Hashable {
    /// What is wrong.
    public var message: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based byte column.
    public var column: Int
}

private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    /// The keys leading to the value being read.
    var path: [String] = []
    /// Where each key was read.
    var keyPositions: [[String]: JSONPosition] = [:]
    /// The current line and where it starts, kept as the text is read.
    private var line = 1
    private var lineStart = 0
    private var scanned = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    func error(_ message: String) -> JSONParseError {
        var line = 1
        var lineStart = 0
        for position in 0..<min(index, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return JSONParseError(message: message, line: line, column: index - lineStart + 1)
    }

    /// The position of ``index``; lines are counted once, as the reading moves on.
    mutating func position() -> JSONPosition {
        while scanned < min(index, bytes.count) {
            if bytes[scanned] == UInt8(ascii: "\n") {
                line += 1
                lineStart = scanned + 1
            }
            scanned += 1
        }
        return JSONPosition(line: line, column: index - lineStart + 1)
    }

    mutating func skipBlanks() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func literal(_ word: String) -> Bool {
        let pattern = Array(word.utf8)
        guard index + pattern.count <= bytes.count, bytes[index..<index + pattern.count].elementsEqual(pattern)
        else { return false }
        index += pattern.count
        return true
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < 100 else { throw error("values nest too deeply") }
        guard index < bytes.count else { throw error("unexpected end of text") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(String, JSONValue)] = []
            skipBlanks()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a string key")
                }
                let keyPosition = position()
                let key = try string()
                keyPositions[path + [key]] = keyPosition
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
                index += 1
                skipBlanks()
                path.append(key)
                let member = try value(depth: depth + 1)
                path.removeLast()
                members.append((key, member))
                skipBlanks()
                guard index < bytes.count else { throw error("unexpected end of text") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
                index += 1
                return .object(members)
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSONValue] = []
            skipBlanks()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                skipBlanks()
                elements.append(try value(depth: depth + 1))
                skipBlanks()
                guard index < bytes.count else { throw error("unexpected end of text") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
                index += 1
                return .array(elements)
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        default:
            if literal("true") { return .bool(true) }
            if literal("false") { return .bool(false) }
            if literal("null") { return .null }
            return .number(try number())
        }
    }

    mutating func number() throws(JSONParseError) -> String {
        let start = index
        let allowed = Array("+-0123456789.eE".utf8)
        while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !text.isEmpty, Double(text) != nil, text.first != "+" else {
            index = start
            throw error("expected a value")
        }
        return text
    }

    mutating func string() throws(JSONParseError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                flush()
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in a string") }
            if byte != UInt8(ascii: "\\") {
                run.append(byte)
                index += 1
                continue
            }
            flush()
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), literal("\\u") {
                    let low = try hex4()
                    code = 0x10000 + ((code - 0xD800) << 10) + (low &- 0xDC00)
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: throw error("invalid escape in a string")
            }
        }
        throw error("string is never closed")
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("invalid \\u escape") }
        index += 4
        return value
    }
}
