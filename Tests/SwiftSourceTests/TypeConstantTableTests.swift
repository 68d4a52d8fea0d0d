import Foundation
import Testing

@testable import SwiftSource

/// The embedded `UTType` / `kUTType` constants, and that they match the reference tables.
@Suite struct TypeConstantTableTests {
    let table = TypeConstantTable.embedded

    @Test func knownConstants() {
        #expect(table.constants["plainText"] == "public.plain-text")
        #expect(table.constants["pdf"] == "com.adobe.pdf")
        #expect(table.constants["geoJSON"] == "public.geojson")
        #expect(table.constants["jpegxl"] == "public.jpeg-xl")
        #expect(table.legacyConstants["kUTTypePDF"] == "com.adobe.pdf")
        #expect(table.legacyConstants["kUTTypePlainText"] == "public.plain-text")
        #expect(table.constants["kUTTypePDF"] == nil)
        #expect(table.constants.count == 140)
        #expect(table.legacyConstants.count == 115)
    }

    @Test func everyEmbeddedLineParses() {
        let lines = TypeConstantTable.embeddedText.split(separator: "\n")
        #expect(lines.count == table.constants.count + table.legacyConstants.count)
    }

    // MARK: In sync with the reference

    /// The package folder is three levels above this file; the reference is
    /// `../shared/reference` beside it.
    static let packageFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let referenceFolder = packageFolder.deletingLastPathComponent().appendingPathComponent("shared/reference")

    static var referenceIsPresent: Bool {
        FileManager.default.fileExists(atPath: referenceFolder.appendingPathComponent("uttype-constants.tsv").path)
    }

    @Test(.enabled(if: referenceIsPresent, "../shared/reference is not there"))
    func embeddedTableMatchesTheReference() throws {
        let text = try String(
            contentsOf: Self.referenceFolder.appendingPathComponent("uttype-constants.tsv"), encoding: .utf8)
        var swift = 0
        var legacy = 0
        for line in text.split(separator: "\n").dropFirst() where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count >= 3, fields[0] != "form" else { continue }
            if fields[0].hasPrefix("UTType.") {
                #expect(table.constants[fields[1]] == fields[2], "\(fields[1])")
                swift += 1
            } else {
                #expect(table.legacyConstants[fields[1]] == fields[2], "\(fields[1])")
                legacy += 1
            }
        }
        #expect(swift == 129)
        #expect(legacy == 115)
    }

    @Test(
        .enabled(if: referenceIsPresent, "../shared/reference is not there"),
        .enabled(if: python3IsPresent, "python3 runs the generator"))
    func generatedSourceIsUpToDate() throws {
        let script = Self.packageFolder.appendingPathComponent("Scripts/generate-type-constants.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--check", "--reference", Self.referenceFolder.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "run Scripts/generate-type-constants.py")
    }
}

/// Whether `python3` is on `PATH` (CI installs it; elsewhere the test that needs it is skipped).
private let python3IsPresent: Bool = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }
}()
