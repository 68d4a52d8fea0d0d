import Foundation
import TestScratch
import Testing

@testable import AppBundle

@Suite struct FileSystemTests {
    /// Names of one byte, of the longest a name may be (255 bytes), and of characters outside
    /// ASCII, some of them filling 255 bytes with two- and three-byte characters.
    static let names = [
        "a", String(repeating: "n", count: 255), "Ärger", "日本語.txt", String(repeating: "é", count: 127) + "x",
        String(repeating: "語", count: 85), "b",
    ]

    @Test func entryNamesOfEveryLengthReadBackExactly() throws {
        let folder = try Scratch.folder("names").path
        for name in Self.names {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()), "\(name)")
        }
        #expect(Self.names.allSatisfy { $0.utf8.count <= 255 })
        let entries = FileSystem.entries(of: folder) ?? []
        #expect(entries.map(\.name) == Self.names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(entries.allSatisfy { $0.kind == .file })
    }
}
