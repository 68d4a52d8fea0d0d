import Foundation

/// `utiscope-bench hostile`: generated attack inputs run through the release `utiscope` binary,
/// each timed in its own process and checked against the budgets of the hardening issue: entity
/// and allocation attacks ≤ 500 ms and ≤ 64 MB; other inputs under 2 MB ≤ 1 s and ≤ 128 MB;
/// inputs up to the 64 MiB limit ≤ 10 s and ≤ 1 GB.
enum HostileBenchmark {
    struct Attack {
        var name: String
        var file: String
        /// Makes the input; called only in the generating child process, so that the measuring
        /// parent never holds large inputs (a child's peak memory starts from its parent's).
        var bytes: @Sendable () -> [UInt8]
        var arguments: [String] = ["dump", "--format", "json"]
        /// Arguments after the input's path.
        var trailing: [String] = []
        var expectedStatus: Int32 = 2
        var seconds: Double
        var megabytes: Int
    }

    static func run() throws {
        let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "utiscope"
        ).path
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw BenchError("\(tool) is missing: build it first (swift build -c release)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("utiscope-hostile-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let generated = try spawn(
            [CommandLine.arguments[0], "_generate-hostile", directory.path], keepStandardError: true)
        guard generated.status == 0 else { throw BenchError("generating the inputs failed: \(generated.output)") }
        var failures = 0
        print("hostile: \(tool)")
        print("  \("attack".padding(toLength: 38, withPad: " ", startingAt: 0))  status    time      peak   budget")
        for attack in attacks() {
            let path = directory.appendingPathComponent(attack.file).path
            let run = try runChildAllowingFailure([tool] + attack.arguments + [path] + attack.trailing)
            let withinTime = run.seconds <= attack.seconds
            let withinMemory = run.peakBytes <= attack.megabytes * 1_000_000
            let statusOK = run.status == attack.expectedStatus
            let verdict = withinTime && withinMemory && statusOK ? "ok" : "FAIL"
            if verdict != "ok" { failures += 1 }
            let name = attack.name.padding(toLength: 38, withPad: " ", startingAt: 0)
            let budget = "\(Int(attack.seconds * 1000)) ms, \(attack.megabytes) MB"
            print(
                "  \(name)  \(String(format: "%6d", run.status))  \(String(format: "%6.0f ms", run.seconds * 1000))  "
                    + "\(String(format: "%5.0f MB", Double(run.peakBytes) / 1_000_000))   \(budget)  \(verdict)")
            if !statusOK { print("    expected status \(attack.expectedStatus); stderr: \(run.errors.prefix(200))") }
        }
        print(
            failures == 0 ? "hostile: every attack within budget" : "hostile: \(failures) over budget or wrong status")
        if failures > 0 { exit(1) }
    }

