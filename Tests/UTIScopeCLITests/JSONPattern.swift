/// A JSON value as written, for the tests: numbers keep their text (no rounding through Double),
/// objects keep their keys' order, and `…` may stand for what an example leaves out (an element
/// or more of an array, a member or more of an object, or any value; `"…"`, any string).
indirect enum JSONPattern: Equatable, CustomStringConvertible {
    case object([(key: String, value: JSONPattern)])
    case array([JSONPattern])
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    /// `…`: anything, or (in an array or object) anything more.
    case ellipsis

    static func == (left: JSONPattern, right: JSONPattern) -> Bool {
        switch (left, right) {
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null), (.ellipsis, .ellipsis): return true
        default: return false
        }
    }

    /// The kind of value, as the JSON documentation names it.
    var kind: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "bool"
        case .null: "null"
        case .ellipsis: "…"
        }
    }

    /// The value of member `key`, if this is an object that has it.
    subscript(key: String) -> JSONPattern? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The members' keys, in order, if this is an object.
    var keys: [String]? {
        guard case .object(let members) = self else { return nil }
        return members.map(\.key)
    }

    /// The elements, if this is an array.
    var elements: [JSONPattern]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    var description: String {
        switch self {
        case .object(let members):
            "{" + members.map { "\(JSONPattern.string($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .string(let text):
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .number(let text): text
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .ellipsis: "…"
        }
    }

    /// Why `actual` (a value without `…`) does not match this pattern, or nil when it does:
    /// `…` matches any value; in an array, any run of elements; in an object, the members not
    /// written (an object without `…` must have exactly the members written, in that order).
    func mismatch(_ actual: JSONPattern, at path: String = "$") -> String? {
        switch (self, actual) {
        case (.ellipsis, _): return nil
        // A string cut whole: "…" stands for any string.
        case (.string("…"), .string): return nil
        case (.object(let expected), .object(let members)):
            let open = expected.contains { $0.key == "…" && $0.value == .ellipsis }
            let written = expected.filter { !($0.key == "…" && $0.value == .ellipsis) }
            if !open, written.map(\.key) != members.map(\.key) {
                return "\(path): members \(members.map(\.key)), not \(written.map(\.key))"
            }
            for (key, value) in written {
                guard let found = members.first(where: { $0.key == key }) else { return "\(path): no member '\(key)'" }
                if let why = value.mismatch(found.value, at: "\(path).\(key)") { return why }
            }
            return nil
        case (.array(let expected), .array(let elements)):
            return Self.mismatch(expected[...], elements[...], at: path)
        default:
            return self == actual ? nil : "\(path): \(actual), not \(self)"
        }
    }

    /// Matches elements against patterns, `…` standing for any run of elements.
    private static func mismatch(
        _ patterns: ArraySlice<JSONPattern>, _ elements: ArraySlice<JSONPattern>, at path: String
    )
        -> String?
    {
        guard let first = patterns.first else {
            return elements.isEmpty ? nil : "\(path): \(elements.count) more elements than written"
        }
        if first == .ellipsis {
            let rest = patterns.dropFirst()
            if rest.isEmpty { return nil }
            var why: String?
            for start in elements.indices + [elements.endIndex] {
                why = mismatch(rest, elements[start...], at: path)
                if why == nil { return nil }
            }
            return why
        }
        guard let element = elements.first else { return "\(path): fewer elements than written" }
        let index = elements.startIndex
        if let why = first.mismatch(element, at: "\(path)[\(index)]") { return why }
        return mismatch(patterns.dropFirst(), elements.dropFirst(), at: path)
    }

    /// Parses `text`: one JSON value, `…` allowed where a value, an element or a member may stand.
    static func parse(_ text: String) throws -> JSONPattern {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        let value = try parser.value()
        parser.skipSpace()
        guard parser.position == parser.scalars.count else { throw parser.failure("text after the value") }
        return value
    }

    /// Parses every value of `text`, one after the other (a JSON Lines stream, or values separated
    /// by any space).
    static func parseAll(_ text: String) throws -> [JSONPattern] {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        var values: [JSONPattern] = []
        parser.skipSpace()
        while parser.position < parser.scalars.count {
            values.append(try parser.value())
            parser.skipSpace()
        }
        return values
    }

    /// Why the text is not JSON.
    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0

        func failure(_ what: String) -> ParseError {
            ParseError(description: "\(what) at character \(position)")
        }

        mutating func skipSpace() {
            while position < scalars.count, [" ", "\n", "\t", "\r"].contains(scalars[position]) { position += 1 }
        }

        mutating func take(_ literal: String) -> Bool {
            let wanted = Array(literal.unicodeScalars)
            guard position + wanted.count <= scalars.count, Array(scalars[position..<position + wanted.count]) == wanted
            else { return false }
            position += wanted.count
            return true
        }

        mutating func value() throws -> JSONPattern {
            skipSpace()
            guard position < scalars.count else { throw failure("a value expected") }
            if take("…") { return .ellipsis }
            if take("null") { return .null }
            if take("true") { return .bool(true) }
            if take("false") { return .bool(false) }
            switch scalars[position] {
            case "{": return try object()
            case "[": return try array()
            case "\"": return .string(try string())
            default: return try number()
            }
        }

        mutating func object() throws -> JSONPattern {
            position += 1
            var members: [(key: String, value: JSONPattern)] = []
            skipSpace()
            if take("}") { return .object(members) }
            while true {
                skipSpace()
                if take("…") {
                    members.append(("…", .ellipsis))
                } else {
                    guard position < scalars.count, scalars[position] == "\"" else { throw failure("a key expected") }
                    let key = try string()
                    skipSpace()
                    guard take(":") else { throw failure("':' expected") }
                    members.append((key, try value()))
                }
                skipSpace()
                if take("}") { return .object(members) }
                guard take(",") else { throw failure("',' or '}' expected") }
            }
        }

        mutating func array() throws -> JSONPattern {
            position += 1
            var elements: [JSONPattern] = []
            skipSpace()
            if take("]") { return .array(elements) }
            while true {
                elements.append(try value())
                skipSpace()
                if take("]") { return .array(elements) }
                guard take(",") else { throw failure("',' or ']' expected") }
            }
        }

        mutating func string() throws -> String {
            position += 1
            var text = String.UnicodeScalarView()
            while position < scalars.count {
                let scalar = scalars[position]
                position += 1
                switch scalar {
                case "\"": return String(text)
                case "\\":
                    guard position < scalars.count else { break }
                    let escape = scalars[position]
                    position += 1
                    switch escape {
                    case "n": text.append("\n")
                    case "t": text.append("\t")
                    case "r": text.append("\r")
                    case "b": text.append("\u{8}")
                    case "f": text.append("\u{C}")
                    case "u":
                        var unit = try hex4()
                        if (0xD800..<0xDC00).contains(unit), take("\\u") {
                            let low = try hex4()
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let decoded = Unicode.Scalar(unit) else { throw failure("a bad \\u escape") }
                        text.append(decoded)
                    default: text.append(escape)
                    }
                default: text.append(scalar)
                }
            }
            throw failure("an unterminated string")
        }

        mutating func hex4() throws -> UInt32 {
            guard position + 4 <= scalars.count,
                let value = UInt32(String(String.UnicodeScalarView(scalars[position..<position + 4])), radix: 16)
            else { throw failure("four hex digits expected") }
            position += 4
            return value
        }

        mutating func number() throws -> JSONPattern {
            let start = position
            while position < scalars.count, "+-0123456789.eE".unicodeScalars.contains(scalars[position]) {
                position += 1
            }
            guard position > start else { throw failure("a value expected") }
            return .number(String(String.UnicodeScalarView(scalars[start..<position])))
        }
    }
}
