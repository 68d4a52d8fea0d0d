import Testing

@testable import PropertyList

@Suite struct XMLSourcePlacesTests {
    /// `body` run with the places of `text`.
    func with<T>(_ text: String, _ body: (XMLSourcePlaces) -> T) -> T {
        Array(text.utf8).withUnsafeBufferPointer { body(XMLSourcePlaces(bytes: $0)) }
    }

    @Test func placesCountLinesAtLineFeedsAndColumnsInCharacters() {
        let text = "<a>\nGrüße &x;\n"
        with(text) { places in
            #expect(places.place(of: 0) == (1, 1))
            #expect(places.place(of: 4) == (2, 1))
            // 'ü' and 'ß' are two bytes each, one character.
            let ampersand = Array(text.utf8).firstIndex(of: UInt8(ascii: "&")) ?? -1
            #expect(places.place(of: ampersand) == (2, 7))
        }
    }

    @Test func theEndIsPastTheLastCharacterThatIsNotWhiteSpace() {
        with("<plist>\n<array>\n\n  \n") { #expect($0.end == (2, 8)) }
        with("<plist>") { #expect($0.end == (1, 8)) }
        with(" \n ") { #expect($0.end == (1, 1)) }
    }

    @Test func looksBackForAByteWithinALineOrNot() {
        with("<a>&b;\nc</x\n>") { places in
            #expect(places.start(of: UInt8(ascii: "&"), before: 6, withinLine: true) == 3)
            #expect(places.start(of: UInt8(ascii: "&"), before: 13, withinLine: true) == nil)
            #expect(places.start(of: UInt8(ascii: "<"), before: 13, withinLine: false) == 8)
            #expect(places.start(of: UInt8(ascii: "<"), before: 0, withinLine: false) == nil)
        }
    }

    @Test func readsAReferencesNameUpToItsSemicolon() {
        with("a &nope; &broken &; & x;") { places in
            #expect(places.referenceName(at: 2) == "nope")
            #expect(places.referenceName(at: 9) == nil)
            #expect(places.referenceName(at: 17) == nil)
            #expect(places.referenceName(at: 20) == nil)
            #expect(places.referenceName(at: 0) == nil)
        }
    }

    @Test func findsBytesFromAnOffsetOn() {
        with("<a></a><b>") { places in
            #expect(places.contains(Array("</a".utf8), from: 0))
            #expect(places.contains(Array("</a".utf8), from: 3))
            #expect(!places.contains(Array("</a".utf8), from: 4))
            #expect(!places.contains(Array("</b".utf8), from: 0))
        }
    }
}
