import AppBundle
import PropertyList

/// The JSON contract of DESIGN.md: `{"version":1, "diagnostics":[…], "summary":{…}}`, keys in a
/// fixed order, `line`/`column` null when unknown. Fields may be added, never renamed.
public struct JSONReporter: Sendable {
    /// A reporter.
    public init() {}

    /// The report as one JSON document, ending with a newline.
    public func render(_ report: LintReport) -> String {
        String(decoding: renderBytes(report), as: UTF8.self)
    }

    /// Findings per chunk when a large report is written on every core.
    static let chunkSize = 8_192

    /// The report as the UTF-8 bytes of one JSON document, ending with a newline. A report can
    /// hold hundreds of thousands of findings: they are written as bytes, in chunks side by side.
    public func renderBytes(_ report: LintReport) -> [UInt8] {
        var out: [UInt8] = []
        write(report) { out += $0 }
        return out
    }

    /// Chunks rendered side by side before they are handed on: two for each core, so that a
    /// core finishing early has another to take.
    static let chunksPerBatch = 2 * ParallelMap.width

    /// Hands ``renderBytes(_:)`` to `write` part by part, in order. Chunks of findings are
    /// rendered a batch at a time on every core and each batch is handed on before the next is
    /// made, so a large report is never held whole (nor are the pages for it touched at once).
    public func write(_ report: LintReport, to write: ([UInt8]) -> Void) {
        let diagnostics = report.diagnostics
        let chunks = stride(from: 0, to: diagnostics.count, by: Self.chunkSize).map {
            $0..<min($0 + Self.chunkSize, diagnostics.count)
        }
        write(Array("{\n  \"version\": 1,\n  \"diagnostics\": [".utf8))
        for batchStart in stride(from: 0, to: chunks.count, by: Self.chunksPerBatch) {
            let batch = Array(chunks[batchStart..<min(batchStart + Self.chunksPerBatch, chunks.count)])
            for part in ParallelMap.map(
                batch, { range in Self.render(diagnostics[range], first: range.lowerBound == 0) })
            {
                write(part)
            }
        }
        var tail = Array((diagnostics.isEmpty ? "],\n" : "\n  ],\n").utf8)
        let counts = report.counts
        tail += "  \"summary\": {\"errors\": \(counts.errors), \"warnings\": \(counts.warnings), ".utf8
        tail += "\"infos\": \(counts.infos), \"files\": \(report.files)}\n}\n".utf8
        write(tail)
    }

    /// The array elements for `diagnostics`, each after a comma unless it opens the array.
    private static func render(_ diagnostics: ArraySlice<Diagnostic>, first: Bool) -> [UInt8] {
        var out: [UInt8] = []
        // Findings average about 420 bytes (c_huge.plist); room for 512 each means a chunk is
        // almost never copied to grow (pages reserved but not written cost nothing).
        out.reserveCapacity(diagnostics.count * 512)
        var fileCache = FileCache()
        // Read in place: iterating the slice would copy each diagnostic (retaining its fields).
        diagnostics.withUnsafeBufferPointer { diagnostics in
            render(diagnostics, first: first, fileCache: &fileCache, to: &out)
        }
        return out
    }

    private static func render(
        _ diagnostics: UnsafeBufferPointer<Diagnostic>, first: Bool, fileCache: inout FileCache, to out: inout [UInt8]
    ) {
        for offset in diagnostics.indices {
            out.append(literal: first && offset == 0 ? "\n    {" : ",\n    {")
            append(diagnostics[offset], fileCache: &fileCache, to: &out)
        }
    }

    /// One diagnostic's object, from its first field to its closing brace.
    private static func append(_ diagnostic: Diagnostic, fileCache: inout FileCache, to out: inout [UInt8]) {
        fileCache.appendLocationFields(diagnostic.location, to: &out)
        out.append(literal: ", \"severity\": ")
        JSONText.append(quoting: diagnostic.severity.rawValue, to: &out)
        out.append(literal: ", \"rule\": ")
        JSONText.append(quoting: diagnostic.code, to: &out)
        out.append(literal: ", \"name\": ")
        JSONText.append(quoting: diagnostic.name, to: &out)
        out.append(literal: ", \"message\": ")
        JSONText.append(quoting: diagnostic.message, to: &out)
        out.append(literal: ", \"notes\": [")
        for (number, note) in diagnostic.notes.enumerated() {
            out.append(literal: number == 0 ? "{" : ", {")
            if let location = note.location {
                fileCache.appendLocationFields(location, to: &out)
            } else {
                out.append(literal: "\"file\": null, \"line\": null, \"column\": null, \"keyPath\": null")
            }
            out.append(literal: ", \"message\": ")
            JSONText.append(quoting: note.message, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        if let fixIt = diagnostic.fixIt {
            out.append(literal: ", \"fixIt\": {\"summary\": ")
            JSONText.append(quoting: fixIt.summary, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The file name of the previous location, quoted once: findings come sorted by file.
    private struct FileCache {
        var file: String?
        var quoted: [UInt8] = []
        /// The location whose key path was written last, and that key path quoted.
        var lastLocation: SourceLocation?
        var lastQuotedPath: [UInt8] = []
        /// The last key path's text, unquoted (kept for its capacity).
        var pathText: [UInt8] = []
        /// The text of the container whose value's key path was written last.
        var containerPath = KeyPathTextCache()

        mutating func appendLocationFields(_ location: SourceLocation, to out: inout [UInt8]) {
            if location.file != file {
                file = location.file
                quoted = []
                JSONText.append(quoting: location.file, to: &quoted)
            }
            out.append(literal: "\"file\": ")
            out += quoted
            out.append(literal: ", \"line\": ")
            appendNumber(location.line, to: &out)
            out.append(literal: ", \"column\": ")
            appendNumber(location.column, to: &out)
            out.append(literal: ", \"keyPath\": ")
            // Findings come sorted by place: consecutive ones are often about one value.
            if lastLocation?.sharesKeyPath(with: location) != true {
                pathText.removeAll(keepingCapacity: true)
                location.appendKeyPathText(to: &pathText, cache: &containerPath)
                lastQuotedPath.removeAll(keepingCapacity: true)
                JSONText.append(quotingUTF8: pathText, to: &lastQuotedPath)
                lastLocation = location
            }
            out += lastQuotedPath
        }

        func appendNumber(_ number: Int?, to out: inout [UInt8]) {
            guard let number else {
                out.append(literal: "null")
                return
            }
            out.appendDecimal(number)
        }
    }
}
