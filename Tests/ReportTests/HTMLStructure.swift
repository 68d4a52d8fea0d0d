/// A strict reading of the report's HTML, for tests: every element closed in order (void
/// elements and SVG's `/>` aside), every attribute quoted, no `<` or stray `&` in text, script and
/// style content kept whole. Stricter than a browser, which repairs what it can: if this reads the
/// page, a browser reads the same tree.
struct HTMLStructure {
    /// One element: its name, its attributes, and its text (direct and nested, tags removed).
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""

        /// The class names.
        var classes: Set<String> { Set((attributes["class"] ?? "").split(separator: " ").map(String.init)) }
    }

    /// A reason the page does not read.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static let voidElements: Set<String> = ["meta", "br", "input", "link", "img", "hr", "wbr", "source"]
    static let rawTextElements: Set<String> = ["script", "style"]

    /// Every element, in document order.
    private(set) var elements: [Element] = []

    /// Reads `html`, or throws the first problem.
    init(_ html: String) throws {
        let text = Array(html.unicodeScalars)
        var index = 0
        var open: [Int] = []  // positions in `elements`
        func fail(_ message: String) -> Problem {
            let line = text[..<min(index, text.count)].filter { $0 == "\n" }.count + 1
            return Problem(description: "line \(line): \(message)")
        }
        func appendText(_ scalar: Unicode.Scalar) {
            for position in open { elements[position].text.unicodeScalars.append(scalar) }
        }
        let doctype = Array("<!DOCTYPE html>".unicodeScalars)
        guard text.starts(with: doctype) else { throw Problem(description: "no '<!DOCTYPE html>' first") }
        index = doctype.count
        while index < text.count {
            let scalar = text[index]
            if scalar == "&" {
                var end = index + 1
                while end < text.count, end - index < 12, text[end] != ";" { end += 1 }
                let name = String(String.UnicodeScalarView(text[(index + 1)..<min(end, text.count)]))
                let valid =
                    end < text.count && text[end] == ";"
                    && (["amp", "lt", "gt", "quot", "#39"].contains(name)
                        || (name.hasPrefix("#") && name.dropFirst().allSatisfy(\.isNumber)))
                guard valid else { throw fail("a stray '&'") }
                let decoded: Unicode.Scalar =
                    switch name {
                    case "amp": "&"
                    case "lt": "<"
                    case "gt": ">"
                    case "quot": "\""
                    default: Int(name.dropFirst()).flatMap { Unicode.Scalar(UInt32($0)) } ?? "?"
                    }
                appendText(decoded)
                index = end + 1
                continue
            }
            guard scalar == "<" else {
                appendText(scalar)
                index += 1
                continue
            }
            // A tag.
            var end = index + 1
            var quote: Unicode.Scalar?
            while end < text.count {
                let character = text[end]
                if let open = quote {
                    if character == open { quote = nil }
                    if character == "<" { throw fail("'<' inside an attribute value") }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == ">" {
                    break
                } else if character == "<" {
                    throw fail("'<' inside a tag")
                }
                end += 1
            }
            guard end < text.count else { throw fail("a tag is not closed") }
            let tag = String(String.UnicodeScalarView(text[(index + 1)..<end]))
            index = end + 1
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst()).lowercased()
                guard let last = open.last, elements[last].name == name else {
                    throw fail("'</\(name)>' closes '\(open.last.map { elements[$0].name } ?? "nothing")'")
                }
                open.removeLast()
                continue
            }
            let (name, attributes, selfClosing) = try Self.parseTag(tag, fail: fail)
            let position = elements.count
            elements.append(Element(name: name, attributes: attributes))
            if selfClosing || Self.voidElements.contains(name) { continue }
            if Self.rawTextElements.contains(name) {
                let closing = Array("</\(name)>".unicodeScalars)
                var search = index
                while search + closing.count <= text.count,
                    !text[search..<(search + closing.count)].elementsEqual(closing)
                {
                    search += 1
                }
                guard search + closing.count <= text.count else { throw fail("'<\(name)>' is not closed") }
                elements[position].text = String(String.UnicodeScalarView(text[index..<search]))
                index = search + closing.count
                continue
            }
            open.append(position)
        }
        guard open.isEmpty else {
            throw Problem(description: "unclosed: \(open.map { elements[$0].name }.joined(separator: ", "))")
        }
    }

    /// The name, attributes and whether it ends with `/>`.
    static func parseTag(_ tag: String, fail: (String) -> Problem) throws -> (String, [String: String], Bool) {
        var scalars = Substring(tag)
        var selfClosing = false
        if scalars.hasSuffix("/") {
            selfClosing = true
            scalars = scalars.dropLast()
        }
        let name = String(scalars.prefix { !$0.isWhitespace }).lowercased()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw fail("a bad tag name '\(name)'")
        }
        var rest = scalars.dropFirst(name.count)
        var attributes: [String: String] = [:]
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard !rest.isEmpty else { break }
            let attribute = String(rest.prefix { !$0.isWhitespace && $0 != "=" })
            guard !attribute.isEmpty, attribute.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == ":" })
            else { throw fail("a bad attribute name in '<\(name)>'") }
            rest = rest.dropFirst(attribute.count)
            guard rest.first == "=" else {
                attributes[attribute] = ""
                continue
            }
            rest = rest.dropFirst()
            guard rest.first == "\"" else { throw fail("attribute '\(attribute)' of '<\(name)>' is not quoted") }
            rest = rest.dropFirst()
            let value = rest.prefix { $0 != "\"" }
            rest = rest.dropFirst(value.count + 1)
            for part in value.split(separator: "&", omittingEmptySubsequences: false).dropFirst() {
                let reference = part.prefix { $0 != ";" }
                guard part.contains(";"), ["amp", "lt", "gt", "quot", "#39"].contains(String(reference)) else {
                    throw fail("a stray '&' in attribute '\(attribute)' of '<\(name)>'")
                }
            }
            attributes[attribute] = String(value)
        }
        return (name, attributes, selfClosing)
    }

    /// The elements named `name`, with the class `className` when given.
    func all(_ name: String, class className: String? = nil) -> [Element] {
        elements.filter { element in
            element.name == name && (className.map { element.classes.contains($0) } ?? true)
        }
    }

    /// The element whose id is `id`.
    func element(id: String) -> Element? {
        elements.first { $0.attributes["id"] == id }
    }
}
