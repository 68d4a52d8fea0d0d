import CLibXML2

/// Reads Apple XML property lists through libxml2's SAX2 interface, streaming: no tree is built
/// by libxml2, text is copied once into the document's arena, and every value gets the line and
/// column of its start tag.
///
/// Untrusted input is the norm: entities are never substituted, an internal DTD subset is refused
/// at its line, nothing external is ever loaded (no DTD, no entity, no network, no XInclude).
/// This is the only file that imports libxml2; no C pointer leaves it.
struct XMLPlistReader {
    let file: String
    let depthLimit: Int

    func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListDocument {
        XMLPlistReader.initializeOnce
        guard bytes.count <= Int(Int32.max) else {
            throw PropertyListError(
                .inputTooLarge(size: bytes.count, limit: Int(Int32.max)), at: SourceLocation(file: file))
        }
        let state = UnsafeMutablePointer<XMLState>.allocate(capacity: 1)
        state.initialize(to: XMLState(file: file, depthLimit: depthLimit, expectedNodes: 0))
        defer { state.deinitialize(count: 1); state.deallocate() }
        var handler = XMLPlistReader.handler
        state.pointee.builder.reserve(nodes: XMLPlistReader.elementBound(bytes), arenaBytes: bytes.count)
        // libxml2 reports broken UTF-16 only on its generic channel, without a position: check it
        // first, with one.
        if let problem = Self.utf16Problem(bytes, file: file) { throw problem }
        var generic = utiscope_xml_generic_errors()
        let status: Int32 = bytes.withUnsafeBufferPointer { buffer in
            withUnsafeMutablePointer(to: &handler) { sax in
                withUnsafeMutablePointer(to: &generic) { generic in
                    buffer.withMemoryRebound(to: CChar.self) { chars in
                        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue)
                        utiscope_xml_capture_generic_errors(generic)
                        defer { utiscope_xml_capture_generic_errors(nil) }
                        guard
                            let context = utiscope_xml_create(
                                chars.baseAddress, Int32(bytes.count), sax, state, options)
                        else { return -1 }
                        state.pointee.context = context
                        let result = utiscope_xml_parse(context, chars.baseAddress, Int32(bytes.count))
                        state.pointee.context = nil
                        utiscope_xml_free(context)
                        return result
                    }
                }
            }
        }
        if let error = state.pointee.error { throw error }
        if status != 0 {
            let said = Self.firstLine(of: generic)
            throw PropertyListError(
                said.isEmpty
                    ? .xmlSyntax("the document is not well-formed")
                    : .invalidEncoding("libxml2 could not convert the text: \(said)"),
                at: SourceLocation(file: file))
        }
        guard state.pointee.root >= 0 else {
            throw PropertyListError(.missingRootValue, at: SourceLocation(file: file))
        }
        let root = state.pointee.root
        let builder = state.pointee.builder
        return builder.finish(root: root)
    }

    /// The first line of what libxml2 sent to its generic error channel, without its
    /// `encoding error : ` style prefix.
    static func firstLine(of errors: utiscope_xml_generic_errors) -> String {
        var errors = errors
        let text = withUnsafeBytes(of: &errors.text) { raw in
            String(decoding: raw.prefix(Int(errors.length)), as: UTF8.self)
        }
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        let message = line.split(separator: ":", maxSplits: 1).dropFirst().first ?? Substring(line)
        return String(message.drop { $0 == " " })
    }

    /// Broken UTF-16 in a document that is UTF-16 by its byte-order mark or its first
    /// characters: an unpaired surrogate or an odd byte count, located by line and character.
    static func utf16Problem(_ bytes: [UInt8], file: String) -> PropertyListError? {
        let bigEndian: Bool
        var position: Int
        if bytes.starts(with: [0xFE, 0xFF]) {
            (bigEndian, position) = (true, 2)
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            (bigEndian, position) = (false, 2)
        } else if bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            (bigEndian, position) = (true, 0)
        } else if bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            (bigEndian, position) = (false, 0)
        } else {
            return nil
        }
        func unit(_ index: Int) -> UInt16 {
            bigEndian
                ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
                : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index])
        }
        var line = 1
        var column = 1
        var previousWasCarriageReturn = false
        func failure(_ why: String) -> PropertyListError {
            PropertyListError(.invalidEncoding(why), at: SourceLocation(file: file, line: line, column: column))
        }
        while position + 1 < bytes.count {
            let first = unit(position)
            position += 2
            if first >= 0xD800 && first <= 0xDBFF {
                guard position + 1 < bytes.count, (0xDC00...0xDFFF).contains(unit(position)) else {
                    return failure("unpaired UTF-16 surrogate 0x\(String(first, radix: 16, uppercase: true))")
                }
                position += 2
            } else if first >= 0xDC00 && first <= 0xDFFF {
                return failure("unpaired UTF-16 surrogate 0x\(String(first, radix: 16, uppercase: true))")
            }
            if first == 0x0A {
                if !previousWasCarriageReturn { line += 1 }
                column = 1
            } else if first == 0x0D {
                line += 1
                column = 1
            } else {
                column += 1
            }
            previousWasCarriageReturn = first == 0x0D
        }
        return position < bytes.count ? failure("UTF-16 text ends in the middle of a character") : nil
    }

    /// An upper bound on the number of elements: the `<` that do not start an end tag.
    static func elementBound(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard var cursor = buffer.baseAddress else { return 1 }
            let end = cursor + buffer.count
            var count = 1
            while cursor < end, let found = memchr(cursor, Int32(UInt8(ascii: "<")), end - cursor) {
                let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                if at + 1 < end && at[1] != UInt8(ascii: "/") { count += 1 }
                cursor = at + 1
            }
            return count
        }
    }

    private static let initializeOnce: Void = {
        xmlInitParser()
        utiscope_xml_forbid_loading()
    }()

    /// The SAX2 callbacks; everything not listed is off (no entity resolution, no external subset).
    private static var handler: xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { context, name, _, _, _, _, _, _, _ in
            guard let context, let name else { return }
            XMLState.from(context).pointee.startElement(name)
        }
        sax.endElementNs = { context, _, _, _ in
            guard let context else { return }
            XMLState.from(context).pointee.endElement()
        }
        sax.characters = { context, characters, length in
            guard let context, let characters else { return }
            XMLState.from(context).pointee.text(UnsafeBufferPointer(start: characters, count: Int(length)))
        }
        sax.comment = { context, text in
            guard let context, let text else { return }
            XMLState.from(context).pointee.comment(UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))))
        }
        sax.cdataBlock = sax.characters
        sax.ignorableWhitespace = sax.characters
        sax.reference = { context, name in
            guard let context else { return }
            let text = name.map { String(cString: $0) } ?? ""
            XMLState.from(context).pointee.fail(.entityReferenceRefused(OutputEscaping.escape(text)))
        }
        sax.getEntity = { _, _ in nil }
        sax.getParameterEntity = { _, _ in nil }
        sax.internalSubset = { context, _, _, _ in
            guard let context else { return }
            XMLState.from(context).pointee.doctype()
        }
        sax.entityDecl = { context, _, _, _, _, _ in
            guard let context else { return }
            XMLState.from(context).pointee.fail(.internalSubsetRefused)
        }
        sax.serror = { context, error in
            guard let context, let error else { return }
            XMLState.from(context).pointee.libxmlError(error)
        }
        return sax
    }
}

