import Testing

@testable import PropertyList

@Suite struct XMLInputEncodingTests {
    func encoding(_ bytes: [UInt8]) -> XMLInputEncoding {
        bytes.withUnsafeBufferPointer { XMLInputEncoding(of: $0) }
    }

    @Test func utf8IsReadAsItIs() {
        #expect(encoding(Array("<plist/>".utf8)) == .utf8)
        #expect(encoding([0xEF, 0xBB, 0xBF] + Array("<plist/>".utf8)) == .utf8)
        #expect(encoding(Array("<?xml version=\"1.0\"?><plist/>".utf8)) == .utf8)
        #expect(encoding(Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist/>".utf8)) == .utf8)
        #expect(encoding(Array("<?xml version='1.0' encoding = 'utf8'?><plist/>".utf8)) == .utf8)
    }

    @Test func otherEncodingsAreConvertedAndNamedAsDeclared() {
        #expect(encoding(Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>".utf8)) == .converted("Shift_JIS"))
        #expect(encoding([0xFF, 0xFE, 0x3C, 0x00]) == .converted(nil))
        #expect(encoding([0x3C, 0x00, 0x3F, 0x00]) == .converted(nil))
        #expect(encoding([0x4C, 0x6F, 0xA7, 0x94]) == .converted(nil))
        // A declaration the reader cannot read is not taken for UTF-8.
        #expect(encoding(Array("<?xml version=\"1.0\" encoding=latin1?>".utf8)) == .converted(nil))
        #expect(encoding(Array("<?xml version=\"1.0\" encoding=\"x\"".utf8)) == .converted(nil))
        #expect(XMLInputEncoding.converted("Shift_JIS").declaredName == "Shift_JIS")
        #expect(XMLInputEncoding.utf8.declaredName == nil)
    }
}
