import Foundation
import Testing

@testable import PropertyList

@Suite struct XMLPlistReaderTests {
    @Test func readsEveryGrammarFeature() throws {
        let document = try PropertyListReader().read(contentsOf: fixture("xml/grammar.plist"))
        #expect(document.format == .xml)
        #expect(document.warnings.isEmpty)
        let root = document.root
        #expect(root.kind == .dictionary)
        #expect(root["plain"]?.string == "Hello, world")
        #expect(root["entities"]?.string == "a < b && c > d \"q\" 's'")
        #expect(root["characterReferences"]?.string == "AB\u{1F600}")
        #expect(root["cdata"]?.string == "<not a tag> & not an entity")
        #expect(root["whitespace"]?.string == "  two spaces\nand a newline  ")
        #expect(root["emptyString"]?.string == "")
        #expect(root["emptyStringPair"]?.string == "")
        #expect(root[""]?.string == "empty key")
        #expect(root["unicode"]?.string == "Grüße, 日本語")
        #expect(root["decimal"]?.integer == .signed(42))
        #expect(root["negative"]?.integer == .signed(-17))
        #expect(root["positiveSign"]?.integer == .signed(5))
        #expect(root["hex"]?.integer == .signed(31))
        #expect(root["negativeHex"]?.integer == .signed(-16))
        #expect(root["int64Min"]?.integer == .signed(Int64.min))
        #expect(root["uint64Max"]?.integer == .unsigned(UInt64.max))
        #expect(root["real"]?.real == 3.25)
        #expect(root["exponent"]?.real == -0.0015)
        #expect(root["nan"]?.real?.isNaN == true)
        #expect(root["infinity"]?.real == .infinity)
        #expect(root["negativeInfinity"]?.real == -.infinity)
        #expect(root["yes"]?.boolean == true)
        #expect(root["no"]?.boolean == false)
        #expect(root["date"]?.date?.iso8601 == "2024-02-29T12:34:56Z")
        #expect(root["yearZero"]?.date?.iso8601 == "0000-01-01T00:00:00Z")
        #expect(root["data"]?.data == Array("Hello, world".utf8))
        #expect(root["emptyData"]?.data == [])
        #expect(root["emptyArray"]?.kind == .array && root["emptyArray"]?.count == 0)
        #expect(root["emptyDict"]?.kind == .dictionary && root["emptyDict"]?.count == 0)
        let type = root["nested"]?.elements.first?["LSItemContentTypes"]?.elements.first
        #expect(type?.string == "public.plain-text")
        #expect(type?.keyPath.description == "nested[0].LSItemContentTypes[0]")
    }

    @Test func locationsAreLinesAndColumnsOfStartTags() throws {
        let document = try PropertyListReader().read(contentsOf: fixture("xml/grammar.plist"))
        let root = document.root
        #expect(position(root.location) == "5:1")
        #expect(position(root["plain"]?.location) == "7:2")
        #expect(position(root["plain"]?.keyNode?.location) == "6:2")
        #expect(root["plain"]?.keyNode?.isKey == true)
        // Text spanning lines: the value is where its start tag is.
        #expect(position(root["whitespace"]?.location) == "15:2")
        #expect(position(root["nested"]?.elements.first?["LSItemContentTypes"]?.elements.first?.location) == "74:5")
        #expect(root["plain"]?.location.file.hasSuffix("grammar.plist") == true)
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // 'é' is two bytes of UTF-8 and one character; '😀' is four bytes, one character.
        let document = try parse(
            """
            <plist version="1.0">
            <dict><key>a</key><string>ééé😀</string><key>b</key><string>x</string>
            <key>c</key><string>é</string><key
            >d</key><string>y</string>
            </dict>
            </plist>
            """)
        let root = document.root
        #expect(position(root["a"]?.location) == "2:19")
        #expect(position(root["b"]?.keyNode?.location) == "2:40")
        #expect(position(root["b"]?.location) == "2:52")
        // A start tag that spans lines is placed where its '<' is.
        #expect(position(root["d"]?.keyNode?.location) == "3:31")
    }

