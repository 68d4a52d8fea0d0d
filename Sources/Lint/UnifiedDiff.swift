import PropertyList

/// A unified diff of two texts, line by line, with three lines of context.
///
/// Lines are printed as the text format prints input: control, bidi and invisible characters
/// escaped (a carriage return ending a line is kept, as part of the line break). A diff that had
/// to escape something says so on a first line, which `patch` skips; such lines cannot be applied
/// as they are.
enum UnifiedDiff {
    static func diff(old: [UInt8], new: [UInt8], path: String) -> String {
        let a = lines(old)
        let b = lines(new)
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
        var escaped = false
        let shownPath = shown(path, escaped: &escaped)
        var text = "--- a/\(shownPath)\n+++ b/\(shownPath)\n"
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
            for operation in slice { text += "\(operation.0)\(shown(operation.1, escaped: &escaped))\n" }
        }
        if escaped {
            text =
                "# utiscope: characters that must not reach a terminal raw are shown escaped below; "
                + "those lines cannot be applied as they are\n" + text
        }
        return text
    }

    /// `line` escaped for output; a final carriage return (a CRLF line break) is kept.
    static func shown(_ line: String, escaped: inout Bool) -> String {
        let body = line.hasSuffix("\r") ? String(line.dropLast()) : line
        let safe = OutputEscaping.escape(body)
        if safe != body { escaped = true }
        return line.hasSuffix("\r") ? safe + "\r" : safe
    }
}
