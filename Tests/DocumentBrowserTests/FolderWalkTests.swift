import Foundation
import Testing

@testable import DocumentBrowser

/// The walk reads ahead while the app loads: folders with an extension are entered before anyone
/// can tell whether they are packages, and what was read inside a package is dropped afterwards.
@Suite struct FolderWalkTests {
    /// A package of the Notebook app (`.notebook`), a plain folder with an extension no type
    /// claims (`.v2`), and a plain folder, each with something inside.
    func makeTree() throws -> String {
        let root = try temporaryDirectory()
        let manager = FileManager.default
        for folder in ["Trip.notebook/pages", "Photos.v2/inner", "Sub"] {
            try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["Trip.notebook/pages/1.note", "Photos.v2/inner/x.pdf", "Sub/f.pdf", "a.note"] {
            _ = manager.createFile(atPath: root + "/" + file, contents: Data())
        }
        return root
    }

    /// Every batch a walk pushes, in order.
    func batches(_ root: String, typer: ItemTyper?) -> [RawBatch] {
        let handoff = TyperHandoff()
        if let typer { handoff.provide(typer) }
        let queue = BatchQueue<[RawBatch]>(capacity: 1 << 20)
        DirectoryWalker(root: root, recursive: true, handoff: handoff).run(into: queue)
        queue.finish()
        var all: [RawBatch] = []
        while let chunk = queue.pop() { all += chunk }
        return all
    }

    @Test func beforeTheAppLoadsFoldersWithExtensionsAreEnteredAndMarked() throws {
        let root = try makeTree()
        let found = batches(root, typer: nil)
        let byFolder = Dictionary(uniqueKeysWithValues: found.map { ($0.directory, $0.unverified) })
        #expect(
            found.map(\.directory) == [
                "", "Photos.v2", "Photos.v2/inner", "Sub", "Trip.notebook", "Trip.notebook/pages",
            ])
        #expect(byFolder[""] == [])
        #expect(byFolder["Sub"] == [])
        #expect(byFolder["Photos.v2/inner"] == ["Photos.v2"])
        #expect(byFolder["Trip.notebook/pages"] == ["Trip.notebook"])
    }

    @Test func onceTheAppIsKnownPackagesAreNotEntered() throws {
        let root = try makeTree()
        let notebook = try browser(Fixture.notebook)
        let found = batches(root, typer: notebook.typer)
        #expect(found.map(\.directory) == ["", "Photos.v2", "Photos.v2/inner", "Sub"])
        #expect(found.allSatisfy { $0.unverified.isEmpty })
    }

    @Test func whatWasReadInsideAPackageIsDropped() throws {
        let root = try makeTree()
        let walk = try FolderWalk.start(root, recursive: true)
        // Let the walk finish before the app is given, so every folder with an extension is read.
        walk.queue.waitUntilFinished()
        var paths: [String] = []
        let summary = try FolderBrowser(browser: browser(Fixture.notebook)).browse(walk) { batch, _ in
            for row in batch.rows {
                paths.append(batch.directory.isEmpty ? row.name : batch.directory + "/" + row.name)
            }
        }
        #expect(
            paths.sorted() == [
                "Photos.v2", "Photos.v2/inner", "Photos.v2/inner/x.pdf", "Sub", "Sub/f.pdf", "Trip.notebook", "a.note",
            ])
        #expect(summary.counts.reduce(0, +) == 7)
    }

    @Test func entriesAreInByteOrderWhateverTheirCommonPrefix() throws {
        let root = try temporaryDirectory()
        // Names equal in their first 8 or 16 bytes, prefixes of each other, upper and lower case,
        // and non-ASCII bytes (above every ASCII byte).
        let names = [
            "Document 0000000", "Document 00000000", "Document 0000000a", "Document 0000000A", "Document 1",
            "Document", "Documents", "document", "Zebra", "Ärger", "a", "b.txt", "Document 0000000a2",
            "Document 0000000a1",
        ]
        for name in names { _ = FileManager.default.createFile(atPath: root + "/" + name, contents: Data()) }
        var problems: [BrowseProblem] = []
        let read = DirectoryWalker(root: root, recursive: false, handoff: TyperHandoff()).read(
            root, problems: &problems)
        let expected = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(read.map(\.name) == expected)
        #expect(problems.isEmpty)
    }

    @Test func namesOfEveryLengthReadBackExactly() throws {
        let root = try temporaryDirectory()
        // One byte, the longest a name may be (255 bytes), and characters outside ASCII, some
        // filling 255 bytes with two- and three-byte characters.
        let names = [
            "a", String(repeating: "n", count: 255), "Ärger", "日本語.txt", String(repeating: "é", count: 127) + "x",
            String(repeating: "語", count: 85),
        ]
        for name in names {
            #expect(FileManager.default.createFile(atPath: root + "/" + name, contents: Data()), "\(name)")
        }
        var problems: [BrowseProblem] = []
        let read = DirectoryWalker(root: root, recursive: false, handoff: TyperHandoff()).read(
            root, problems: &problems)
        #expect(read.map(\.name) == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(problems.isEmpty)
    }
}
