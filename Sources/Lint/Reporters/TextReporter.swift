import PropertyList
import Support

/// `path:line:col: severity: message [CODE]`, one line per finding and note, as Xcode and most
/// editors read them. Unknown parts of a position are left out, never written as `0`; a finding
/// without a line (binary plists) names its key path instead. Text from input is escaped.
public struct TextReporter: Sendable {
    /// Whether to colour severities with ANSI escapes.
    public var color: Bool
    /// Whether to add the source line and a caret under the column.
    public var verbose: Bool
    /// The lines of each file, for `verbose` (a file missing here gets no excerpt).
    public var sources: [String: [UInt8]]

    /// A reporter.
    public init(color: Bool = false, verbose: Bool = false, sources: [String: [UInt8]] = [:]) {
        self.color = color
        self.verbose = verbose
        self.sources = sources
    }

    /// The report as text.
    public func render(_ report: LintReport) -> String {
        var text = ""
        var lineIndexes: [String: [Int]] = [:]
        var escapedFiles: [String: String] = [:]
        var cursor: ScalarCursor?
        for diagnostic in report.diagnostics {
            text += line(
                diagnostic.location, diagnostic.severity.rawValue, diagnostic.message, code: diagnostic.code,
                files: &escapedFiles)
            if verbose { text += excerpt(diagnostic.location, &lineIndexes, &cursor) }
            for note in diagnostic.notes {
                text += line(
                    note.location ?? diagnostic.location, "note", note.message, code: nil, files: &escapedFiles)
            }
            if verbose, let fixIt = diagnostic.fixIt {
                text += "    fix-it: \(OutputEscaping.escape(fixIt.summary))\n"
            }
        }
        return text
    }

    private func line(
        _ location: SourceLocation, _ severity: String, _ message: String, code: String?,
        files: inout [String: String]
    ) -> String {
        // The file's name is escaped once per file, not once per line.
        var text: String
        if let escaped = files[location.file] {
            text = escaped
        } else {
            text = OutputEscaping.escape(location.file)
            files[location.file] = text
        }
        if let line = location.line {
            text += ":" + String(line)
            if let column = location.column { text += ":" + String(column) }
        }
        text += ": " + paint(severity) + ": "
        text += OutputEscaping.escape(message)
        if location.line == nil, !location.keyPath.components.isEmpty {
            text += " (at " + OutputEscaping.escape(location.keyPath.description) + ")"
        }
        if let code { text += " [\(code)]" }
        return text + "\n"
    }

    private func paint(_ severity: String) -> String {
        guard color else { return severity }
        let code =
            switch severity {
            case "error": "1;31"
            case "warning": "1;35"
            // Bold in the terminal's own colour: bold black would vanish on a dark background.
            case "note": "1"
            default: "1;36"
            }
        return "\u{1B}[\(code)m\(severity)\u{1B}[0m"
    }

    /// Bytes of a source line shown around the caret at most; a longer line (a minified or
    /// one-line plist) is cut to a window around the column, so that output stays bounded.
    static let excerptWidth = 240

    /// The byte offset of the `scalar`-th Unicode scalar (0-based) of a line, counting from a
    /// scalar whose offset is known (the line's start, or an earlier caret): columns count
    /// scalars, as libxml2 does; `end` when the line is shorter.
    static func offset(ofScalar scalar: Int, in bytes: [UInt8], from start: (scalar: Int, offset: Int), to end: Int)
        -> Int
    {
        var offset = start.offset
        var counted = start.scalar
        while offset < end {
            if bytes[offset] & 0xC0 != 0x80 {
                if counted == scalar { return offset }
                counted += 1
            }
            offset += 1
        }
        return end
    }

    /// The source line and a caret, indented.
    /// Where the last caret of a line was found, in scalars and bytes: findings come sorted by
    /// column, so the next one on the line is found from there (a one-line plist with many
    /// findings is not scanned from its start for each).
    private struct ScalarCursor {
        var file: String
        var line: Int
        var scalar: Int
        var offset: Int
    }

    private func excerpt(
        _ location: SourceLocation, _ indexes: inout [String: [Int]], _ cursor: inout ScalarCursor?
    ) -> String {
        guard let line = location.line, let bytes = sources[location.file] else { return "" }
        if indexes[location.file] == nil {
            var starts = [0]
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            indexes[location.file] = starts
        }
        guard let starts = indexes[location.file], line >= 1, line <= starts.count else { return "" }
        var start = starts[line - 1]
        var end = line < starts.count ? starts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        end = max(start, end)
        // A byte-order mark is not a column (readers skip it), and not shown.
        if line == 1, end - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF {
            start += 3
        }
        var caret: Int?
        if let column = location.column, column >= 1 {
            var from = (scalar: 0, offset: start)
            if let last = cursor, last.file == location.file, last.line == line, last.scalar <= column - 1 {
                from = (last.scalar, last.offset)
            }
            let offset = Self.offset(ofScalar: column - 1, in: bytes, from: from, to: end)
            cursor = ScalarCursor(file: location.file, line: line, scalar: column - 1, offset: offset)
            caret = offset
        }
        var (cutBefore, cutAfter) = (false, false)
        if end - start > Self.excerptWidth {
            // A window around the caret, its ends moved to character boundaries.
            let anchor = caret ?? start
            var windowStart = max(start, anchor - Self.excerptWidth / 2)
            var windowEnd = min(end, windowStart + Self.excerptWidth)
            windowStart = max(start, windowEnd - Self.excerptWidth)
            while windowStart < windowEnd, bytes[windowStart] & 0xC0 == 0x80 { windowStart += 1 }
            while windowEnd < end, windowEnd > windowStart, bytes[windowEnd] & 0xC0 == 0x80 { windowEnd -= 1 }
            (cutBefore, cutAfter) = (windowStart > start, windowEnd < end)
            (start, end) = (windowStart, windowEnd)
        }
        let source = String(decoding: bytes[start..<end], as: UTF8.self)
        // Tabs stay as they are so that the caret lines up; everything else unsafe is escaped.
        let shown = source.split(separator: "\t", omittingEmptySubsequences: false).map {
            OutputEscaping.escape(String($0))
        }.joined(separator: "\t")
        var text = "    " + (cutBefore ? "…" : "") + shown + (cutAfter ? "…" : "") + "\n"
        if let caret, caret >= start, caret <= end {
            // As wide as the prefix is shown: escaped as the line is, tabs kept.
            let prefix = String(decoding: bytes[start..<caret], as: UTF8.self)
            let padding = prefix.split(separator: "\t", omittingEmptySubsequences: false).map {
                String(repeating: " ", count: OutputEscaping.escape(String($0)).count)
            }.joined(separator: "\t")
            text += "    " + (cutBefore ? " " : "") + padding + (color ? "\u{1B}[1;32m^\u{1B}[0m" : "^") + "\n"
        }
        return text
    }
}
