import Testing

@testable import UniformTypes

@Suite struct DynamicIdentifierTests {
    @Test func encodesTheKnownPairs() {
        let sql = DynamicIdentifier(tagClass: .filenameExtension, tag: "sql", conformsTo: [.data])
        #expect(sql.payload == "?0=6:1=sql")
        #expect(sql.identifier.rawValue == "dyn.ah62d4rv4ge81g6pq")
        let mcpb = DynamicIdentifier(tagClass: .filenameExtension, tag: "mcpb", conformsTo: [.data])
        #expect(mcpb.identifier.rawValue == "dyn.ah62d4rv4ge80425uqk")
    }

    @Test func decodesTheKnownPairs() throws {
        let sql = try DynamicIdentifier(decoding: "dyn.ah62d4rv4ge81g6pq")
        #expect(sql.payload == "?0=6:1=sql")
        #expect(sql.tagClass == .filenameExtension)
        #expect(sql.tag == "sql")
        #expect(sql.conformsTo == [.data])
        #expect(!sql.hasOpaqueParts)
        let mcpb = try DynamicIdentifier(decoding: "dyn.ah62d4rv4ge80425uqk")
        #expect(mcpb.tag == "mcpb")
        #expect(mcpb.conformsTo == [.data])
    }

    @Test func keepsUnknownCodesOpaque() throws {
        // Seen when a caller filtered on public.content; `13` is not in the known table.
        let zip = try DynamicIdentifier(decoding: "dyn.ah62d4qmxhk2x48xmsa")
        #expect(zip.payload == "?0=13:1=zip")
        #expect(zip.fields.first?.value == .opaque("13"))
        #expect(zip.conformsTo.isEmpty)
        #expect(zip.tag == "zip")
        #expect(zip.hasOpaqueParts)
    }

    @Test func ignoresLetterCase() throws {
        let decoded = try DynamicIdentifier(decoding: "DYN.AH62D4RV4GE81G6PQ")
        #expect(decoded.tag == "sql")
    }

    @Test func roundTripsOtherClassesAndSpelledOutConformances() throws {
        let cases = [
            DynamicIdentifier(tagClass: .mimeType, tag: "application/x-thing", conformsTo: []),
            DynamicIdentifier(tagClass: .osType, tag: "ABCD", conformsTo: [.directory]),
            DynamicIdentifier(tagClass: .filenameExtension, tag: "weird:name=x\\y", conformsTo: ["com.example.base"]),
            DynamicIdentifier(tagClass: .other("com.example.tag-class"), tag: "t", conformsTo: [.content]),
            DynamicIdentifier(tagClass: .filenameExtension, tag: "ünï", conformsTo: [.data]),
        ]
        for original in cases {
            let decoded = try DynamicIdentifier(decoding: original.identifier)
            #expect(decoded == original, "\(original.payload)")
        }
    }

    @Test func refusesWhatIsNotADynamicIdentifier() {
        #expect(throws: DynamicIdentifierError.notDynamic) { try DynamicIdentifier(decoding: "public.data") }
        #expect(throws: DynamicIdentifierError.missingPayload) { try DynamicIdentifier(decoding: "dyn.") }
        #expect(throws: DynamicIdentifierError.unknownVariant("b")) { try DynamicIdentifier(decoding: "dyn.bh62") }
        #expect(throws: DynamicIdentifierError.invalidCharacter("i", offset: 2)) {
            try DynamicIdentifier(decoding: "dyn.ahei")
        }
        // `abc` alone decodes to one byte that is not `?`.
        #expect(throws: DynamicIdentifierError.self) { try DynamicIdentifier(decoding: "dyn.aaaa") }
    }

    @Test func refusesAPayloadThatIsNotUTF8() {
        // `?0=6:1=` then 0xFF (never in UTF-8) and a lone continuation byte.
        let bytes = Array("?0=6:1=".utf8) + [0xFF, 0x80]
        let identifier = UniformTypeIdentifier("dyn.a" + DynamicBase32.encode(bytes))
        #expect(throws: DynamicIdentifierError.invalidUTF8) { try DynamicIdentifier(decoding: identifier) }
        // The same payload with well-formed UTF-8 decodes.
        let valid = UniformTypeIdentifier("dyn.a" + DynamicBase32.encode(Array("?0=6:1=é".utf8)))
        #expect((try? DynamicIdentifier(decoding: valid))?.tag == "é")
    }
}
