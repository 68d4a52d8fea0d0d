import Foundation
import TestScratch
import Testing

@testable import AppBundle

/// Icon names an Info.plist gives are looked up in the files walked around the app, as Xcode
/// resolves them: a name without an extension with each image extension and scale suffix.
@Suite struct ResourceIndexTests {
    @Test func aNameWithoutAnExtensionFindsImagesOnly() throws {
        let root = try Scratch.folder("resources").path
        for folder in ["A", "B", "C"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        // The same icon in two folders, a scaled one, a name in another case, and files that are
        // not images under the same stems.
        let files = [
            "B/Icon.png", "A/Icon.png", "C/Badge@2x.png", "C/Sheet.PNG", "A/Doc.gif", "A/Doc.txt", "C/Readme",
        ]
        for file in files {
            #expect(FileManager.default.createFile(atPath: root + "/" + file, contents: Data()))
        }
        let resources = ResourceIndex.walking(root, authoritative: true)
        // Found in either folder (the answer names no path).
        #expect(resources.file(named: "Icon").isFound)
        #expect(resources.file(named: "Badge") == .found(path: root + "/C/Badge@2x.png"))
        // An image extension in capitals: found, its case told apart.
        #expect(resources.file(named: "Sheet") == .caseMismatch(path: root + "/C/Sheet.PNG"))
        // A GIF or a text file is not what Xcode tries for a name without an extension.
        #expect(resources.file(named: "Doc") == .missing)
        // Named whole, any file is found.
        #expect(resources.file(named: "Doc.gif") == .found(path: root + "/A/Doc.gif"))
        #expect(resources.file(named: "Readme") == .found(path: root + "/C/Readme"))
    }
}
