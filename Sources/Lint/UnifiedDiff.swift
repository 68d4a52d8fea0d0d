import PropertyList
import Support

/// A unified diff of two texts, line by line, with three lines of context.
///
/// The diff is data: every line is written byte for byte as the file has it (tabs, a carriage
/// return ending a line), so that `patch` and `git apply` take it. ``forTerminal(_:)`` makes a
/// copy safe to show on a terminal.
public enum UnifiedDiff {
    static func diff(old: [UInt8], new: [UInt8], path: String) -> String {
        var a = lines(old)
        var b = lines(new)
        // A last line without a line break is marked as `diff` marks it, so that it is not
        // equal to the same line with one.
        if old.last != UInt8(ascii: "\n"), !a.isEmpty { a[a.count - 1] += noNewline }
        if new.last != UInt8(ascii: "\n"), !b.isEmpty { b[b.count - 1] += noNewline }
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        // Operations over the whole files: " " same, "-" removed, "+" added.
        var operations: [(Character, String)] = a[..<prefix].map { (" ", $0) }
        operations += middle(middleA, middleB)
        operations += a[(a.count - suffix)...].map { (" ", $0) }
        return hunks(operations, path: path)
    }

    /// The lines of a text, each with its line break removed.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var result = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        if result.last == "" { result.removeLast() }
        return result
    }

    /// The edit script of two (small) line lists by longest common subsequence; one replace of
    /// everything when they are too large.
    static func middle(_ a: [String], _ b: [String]) -> [(Character, String)] {
        guard a.count * b.count <= 4_000_000 else { return a.map { ("-", $0) } + b.map { ("+", $0) } }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: [(Character, String)] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                result.append((" ", a[i]))
                i += 1
                j += 1
            } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
                result.append(("-", a[i]))
                i += 1
            } else {
                result.append(("+", b[j]))
                j += 1
            }
        }
        return result
    }

    static func hunks(_ operations: [(Character, String)], path: String, context: Int = 3) -> String {
        let changed = operations.indices.filter { operations[$0].0 != " " }
        guard let first = changed.first else { return "" }
        var text = "--- a/\(path)\n+++ b/\(path)\n"
        var groups: [ClosedRange<Int>] = []
        var start = first
        var end = first
        for index in changed.dropFirst() {
            if index - end > 2 * context {
                groups.append(start...end)
                start = index
            }
            end = index
        }
        groups.append(start...end)
        for group in groups {
            let from = max(0, group.lowerBound - context)
            let to = min(operations.count - 1, group.upperBound + context)
            var oldLine = 1
            var newLine = 1
            for operation in operations[..<from] {
                if operation.0 != "+" { oldLine += 1 }
                if operation.0 != "-" { newLine += 1 }
            }
            let slice = operations[from...to]
            let oldCount = slice.filter { $0.0 != "+" }.count
            let newCount = slice.filter { $0.0 != "-" }.count
            text += "@@ -\(oldLine),\(oldCount) +\(newLine),\(newCount) @@\n"
            for operation in slice { text += "\(operation.0)\(operation.1)\n" }
        }
        return text
    }

    /// What ends a last line that has no line break, with the marker line `diff` writes.
    static let noNewline = "\n\\ No newline at end of file"

    /// `diff` made safe for a terminal: the characters that must not reach one raw are shown
    /// escaped, except tabs and a carriage return ending a line; a diff that needed it says so on
    /// a first line (which `patch` skips), since such lines cannot be applied as they are.
    public static func forTerminal(_ diff: String) -> String {
        var escaped = false
        var lines: [String] = []
        // Split as scalars: "\r\n" is one Character.
        for line in diff.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            let endsWithReturn = line.last == "\r"
            let body = endsWithReturn ? line.dropLast() : line[...]
            var shown = ""
            for scalar in body {
                if scalar != "\t", OutputEscaping.needsEscape(scalar) {
                    shown += OutputEscaping.escape(String(scalar))
                    escaped = true
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
            lines.append(endsWithReturn ? shown + "\r" : shown)
        }
        let text = lines.joined(separator: "\n")
        guard escaped else { return text }
        return "# utiscope: characters that must not reach a terminal raw are shown escaped below; "
            + "those lines cannot be applied as they are\n" + text
    }
}