    @Test func entriesKeepDocumentOrderAndDuplicates() throws {
        let document = try parse(
            xmlPlist(
                """
                <dict>
                	<key>b</key><integer>1</integer>
                	<key>a</key><integer>2</integer>
                	<key>b</key><integer>3</integer>
                </dict>
                """))
        #expect(document.root.entries.map(\.key.text) == ["b", "a", "b"])
        // The last value wins, as in CoreFoundation.
        #expect(document.root["b"]?.integer == .signed(3))
        #expect(document.warnings.count == 1)
        let warning = try #require(document.warnings.first)
        #expect(warning.kind == .duplicateKey("b", firstLine: 5))
        #expect(position(warning.location) == "7:2")
        #expect(
            warning.description == "test.plist:7:2: warning: duplicate key 'b' (first at line 5); the last value wins")
    }

    @Test func readsEncodings() throws {
        for name in ["utf16le", "utf16be"] {
            let document = try PropertyListReader().read(contentsOf: fixture("xml/\(name).plist"))
            #expect(document.root["name"]?.string == "Grüße 😀", "\(name)")
            #expect(position(document.root["name"]?.location) == "5:2", "\(name)")
        }
        let latin1 = try PropertyListReader().read(contentsOf: fixture("xml/latin1.plist"))
        #expect(latin1.root.string == "café")
        let bom = try PropertyListReader().read(contentsOf: fixture("xml/utf8-bom.plist"))
        #expect(bom.root.elements.first?.integer == .signed(1))
    }

    @Test func acceptsARootWithoutPlistElementWithAWarning() throws {
        let document = try PropertyListReader().read(contentsOf: fixture("xml/no-plist-element.plist"))
        #expect(document.root["CFBundleIdentifier"]?.string == "com.example.bare")
        #expect(document.warnings.map(\.kind) == [.missingPlistElement])
        #expect(position(document.warnings.first?.location) == "2:1")
    }

    @Test func skipsTextBetweenElementsWithAWarning() throws {
        let document = try parse(
            xmlPlist(
                """
                <array>
                #ifdef DEBUG
                	<string>debug</string>
                #endif
                </array>
                """))
        #expect(document.root.elements.map(\.text) == ["debug"])
        #expect(
            document.warnings.map(\.kind) == [.textBetweenElements("#ifdef DEBUG"), .textBetweenElements("#endif")])
        #expect(document.warnings.map(\.location.line) == [5, 7])
    }

    @Test func longDocumentsKeepExactLineNumbers() throws {
        // Past line 65,535, where libxml2's tree API stops counting.
        var body = "<array>\n"
        for index in 0..<70_000 { body += "\t<integer>\(index)</integer>\n" }
        body += "</array>"
        let document = try parse(xmlPlist(body))
        let last = try #require(document.root.elements.last)
        #expect(last.integer == .signed(69_999))
        #expect(position(last.location) == "\(4 + 70_000):2")
    }

    @Test func nestingUpToTheLimitReads() throws {
        let depth = PropertyListReader.defaultDepthLimit
        let text = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        let document = try parse(xmlPlist(text))
        #expect(document.root.kind == .array)
    }

    // MARK: Errors, each with its exact position

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        var name: String
        var body: String
        var problem: PropertyListProblem
        var position: String
        var testDescription: String { name }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(
            name: "unknown element", body: "<dict>\n\t<key>a</key>\n\t<strin>x</strin>\n</dict>",
            problem: .unknownElement("strin"), position: "6:2"),
        ErrorCase(
            name: "key without value", body: "<dict>\n\t<key>a</key>\n</dict>",
            problem: .keyWithoutValue("a"), position: "5:2"),
        ErrorCase(
            name: "two keys in a row", body: "<dict>\n\t<key>a</key>\n\t<key>b</key><string/>\n</dict>",
            problem: .keyWithoutValue("a"), position: "5:2"),
        ErrorCase(
            name: "value without key", body: "<dict>\n\t<string>x</string>\n</dict>",
            problem: .valueWithoutKey("string"), position: "5:2"),
        ErrorCase(
            name: "key in array", body: "<array>\n  <key>a</key>\n</array>",
            problem: .misplacedElement("key", context: "inside <array>"), position: "5:3"),
        ErrorCase(
            name: "element in string", body: "<string>a<dict/></string>",
            problem: .misplacedElement("dict", context: "inside <string>"), position: "4:10"),
        ErrorCase(
            name: "two root values", body: "<string>a</string>\n<string>b</string>",
            problem: .multipleRootValues, position: "5:1"),
        ErrorCase(name: "empty plist", body: "", problem: .missingRootValue, position: "3:1"),
        ErrorCase(
            name: "integer with a decimal point", body: "<integer>1.5</integer>",
            problem: .invalidInteger("1.5"), position: "4:1"),
        ErrorCase(
            name: "integer with trailing text", body: "<integer>12abc</integer>",
            problem: .invalidInteger("12abc"), position: "4:1"),
        ErrorCase(name: "empty integer", body: "<integer></integer>", problem: .invalidInteger(""), position: "4:1"),
        ErrorCase(
            name: "integer too large", body: "<integer>18446744073709551616</integer>",
            problem: .integerOutOfRange("18446744073709551616"), position: "4:1"),
        ErrorCase(
            name: "integer too small", body: "<integer>-9223372036854775809</integer>",
            problem: .integerOutOfRange("-9223372036854775809"), position: "4:1"),
        ErrorCase(name: "hex real", body: "<real>0x1p3</real>", problem: .invalidReal("0x1p3"), position: "4:1"),
        ErrorCase(name: "word real", body: "<real>pi</real>", problem: .invalidReal("pi"), position: "4:1"),
        ErrorCase(
            name: "date without zone", body: "<date>2024-01-01T00:00:00</date>",
            problem: .invalidDate("2024-01-01T00:00:00"), position: "4:1"),
        ErrorCase(
            name: "date that does not exist", body: "<date>2023-02-29T00:00:00Z</date>",
            problem: .invalidDate("2023-02-29T00:00:00Z"), position: "4:1"),
        ErrorCase(
            name: "bad base64", body: "<data>ab$d</data>",
            problem: .invalidBase64("'$' is not a base64 character"), position: "4:1"),
        ErrorCase(
            name: "base64 with text after padding", body: "<data>aGk=aGk=</data>",
            problem: .invalidBase64("text after '=' padding"), position: "4:1"),
        ErrorCase(
            name: "undeclared entity", body: "<string>&nope;</string>",
            problem: .entityReferenceRefused("nope"), position: "4:9"),
    ]

    @Test(arguments: errorCases) func reportsErrorsWithTheirPosition(_ testCase: ErrorCase) {
        let error = readError(xmlPlist(testCase.body))
        #expect(error?.problem == testCase.problem)
        #expect(position(error?.location) == testCase.position)
        #expect(error?.location.file == "test.plist")
    }

    @Test func reportsAMismatchedEndTagAtItsStart() {
        let error = readError("<plist>\n<dict>\n<key>a</key><string>b</array>\n</dict></plist>")
        #expect(error?.problem == .xmlSyntax("end tag does not match the start tag <string>"))
        #expect(position(error?.location) == "3:22")
    }

    @Test func refusesTruncatedDocumentsAtTheirEnd() {
        let error = readError("<plist><dict><key>a</key><string>b</str")
        #expect(error?.problem == .truncated("it ends inside <string>"))
        #expect(position(error?.location) == "1:40")
    }

    @Test func refusesInvalidUTF8AtItsFirstByte() {
        let bytes = Array("<plist><string>".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8)
        #expect(throws: PropertyListError.self) { try parse(bytes: bytes) }
        do {
            _ = try parse(bytes: bytes)
        } catch {
            #expect(error.problem == .invalidEncoding("byte 0xC3 does not start a valid UTF-8 sequence"))
            #expect(position(error.location) == "1:16")
        }
    }

    @Test func refusesInternalSubsetsAtTheirLine() {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [
              <!ENTITY a "aaaaaaaaaa">
              <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
            ]>
            <plist><string>&b;</string></plist>
            """
        let error = readError(text)
        #expect(error?.problem == .internalSubsetRefused)
        #expect(error?.location.line == 2)
    }

    @Test func neverLoadsExternalEntities() {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE plist SYSTEM "file:///etc/passwd">
            <plist><string>&ext;</string></plist>
            """
        let error = readError(text)
        #expect(error != nil)
        #expect(error?.description.contains("root:") == false)
    }

    @Test func refusesNestingPastTheLimit() {
        let depth = PropertyListReader.defaultDepthLimit + 1
        let text = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        let error = readError(xmlPlist(text))
        #expect(error?.problem == .nestingTooDeep(limit: 200))
        #expect(position(error?.location) == "4:\(200 * 7 + 1)")
    }

    @Test func refusesAMillionLevelsQuickly() {
        let text = String(repeating: "<array>", count: 1_000_000)
        let error = readError(xmlPlist(text))
        #expect(error?.problem == .nestingTooDeep(limit: 200))
    }

    @Test func refusesInputsOverTheSizeLimit() {
        let reader = PropertyListReader(sizeLimit: 100)
        let text = xmlPlist("<string>\(String(repeating: "x", count: 200))</string>")
        #expect(throws: PropertyListError.self) { try reader.read(Array(text.utf8), file: "big.plist") }
        do {
            _ = try reader.read(Array(text.utf8), file: "big.plist")
        } catch {
            #expect(error.problem == .inputTooLarge(size: text.utf8.count, limit: 100))
        }
    }

    @Test func escapesControlCharactersInMessages() {
        let error = readError(xmlPlist("<integer>1\u{202E}2</integer>"))
        #expect(error?.problem == .invalidInteger("1\\u{202E}2"))
    }
}

