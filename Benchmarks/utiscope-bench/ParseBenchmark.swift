import Foundation

/// `utiscope-bench parse DIR`: our reader against a bare libxml2 SAX walk and Foundation's
/// PropertyListSerialization, on gen.py's huge XML plist and its binary twin.
enum ParseBenchmark {
    static func run(directory: String) throws {
        let xml = directory + "/c_huge.plist"
        let binary = directory + "/c_huge.bin.plist"
        for path in [xml, binary] where !FileManager.default.fileExists(atPath: path) {
            throw BenchError("\(path) is missing: run python3 ../shared/bench/gen.py first")
        }
        let xmlSize = try fileSize(xml)
        let binarySize = try fileSize(binary)
        print("parse: \(xml) (\(megabytes(xmlSize)))")
        let sax = try measure(task: "sax", [xml])
        let ours = try measure(task: "ours", [xml])
        let foundation = try measure(task: "foundation", [xml], repetitions: 1)
        guard ours.output == foundation.output else {
            throw BenchError("checksums differ:\n  ours       \(ours.output)  foundation \(foundation.output)")
        }
        print("  checksum             \(ours.output.trimmingCharacters(in: .newlines))")
        report("libxml2 SAX walk", sax, size: xmlSize)
        report("utiscope reader", ours, size: xmlSize)
        report("PropertyListSerialization", foundation, size: xmlSize)
        print("  ours / SAX walk      \(ratio(ours.seconds / sax.seconds))  (target ≤ 2×)")
        print("  Foundation / ours    \(ratio(foundation.seconds / ours.seconds))  (target ≥ 6×)")
        print("  peak / input         \(ratio(Double(ours.peakBytes) / Double(xmlSize)))  (target ≤ 5×)")

        print("parse: \(binary) (\(megabytes(binarySize)))")
        let oursBinary = try measure(task: "ours", [binary])
        let foundationBinary = try measure(task: "foundation", [binary], repetitions: 1)
        guard oursBinary.output == foundationBinary.output else {
            throw BenchError(
                "checksums differ:\n  ours       \(oursBinary.output)  foundation \(foundationBinary.output)")
        }
        report("utiscope reader", oursBinary, size: binarySize)
        report("PropertyListSerialization", foundationBinary, size: binarySize)
        print("  Foundation / ours    \(ratio(foundationBinary.seconds / oursBinary.seconds))  (target ≥ 4×)")
        print("  peak / input         \(ratio(Double(oursBinary.peakBytes) / Double(binarySize)))")
    }

    static func report(_ name: String, _ measurement: Measurement, size: Int) {
        let padded = name.padding(toLength: 26, withPad: " ", startingAt: 0)
        print(
            "  \(padded) \(String(format: "%7.3f s", measurement.seconds))   peak \(megabytes(measurement.peakBytes))")
    }

    static func fileSize(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
    }
}