/// The elements of the plist grammar.
private enum Element: UInt8 {
    case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

    var isValue: Bool { self != .plist && self != .key }

    init?(_ name: UnsafePointer<xmlChar>) {
        func equals(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            return memcmp(name, literal.utf8Start, count) == 0 && name[count] == 0
        }
        switch name[0] {
        case UInt8(ascii: "k") where equals("key"): self = .key
        case UInt8(ascii: "s") where equals("string"): self = .string
        case UInt8(ascii: "d") where equals("dict"): self = .dict
        case UInt8(ascii: "d") where equals("date"): self = .date
        case UInt8(ascii: "d") where equals("data"): self = .data
        case UInt8(ascii: "a") where equals("array"): self = .array
        case UInt8(ascii: "i") where equals("integer"): self = .integer
        case UInt8(ascii: "r") where equals("real"): self = .real
        case UInt8(ascii: "t") where equals("true"): self = .true
        case UInt8(ascii: "f") where equals("false"): self = .false
        case UInt8(ascii: "p") where equals("plist"): self = .plist
        default: return nil
        }
    }
}

/// An open element: what it is, where it starts, and (for containers) its node.
private struct Frame {
    var element: Element
    var line: Int32
    var column: Int32
    var node: Int32
}

/// The parse state, reached from the callbacks through a raw pointer (not class properties: the
/// runtime's exclusivity checks on class properties cost about a third of the parse time).
private struct XMLState {
    var builder: DocumentBuilder
    var context: xmlParserCtxtPtr?
    var error: PropertyListError?
    /// Whether `error` is set; checked on every callback, and a Bool is far cheaper to test than an
    /// optional of a large struct.
    var failed = false
    var frames: [Frame] = []
    var root: Int32 = -1
    var textStart = 0
    var scratch: [UInt8] = []
    let depthLimit: Int
    let file: String