@Suite struct KeyPathTests {
    @Test func keyPathsQuoteKeysThatAreNotPlainWords() {
        let path = PlistKeyPath([.key("A"), .index(12), .key("with.dot"), .key("say \"hi\" \\ o"), .key("b-c_1")])
        #expect(path.description == #"A[12]["with.dot"]["say \"hi\" \\ o"].b-c_1"#)
        #expect(PlistKeyPath().description == "")
        #expect(PlistKeyPath([.index(0), .key("x")]).description == "[0].x")
        #expect(PlistKeyPath([.key("")]).description == #"[""]"#)
    }

    @Test func locationsOfOneValueShareTheirKeyPathWithoutComputingIt() throws {
        let document = try PropertyListReader().read(
            Array("<plist><dict><key>a</key><array><true/><false/></array></dict></plist>".utf8), file: "p")
        let array = try #require(document.root["a"])
        let first = array.elements[0].location
        #expect(first.sharesKeyPath(with: array.elements[0].location))
        #expect(!first.sharesKeyPath(with: array.elements[1].location))
        // Two explicit paths are compared as paths.
        let explicit = SourceLocation(file: "p", keyPath: first.keyPath)
        #expect(explicit.sharesKeyPath(with: SourceLocation(file: "q", keyPath: first.keyPath)))
        #expect(!explicit.sharesKeyPath(with: SourceLocation(file: "q", keyPath: PlistKeyPath([.key("b")]))))
        let other = try PropertyListReader().read(
            Array("<plist><dict><key>a</key><array><true/><false/></array></dict></plist>".utf8), file: "p")
        #expect(!first.sharesKeyPath(with: other.root["a"]!.elements[0].location), "another document")
    }
}

