import PropertyList

/// The suppression comments of one XML plist.
///
/// `<!-- utiscope:disable CODE -->` silences the rules named (codes such as `DOC-002` or names
/// such as `missing-handler-rank`, separated by spaces or commas) for the element that follows
/// the comment and everything inside it; before a `<key>`, for that key's value.
/// `<!-- utiscope:disable-file CODE -->` anywhere silences them for the whole file.
struct Suppressions: Sendable {
    /// Rules silenced in the whole file.
    var fileWide: Set<String> = []
    /// Rules silenced below a key path.
    var scoped: [(rules: Set<String>, keyPath: PlistKeyPath)] = []

    /// Whether a comment of `document` (an XML plist's, as its reader kept them) holds a
    /// directive: only then are its bytes read again and scanned.
    static func mayApply(to document: PropertyListDocument) -> Bool {
        document.format == .xml && document.hasComment(containing: "utiscope:disable")
    }

    /// Finds the comments in `bytes` and the elements they stand before in `document`.
    init(scanning bytes: [UInt8], document: PropertyListDocument) {
        var pending: [(rules: Set<String>, line: Int, column: Int)] = []
        var index = 0
        var line = 1
        var lineStart = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<"), Self.matches(bytes, at: index, "<!--") else {
                index += 1
                continue
            }
            let bodyStart = index + 4
            var end = bodyStart
            while end < bytes.count, !Self.matches(bytes, at: end, "-->") { end += 1 }
            let body = String(decoding: bytes[bodyStart..<min(end, bytes.count)], as: UTF8.self)
            for character in bytes[index..<min(end, bytes.count)] where character == UInt8(ascii: "\n") {
                line += 1
            }
            if let newline = bytes[index..<min(end, bytes.count)].lastIndex(of: UInt8(ascii: "\n")) {
                lineStart = newline + 1
            }
            index = min(end + 3, bytes.count)
            let words = body.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }).map(
                String.init)
            guard let first = words.first else { continue }
            let rules = Set(words.dropFirst())
            if first == "utiscope:disable-file" {
                fileWide.formUnion(rules)
            } else if first == "utiscope:disable" {
                // The next element's start: skip blanks and further comments.
                var cursor = index
                var cursorLine = line
                var cursorLineStart = lineStart
                while cursor < bytes.count {
                    let next = bytes[cursor]
                    if next == UInt8(ascii: "\n") {
                        cursorLine += 1
                        cursorLineStart = cursor + 1
                    } else if next == UInt8(ascii: "<") && !Self.matches(bytes, at: cursor, "<!--")
                        && !Self.matches(bytes, at: cursor, "</")
                    {
                        let column = CharacterColumn.column(of: cursor, lineStart: cursorLineStart, in: bytes)
                        pending.append((rules, cursorLine, column))
                        break
                    } else if next == UInt8(ascii: "<") && Self.matches(bytes, at: cursor, "</") {
                        break
                    }
                    cursor += 1
                }
            }
        }
        guard !pending.isEmpty else { return }
        var wanted: [Int: [Int: Set<String>]] = [:]
        for item in pending { wanted[item.line, default: [:]][item.column, default: []].formUnion(item.rules) }
        var stack = [document.root]
        while let value = stack.popLast() {
            if let line = value.line, let columns = wanted[line], let column = value.location.column,
                let rules = columns[column]
            {
                scoped.append((rules, value.keyPath))
            }
            switch value.kind {
            case .array: stack += value.elements
            case .dictionary:
                for (key, entry) in value.entries {
                    stack.append(key)
                    stack.append(entry)
                }
            default: break
            }
        }
    }

    /// Whether `diagnostic` is silenced.
    func suppresses(_ diagnostic: Diagnostic) -> Bool {
        if fileWide.contains(diagnostic.code) || fileWide.contains(diagnostic.name) { return true }
        guard !scoped.isEmpty else { return false }
        let path = diagnostic.location.keyPath.components
        return scoped.contains { rules, keyPath in
            (rules.contains(diagnostic.code) || rules.contains(diagnostic.name))
                && path.starts(with: keyPath.components)
        }
    }

    private static func matches(_ bytes: [UInt8], at index: Int, _ literal: String) -> Bool {
        let pattern = Array(literal.utf8)
        guard index + pattern.count <= bytes.count else { return false }
        return bytes[index..<index + pattern.count].elementsEqual(pattern)
    }

    /// Whether no comment silences anything.
    var isEmpty: Bool { fileWide.isEmpty && scoped.isEmpty }
}
