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