@Suite struct ValueMadeForTests {
    @Test func aLocationLeadsBackToItsValue() throws {
        let text = "<plist><dict><key>a</key><array><dict><key>b</key><string>x</string></dict></array></dict></plist>"
        let document = try PropertyListReader().read(Array(text.utf8), file: "one.plist")
        let other = try PropertyListReader().read(Array(text.utf8), file: "one.plist")
        let inner = try #require(document.root["a"]?.element(at: 0)?["b"])
        #expect(document.value(madeFor: inner.location)?.string == "x")
        #expect(document.value(madeFor: inner.location)?.location == inner.location)
        // Another document's value, even of the same text and file, is not this one's.
        let twin = try #require(other.root["a"]?.element(at: 0)?["b"])
        #expect(document.value(madeFor: twin.location) == nil)
        // A location given its key path, and a key's location, are not answered.
        var given = inner.location
        given.keyPath = inner.location.keyPath
        #expect(document.value(madeFor: given) == nil)
        let key = try #require(document.root.entries.first?.key)
        #expect(key.isKey)
        #expect(document.value(madeFor: key.location) == nil)
    }
}

@Suite struct MayContainTests {
    /// `mayContain` looks at the values' bytes as read (entities decoded): no is certain, yes may
    /// come from two values side by side. (Binary files: `BinaryPlistReaderTests`.)
    @Test func findsTextInValuesAndKeysNotInMarkup() throws {
        let xml = try PropertyListReader().read(
            Array(
                "<plist><dict><key>a$</key><string>(b &#36;{c}</string><key>d</key><data>JCg=</data></dict></plist>"
                    .utf8),
            file: "x.plist")
        #expect(xml.mayContain("${"), "an entity is decoded")
        #expect(xml.mayContain("$("), "the key's last byte and the string's first: a maybe")
        #expect(xml.mayContain("c}") && xml.mayContain("a") && xml.mayContain(""))
        #expect(!xml.mayContain("plist") && !xml.mayContain("<string>"), "markup is not a value")
        #expect(!xml.mayContain("$(c") && !xml.mayContain("}}"))
        let plain = try PropertyListReader().read(
            Array("<plist><array><string>com.example.$</string></array></plist>".utf8), file: "y.plist")
        #expect(!plain.mayContain("$(") && plain.mayContain("$"), "a '$' at the very end")
    }
}

