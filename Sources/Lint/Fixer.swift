import PropertyList

/// Applies fix-its to XML plists as minimal text edits: only the bytes of the values that change,
/// indentation and comments kept. Binary and OpenStep plists are never rewritten. A fixed file
/// must read back to the intended values, or it is not written.
public struct Fixer: Sendable {
    /// What fixing did.
    public struct Outcome: Sendable {
        /// A unified diff of every change (for `--dry-run`).
        public var diff = ""
        /// Files that could not be fixed, and why (one line each, `path: warning: …`).
        public var problems: [String] = []
        /// The files changed (or that would change), sorted.
        public var fixedFiles: [String] = []
        /// How many findings were fixed in each file.
        public var fixedCounts: [String: Int] = [:]
        /// The findings fixed.
        public var fixed: Set<Diagnostic> = []
    }

    /// A fixer.
    public init() {}

    /// Fixes the findings that carry fix-its; writes the files when `write`.
    public func fix(_ diagnostics: [Diagnostic], write: Bool) -> Outcome {
        var outcome = Outcome()
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in diagnostics where diagnostic.fixIt != nil {
            byFile[diagnostic.location.file, default: []].append(diagnostic)
        }
        for file in byFile.keys.sorted() {
            guard let found = byFile[file] else { continue }
            guard file != "-", let bytes = SourceFile.read(file) else {
                outcome.problems.append("\(file): warning: not fixed: the file cannot be read again")
                continue
            }
            switch fix(bytes, file: file, diagnostics: found) {
            case .failure(let failure):
                outcome.problems.append("\(file): warning: not fixed: \(failure.reason)")
            case .success(let result):
                guard result.bytes != bytes else { continue }
                if write, !SourceFile.write(result.bytes, to: file) {
                    outcome.problems.append("\(file): warning: not fixed: the file cannot be written")
                    continue
                }
                outcome.diff += UnifiedDiff.diff(old: bytes, new: result.bytes, path: file)
                outcome.fixedFiles.append(file)
                outcome.fixedCounts[file] = result.fixed.count
                outcome.fixed.formUnion(result.fixed)
            }
        }
        return outcome
    }

    /// The fixed bytes of one file, and the findings fixed.
    public func fix(_ bytes: [UInt8], file: String, diagnostics: [Diagnostic]) -> Result<
        (bytes: [UInt8], fixed: [Diagnostic]), FixFailure
    > {
        let document: PropertyListDocument
        do {
            document = try PropertyListReader().read(bytes, file: file)
        } catch {
            return .failure(FixFailure("the file no longer parses"))
        }
        guard document.format == .xml else { return .failure(FixFailure("only XML plists are rewritten")) }
        let text = XMLText(bytes: bytes)
        var edits: [TextEdit] = []
        var fixed: [Diagnostic] = []
        for diagnostic in diagnostics {
            guard let fixIt = diagnostic.fixIt else { continue }
            var planned: [TextEdit] = []
            for change in fixIt.changes {
                guard let edit = text.edit(for: change) else {
                    planned = []
                    break
                }
                planned.append(edit)
            }
            // Skip a fix whose edits overlap edits already planned (another fix of the same text).
            guard !planned.isEmpty,
                !planned.contains(where: { edit in edits.contains { $0.overlaps(edit) } })
            else { continue }
            edits += planned
            fixed.append(diagnostic)
        }
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: edit.replacement)
        }
        // The result must read back, with every intended value in place.
        guard let reread = try? PropertyListReader().read(result, file: file) else {
            return .failure(FixFailure("the fixed text would not parse"))
        }
        for diagnostic in fixed {
            for change in diagnostic.fixIt?.changes ?? [] where !Self.holds(change, in: reread, before: document) {
                return .failure(FixFailure("the fixed text would not read back as intended"))
            }
        }
        return .success((result, fixed))
    }

    /// Whether `change` is visible in the fixed document.
    static func holds(_ change: FixIt.Change, in document: PropertyListDocument, before: PropertyListDocument) -> Bool {
        switch change {
        case .replaceString(let location, let text):
            guard let value = document.root.value(at: location.keyPath) else { return false }
            if value.kind == .string, value.text == text { return true }
            // A key: its dictionary now has the new key.
            let parentPath = PlistKeyPath(Array(location.keyPath.components.dropLast()))
            guard let parent = document.root.value(at: parentPath) else { return false }
            return parent[text] != nil
        case .insertEntry(let location, let key, let value):
            return document.root.value(at: location.keyPath)?[key]?.string == value
        case .removeElement(let location):
            let parentPath = PlistKeyPath(Array(location.keyPath.components.dropLast()))
            guard let old = before.root.value(at: parentPath), let new = document.root.value(at: parentPath) else {
                return false
            }
            return new.count < old.count
        }
    }
}

