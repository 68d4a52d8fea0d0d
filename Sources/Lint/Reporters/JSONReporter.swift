import PropertyList

/// The JSON contract of DESIGN.md: `{"version":1, "diagnostics":[…], "summary":{…}}`, keys in a
/// fixed order, `line`/`column` null when unknown. Fields may be added, never renamed.
public struct JSONReporter: Sendable {
    /// A reporter.
    public init() {}

    /// The report as one JSON document, ending with a newline.
    public func render(_ report: LintReport) -> String {
        // Written as bytes: a report can hold hundreds of thousands of findings.
        var out: [UInt8] = []
        out.reserveCapacity(report.diagnostics.count * 320 + 128)
        out += "{\n  \"version\": 1,\n  \"diagnostics\": [".utf8
        var fileCache = FileCache()
        for (index, diagnostic) in report.diagnostics.enumerated() {
            out += (index == 0 ? "\n    {" : ",\n    {").utf8
            fileCache.appendLocationFields(diagnostic.location, to: &out)
            out += ", \"severity\": ".utf8
            JSONText.append(quoting: diagnostic.severity.rawValue, to: &out)
            out += ", \"rule\": ".utf8
            JSONText.append(quoting: diagnostic.code, to: &out)
            out += ", \"name\": ".utf8
            JSONText.append(quoting: diagnostic.name, to: &out)
            out += ", \"message\": ".utf8
            JSONText.append(quoting: diagnostic.message, to: &out)
            out += ", \"notes\": [".utf8
            for (number, note) in diagnostic.notes.enumerated() {
                out += (number == 0 ? "{" : ", {").utf8
                if let location = note.location {
                    fileCache.appendLocationFields(location, to: &out)
                } else {
                    out += "\"file\": null, \"line\": null, \"column\": null, \"keyPath\": null".utf8
                }
                out += ", \"message\": ".utf8
                JSONText.append(quoting: note.message, to: &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
            if let fixIt = diagnostic.fixIt {
                out += ", \"fixIt\": {\"summary\": ".utf8
                JSONText.append(quoting: fixIt.summary, to: &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "}"))
        }
        out += (report.diagnostics.isEmpty ? "],\n" : "\n  ],\n").utf8
        out += "  \"summary\": {\"errors\": \(report.count(.error)), \"warnings\": \(report.count(.warning)), ".utf8
        out += "\"infos\": \(report.count(.info)), \"files\": \(report.files)}\n}\n".utf8
        return String(decoding: out, as: UTF8.self)
    }

    /// The file name of the previous location, quoted once: findings come sorted by file.
    private struct FileCache {
        var file: String?
        var quoted: [UInt8] = []

        mutating func appendLocationFields(_ location: SourceLocation, to out: inout [UInt8]) {
            if location.file != file {
                file = location.file
                quoted = []
                JSONText.append(quoting: location.file, to: &quoted)
            }
            out += "\"file\": ".utf8
            out += quoted
            out += ", \"line\": ".utf8
            appendNumber(location.line, to: &out)
            out += ", \"column\": ".utf8
            appendNumber(location.column, to: &out)
            out += ", \"keyPath\": ".utf8
            JSONText.append(quoting: location.keyPath.description, to: &out)
        }

        func appendNumber(_ number: Int?, to out: inout [UInt8]) {
            guard let number else {
                out += "null".utf8
                return
            }
            out += String(number).utf8
        }
    }
}