@Suite struct CommentTests {
    /// XML comments are kept in document order, as written; a search looks inside each one, not
    /// across two.
    @Test func commentsAreKeptInOrderAndSearchedOneByOne() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- before: é -->
            <plist><dict><!--ab--><key>k</key><!--c--><string>utiscope:disable X</string>
            <!----></dict></plist>
            """
        let document = try PropertyListReader().read(Array(text.utf8), file: "c.plist")
        #expect(document.comments == [" before: é ", "ab", "c", ""])
        #expect(document.hasComment(containing: "before: é"))
        #expect(document.hasComment(containing: "b"))
        #expect(!document.hasComment(containing: "bc"), "not across two comments")
        #expect(!document.hasComment(containing: "utiscope:disable"), "a string's text is no comment")
        #expect(document.root["k"]?.string == "utiscope:disable X")
        // Each comment knows where the start tag after it begins; none when an end tag comes first.
        let anchored = document.comments(containing: "")
        #expect(anchored.map(\.text) == document.comments)
        #expect(
            anchored.map { position(SourceLocation(file: "c", line: $0.nextElementLine, column: $0.nextElementColumn)) }
                == ["3:1", "3:23", "3:43", "-:-"])
        #expect(document.comments(containing: "b").map(\.text) == [" before: é ", "ab"])
        let nested = try PropertyListReader().read(
            Array("<plist><array><array><!--e--></array><!--f--><true/></array></plist>".utf8), file: "n.plist")
        #expect(nested.comments(containing: "").map(\.nextElementColumn) == [nil, 46])
        let plain = try PropertyListReader().read(Array("<plist><true/></plist>".utf8), file: "p")
        #expect(plain.comments.isEmpty)
        #expect(!plain.hasComment(containing: "x"))
        let openStep = try PropertyListReader().read(Array("/* c */ { a = b; }".utf8), file: "o")
        #expect(openStep.comments.isEmpty)
    }

    /// Each comment knows where its own `<!--` stands (columns in Unicode scalars), whether our
    /// scan or libxml2 read it: after other text on a line, over several lines, with a `<` inside,
    /// before the root and after it. (SplitReadTests compares a two-part read's comments with a
    /// whole read's.)
    @Test(arguments: [true, false])
    func commentsKnowWhereTheyStart(natively: Bool) throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a -->
            <plist version="1.0"><dict><key>é</key><!-- b < c --><string>x</string>
              <!-- d
              e --><key>k</key>  <!--f--><true/>
            </dict></plist> <!-- g -->
            """
        var reader = XMLPlistReader(file: "c.plist", depthLimit: 200)
        reader.splitThreshold = .max
        reader.nativeScan = natively
        let document = try reader.read(Array(text.utf8))
        let starts = document.comments(containing: "").map { "\($0.line ?? 0):\($0.column ?? 0)" }
        #expect(starts == ["2:1", "3:40", "4:3", "5:22", "6:17"])
    }
}

@Suite struct LocationFileTests {
    /// A value's location reads its file from the document (it stores no file of its own); it
    /// keeps that file when its key path or file is set, and compares with a location given
    /// the same parts explicitly.
    @Test func aValuesLocationKeepsItsFileThroughChanges() throws {
        let text = "<plist><dict><key>a</key><array><string>x</string></array></dict></plist>"
        let document = try PropertyListReader().read(Array(text.utf8), file: "Sources/App/Info.plist")
        let value = try #require(document.root["a"]?.element(at: 0))
        let location = value.location
        #expect(location.file == "Sources/App/Info.plist")
        #expect(location.description == "Sources/App/Info.plist:1:33")
        let explicit = SourceLocation(
            file: "Sources/App/Info.plist", line: 1, column: 33, keyPath: PlistKeyPath([.key("a"), .index(0)]))
        #expect(location == explicit)
        #expect(location.hashValue == explicit.hashValue)

        var moved = location
        moved.keyPath = PlistKeyPath([.key("b")])
        #expect(moved.file == "Sources/App/Info.plist")
        #expect(moved.keyPath.description == "b")
        #expect(moved != location)

        var renamed = location
        renamed.file = "Other.plist"
        #expect(renamed.file == "Other.plist")
        #expect(renamed.keyPath.description == "a[0]", "the key path is still the value's")
        #expect(renamed.sharesKeyPath(with: location))
        #expect(renamed != location)
        #expect(location.file == "Sources/App/Info.plist", "a copy's change leaves the original alone")
    }
}