    static func attacks() -> [Attack] {
        let laughs = (1...9).map { level in
            "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }.joined(separator: "\n")
        let laughsText =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\n<!ENTITY l0 \"lol\">\n\(laughs)\n]>\n"
            + "<plist><string>&l9;</string></plist>"
        return [
            Attack(
                name: "XML billion laughs", file: "laughs.plist", bytes: { bytes(laughsText) }, seconds: 0.5,
                megabytes: 64),
            Attack(
                name: "XML quadratic blowup", file: "quadratic.plist",
                bytes: {
                    bytes(
                        "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY b \"\(String(repeating: "x", count: 50_000))\">]>\n"
                            + "<plist><string>" + String(repeating: "&b;", count: 30_000) + "</string></plist>")
                }, seconds: 0.5, megabytes: 64),
            Attack(
                name: "XML external entity (file)", file: "external.plist",
                bytes: {
                    bytes(
                        "<?xml version=\"1.0\"?>\n<!DOCTYPE plist SYSTEM \"/etc/passwd\">\n<plist><string>&x;</string></plist>"
                    )
                },
                seconds: 0.5, megabytes: 64),
            Attack(
                name: "XML 1,000,000 nested arrays", file: "deep.plist",
                bytes: { bytes("<plist>" + String(repeating: "<array>", count: 1_000_000) + "</plist>") }, seconds: 1,
                megabytes: 128),
            Attack(
                name: "XML 100,000-digit integer", file: "digits.plist",
                bytes: { bytes("<plist><integer>" + String(repeating: "9", count: 100_000) + "</integer></plist>") },
                seconds: 1, megabytes: 128),
            Attack(
                name: "OpenStep 1,000,000 nested arrays", file: "deep.pbxproj",
                bytes: { bytes(String(repeating: "(", count: 1_000_000)) }, seconds: 1, megabytes: 128),
            Attack(
                name: "binary trailer claiming 2^63 objects", file: "objects.bplist",
                bytes: { BinaryAttacks.hugeObjectCount() }, seconds: 0.5, megabytes: 64),
            Attack(
                name: "binary DAG expanding to 2^64 values", file: "dag.bplist",
                bytes: { BinaryAttacks.exponentialDAG(levels: 64) }, seconds: 0.5, megabytes: 64),
            Attack(
                name: "binary 1,000,000 nested arrays", file: "deep.bplist",
                bytes: { BinaryAttacks.deepNesting(levels: 1_000_000) }, seconds: 1, megabytes: 128),
            Attack(
                name: "binary reference cycle", file: "cycle.bplist", bytes: { BinaryAttacks.selfContainingArray() },
                seconds: 0.5, megabytes: 64),
            Attack(
                name: "truncated binary", file: "truncated.bplist",
                bytes: { Array(BinaryAttacks.exponentialDAG(levels: 8).dropLast(5)) }, seconds: 1, megabytes: 128),
            Attack(
                name: "100,000-type conformance chain", file: "chain.plist",
                bytes: { conformancePlist(types: 100_000, cycle: false) },
                arguments: ["type", "--format", "json", "--app"], trailing: ["com.example.t99999"], expectedStatus: 0,
                seconds: 2, megabytes: 256),
            Attack(
                name: "100,000-type conformance cycle", file: "cycle.plist",
                bytes: { conformancePlist(types: 100_000, cycle: true) },
                arguments: ["graph", "--format", "json", "--app"], trailing: [], expectedStatus: 0, seconds: 2,
                megabytes: 256),
            Attack(
                name: "valid 60 MB XML plist", file: "large.plist", bytes: { largePlist(bytes: 60_000_000) },
                expectedStatus: 0, seconds: 10, megabytes: 1000),
            Attack(
                name: "XML over the 64 MiB limit", file: "oversize.plist",
                bytes: {
                    var oversize = largePlist(bytes: 60_000_000)
                    oversize += [UInt8](repeating: 0x20, count: (64 << 20) + 1 - oversize.count)
                    return oversize
                }, seconds: 0.5, megabytes: 64),
        ]
    }

    /// An Info.plist exporting `types` types, each conforming to the one before (and the first to
    /// the last when `cycle`).
    static func conformancePlist(types: Int, cycle: Bool) -> [UInt8] {
        var text = "<plist><dict><key>UTExportedTypeDeclarations</key><array>\n"
        for index in 0..<types {
            let parent =
                index == 0 ? (cycle ? "com.example.t\(types - 1)" : "public.data") : "com.example.t\(index - 1)"
            text += "<dict><key>UTTypeIdentifier</key><string>com.example.t\(index)</string>"
            text += "<key>UTTypeConformsTo</key><array><string>\(parent)</string></array></dict>\n"
        }
        return bytes(text + "</array></dict></plist>\n")
    }

    /// An array of strings, close to `bytes` long.
    static func largePlist(bytes target: Int) -> [UInt8] {
        var large = bytes("<plist><array>\n")
        let element = bytes("<string>0123456789abcdef0123456789abcdef0123456789</string>\n")
        while large.count + element.count < target { large += element }
        return large + bytes("</array></plist>\n")
    }

    /// Writes every attack's input into `directory` (run in a child process).
    static func generate(into directory: String) throws {
        for attack in attacks() {
            try Data(attack.bytes()).write(to: URL(fileURLWithPath: directory).appendingPathComponent(attack.file))
        }
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}

/// Binary plists built byte by byte for attacks.
enum BinaryAttacks {
    /// `bplist00`, the objects, the offset table (2-byte offsets) and the trailer.
    static func build(objects: [[UInt8]], top: Int = 0, referenceSize: Int = 1) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let tableStart = bytes.count
        let offsetSize = bytes.count > 0xFFFF ? 4 : 2
        for offset in offsets {
            for shift in stride(from: (offsetSize - 1) * 8, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: offset >> shift))
            }
        }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += bigEndian(UInt64(objects.count)) + bigEndian(UInt64(top)) + bigEndian(UInt64(tableStart))
        return bytes
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    static func hugeObjectCount() -> [UInt8] {
        var bytes = build(objects: [[0x08]])
        let trailer = bytes.count - 32
        let count = bigEndian(1 << 63)
        bytes.replaceSubrange((trailer + 8)..<(trailer + 16), with: count)
        return bytes
    }

    /// Array i holds array i+1 twice; the last is an empty array.
    static func exponentialDAG(levels: Int) -> [UInt8] {
        var objects: [[UInt8]] = []
        for level in 0..<levels { objects.append([0xA2, UInt8(level + 1), UInt8(level + 1)]) }
        objects.append([0xA0])
        return build(objects: objects)
    }

    static func deepNesting(levels: Int) -> [UInt8] {
        var objects: [[UInt8]] = []
        for level in 0..<levels {
            let next = UInt32(level + 1)
            objects.append([0xA1] + (0..<4).map { UInt8(truncatingIfNeeded: next >> (24 - 8 * $0)) })
        }
        objects.append([0xA0])
        return build(objects: objects, referenceSize: 4)
    }

    static func selfContainingArray() -> [UInt8] {
        build(objects: [[0xA1, 0x00]])
    }
}

/// Runs a command that may fail, timing it and reading its peak memory; standard output is
/// discarded and standard error kept.
func runChildAllowingFailure(_ argv: [String]) throws -> (
    status: Int32, seconds: Double, peakBytes: Int, errors: String
) {
    let run = try spawn(argv, keepStandardError: true)
    return (run.status, run.seconds, run.peakBytes, run.output)
}
