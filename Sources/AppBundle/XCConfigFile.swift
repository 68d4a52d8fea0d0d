import PropertyList

/// An `.xcconfig` file with its includes followed: every assignment in the order Xcode applies
/// them, each located in the file and line that wrote it.
///
/// Syntax read: `NAME = value`, `NAME[sdk=iphoneos*] = value`, an optional trailing `;`, `//`
/// comments (anywhere on a line, as in Xcode), `#include "path"` and `#include? "path"` (the
/// second form silently skips a missing file). Include paths are relative to the including file;
/// `<DEVELOPER_DIR>/…` paths name Xcode's own files and are reported as unreadable. Reading goes
/// on past problems, which are listed in ``findings``.
public struct XCConfigFile: Sendable {
    /// The path as given.
    public var path: String
    /// The assignments of this file and its includes, in application order.
    public var assignments: [BuildSettingAssignment]
    /// Every file read, this one first, then includes in the order met.
    public var files: [String]
    /// Problems met: unreadable files, include cycles, malformed lines.
    public var findings: [AppBundleFinding]

    /// The deepest chain of includes followed.
    static let includeDepthLimit = 32

    /// Reads the file at `path` and everything it includes.
    public static func read(path: String) -> XCConfigFile {
        var reader = Reader()
        reader.read(path: path, optional: false, from: nil, stack: [])
        return XCConfigFile(path: path, assignments: reader.assignments, files: reader.files, findings: reader.findings)
    }

    /// Parses `text` as if read from `path`; includes are looked up relative to `path`.
    public static func parse(_ text: String, path: String) -> XCConfigFile {
        var reader = Reader()
        reader.files.append(path)
        reader.parse(text, path: path, stack: [Path.normalize(path)])
        return XCConfigFile(path: path, assignments: reader.assignments, files: reader.files, findings: reader.findings)
    }

    private struct Reader {
        var assignments: [BuildSettingAssignment] = []
        var files: [String] = []
        var findings: [AppBundleFinding] = []

        mutating func read(path: String, optional: Bool, from location: SourceLocation?, stack: [String]) {
            let key = Path.normalize(path)
            let at = location ?? SourceLocation(file: path)
            if stack.contains(key) {
                findings.append(AppBundleFinding(.includeCycle(path: path), at: at))
                return
            }
            guard stack.count < XCConfigFile.includeDepthLimit else {
                findings.append(AppBundleFinding(.includeCycle(path: path), at: at))
                return
            }
            switch FileSystem.readText(path) {
            case .failure(let error):
                if !optional {
                    findings.append(AppBundleFinding(.unreadableXCConfig(path: path, reason: error.reason), at: at))
                }
            case .success(let text):
                files.append(path)
                parse(text, path: path, stack: stack + [key])
            }
        }

        mutating func parse(_ text: String, path: String, stack: [String]) {
            var lineNumber = 0
            for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
                lineNumber += 1
                let location = SourceLocation(file: path, line: lineNumber)
                let line = String(rawLine).trimmingSpaces()
                if line.isEmpty || line.hasPrefix("//") { continue }
                if line.hasPrefix("#include") {
                    include(line, path: path, location: location, stack: stack)
                    continue
                }
                let body = XCConfigFile.strippingComment(line)
                if body.isEmpty { continue }
                guard let equals = BuildSettingAssignment.separatorIndex(in: body),
                    let parsed = BuildSettingAssignment.parseName(String(body[..<equals])),
                    parsed.name.utf8.allSatisfy(XCConfigFile.isNameByte)
                else {
                    findings.append(AppBundleFinding(.malformedXCConfigLine(text: line), at: location))
                    continue
                }
                var value = String(body[body.index(after: equals)...]).trimmingSpaces()
                if value.hasSuffix(";") { value = String(value.dropLast()).trimmingSpaces() }
                var column = location
                column.column = 1
                assignments.append(
                    BuildSettingAssignment(
                        name: parsed.name, value: value, conditions: parsed.conditions, location: column))
            }
        }

        private mutating func include(_ line: String, path: String, location: SourceLocation, stack: [String]) {
            var rest = Substring(line.dropFirst("#include".count))
            var optional = false
            if rest.first == "?" {
                optional = true
                rest = rest.dropFirst()
            }
            let trimmed = String(rest).trimmingSpaces()
            guard trimmed.count >= 2, let open = trimmed.first, open == "\"" || open == "<",
                let close = trimmed.dropFirst().firstIndex(of: open == "\"" ? "\"" : ">")
            else {
                findings.append(AppBundleFinding(.malformedXCConfigLine(text: line), at: location))
                return
            }
            let target = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
            if open == "<" || target.hasPrefix("<DEVELOPER_DIR>") {
                if !optional {
                    findings.append(
                        AppBundleFinding(
                            .unreadableXCConfig(path: target, reason: "it names a file inside Xcode"), at: location))
                }
                return
            }
            let resolved = Path.join(Path.directory(of: path), target)
            read(path: resolved, optional: optional, from: location, stack: stack)
        }
    }

    /// The line without a trailing `//` comment.
    static func strippingComment(_ line: String) -> String {
        var previousSlash = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "/" {
                if previousSlash {
                    return String(line[..<line.index(before: index)]).trimmingSpaces()
                }
                previousSlash = true
            } else {
                previousSlash = false
            }
            index = line.index(after: index)
        }
        return line
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
