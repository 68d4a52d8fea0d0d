import Testing

@testable import AppBundle

/// The model finds the values of the keys it reads by position: a key's raw value must be its
/// position in its table's key set, and every key must be in the table once.
@Suite struct KnownKeysTests {
    func expectPositions<Key: ModelKey>(_: Key.Type, in table: KnownKeys.Table) {
        for key in Key.allCases {
            #expect(table.set.position(of: key.key) == key.rawValue, "\(key.key)")
        }
        #expect(Set(Key.allCases.map(\.key)).count == Key.allCases.count, "a key listed twice")
    }

    @Test func everyModelKeyIsAtItsPosition() {
        expectPositions(DocumentTypeKey.self, in: KnownKeys.documentTypeSet)
        expectPositions(TypeDeclarationKey.self, in: KnownKeys.typeDeclarationSet)
        expectPositions(TypeIconsKey.self, in: KnownKeys.typeIconsSet)
    }

    /// No key is both one the model reads and one of the others listed after it, and no table
    /// lists a key twice (a second copy would take the position of the first).
    @Test func tablesListEachKeyOnce() {
        for keys in [
            KnownKeys.documentType, KnownKeys.typeDeclaration, KnownKeys.typeIcons, KnownKeys.tagClasses,
            KnownKeys.topLevel + KnownKeys.otherTopLevel,
        ] {
            #expect(Set(keys).count == keys.count, "\(keys.filter { key in keys.filter { $0 == key }.count > 1 })")
        }
    }
}
