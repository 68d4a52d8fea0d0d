import Testing

@testable import PropertyList

/// A location made for a value is the document and the value's node, its fields read from the
/// node; changing one moves its fields into a box of its own without touching other copies.
@Suite struct SourceLocationTests {
    static let xml = """
        <plist><dict>
          <key>A</key>
          <array><string>x</string>
            <integer>7</integer></array>
        </dict></plist>
        """

    static func document(_ text: String = xml) throws -> PropertyListDocument {
        try PropertyListReader().read(Array(text.utf8), file: "Doc.plist")
    }

    @Test func aValuesLocationReadsItsPositionAndPathFromTheDocument() throws {
        let document = try Self.document()
        let integer = try #require(document.root["A"]?.element(at: 1))
        let location = integer.location
        #expect(location.file == "Doc.plist")
        #expect(location.line == 4)
        #expect(location.column == 5)
        #expect(location.byteOffset == nil && location.objectIndex == nil)
        #expect(location.keyPath.description == "A[1]")
        #expect(location.description == "Doc.plist:4:5")
        // The same as a location given field by field, and hashed the same.
        let given = PropertyList.SourceLocation(
            file: "Doc.plist", line: 4, column: 5, keyPath: PlistKeyPath([.key("A"), .index(1)]))
        #expect(location == given)
        #expect(location.hashValue == given.hashValue)
        #expect(location != (try #require(document.root["A"]?.element(at: 0))).location)
    }

    @Test func changingAValuesLocationKeepsTheRestAndLeavesCopiesAlone() throws {
        let document = try Self.document()
        let original = try #require(document.root["A"]?.element(at: 0)).location
        var changed = original
        changed.column = 99
        #expect(changed.column == 99)
        #expect(changed.line == original.line && changed.file == "Doc.plist")
        #expect(changed.keyPath.description == "A[0]")
        #expect(changed.sharesKeyPath(with: original))
        #expect(original.column == 10)
        #expect(changed != original)
        // A copy of a changed location is changed on its own.
        var again = changed
        again.file = "Other.plist"
        again.keyPath = PlistKeyPath([.key("B")])
        #expect(changed.file == "Doc.plist" && changed.keyPath.description == "A[0]")
        #expect(again.file == "Other.plist" && again.keyPath.description == "B" && again.column == 99)
        #expect(!again.sharesKeyPath(with: changed))
        // The value it was made for is still known until its key path is replaced.
        #expect(document.value(madeFor: changed) != nil)
        #expect(document.value(madeFor: again) == nil)
    }

    /// The size that makes a model's locations cheap: a value's location is two references and
    /// a node number, not its fields.
    @Test func aLocationIsThreeWords() {
        #expect(MemoryLayout<PropertyList.SourceLocation>.size <= 24)
        #expect(MemoryLayout<PropertyList.SourceLocation?>.size <= 24)
    }
}
