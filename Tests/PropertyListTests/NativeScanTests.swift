import Foundation
import Testing

@testable import PropertyList

/// XML plists are read by ``XMLNativeScan`` first and by libxml2 when it gives up: whatever the
/// native scan reads must be libxml2's document value for value (kind, content, line, column,
/// key path), with the same warnings and comments; everything it does not fully understand, and
/// every error, it must leave to libxml2.
@Suite struct NativeScanTests {
    static func native(_ text: String, depthLimit: Int = 200) -> PropertyListDocument? {
        XMLPlistReader(file: "big.plist", depthLimit: depthLimit).readNatively(Array(text.utf8))
    }

    /// The native read of `text`, checked against libxml2's.
    @discardableResult
    static func expectNativeRead(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
        -> PropertyListDocument
    {
        let whole = try SplitReadTests.wholeRead(text)
        let native = try #require(Self.native(text), "the native scan gave up", sourceLocation: sourceLocation)
        SplitReadTests.expectSame(native, whole)
        return native
    }

    /// `text` is left to libxml2: the native scan gives up, and the reader's result (document or
    /// error) is libxml2's.
    static func expectLeftToLibxml2(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(Self.native(text) == nil, "the native scan read it", sourceLocation: sourceLocation)
        var reader = XMLPlistReader(file: "big.plist", depthLimit: 200)
        reader.splitThreshold = .max
        switch (
            Result { () throws(PropertyListError) in try reader.read(Array(text.utf8)) },
            Result { () throws(PropertyListError) in try SplitReadTests.wholeRead(text) }
        ) {
        case (.success(let read), .success(let whole)): SplitReadTests.expectSame(read, whole)
        case (.failure(let read), .failure(let whole)): #expect(read == whole, sourceLocation: sourceLocation)
        default:
            Issue.record("the reader and libxml2 disagree on \(text.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    @Test func readsWhatLibxml2Reads() throws {
        // Multi-byte text (columns), entities, comments before, inside and after the root, every
        // scalar kind, duplicate keys, empty elements.
        let native = try Self.expectNativeRead(SplitReadTests.document())
        #expect(native.warnings.count == 3)
        #expect(native.comments.count == 242)
    }

    /// Columns count characters from the line's start, whatever comes before on the line.
    @Test func columnsCountCharacters() throws {
        let text = xmlPlist(
            "<dict><key>日本語</key><string>ça</string>\n\t<key>b</key>  <string>x</string><key>c</key><true/>"
                + "<key>d</key><!-- é --><array><string>𝄞</string><integer>1</integer></array></dict>")
        let native = try Self.expectNativeRead(text)
        let d = try #require(native.root["d"])
        #expect(d.line == 5)
        #expect(d.elements[1].location.column == 100)
    }

    @Test(arguments: [
        // Tags with blanks, line breaks and attributes, empty elements.
        "<dict\n><key\t>a</key\n><string  >b</string ><key>c</key><string/><key>d</key><array\n/></dict>",
        "<array><true/><false /><dict/><array/><string></string><data></data></array>",
        // Entities and character references, in keys and scalars.
        "<dict><key>&lt;&amp;&gt;&quot;&apos;</key><string>&#65;&#x42;&#x1F600;&#233;</string>"
            + "<key>n</key><integer>&#52;2</integer><key>r</key><real>1&#46;5</real></dict>",
        // Text that is all blank between elements, text with tabs and line breaks in strings.
        "<array>\n\t \n<string> two\n\tlines </string>\n\n</array>",
        // A lone `]` or `]]` and `>` in text.
        "<array><string>a]b]]c>d</string></array>",
        // Scalars of every kind, with blanks.
        "<array><integer> -42 </integer><real>2.5e3</real><date>2024-02-29T12:00:00Z</date>"
            + "<data>\n  AAEC\n  Aw==\n</data><integer>0x1F</integer></array>",
        // Text outside every kind of character range that UTF-8 has.
        "<array><string>\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{10000}\u{10FFFF}</string></array>",
        // Comments with dashes and markup inside.
        "<array><!-- a - b <tag> & --><string>x</string><!----><!-->inside--><!--->too--></array>",
    ])
    func readsValues(_ body: String) throws {
        try Self.expectNativeRead(xmlPlist(body))
    }

    @Test(arguments: [
        // No declaration, no DOCTYPE; or each variant of them the scan takes.
        "<plist><string>a</string></plist>",
        "<?xml version='1.0'?><plist><string>a</string></plist>",
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\" ?>\n<plist><string>a</string></plist>",
        "<?xml version = \"1.0\"\n encoding='UTF-8'?><!-- c --><!DOCTYPE plist SYSTEM 'x.dtd'><plist><true/></plist>",
        "<!DOCTYPE plist>\n<!-- before -->\n<plist version=\"1.0\">\n<dict/>\n</plist>\n<!-- after -->\n\n",
        "<!DOCTYPE plist PUBLIC\n \"-//Apple//DTD PLIST 1.0//EN\"\n \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\" >"
            + "<plist><array/></plist>",
        // A root that is not <plist>: both warn.
        "<dict><key>a</key><string>b</string></dict>",
    ])
    func readsDocuments(_ text: String) throws {
        try Self.expectNativeRead(text)
    }

    @Test(arguments: [
        // Not in the subset the scan reads.
        ("a carriage return", "<plist><string>a\r\nb</string></plist>"),
        ("a byte-order mark", "\u{FEFF}<plist><string>a</string></plist>"),
        ("another encoding", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>a</string></plist>"),
        ("XML 1.1", "<?xml version=\"1.1\"?><plist><string>a</string></plist>"),
        ("a CDATA section", "<plist><string><![CDATA[a]]></string></plist>"),
        ("an instruction", "<plist><?pi x?><string>a</string></plist>"),
        ("an instruction before the root", "<?pi x?><plist><string>a</string></plist>"),
        ("another entity", "<plist><string>&nbsp;</string></plist>"),
        ("an internal subset", "<!DOCTYPE plist [<!ENTITY a \"b\">]><plist><string>&a;</string></plist>"),
        ("a namespace", "<plist xmlns=\"urn:x\"><string>a</string></plist>"),
        ("a prefixed name", "<plist><p:string xmlns:p=\"urn:x\">a</p:string></plist>"),
        ("two attributes", "<plist version=\"1.0\" a=\"b\"><string>a</string></plist>"),
        ("an entity in an attribute", "<plist version=\"1&amp;0\"><string>a</string></plist>"),
        ("text between elements", "<plist><array>stray<string>a</string></array></plist>"),
        ("an entity between elements", "<plist><array>&amp;<string>a</string></array></plist>"),
        ("text inside <true/>", "<plist><true>x</true></plist>"),
        ("text after the root", "<plist><string>a</string></plist>x"),
        ("a name with a non-ASCII letter", "<plist><strïng>a</strïng></plist>"),
        ("a long start tag", "<plist version=\"\(String(repeating: "1", count: 5000))\"><string>a</string></plist>"),
        // Errors: libxml2 reports them.
        ("mismatched tags", "<plist><string>a</key></plist>"),
        ("an unclosed element", "<plist><string>a</string>"),
        ("a second root", "<plist><string>a</string></plist><plist/>"),
        ("no root", "<!-- nothing -->"),
        ("an unknown element", "<plist><float>1</float></plist>"),
        ("a key outside a dictionary", "<plist><array><key>a</key></array></plist>"),
        ("a key without a value", "<plist><dict><key>a</key></dict></plist>"),
        ("a bad integer", "<plist><integer>x</integer></plist>"),
        ("`]]>` in text", "<plist><string>a]]>b</string></plist>"),
        ("`--` in a comment", "<plist><!-- a -- b --><string>a</string></plist>"),
        ("a comment ending in `-`", "<plist><!-- a ---><string>a</string></plist>"),
        ("an unterminated comment", "<plist><string>a</string></plist><!-- a"),
        ("a control character", "<plist><string>a\u{1}b</string></plist>"),
        ("U+FFFE", "<plist><string>a\u{FFFE}</string></plist>"),
        ("a reference to U+0000", "<plist><string>&#0;</string></plist>"),
        ("a reference to a surrogate", "<plist><string>&#xD800;</string></plist>"),
        ("a reference with nine digits", "<plist><string>&#000000065;</string></plist>"),
        ("an upper-case X in a reference", "<plist><string>&#X41;</string></plist>"),
        ("a tab in a public identifier", "<!DOCTYPE plist PUBLIC \"a\tb\" \"c\"><plist/>"),
        ("a public identifier alone", "<!DOCTYPE plist PUBLIC \"a\"><plist/>"),
        ("a DOCTYPE after the root starts", "<plist><!DOCTYPE plist><string>a</string></plist>"),
        ("a blank before the declaration", " <?xml version=\"1.0\"?><plist/>"),
        ("a space in an end tag", "<plist><string>a</ string></plist>"),
        ("an attribute without a value", "<plist version><string>a</string></plist>"),
        ("attributes without a blank", "<plist a='1'b='2'><string>a</string></plist>"),
        // libxml2 reads these differently when they meet the end of a piece of its input (found
        // by review against libxml2 itself): left to it.
        ("`>` in a system literal", "<!DOCTYPE plist SYSTEM \"a>b\"><plist><true/></plist>"),
        ("a comment before the root starting with `>`", "<!-->a--><plist><true/></plist>"),
        ("a comment after the root starting with `->`", "<plist><true/></plist><!--->a-->"),
        // Longer than libxml2 takes (it refuses names and literals over 10 MB): the scan stops far sooner.
        ("a long DOCTYPE", "<!DOCTYPE \(String(repeating: "a", count: 5000))><plist><true/></plist>"),
        ("a long comment", "<!--\(String(repeating: "a", count: (1 << 20) + 1))--><plist><true/></plist>"),
    ])
    func leavesToLibxml2(_ what: String, _ text: String) {
        Self.expectLeftToLibxml2(text)
    }

    /// Bytes that are not UTF-8, or not the shortest form of a character.
    @Test(
        arguments: [
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xC3], [0xE2, 0x82], [0xEF, 0xBF, 0xBF],
        ] as [[UInt8]])
    func leavesMalformedUTF8ToLibxml2(_ sequence: [UInt8]) {
        let bytes = Array("<plist><string>a".utf8) + sequence + Array("</string></plist>".utf8)
        #expect(XMLPlistReader(file: "x", depthLimit: 200).readNatively(bytes) == nil)
        var reader = XMLPlistReader(file: "x", depthLimit: 200)
        reader.splitThreshold = .max
        #expect(throws: PropertyListError.self) { try reader.read(bytes) }
    }

    @Test func depthLimitIsLibxml2s() throws {
        let deep = String(repeating: "<array>", count: 6) + String(repeating: "</array>", count: 6)
        let text = xmlPlist(deep)
        #expect(Self.native(text, depthLimit: 5) == nil)
        let native = try #require(Self.native(text, depthLimit: 6))
        SplitReadTests.expectSame(native, try SplitReadTests.wholeRead(text, depthLimit: 6))
    }

    /// Both parts of a split read by the native scan, joined: libxml2's whole read.
    @Test(arguments: [false, true])
    func splitReadEqualsLibxml2s(_ nested: Bool) throws {
        let text: String
        if nested {
            var body = "<array>\n\t<string>first</string>\n\t<dict>\n\t\t<key>Items</key>\n\t\t<array>\n"
            for index in 0..<400 { body += "\t\t\t<string>item \(index) ✓ &amp;</string>\n\t\t\t<array/>\n" }
            body += "\t\t</array>\n\t\t<key>After</key>\n\t\t<integer>1</integer>\n\t</dict>\n</array>"
            text = xmlPlist(body)
        } else {
            text = SplitReadTests.document()
        }
        let reader = XMLPlistReader(file: "big.plist", depthLimit: 200)
        let split = try #require(reader.readInTwoParts(Array(text.utf8), concurrently: false, natively: true))
        SplitReadTests.expectSame(split, try SplitReadTests.wholeRead(text))
        // On two threads too, whichever part is first.
        let concurrent = try #require(reader.readInTwoParts(Array(text.utf8), natively: true))
        SplitReadTests.expectSame(concurrent, try SplitReadTests.wholeRead(text))
    }

    /// Without a cut (no long array past the middle), the first part reads on to the end alone.
    @Test func firstPartReadsOnWithoutACut() throws {
        var text = "<plist><dict>\n"
        for index in 0..<500 { text += "<key>k\(index)</key><string>v é</string>\n" }
        text += "</dict></plist>\n"
        let reader = XMLPlistReader(file: "big.plist", depthLimit: 200)
        let read = try #require(reader.readInTwoParts(Array(text.utf8), concurrently: false, natively: true))
        SplitReadTests.expectSame(read, try SplitReadTests.wholeRead(text))
    }

    /// A split read whose second part the native scan gives up on: the reader's result is
    /// libxml2's all the same (its split read, or its whole read).
    @Test func awkwardSecondPartIsLibxml2s() throws {
        let text = SplitReadTests.document(tail: SplitReadTests.awkwardTail)
        let reader = XMLPlistReader(file: "big.plist", depthLimit: 200)
        #expect(reader.readInTwoParts(Array(text.utf8), concurrently: false, natively: true) == nil)
        var whole = reader
        whole.splitThreshold = 0
        SplitReadTests.expectSame(try whole.read(Array(text.utf8)), try SplitReadTests.wholeRead(text))
    }
}