/// Why a file could not be fixed.
public struct FixFailure: Error, Sendable {
    /// The reason, lower-case first.
    public var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

/// One replacement of a byte range.
struct TextEdit: Sendable {
    var range: Range<Int>
    var replacement: [UInt8]

    func overlaps(_ other: TextEdit) -> Bool {
        range.overlaps(other.range) || (range.isEmpty && other.range.contains(range.lowerBound))
            || (other.range.isEmpty && range.contains(other.range.lowerBound)) || range == other.range
    }
}

/// The bytes of an XML plist, with the means to find elements by line and column.
struct XMLText {
    let bytes: [UInt8]
    /// The offset each line starts at.
    let lineStarts: [Int]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The offset of a location's element start (`<`).
    func offset(_ location: SourceLocation) -> Int? {
        guard let line = location.line, let column = location.column, line >= 1, line <= lineStarts.count else {
            return nil
        }
        guard let offset = CharacterColumn.offset(of: column, lineStart: lineStarts[line - 1], in: bytes),
            bytes[offset] == UInt8(ascii: "<")
        else { return nil }
        return offset
    }

    func edit(for change: FixIt.Change) -> TextEdit? {
        switch change {
        case .replaceString(let location, let text):
            guard let start = offset(location), let element = element(at: start) else { return nil }
            let escaped = Array(Self.escape(text).utf8)
            if element.selfClosing {
                let name = element.name
                return TextEdit(
                    range: start..<element.end,
                    replacement: Array("<\(name)>".utf8) + escaped + Array("</\(name)>".utf8))
            }
            return TextEdit(range: element.contentStart..<element.contentEnd, replacement: escaped)
        case .insertEntry(let location, let key, let value):
            guard let start = offset(location), let element = element(at: start), element.name == "dict" else {
                return nil
            }
            let indent = indentation(ofLineAt: start)
            let unit =
                indent.contains(UInt8(ascii: "\t")) || indent.isEmpty && usesTabs
                ? [UInt8(ascii: "\t")] : Array("    ".utf8)
            let entry = Array("<key>\(Self.escape(key))</key>".utf8)
            let string = Array("<string>\(Self.escape(value))</string>".utf8)
            if element.selfClosing {
                let newline = [UInt8(ascii: "\n")]
                let replacement =
                    Array("<dict>".utf8) + newline + indent + unit + entry + newline + indent + unit + string + newline
                    + indent + Array("</dict>".utf8)
                return TextEdit(range: start..<element.end, replacement: replacement)
            }
            let closing = element.contentEnd
            let closingLineStart = lineStart(of: closing)
            let childIndent = firstChildIndentation(element) ?? indent + unit
            if bytes[closingLineStart..<closing].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                let newline = [UInt8(ascii: "\n")]
                let replacement = childIndent + entry + newline + childIndent + string + newline
                return TextEdit(range: closingLineStart..<closingLineStart, replacement: replacement)
            }
            return TextEdit(range: closing..<closing, replacement: entry + string)
        case .removeElement(let location):
            guard let start = offset(location), let element = element(at: start) else { return nil }
            let lineBegin = lineStart(of: start)
            var end = element.end
            var lineEnd = end
            while lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: " ") || bytes[lineEnd] == UInt8(ascii: "\t") {
                lineEnd += 1
            }
            let aloneBefore = bytes[lineBegin..<start].allSatisfy {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
            }
            if aloneBefore, lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: "\n") {
                end = lineEnd + 1
                return TextEdit(range: lineBegin..<end, replacement: [])
            }
            return TextEdit(range: start..<end, replacement: [])
        }
    }

    /// Whether the file indents with tabs (as Xcode writes plists).
    var usesTabs: Bool {
        for start in lineStarts.prefix(50) where start < bytes.count {
            if bytes[start] == UInt8(ascii: "\t") { return true }
            if bytes[start] == UInt8(ascii: " ") { return false }
        }
        return true
    }

    func lineStart(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return lineStarts[low]
    }

    func indentation(ofLineAt offset: Int) -> [UInt8] {
        let start = lineStart(of: offset)
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return Array(bytes[start..<end])
    }

    /// The indentation of the first element inside `element`, when it starts its own line.
    func firstChildIndentation(_ element: Element) -> [UInt8]? {
        var cursor = element.contentStart
        while cursor < element.contentEnd {
            if bytes[cursor] == UInt8(ascii: "<") {
                if matches("<!--", at: cursor) {
                    cursor = skipComment(cursor)
                    continue
                }
                let start = lineStart(of: cursor)
                guard start > element.contentStart || bytes[element.contentStart..<cursor].contains(UInt8(ascii: "\n"))
                else { return nil }
                let indent = indentation(ofLineAt: cursor)
                return start + indent.count == cursor ? indent : nil
            }
            cursor += 1
        }
        return nil
    }

    /// An element found in the text.
    struct Element {
        var name: String
        /// Just after the start tag's `>`.
        var contentStart: Int
        /// The `<` of the end tag (equal to `end` when self-closing).
        var contentEnd: Int
        /// Just after the end tag.
        var end: Int
        var selfClosing: Bool
    }

    /// The element whose start tag begins at `start`, with its matching end tag (nested elements
    /// of the same name, comments and CDATA skipped).
    func element(at start: Int) -> Element? {
        var cursor = start + 1
        while cursor < bytes.count, !Self.endsName(bytes[cursor]) { cursor += 1 }
        let name = String(decoding: bytes[(start + 1)..<cursor], as: UTF8.self)
        guard !name.isEmpty, let close = firstIndex(of: UInt8(ascii: ">"), from: cursor) else { return nil }
        if bytes[close - 1] == UInt8(ascii: "/") {
            return Element(
                name: name, contentStart: close + 1, contentEnd: close + 1, end: close + 1, selfClosing: true)
        }
        var depth = 1
        cursor = close + 1
        while cursor < bytes.count {
            guard bytes[cursor] == UInt8(ascii: "<") else {
                cursor += 1
                continue
            }
            if matches("<!--", at: cursor) {
                cursor = skipComment(cursor)
                continue
            }
            if matches("<![CDATA[", at: cursor) {
                var end = cursor
                while end < bytes.count, !matches("]]>", at: end) { end += 1 }
                cursor = end + 3
                continue
            }
            let isEnd = cursor + 1 < bytes.count && bytes[cursor + 1] == UInt8(ascii: "/")
            let nameStart = cursor + (isEnd ? 2 : 1)
            var nameEnd = nameStart
            while nameEnd < bytes.count, !Self.endsName(bytes[nameEnd]) { nameEnd += 1 }
            let found = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
            guard let tagEnd = firstIndex(of: UInt8(ascii: ">"), from: nameEnd) else { return nil }
            if found == name {
                if isEnd {
                    depth -= 1
                    if depth == 0 {
                        return Element(
                            name: name, contentStart: close + 1, contentEnd: cursor, end: tagEnd + 1, selfClosing: false
                        )
                    }
                } else if bytes[tagEnd - 1] != UInt8(ascii: "/") {
                    depth += 1
                }
            }
            cursor = tagEnd + 1
        }
        return nil
    }

    func skipComment(_ start: Int) -> Int {
        var end = start + 4
        while end < bytes.count, !matches("-->", at: end) { end += 1 }
        return min(end + 3, bytes.count)
    }

    func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        var cursor = start
        while cursor < bytes.count {
            if bytes[cursor] == byte { return cursor }
            cursor += 1
        }
        return nil
    }

    func matches(_ literal: String, at offset: Int) -> Bool {
        let pattern = Array(literal.utf8)
        guard offset + pattern.count <= bytes.count else { return false }
        return bytes[offset..<offset + pattern.count].elementsEqual(pattern)
    }

    static func endsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: " ")
            || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Text escaped for XML character data: the markup characters, and a carriage return, which
    /// a parser would otherwise read as a line feed.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
