import AppBundle
import Dispatch
import PropertyList
import Support

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

    /// How many chunks may be rendered ahead of the one being handed on: two for each core, so
    /// that a core finishing early has another to take while a report is never held whole.
    static let chunksAhead = 2 * ParallelMap.width

    /// Hands ``renderBytes(_:)`` to `write` part by part, in order, on the calling thread. Chunks
    /// of findings are rendered on every core, at most ``chunksAhead`` past the one handed on, so
    /// a large report is never held whole (nor are the pages for it touched at once), and no core
    /// waits for the others at the end of a batch.
    public func write(_ report: LintReport, to write: ([UInt8]) -> Void) {
        let diagnostics = report.diagnostics
        let chunks = stride(from: 0, to: diagnostics.count, by: Self.chunkSize).map {
            $0..<min($0 + Self.chunkSize, diagnostics.count)
        }
        write(Array("{\n  \"version\": 1,\n  \"diagnostics\": [".utf8))
        if chunks.count == 1 {
            write(Self.render(diagnostics[chunks[0]], first: true))
        } else if !chunks.isEmpty {
            let pipeline = ChunkPipeline(count: chunks.count, ahead: Self.chunksAhead)
            DispatchQueue.global().async {
                DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
                    pipeline.waitForTurn(index)
                    pipeline.finish(index, Self.render(diagnostics[chunks[index]], first: index == 0))
                }
            }
            for index in chunks.indices { write(pipeline.take(index)) }
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
        fileCache.appendRuleFields(of: diagnostic, to: &out)
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
        if !diagnostic.properties.isEmpty {
            out.append(literal: ", \"properties\": {")
            for (number, (name, value)) in diagnostic.properties.sorted(by: { $0.key < $1.key }).enumerated() {
                if number > 0 { out.append(literal: ", ") }
                JSONText.append(quoting: name, to: &out)
                out.append(literal: ": ")
                JSONText.append(quoting: value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The file name of the previous location, quoted once: findings come sorted by file. And
    /// the fields every finding of one rule at one severity shares, written once per chunk, and
    /// the last key path. Measured: `lint --format json` of gen.py's c_huge.plist 4–8% slower
    /// when each finding's fields are written anew (8 and 12 rounds by turns).
    private struct FileCache {
        var file: String?
        /// `"file": "…", "line": ` for ``file``.
        var filePrefix: [UInt8] = []
        /// By rule code: the rule's name, the severity, and `, "severity": "…", "rule": "…",
        /// "name": "…", "message": ` for them (a report holds few rules and many findings).
        var ruleFields: [String: [(name: String, severity: Severity, text: [UInt8])]] = [:]

        /// Appends the fields from `severity` to the key of `message`, with the comma before.
        mutating func appendRuleFields(of diagnostic: Diagnostic, to out: inout [UInt8]) {
            if let known = ruleFields[diagnostic.code],
                let fields = known.first(where: { $0.name == diagnostic.name && $0.severity == diagnostic.severity })
            {
                out += fields.text
                return
            }
            var text: [UInt8] = []
            text.append(literal: ", \"severity\": ")
            JSONText.append(quoting: diagnostic.severity.rawValue, to: &text)
            text.append(literal: ", \"rule\": ")
            JSONText.append(quoting: diagnostic.code, to: &text)
            text.append(literal: ", \"name\": ")
            JSONText.append(quoting: diagnostic.name, to: &text)
            text.append(literal: ", \"message\": ")
            ruleFields[diagnostic.code, default: []].append((diagnostic.name, diagnostic.severity, text))
            out += text
        }
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
                filePrefix = []
                filePrefix.append(literal: "\"file\": ")
                JSONText.append(quoting: location.file, to: &filePrefix)
                filePrefix.append(literal: ", \"line\": ")
            }
            out += filePrefix
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

/// The chunks of one ``JSONReporter/write(_:to:)``: rendered on worker threads, each into its own
/// slot, and taken in order by the writing thread. Chunk `i` starts only once chunk
/// `i - ahead` has been taken, so at most `ahead` chunks wait to be written; the chunk taken next
/// never waits for room (the one `ahead` before it was taken already), so the writer always gets
/// it — given that `concurrentPerform` hands out its indices in increasing order (libdispatch
/// does), so that the chunk taken next was handed to a worker before any later one.
private final class ChunkPipeline: @unchecked Sendable {
    private let parts: UnsafeMutableBufferPointer<[UInt8]>
    private let rendered: [DispatchSemaphore]
    private let turn: [DispatchSemaphore]
    private let ahead: Int

    init(count: Int, ahead: Int) {
        parts = .allocate(capacity: count)
        parts.initialize(repeating: [])
        rendered = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        // Made at zero and signalled: a semaphore must not end below the value it was made with.
        turn = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        self.ahead = ahead
        for index in 0..<min(ahead, count) { turn[index].signal() }
    }

    deinit {
        parts.deinitialize()
        parts.deallocate()
    }

    /// Waits until chunk `index` may be rendered.
    func waitForTurn(_ index: Int) {
        turn[index].wait()
    }

    /// Stores chunk `index`, rendered (each slot is written by its own chunk only).
    func finish(_ index: Int, _ part: [UInt8]) {
        parts[index] = part
        rendered[index].signal()
    }

    /// Chunk `index` once it is rendered, its slot emptied; lets chunk `index + ahead` start.
    func take(_ index: Int) -> [UInt8] {
        rendered[index].wait()
        var part: [UInt8] = []
        swap(&part, &parts[index])
        if index + ahead < turn.count { turn[index + ahead].signal() }
        return part
    }
}
