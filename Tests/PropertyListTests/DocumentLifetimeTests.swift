import Testing

@testable import PropertyList

/// A document's storage is freed with its last value, unless the document is kept until the
/// process exits; a kept document reads the same.
@Suite(.serialized) struct DocumentLifetimeTests {
    static let text = "<plist><dict><key>a</key><array><string>b</string><true/></array></dict></plist>"

    /// Reads `text`, keeps it when asked, drops the document and tells whether the storage it
    /// left behind has exactly one owner (the caller's reference): false for kept storage, whose
    /// count is no longer kept.
    static func storageHasOneOwnerAfterDropping(keep: Bool) throws -> Bool {
        var storage: DocumentStorage
        do {
            let document = try parse(text)
            if keep { #expect(document.keepUntilExit()) }
            storage = document.storage
        }
        return isKnownUniquelyReferenced(&storage)
    }

    @Test func aDocumentNotKeptIsFreedWithItsLastValue() throws {
        #expect(try Self.storageHasOneOwnerAfterDropping(keep: false))
    }

    @Test func aKeptDocumentsStorageIsNeverFreed() throws {
        #expect(try !Self.storageHasOneOwnerAfterDropping(keep: true))
    }

    /// The runtime's immortal bits in the storage's reference-count word survive copies and
    /// releases of the document's values: with no extra count under them, the first release
    /// would have made the storage mortal again, its count then updated on every copy.
    @Test func aKeptDocumentStaysKeptThroughCopiesOfItsValues() throws {
        let document = try parse(Self.text)
        #expect(document.keepUntilExit())
        var values: [PlistValue] = []
        for _ in 0..<1_000 { values.append(contentsOf: document.root["a"]?.elements ?? []) }
        #expect(values.count == 2_000)
        values.removeAll()
        var locations = (0..<100).map { _ in document.root["a"]?.location }
        locations.removeAll()
        #if arch(x86_64) || arch(arm64)
            #expect(ImmortalBuffers.isImmortal(Unmanaged.passUnretained(document.storage).toOpaque()))
            #expect(document.isKeptUntilExit)
        #endif
        var storage = document.storage
        #expect(!isKnownUniquelyReferenced(&storage))
    }

    /// The buffers every value of a kept document shares (the file name, the value text, the
    /// nodes, the children) are kept with it where their layout is known, and a string or an
    /// array that is not a native buffer is never taken for one.
    @Test func aKeptDocumentsSharedBuffersAreKept() throws {
        // Made at run time, as a path from the command line is (a literal's text is immortal).
        let file = ["", "a", "path", "long", "enough", "not", "to", "be", "small.plist"].joined(separator: "/")
        let document = try PropertyListReader().read(Array(Self.text.utf8), file: file)
        #expect(document.keepUntilExit())
        #if os(Linux) && (arch(x86_64) || arch(arm64))
            let storage = document.storage
            #expect(ImmortalBuffers.isImmortal(ImmortalBuffers.object(of: storage.file)))
            #expect(ImmortalBuffers.isImmortal(ImmortalBuffers.object(of: storage.arena)))
            #expect(ImmortalBuffers.isImmortal(ImmortalBuffers.object(of: storage.nodes)))
            #expect(ImmortalBuffers.isImmortal(ImmortalBuffers.object(of: storage.children)))
            let other = try PropertyListReader().read(Array(Self.text.utf8), file: storage.file + "x")
            #expect(ImmortalBuffers.object(of: other.storage.file) != nil)
            #expect(ImmortalBuffers.object(of: other.storage.arena) != nil)
            #expect(!ImmortalBuffers.isImmortal(ImmortalBuffers.object(of: other.storage.file)))
            #expect(!ImmortalBuffers.isImmortal(ImmortalBuffers.object(of: other.storage.arena)))
            // A kept buffer never has a single owner: a change to a copy copies it first.
            var arena = storage.arena
            var nodes = storage.nodes
            arena.append(0)
            nodes.removeLast()
            #expect(storage.arena.count == arena.count - 1)
            #expect(storage.nodes.count == nodes.count + 1)
            #expect(document.root["a"]?.element(at: 0)?.string == "b")
        #endif
        #expect(ImmortalBuffers.object(of: "small") == nil)
        #expect(ImmortalBuffers.object(of: "an immortal literal longer than fifteen bytes") == nil)
        #expect(ImmortalBuffers.object(of: [UInt8]()) == nil)
    }

    @Test func documentsReadWhileTheSwitchIsOnAreKeptAndReadTheSame() throws {
        let plain = try parse(Self.text)
        PropertyListDocument.keepsStorageUntilExit = true
        let kept: PropertyListDocument
        do {
            defer { PropertyListDocument.keepsStorageUntilExit = false }
            kept = try parse(Self.text)
        }
        var storage = kept.storage
        #expect(!isKnownUniquelyReferenced(&storage))
        #if arch(x86_64) || arch(arm64)
            #expect(kept.isKeptUntilExit)
            #expect(!plain.isKeptUntilExit)
        #endif
        #expect(kept.root["a"]?.element(at: 0)?.string == "b")
        #expect(kept.root["a"]?.element(at: 1)?.boolean == true)
        #expect(kept.root["a"]?.element(at: 1)?.location == plain.root["a"]?.element(at: 1)?.location)
        #expect(kept.root["a"]?.element(at: 1)?.keyPath == plain.root["a"]?.element(at: 1)?.keyPath)
        var plainStorage = try parse(Self.text).storage
        #expect(isKnownUniquelyReferenced(&plainStorage))
    }
}
