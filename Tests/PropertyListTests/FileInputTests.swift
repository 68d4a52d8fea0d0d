import Foundation
import TestScratch
import Testing

@testable import PropertyList

/// Files are read whole, a large one in parts on every core: the bytes must be the file's, in
/// order, whatever the size and wherever the parts meet.
@Suite struct FileInputTests {
    /// `count` bytes of a pattern that repeats only every 251 bytes, so a half out of place shows.
    static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 % 251) }
    }

    @Test(arguments: [
        0, 1, 4_096, FileInput.parallelReadThreshold - 1, FileInput.parallelReadThreshold + 3,
        5 * FileInput.parallelReadPart, 5 * FileInput.parallelReadPart + 7,
    ])
    func aFileIsReadWhole(size: Int) throws {
        let bytes = Self.pattern(size)
        try Self.withFile(bytes) { path in
            let read = try FileInput.readAll(path: path, limit: PropertyListReader.defaultSizeLimit)
            #expect(read.count == bytes.count)
            #expect(read == bytes)
        }
    }

    /// Runs `body` with the path of a new file holding `bytes`, removed afterwards.
    static func withFile(_ bytes: [UInt8], _ body: (String) throws -> Void) throws {
        let directory = try Scratch.folder("input")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("input.plist").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try body(path)
    }

    /// A descriptor read partly already (standard input redirected from a file the shell or a
    /// previous command had begun) is read from where it is, and left at the end.
    @Test(arguments: [1_000, FileInput.parallelReadThreshold + 5_000])
    func aDescriptorIsReadFromWhereItIs(size: Int) throws {
        let bytes = Self.pattern(size)
        try Self.withFile(bytes) { path in
            let descriptor = open(path, O_RDONLY)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            let skipped = 333
            #expect(lseek(descriptor, off_t(skipped), SEEK_SET) == off_t(skipped))
            let read = try FileInput.readAll(
                descriptor: descriptor, location: SourceLocation(file: path), limit: PropertyListReader.defaultSizeLimit
            )
            #expect(read.count == size - skipped)
            #expect(read == Array(bytes[skipped...]))
            #expect(lseek(descriptor, 0, SEEK_CUR) == off_t(size))
        }
    }
}
