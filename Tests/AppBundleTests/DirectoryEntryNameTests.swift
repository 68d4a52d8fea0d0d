import Foundation
import TestScratch
import Testing

@testable import AppBundle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Names read from `readdir`'s records are the names created, whatever their length: a record is
/// only as long as its name needs, so reading the declared `d_name` array whole would go past it
/// (CI runs this under AddressSanitizer too).
@Suite struct DirectoryEntryNameTests {
    @Test func namesOfEveryLengthReadBackAsCreated() throws {
        let folder = try Scratch.folder("entry-names").path
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var created: Set<String> = []
        for length in [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 100, 200, 254, 255] {
            let name = String((0..<length).map { letters[($0 + length) % letters.count] })
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()))
            created.insert(name)
        }
        let accented = "caf\u{E9} \u{1F4C4}.txt"
        #expect(FileManager.default.createFile(atPath: folder + "/" + accented, contents: Data()))
        created.insert(accented)

        let directory = try #require(opendir(folder))
        defer { closedir(directory) }
        var read: Set<String> = []
        var lengths: [Int] = []
        while let entry = readdir(directory) {
            let name = DirectoryEntryName.string(of: entry)
            DirectoryEntryName.withBytes(of: entry) { lengths.append($0.count) }
            if name != "." && name != ".." { read.insert(name) }
        }
        #expect(read == created)
        #expect(lengths.max() == 255)
        #expect(!lengths.contains(0))
    }
}
