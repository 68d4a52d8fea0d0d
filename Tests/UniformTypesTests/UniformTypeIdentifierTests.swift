import PropertyList
import Testing

@testable import UniformTypes

@Suite struct UniformTypeIdentifierTests {
    // MARK: Equality

    @Test func comparesAndHashesCaseInsensitively() {
        let mixed = UniformTypeIdentifier("com.Apple.iWork.Pages.pages")
        let lower = UniformTypeIdentifier("com.apple.iwork.pages.pages")
        #expect(mixed == lower)
        #expect(mixed.hashValue == lower.hashValue)
        #expect(Set([mixed, lower]).count == 1)
        #expect(!(mixed < lower) && !(lower < mixed))
        #expect(mixed.rawValue == "com.Apple.iWork.Pages.pages")
        #expect(mixed.description == "com.Apple.iWork.Pages.pages")
        #expect(mixed.normalized == "com.apple.iwork.pages.pages")
        #expect(!mixed.isCaseFolded && lower.isCaseFolded)
        // Only ASCII capitals are folded: other letters leave the identifier folded.
        #expect(UniformTypeIdentifier("com.example.ÉÉ").isCaseFolded)
        #expect(!UniformTypeIdentifier("com.Example.éé").isCaseFolded)
    }

    @Test func hashTablesFindEveryIdentifierInEitherCase() {
        // Sets and dictionaries hash through `_rawHashValue(seed:)`, which mixes the precomputed
        // hash: many identifiers, each found again under another spelling, none confused.
        let identifiers = (0..<5_000).map { UniformTypeIdentifier("com.example.Type\($0)") }
        var positions: [UniformTypeIdentifier: Int] = [:]
        for (position, identifier) in identifiers.enumerated() { positions[identifier] = position }
        #expect(positions.count == identifiers.count)
        for (position, identifier) in identifiers.enumerated() {
            #expect(positions[UniformTypeIdentifier(identifier.rawValue.uppercased())] == position)
        }
        #expect(positions[UniformTypeIdentifier("com.example.type5000")] == nil)
        let seen = Set(identifiers.map { UniformTypeIdentifier($0.rawValue.lowercased()) })
        #expect(seen.count == identifiers.count && seen.isSuperset(of: identifiers))
    }

    @Test func foldsOnlyASCIILetters() {
        // Non-ASCII letters are not folded: `É` and `é` stay distinct.
        #expect(UniformTypeIdentifier("com.example.É") != UniformTypeIdentifier("com.example.é"))
        #expect(UniformTypeIdentifier("com.example.ÉX") == UniformTypeIdentifier("com.example.Éx"))
    }

    @Test func sortsByFoldedCodePoints() {
        let sorted = ["com.apple.ical", "com.apple.iWork", "Public.Data", "com.adobe.pdf"]
            .map { UniformTypeIdentifier($0) }.sorted().map(\.rawValue)
        #expect(sorted == ["com.adobe.pdf", "com.apple.ical", "com.apple.iWork", "Public.Data"])
    }

    @Test func knowsItsDomain() {
        #expect(UniformTypeIdentifier("PUBLIC.jpeg").isPublic)
        #expect(UniformTypeIdentifier("Dyn.ah62d4rv4ge81g6pq").isDynamic)
        #expect(UniformTypeIdentifier("com.apple.package").reservedDomain == .apple)
        #expect(UniformTypeIdentifier("com.example.doc").reservedDomain == nil)
        #expect(UniformTypeIdentifier("publicity.doc").reservedDomain == nil)
    }

    // MARK: Syntax findings

    private func problems(_ text: String) -> [IdentifierFinding.Problem] {
        UniformTypeIdentifier(text).syntaxFindings().map(\.problem)
    }

    @Test func aWellFormedIdentifierHasNoFindings() {
        #expect(problems("com.example.my-app.document2").isEmpty)
        #expect(problems("COM.EXAMPLE.DOC").isEmpty)
    }

    @Test func empty() {
        #expect(problems("") == [.empty])
        #expect(problems("  ") == [.empty, .leadingWhitespace(" ")])
    }

    @Test func whitespace() {
        #expect(problems(" com.example.doc") == [.leadingWhitespace(" ")])
        #expect(problems("com.example.doc\n") == [.trailingWhitespace("\n")])
        #expect(problems("com.example.my doc") == [.embeddedWhitespace(" ")])
        #expect(
            problems("\tcom.example.a b ") == [
                .leadingWhitespace("\t"), .trailingWhitespace(" "), .embeddedWhitespace(" "),
            ])
    }

    @Test func zeroWidthAndNonBreakingSpacesAreWhitespace() {
        #expect(problems("com.example.doc\u{200B}") == [.trailingWhitespace("\u{200B}")])
        #expect(problems("\u{FEFF}com.example.doc") == [.leadingWhitespace("\u{FEFF}")])
        #expect(problems("com.example\u{00A0}doc") == [.embeddedWhitespace("\u{00A0}")])
        #expect(problems("com.example\u{2060}doc") == [.embeddedWhitespace("\u{2060}")])
        #expect(problems("com.example\u{202F}doc") == [.embeddedWhitespace("\u{202F}")])
    }

    @Test func invalidCharactersAreReportedOnceEachWithTheirOffset() {
        let findings = UniformTypeIdentifier("com.example_app/doc_x").syntaxFindings()
        #expect(findings.map(\.problem) == [.invalidCharacter("_"), .invalidCharacter("/")])
        #expect(findings.map(\.offset) == [11, 15])
        #expect(
            problems("com.example.doc$(PRODUCT_NAME)") == [
                .invalidCharacter("$"), .invalidCharacter("("), .invalidCharacter("_"), .invalidCharacter(")"),
            ])
        #expect(problems("com.example:doc") == [.invalidCharacter(":")])
    }

    @Test func nonASCIICharacters() {
        #expect(problems("com.exämple.doc") == [.nonASCIICharacter("ä")])
        #expect(problems("com.example.文書") == [.nonASCIICharacter("文"), .nonASCIICharacter("書")])
    }

    @Test func emptyComponents() {
        #expect(problems(".com.example") == [.emptyComponent])
        #expect(problems("com.example.") == [.emptyComponent])
        #expect(problems("com..example") == [.emptyComponent])
    }

    @Test func reservedDomains() {
        #expect(problems("public.my-format") == [.reservedDomain(.public)])
        #expect(problems("Com.Apple.thing") == [.reservedDomain(.apple)])
        #expect(problems("dyn.ah62d4rv4ge81g6pq") == [.reservedDomain(.dynamic)])
    }

    @Test func publicPackageMeansComApplePackage() {
        #expect(problems("public.package") == [.publicPackage])
        #expect(problems("Public.Package") == [.publicPackage])
        #expect(problems("com.apple.package") == [.reservedDomain(.apple)])
    }

    @Test func findingsCarryTheirLocationAndIdentifier() {
        let location = SourceLocation(file: "Info.plist", line: 12, column: 5)
        let finding = UniformTypeIdentifier("public.package").syntaxFindings(at: location).first
        #expect(finding?.location == location)
        #expect(finding?.identifier.rawValue == "public.package")
    }
}