@Suite struct KeySetTests {
    @Test func unknownKeysComeBackInDocumentOrderWithTheirPlaces() throws {
        let text = """
            <plist><dict>
            <key>CFBundleTypeName</key><string>a</string>
            <key>CFBundleTypeNam</key><string>b</string>
            <key></key><string>c</string>
            <key>Grüße</key><string>d</string>
            <key>LSHandlerRank</key><string>e</string>
            <key>CFBundleTypeNam</key><string>f</string>
            </dict></plist>
            """
        let document = try PropertyListReader().read(Array(text.utf8), file: "keys.plist")
        let known = KeySet(["CFBundleTypeName", "LSHandlerRank", "Grüße", "X"])
        let unknown = document.root.keys(notIn: known)
        #expect(unknown.map(\.key) == ["CFBundleTypeNam", "", "CFBundleTypeNam"])
        #expect(unknown.map(\.location.line) == [3, 4, 7])
        // A set with the empty key knows it; every key of a dictionary is unknown to an empty set.
        #expect(
            document.root.keys(notIn: KeySet(["", "CFBundleTypeNam"])).map(\.key) == [
                "CFBundleTypeName", "Grüße", "LSHandlerRank",
            ])
        #expect(document.root.keys(notIn: KeySet([])).count == 6)
        #expect(document.root["CFBundleTypeName"]?.keys(notIn: known).isEmpty == true)
        #expect(known.contains("Grüße") && !known.contains("grüße"))
        // Byte for byte, as CoreFoundation compares keys: not by canonical equivalence.
        #expect(KeySet(["Kind"]).contains("Kind") && !KeySet(["Kind"]).contains("\u{212A}ind"))
        #expect("\u{212A}ind" == "Kind")  // what String equality would have said
    }

    /// One pass finds, for each key of the set (by its position: the order given, repeats
    /// dropped), what the subscript finds (the last of repeated keys), and the other keys as
    /// `keys(notIn:)` gives them.
    @Test func entryValuesAreWhatTheSubscriptFindsKeyByKey() throws {
        let text = """
            <plist><dict>
            <key>LSHandlerRank</key><string>first</string>
            <key>CFBundleTypeNam</key><string>b</string>
            <key>Grüße</key><integer>3</integer>
            <key>LSHandlerRank</key><string>last</string>
            <key>K</key><true/>
            </dict></plist>
            """
        let document = try PropertyListReader().read(Array(text.utf8), file: "keys.plist")
        let known = KeySet(["CFBundleTypeName", "LSHandlerRank", "Grüße", "LSHandlerRank", "\u{212A}"])
        #expect(known.keys == ["CFBundleTypeName", "LSHandlerRank", "Grüße", "\u{212A}"])
        #expect(known.keys.indices.map { known.position(of: known.keys[$0]) } == [0, 1, 2, 3])
        #expect(known.position(of: "K") == nil && known.position(of: "LSHandlerRan") == nil)
        let found = document.root.entryValues(for: known)
        for (position, key) in known.keys.enumerated() {
            #expect(found[position]?.location == document.root[key]?.location, "\(key)")
        }
        #expect(found[1]?.string == "last")
        #expect(found[0] == nil && found[3] == nil)
        #expect(found.unknown.map(\.key) == document.root.keys(notIn: known).map(\.key))
        #expect(found.unknown.map(\.key) == ["CFBundleTypeNam", "K"])
        // Not a dictionary: nothing found, nothing unknown.
        let array = try PropertyListReader().read(
            Array("<plist><array><string>x</string></array></plist>".utf8), file: "a.plist")
        let none = array.root.entryValues(for: known)
        #expect(known.keys.indices.allSatisfy { none[$0] == nil } && none.unknown.isEmpty)
    }
}
