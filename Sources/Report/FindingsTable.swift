import Lint
import PropertyList

/// The lint findings as a table: position, severity, rule, message, notes, and the source line
/// with a caret under the column, as `utiscope lint --verbose` prints them.
struct FindingsTable {
    let diagnostics: [Diagnostic]
    let lines: SourceLines

    /// The rules that found something, with their counts, most frequent first.
    var ruleCounts: [(code: String, name: String, count: Int)] {
        var counts: [String: (name: String, count: Int)] = [:]
        for diagnostic in diagnostics {
            counts[diagnostic.code, default: (diagnostic.name, 0)].count += 1
        }
        return counts.map { ($0.key, $0.value.name, $0.value.count) }.sorted {
            $0.count > $1.count || ($0.count == $1.count && $0.code < $1.code)
        }
    }

    /// The findings as the table lists them: errors first, then warnings, then infos, each
    /// severity in the order of their places (file, line, column), as `diagnostics` are given.
    var ordered: [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            lhs.element.severity != rhs.element.severity
                ? lhs.element.severity > rhs.element.severity : lhs.offset < rhs.offset
        }.map(\.element)
    }

    var html: String {
        var text = "<div class=\"rule-chips\">"
        for rule in ruleCounts {
            text += "<button type=\"button\" class=\"chip\" data-rule=\"\(HTMLText.attribute(rule.code))\""
            text +=
                " title=\"\(HTMLText.attribute(rule.name))\">\(HTMLText.escape(rule.code)) <b>\(rule.count)</b></button>"
        }
        text += "</div>\n"
        guard !diagnostics.isEmpty else {
            return text + "<p id=\"findings-table\" class=\"empty\">no findings: every rule passes</p>\n"
        }
        text += "<table id=\"findings-table\"><thead><tr><th>where</th><th>severity</th><th>rule</th>"
        text += "<th>finding</th></tr></thead>\n<tbody>\n"
        text.reserveCapacity(diagnostics.count * 700)
        for diagnostic in ordered { text += row(diagnostic) }
        return text + "</tbody></table>\n"
    }

    func row(_ diagnostic: Diagnostic) -> String {
        let severity = diagnostic.severity.rawValue
        var text = "<tr class=\"finding \(severity)\" data-rule=\"\(HTMLText.attribute(diagnostic.code))\">"
        text += "<td class=\"where\">\(HTMLText.path(Self.position(diagnostic.location)))</td>"
        text += "<td><span class=\"severity \(severity)\">\(severity)</span></td>"
        text += "<td><code>\(HTMLText.escape(diagnostic.code))</code><br><span class=\"rule-name\">"
        text += "\(HTMLText.escape(diagnostic.name))</span></td>"
        text += "<td><div class=\"message\">\(HTMLText.escape(diagnostic.message))</div>"
        text += excerpt(diagnostic.location)
        if !diagnostic.notes.isEmpty {
            text += "<ul class=\"notes\">"
            for note in diagnostic.notes {
                text +=
                    "<li><span class=\"where\">\(HTMLText.path(Self.position(note.location ?? diagnostic.location)))"
                text += "</span> note: \(HTMLText.escape(note.message))\(excerpt(note.location))</li>"
            }
            text += "</ul>"
        }
        if let fixIt = diagnostic.fixIt {
            text += "<div class=\"fixit\">fix-it: \(HTMLText.escape(fixIt.summary))</div>"
        }
        return text + "</td></tr>\n"
    }

    /// `file:line:col`, or the file and key path when there are no lines (binary plists).
    static func position(_ location: SourceLocation) -> String {
        if location.line == nil, !location.keyPath.components.isEmpty {
            return "\(location.description) (at \(location.keyPath))"
        }
        return location.description
    }

    /// The source line and a caret under the column, or nothing when the line is unknown.
    func excerpt(_ location: SourceLocation?) -> String {
        guard let location, let line = location.line, var source = lines.line(line, of: location.file) else {
            return ""
        }
        var column = location.column
        // The line's indentation is left out (the caret moves with it): nesting says nothing here.
        let indentation = source.utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count
        if indentation > 0, (column ?? Int.max) > indentation {
            source = String(decoding: source.utf8.dropFirst(indentation), as: UTF8.self)
            column = column.map { $0 - indentation }
        }
        // A long line (a plist written on one line) shows a window around the column.
        let limit = 240
        let bytes = Array(source.utf8)
        if bytes.count > limit {
            let at = min(max(0, (column ?? 1) - 1), bytes.count)
            let start = max(0, at - 80)
            let end = min(bytes.count, start + limit)
            let lead = start > 0 ? "…" : ""
            source = lead + String(decoding: bytes[start..<end], as: UTF8.self) + (end < bytes.count ? "…" : "")
            column = column.map { _ in lead.utf8.count + at - start + 1 }
        }
        // Tabs stay tabs so that the caret lines up; everything else unsafe is escaped.
        let shown = source.split(separator: "\t", omittingEmptySubsequences: false).map {
            HTMLText.escape(String($0))
        }.joined(separator: "\t")
        var text = "<pre class=\"source\"><span class=\"line-number\">\(line)</span>\(shown)"
        if let column, column >= 1 {
            let prefix = source.utf8.prefix(column - 1)
            let padding = String(decoding: prefix, as: UTF8.self).map { $0 == "\t" ? "\t" : " " }.joined()
            let gutter = String(repeating: " ", count: String(line).count)
            text += "\n<span class=\"line-number\">\(gutter)</span>\(padding)<span class=\"caret\">^</span>"
        }
        return text + "</pre>"
    }
}

/// The lines of the files findings point into, read when first asked for.
final class SourceLines {
    private var starts: [String: [Int]] = [:]
    private var bytes: [String: [UInt8]]
    private var unreadable: Set<String> = []

    /// Lines of `sources` (files already in memory), other files read as needed.
    init(sources: [String: [UInt8]]) {
        bytes = sources
    }

    /// Line `number` (1-based) of `file`, without its line ending; nil when unknown.
    func line(_ number: Int, of file: String) -> String? {
        if bytes[file] == nil {
            guard !unreadable.contains(file), let read = FileAccess.read(file) else {
                unreadable.insert(file)
                return nil
            }
            bytes[file] = read
        }
        guard let content = bytes[file] else { return nil }
        if starts[file] == nil {
            var found = [0]
            for (offset, byte) in content.enumerated() where byte == UInt8(ascii: "\n") { found.append(offset + 1) }
            starts[file] = found
        }
        guard let found = starts[file], number >= 1, number <= found.count else { return nil }
        let start = found[number - 1]
        var end = number < found.count ? found[number] - 1 : content.count
        if end > start, content[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: content[start..<max(start, end)], as: UTF8.self)
    }
}