    init(file: String, depthLimit: Int, expectedNodes: Int) {
        self.file = file
        self.depthLimit = depthLimit
        builder = DocumentBuilder(file: file, format: .xml, expectedNodes: expectedNodes)
        frames.reserveCapacity(32)
    }

    static func from(_ context: UnsafeMutableRawPointer) -> UnsafeMutablePointer<XMLState> {
        context.assumingMemoryBound(to: XMLState.self)
    }

    // MARK: Errors

    mutating func fail(_ problem: PropertyListProblem, line: Int32? = nil, column: Int32? = nil) {
        guard !failed else { return }
        failed = true
        var location = SourceLocation(file: file)
        if let line {
            location.line = Int(line)
            location.column = column.map(Int.init)
        } else if let context {
            var currentLine: Int32 = 0
            var currentColumn: Int32 = 0
            utiscope_xml_position(context, &currentLine, &currentColumn)
            location.line = currentLine > 0 ? Int(currentLine) : nil
            location.column = currentColumn > 0 ? Int(currentColumn) : nil
        }
        error = PropertyListError(problem, at: location)
        if let context { xmlStopParser(context) }
    }

    mutating func libxmlError(_ raw: UnsafePointer<xmlError>) {
        let report = raw.pointee
        guard report.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = report.message.map { String(cString: $0) } ?? "malformed XML"
        while message.last == "\n" || message.last == " " { message.removeLast() }
        if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
            message = first.lowercased() + message.dropFirst()
        }
        fail(
            .xmlSyntax(OutputEscaping.escape(message)), line: report.line > 0 ? report.line : nil,
            column: report.int2 > 0 ? report.int2 : nil)
    }

    mutating func doctype() {
        // libxml2 reports the DOCTYPE before reading an internal subset: the parser then stands on
        // its `[`. Entities could only be declared there, so refusing it refuses every entity bomb.
        guard let context, utiscope_xml_current_byte(context) == Int32(UInt8(ascii: "[")) else { return }
        fail(.internalSubsetRefused)
    }

    // MARK: Elements

    mutating func startElement(_ name: UnsafePointer<xmlChar>) {
        guard !failed, let context else { return }
        var line: Int32 = 0
        var column: Int32 = 0
        utiscope_xml_tag_start(context, &line, &column)
        guard let element = Element(name) else {
            let text = OutputEscaping.escape(String(cString: name))
            return fail(.unknownElement(text), line: line, column: column)
        }
        let parent = frames.last
        switch parent?.element {
        case nil:
            if element == .plist { break }
            if element == .key {
                return fail(.misplacedElement("key", context: "outside a dictionary"), line: line, column: column)
            }
            builder.warn(.missingPlistElement, about: Int32(builder.nodes.count))
        case .plist?:
            if element == .plist || element == .key {
                return fail(
                    .misplacedElement(element.name, context: "directly inside <plist>"), line: line, column: column)
            }
            if root >= 0 { return fail(.multipleRootValues, line: line, column: column) }
        case .dict?:
            let expectingKey = builder.currentChildCount % 2 == 0
            if element == .plist {
                return fail(.misplacedElement("plist", context: "inside <dict>"), line: line, column: column)
            }
            if element == .key && !expectingKey {
                return failKeyWithoutValue()
            }
            if element != .key && expectingKey {
                return fail(.valueWithoutKey(element.name), line: line, column: column)
            }
        case .array?:
            if element == .plist || element == .key {
                return fail(.misplacedElement(element.name, context: "inside <array>"), line: line, column: column)
            }
        case let other?:
            return fail(.misplacedElement(element.name, context: "inside <\(other.name)>"), line: line, column: column)
        }
        var frame = Frame(element: element, line: line, column: column, node: -1)
        switch element {
        case .plist:
            break
        case .dict, .array:
            if builder.depth >= depthLimit {
                return fail(.nestingTooDeep(limit: depthLimit), line: line, column: column)
            }
            frame.node = builder.open(
                element == .dict ? .dictionary : .array, position1: Int(line), position2: Int(column))
        case .key, .string:
            textStart = builder.arena.count
        case .integer, .real, .date, .data:
            scratch.removeAll(keepingCapacity: true)
        case .true, .false:
            frame.node = builder.add(
                .boolean, payload: element == .true ? 1 : 0, position1: Int(line), position2: Int(column))
        }
        frames.append(frame)
    }

    mutating func failKeyWithoutValue() {
        // The dictionary's last child is a key still waiting for its value.
        let key = builder.nodes.count - 1
        let record = builder.nodes[key]
        fail(
            .keyWithoutValue(OutputEscaping.escape(builder.keyText(Int32(key)))),
            line: Int32(record.position1), column: Int32(record.position2))
    }

    mutating func endElement() {
        guard !failed, let frame = frames.popLast() else { return }
        let line = Int(frame.line)
        let column = Int(frame.column)
        var node = frame.node
        switch frame.element {
        case .plist:
            if root < 0 { return fail(.missingRootValue, line: frame.line, column: frame.column) }
            return
        case .dict:
            if builder.currentChildCount % 2 == 1 { return failKeyWithoutValue() }
            builder.close()
        case .array:
            builder.close()
        case .key:
            builder.addString(fromArena: textStart, position1: line, position2: column, isKey: true)
            return
        case .string:
            node = builder.addString(fromArena: textStart, position1: line, position2: column)
        case .integer:
            let result = scratch.withUnsafeBufferPointer { ScalarParsing.integer($0) }
            switch result {
            case .success(let value): node = builder.addInteger(value, position1: line, position2: column)
            case .failure(let problem): return fail(problem, line: frame.line, column: frame.column)
            }
        case .real:
            guard let (value, overflowed) = scratch.withUnsafeBufferPointer({ ScalarParsing.real($0) }) else {
                let text = scratch.withUnsafeBufferPointer { ScalarParsing.quote($0) }
                return fail(.invalidReal(text), line: frame.line, column: frame.column)
            }
            node = builder.add(.real, payload: value.bitPattern, position1: line, position2: column)
            if overflowed {
                builder.warn(.realOverflow(scratch.withUnsafeBufferPointer { ScalarParsing.quote($0) }), about: node)
            }
        case .date:
            guard let date = scratch.withUnsafeBufferPointer({ PlistDate.parse(ScalarParsing.trimmed($0)) }) else {
                let text = scratch.withUnsafeBufferPointer { ScalarParsing.quote($0) }
                return fail(.invalidDate(text), line: frame.line, column: frame.column)
            }
            node = builder.add(
                .date, payload: date.secondsSinceReferenceDate.bitPattern, position1: line, position2: column)
        case .data:
            let start = builder.arena.count
            let failure = scratch.withUnsafeBufferPointer { ScalarParsing.base64($0, into: &builder.arena) }
            if let failure { return fail(.invalidBase64(failure), line: frame.line, column: frame.column) }
            node = builder.addData(fromArena: start, position1: line, position2: column)
        case .true, .false:
            break
        }
        if frames.isEmpty || frames.last?.element == .plist { root = node }
    }

    mutating func comment(_ text: UnsafeBufferPointer<UInt8>) {
        guard !failed else { return }
        builder.addComment(text)
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !failed else { return }
        switch frames.last?.element {
        case .key?, .string?:
            builder.arena.append(contentsOf: bytes)
        case .integer?, .real?, .date?, .data?:
            scratch.append(contentsOf: bytes)
        default:
            guard let index = bytes.firstIndex(where: { !ScalarParsing.isSpace($0) }), let context else { return }
            var end = index
            while end < bytes.count && bytes[end] != 0x0A && end - index < 40 { end += 1 }
            var line: Int32 = 0
            var column: Int32 = 0
            utiscope_xml_position(context, &line, &column)
            // The parser stands at the end of the text; count back to the line where it starts.
            line -= Int32(bytes[index...].lazy.filter { $0 == 0x0A }.count)
            let shown = ScalarParsing.quote(UnsafeBufferPointer(rebasing: bytes[index..<end]))
            builder.warn(.textBetweenElements(shown), at: SourceLocation(file: file, line: line > 0 ? Int(line) : nil))
        }
    }
}

extension Element {
    var name: String {
        switch self {
        case .plist: return "plist"
        case .dict: return "dict"
        case .array: return "array"
        case .key: return "key"
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .date: return "date"
        case .data: return "data"
        case .true: return "true"
        case .false: return "false"
        }
    }
}
