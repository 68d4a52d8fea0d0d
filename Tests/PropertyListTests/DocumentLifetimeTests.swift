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
            // 64-bit reference counts: the immortal marker is the low 32 bits set and the top bit.
            let word = Unmanaged.passUnretained(document.storage).toOpaque().load(fromByteOffset: 8, as: UInt64.self)
            #expect(word & 0xFFFF_FFFF == 0xFFFF_FFFF)
            #expect(word >> 63 == 1)
        #endif
        var storage = document.storage
        #expect(!isKnownUniquelyReferenced(&storage))
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
        #expect(kept.root["a"]?.element(at: 0)?.string == "b")
        #expect(kept.root["a"]?.element(at: 1)?.boolean == true)
        #expect(kept.root["a"]?.element(at: 1)?.location == plain.root["a"]?.element(at: 1)?.location)
        #expect(kept.root["a"]?.element(at: 1)?.keyPath == plain.root["a"]?.element(at: 1)?.keyPath)
        var plainStorage = try parse(Self.text).storage
        #expect(isKnownUniquelyReferenced(&plainStorage))
    }
}
