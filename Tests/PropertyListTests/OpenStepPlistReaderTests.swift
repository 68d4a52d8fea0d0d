import Support
import Testing

@testable import PropertyList

/// The OpenStep reader, through `PropertyListReader` so that format detection is part of each test.
@Suite struct OpenStepPlistReaderTests {
    // MARK: Hostile corners

    @Test func aShortUnicodeEscapeIsReadAsAppleReadsItWithAWarning() throws {
        let text = "{\n  a = \"x\\U12G4\";\n  b = \"\\U00e9\";\n}\n"
        let document = try PropertyListReader().read(Array(text.utf8), file: "t.strings")
        // CF reads up to four digits: 'U12' then the text 'G4'.
        #expect(document.root["a"]?.string == "x\u{12}G4")
        #expect(document.root["b"]?.string == "é")
        #expect(document.warnings.map(\.kind) == [.shortUnicodeEscape("\\U12")])
        let warning = try #require(document.warnings.first)
        #expect((warning.location.line, warning.location.column) == (2, 9))
        #expect(warning.message.hasPrefix("'\\U12' has fewer than four hexadecimal digits"))
    }

    @Test func aNULInAQuotedStringIsKeptWithAWarningAndOutsideOneIsPlaced() throws {
        let text = Array("{\n  a = \"x".utf8) + [0] + Array("y\";\n}\n".utf8)
        let document = try PropertyListReader().read(text, file: "t.strings")
        #expect(document.root["a"]?.string == "x\u{0}y")
        #expect(document.warnings.map(\.kind) == [.nulInString])
        #expect(document.warnings.first?.location.line == 2)
        #expect(document.warnings.first?.location.column == 9)
        // Outside a string, a NUL is an error at its place, not "not a property list" at 1:1.
        let stray = Array("{\n  a = b;\n".utf8) + [0] + Array("\n}\n".utf8)
        #expect {
            try PropertyListReader().read(stray, file: "t.strings")
        } throws: { error in
            guard let error = error as? PropertyListError else { return false }
            return error.location.line == 3 && error.location.column == 1
        }
    }

    // MARK: Fixtures

    @Test func readsAnXcodeProjectFile() throws {
        let document = try readFixture("Sample.pbxproj")
        #expect(document.format == .openStep)
        #expect(document.warnings.isEmpty)
        let root = document.root
        #expect(root.kind == .dictionary)
        #expect(
            root.entries.map(\.key.text) == ["archiveVersion", "classes", "objectVersion", "objects", "rootObject"])
        #expect(root["archiveVersion"]?.string == "1")
        #expect(root["classes"]?.kind == .dictionary)
        #expect(root["classes"]?.count == 0)
        #expect(root["rootObject"]?.string == "A1000004")

        let objects = try #require(root["objects"])
        #expect(objects.count == 6)
        #expect(objects["A1000002"]?["sourceTree"]?.string == "<group>")
        #expect(objects["A1000004"]?["children"]?.elements.map(\.text) == ["A1000002", "A1000005"])
        #expect(objects["A1000005"]?["children"]?.count == 1)

        let settings = try #require(objects["A1000006"]?["buildSettings"])
        #expect(settings["CODE_SIGN_IDENTITY[sdk=macosx*]"]?.string == "-")
        #expect(settings["INFOPLIST_KEY_CFBundleDisplayName"]?.string == "Viewer \"Pro\"")
        #expect(settings["INFOPLIST_KEY_NSHumanReadableCopyright"]?.string == "© 2024 Example")
        #expect(
            settings["LD_RUNPATH_SEARCH_PATHS"]?.elements.map(\.text) == [
                "$(inherited)", "@executable_path/../Frameworks",
            ])
        #expect(settings["SWIFT_VERSION"]?.kind == .string)
    }

    @Test func locatesKeysAndValuesInAProjectFile() throws {
        let root = try readFixture("Sample.pbxproj").root
        let objectsEntry = try #require(root.entries.first { $0.key.text == "objects" })
        #expect(objectsEntry.key.isKey)
        #expect(!objectsEntry.value.isKey)
        #expect(position(objectsEntry.key.location) == "7:2")
        #expect(position(objectsEntry.value.location) == "7:12")

        let settings = try #require(root["objects"]?["A1000006"]?["buildSettings"])
        let signing = try #require(settings.entries.first)
        #expect(position(signing.key.location) == "41:5")
        #expect(position(signing.value.location) == "41:41")
        let paths = try #require(settings["LD_RUNPATH_SEARCH_PATHS"]?.elements)
        #expect(position(paths[1].location) == "46:6")
        #expect(position(try #require(root["rootObject"]).location) == "56:15")
        #expect(paths[1].location.description == "Sample.pbxproj:46:6")
    }

    @Test func readsAStringsFile() throws {
        let root = try readFixture("Localizable.strings").root
        #expect(root.kind == .dictionary)
        #expect(
            root.entries.map(\.key.text) == [
                "greeting", "escaped", "single", "unquoted_key", "shortcut", "multi\nline",
            ])
        #expect(root["greeting"]?.string == "Hello, world!")
        #expect(root["escaped"]?.string == "Say \"hi\"\n\tthen leave: AB café 😀")
        #expect(root["single"]?.string == "it's quoted with apostrophes")
        #expect(root["unquoted_key"]?.string == "unquoted.value-1")
        #expect(root["shortcut"]?.string == "shortcut")
        #expect(root["multi\nline"]?.string == "ünïcødé")

        let escaped = try #require(root.entries.first { $0.key.text == "escaped" })
        #expect(position(escaped.key.location) == "7:1")
        #expect(position(escaped.value.location) == "7:13")
        let shortcut = try #require(root.entries.first { $0.key.text == "shortcut" })
        #expect(position(shortcut.key.location) == "11:1")
        #expect(position(shortcut.value.location) == "11:1")
        #expect(position(try #require(root["multi\nline"]).location) == "13:9")
    }

    @Test func readsUTF16LittleEndianWithByteOrderMarkAsItsUTF8Twin() throws {
        let utf8 = try readFixture("Localizable.strings").root
        let utf16 = try readFixture("Localizable-UTF16LE.strings").root
        #expect(utf16.count == utf8.count)
        for (twin, original) in zip(utf16.entries, utf8.entries) {
            #expect(twin.key.text == original.key.text)
            #expect(twin.value.text == original.value.text)
            // Positions refer to the text transcoded to UTF-8, which is the UTF-8 twin.
            #expect(position(twin.key.location) == position(original.key.location))
            #expect(position(twin.value.location) == position(original.value.location))
        }
    }

    // MARK: Grammar

    @Test func keyAloneMeansTheValueIsTheKey() throws {
        let root = try parse("\"Cancel\";\nOK;\n\"Save\" = \"Enregistrer\";\n").root
        #expect(root.entries.map(\.key.text) == ["Cancel", "OK", "Save"])
        #expect(root.entries.map(\.value.text) == ["Cancel", "OK", "Enregistrer"])
        #expect(root.entries.allSatisfy { $0.key.isKey && !$0.value.isKey })
        // CoreFoundation accepts the shortcut inside braces as well.
        #expect(try parse("{ a; b = c; }").root["a"]?.string == "a")
    }

    @Test func readsEscapes() throws {
        let escapes = #"( "\n\t\r\"\'\\\a\b\f\v", 'it\'s', "\q\%", "line\#ncontinued" )"#
        let elements = try parse(escapes).root.elements.map(\.text)
        #expect(elements == ["\n\t\r\"'\\\u{7}\u{8}\u{C}\u{B}", "it's", "q%", "line\ncontinued"])
    }

    @Test func readsOctalEscapesInTheNeXTSTEPCharacterSet() throws {
        let elements = try parse(#"( "\101\102\103", "\0", "\12x", "\1234", "\251", "\341", "\777" )"#).root.elements
        #expect(elements.map(\.text) == ["ABC", "\u{0}", "\nx", "S4", "\u{2019}", "Æ", "\u{FFFD}"])
    }

    @Test func readsUTF16Escapes() throws {
        let elements = try parse(#"( "caf\U00e9", "\U00E9x", "\UD83D\UDE00", "\Uzz", "\U41" )"#).root.elements
        #expect(elements.map(\.text) == ["café", "éx", "😀", "\u{0}zz", "A"])
    }

    @Test func replacesUnpairedSurrogatesWithTheReplacementCharacter() throws {
        let elements = try parse(#"( "\UD83D", "\UDE00x", "\UD83D\U0041", "a\UDBFFb" )"#).root.elements
        #expect(elements.map(\.text) == ["\u{FFFD}", "\u{FFFD}x", "\u{FFFD}A", "a\u{FFFD}b"])
    }

    @Test func readsHexDataWithWhitespaceBetweenPairs() throws {
        let root = try parse("{ a = <0fbd 12\n\tAB\u{2028}cd>; empty = <>; }").root
        #expect(root["a"]?.data == [0x0F, 0xBD, 0x12, 0xAB, 0xCD])
        #expect(root["a"]?.kind == .data)
        #expect(root["empty"]?.data == [])
        #expect(try parse("<00ff>").root.data == [0x00, 0xFF])
    }

    @Test func acceptsTrailingCommasAndEmptyContainers() throws {
        let root = try parse("{ list = ( a, b, ); none = (); nothing = {}; nested = ( (), {}, ( x, ), ); }").root
        #expect(root["list"]?.elements.map(\.text) == ["a", "b"])
        #expect(root["none"]?.kind == .array)
        #expect(root["none"]?.count == 0)
        #expect(root["nothing"]?.kind == .dictionary)
        #expect(root["nothing"]?.count == 0)
        #expect(root["nested"]?.count == 3)
        #expect(try parse("()").root.count == 0)
        #expect(try parse("{}").root.kind == .dictionary)
    }

    @Test func readsEveryScalarAsAString() throws {
        let root = try parse("{ int = 42; real = -1.5; yes = YES; date = 2024-01-02; }").root
        #expect(root.entries.allSatisfy { $0.value.kind == .string })
        #expect(root["real"]?.string == "-1.5")
    }

    @Test func readsUnquotedStringsOfCoreFoundationsCharacterSet() throws {
        #expect(try parse("abcXYZ019_$/:.-").root.string == "abcXYZ019_$/:.-")
        // A `//` inside an unquoted string belongs to it: comments start only where space may.
        #expect(try parse("( http://example.com/a//b )").root.elements.first?.text == "http://example.com/a//b")
    }

    @Test func skipsCommentsWhereverWhitespaceMayStand() throws {
        let text = """
            // line comment
            /* block */ { /* a */ key /* b */ = // c
            value /* d */ ; list = ( /* e */ one /* f */ , // g
            two ) ; } /* trailing */ // trailing
            """
        let root = try parse(text).root
        #expect(root["key"]?.string == "value")
        #expect(root["list"]?.elements.map(\.text) == ["one", "two"])
    }

    @Test func readsTopLevelScalars() throws {
        #expect(try parse("\"just a string\"").root.string == "just a string")
        #expect(try parse("  bare  // comment\n").root.string == "bare")
        #expect(try parse("<cafe>").root.data == [0xCA, 0xFE])
        #expect(try parse("( a )").root.elements.map(\.text) == ["a"])
    }

    @Test func readsACommentOnlyFileAsAnEmptyDictionary() throws {
        let root = try parse("// nothing here\n/* at all */\n").root
        #expect(root.kind == .dictionary)
        #expect(root.count == 0)
    }

    @Test func countsColumnsInCharactersAndLinesAtLFCROrCRLF() throws {
        let root = try parse("{\r\n\"é\" = x;\r\"ü\" = y;\nz = \"😀\"; w = v; }").root
        let entries = root.entries
        #expect(position(entries[0].key.location) == "2:1")
        #expect(position(entries[0].value.location) == "2:7")
        #expect(position(entries[1].value.location) == "3:7")
        #expect(position(entries[2].value.location) == "4:5")
        #expect(position(entries[3].key.location) == "4:10")
    }

    @Test func ignoresAUTF8ByteOrderMark() throws {
        let root = try parse(bytes: [0xEF, 0xBB, 0xBF] + Array("{ a = b; }".utf8)).root
        #expect(root["a"]?.string == "b")
        #expect(position(root.location) == "1:1")
        #expect(position(try #require(root["a"]).location) == "1:7")
    }

    @Test func readsUTF16BigEndianAndWithoutAByteOrderMark() throws {
        let text = "{ a = \"é😀\"; }"
        let bigEndian: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try parse(bytes: bigEndian).root["a"]?.string == "é😀")
        let unmarked = Self.utf16LE(text)
        #expect(try parse(bytes: unmarked).root["a"]?.string == "é😀")
    }

    @Test func warnsAboutDuplicateKeys() throws {
        let document = try parse("\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n")
        #expect(document.root["a"]?.string == "3")
        #expect(document.warnings.count == 1)
        #expect(document.warnings.first?.kind == .duplicateKey("a", firstLine: 1))
        #expect(document.warnings.first?.location.line == 3)
    }

    @Test func allowsNestingUpToTheLimit() throws {
        let depth = PropertyListReader.defaultDepthLimit
        let text = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
        var value = try parse(text).root
        var levels = 1
        while let inner = value.elements.first {
            value = inner
            levels += 1
        }
        #expect(levels == depth)
        let reader = PropertyListReader(depthLimit: 3)
        #expect(throws: PropertyListError(.nestingTooDeep(limit: 3), at: location(1, 15))) {
            try reader.read(Array("{ a = ( { b = ( c ); } ); }".utf8), file: "test.plist")
        }
    }

    @Test func parsesALargeProjectFile() throws {
        var text = "// !$*UTF8*$!\n{\n\tobjects = {\n"
        for index in 0..<40_000 {
            text += "\t\tA\(index) /* file \(index) */ = {isa = PBXFileReference; "
            text += "path = \"Sources/File\(index).swift\"; children = (B\(index), C\(index), ); };\n"
        }
        text += "\t};\n\trootObject = A0;\n}\n"
        let root = try parse(text).root
        #expect(root["objects"]?.count == 40_000)
        #expect(root["objects"]?["A39999"]?["path"]?.string == "Sources/File39999.swift")
        #expect(position(root["objects"]?["A39999"]?.location) == "40003:29")
    }

    // MARK: Errors

    /// An input that must fail, with the problem and where.
    struct Failure: Sendable, CustomTestStringConvertible {
        let input: [UInt8]
        let problem: PropertyListProblem
        let line: Int
        let column: Int

        init(_ input: String, _ problem: PropertyListProblem, _ line: Int, _ column: Int) {
            self.init(bytes: Array(input.utf8), problem, line, column)
        }

        init(bytes: [UInt8], _ problem: PropertyListProblem, _ line: Int, _ column: Int) {
            self.input = bytes
            self.problem = problem
            self.line = line
            self.column = column
        }

        var testDescription: String { OutputEscaping.escape(String(decoding: input.prefix(60), as: UTF8.self)) }
    }

    static let failures: [Failure] = [
        // Unterminated strings and comments point at where they open.
        Failure("{ a = \"abc", .unterminatedString, 1, 7),
        Failure("{\n  a = 'abc\";\n}", .unterminatedString, 2, 7),
        Failure("\"abc\\", .unterminatedString, 1, 1),
        Failure("( \"\\U12", .unterminatedString, 1, 3),
        Failure("{ a = b; /* never closed", .unterminatedComment, 1, 10),
        Failure("{ a = b; }\n/* never closed *", .unterminatedComment, 2, 1),
        // Hex data.
        Failure(
            "{ a = <0fb>; }", .invalidHexData("digit 'b' has no partner: a byte takes two hexadecimal digits"), 1, 10),
        Failure("<0f b1 a 2>", .invalidHexData("digit 'a' has no partner: a byte takes two hexadecimal digits"), 1, 8),
        Failure("( <0g> )", .invalidHexData("'g' is not a hexadecimal digit"), 1, 5),
        Failure("( <0f, 12> )", .invalidHexData("',' is not a hexadecimal digit"), 1, 6),
        Failure("<0f\u{B}>", .invalidHexData("'\\u{B}' is not a hexadecimal digit"), 1, 4),
        Failure("( <0f12", .invalidHexData("no closing '>'"), 1, 3),
        // Missing punctuation.
        Failure("{ a = b }", .unexpectedCharacter("'}'", expected: "';'"), 1, 9),
        Failure("{\n  a = b\n  c = d;\n}", .unexpectedCharacter("'c'", expected: "';'"), 3, 3),
        Failure("{ a = b", .unexpectedEnd(expected: "';'"), 1, 8),
        Failure("{ a b; }", .unexpectedCharacter("'b'", expected: "'='"), 1, 5),
        Failure("\"a\" \"b\";", .unexpectedCharacter("'\"'", expected: "'=' or ';'"), 1, 5),
        Failure("a = b;\nc d;", .unexpectedCharacter("'d'", expected: "'=' or ';'"), 2, 3),
        Failure("{ a = ; }", .unexpectedCharacter("';'", expected: "a value"), 1, 7),
        // Columns count characters: 'é' is two bytes, '😀' four.
        Failure("{ \"é😀\" = ; }", .unexpectedCharacter("';'", expected: "a value"), 1, 10),
        Failure("{ a = \"é\";\n  \"😀\" = b c; }", .unexpectedCharacter("'c'", expected: "';'"), 2, 11),
        Failure("{ a = b; ", .unexpectedEnd(expected: "a key or '}'"), 1, 10),
        Failure("{ ( a ) = b; }", .unexpectedCharacter("'('", expected: "a key or '}'"), 1, 3),
        Failure("( a b )", .unexpectedCharacter("'b'", expected: "',' or ')'"), 1, 5),
        Failure("( , )", .unexpectedCharacter("','", expected: "a value or ')'"), 1, 3),
        Failure("( a,, )", .unexpectedCharacter("','", expected: "a value or ')'"), 1, 5),
        Failure("( a, ", .unexpectedEnd(expected: "a value or ')'"), 1, 6),
        Failure("( a ", .unexpectedEnd(expected: "',' or ')'"), 1, 5),
        Failure("{ a = b; c = }", .unexpectedCharacter("'}'", expected: "a value"), 1, 14),
        Failure("{ a = \u{7}; }", .unexpectedCharacter("'\\u{7}'", expected: "a value"), 1, 7),
        Failure("{ a = +1; }", .unexpectedCharacter("'+'", expected: "a value"), 1, 7),
        Failure("{ a = «b»; }", .unexpectedCharacter("'«'", expected: "a value"), 1, 7),
        // Text after the top-level value.
        Failure("{ a = b; } c", .unexpectedCharacter("'c'", expected: "end of file"), 1, 12),
        Failure("( a )\n// fine\n)", .unexpectedCharacter("')'", expected: "end of file"), 3, 1),
        Failure("<0f> <1a>", .unexpectedCharacter("'<'", expected: "end of file"), 1, 6),
        Failure("a = b;\n}", .unexpectedCharacter("'}'", expected: "a key or end of file"), 2, 1),
        Failure("= b;", .unexpectedCharacter("'='", expected: "a value"), 1, 1),
        // Encodings.
        Failure(
            bytes: Array("{\n  a = \"".utf8) + [0xFF] + Array("\";\n}".utf8),
            .invalidEncoding(utf8Problem(0xFF)), 2, 8),
        Failure(
            bytes: Array("{ a = \"".utf8) + [0xC3, 0x28] + Array("\"; }".utf8),
            .invalidEncoding(utf8Problem(0xC3)), 1, 8),
        Failure(
            bytes: Array("( \"".utf8) + [0xED, 0xA0, 0x80] + Array("\" )".utf8),
            .invalidEncoding(utf8Problem(0xED)), 1, 4),
        Failure(
            bytes: Array("( \"".utf8) + [0xC0, 0xAF] + Array("\" )".utf8),
            .invalidEncoding(utf8Problem(0xC0)), 1, 4),
        Failure(bytes: Array("( a".utf8) + [0xE2, 0x82], .invalidEncoding(utf8Problem(0xE2)), 1, 4),
        Failure(
            bytes: [0xFF, 0xFE] + utf16LE("{ a = \"x") + [0x00, 0xD8] + utf16LE("\"; }"),
            .invalidEncoding("unpaired UTF-16 surrogate 0xD800"), 1, 9),
        Failure(
            bytes: [0xFF, 0xFE] + utf16LE("{\n a = b; }") + [0x20],
            .invalidEncoding("UTF-16 text ends in the middle of a character"), 2, 10),
        // Nesting: the opening bracket one level too deep.
        Failure(String(repeating: "(", count: 1_000), .nestingTooDeep(limit: 200), 1, 201),
        Failure(String(repeating: "{a=", count: 300), .nestingTooDeep(limit: 200), 1, 601),
    ]

    @Test(arguments: failures)
    func refuses(_ failure: Failure) {
        #expect(throws: PropertyListError(failure.problem, at: location(failure.line, failure.column))) {
            try parse(bytes: failure.input)
        }
    }

    @Test func survivesAMillionOpeningParentheses() {
        let input = [UInt8](repeating: UInt8(ascii: "("), count: 1_000_000)
        #expect(throws: PropertyListError(.nestingTooDeep(limit: 200), at: location(1, 201))) {
            try parse(bytes: input)
        }
    }

    @Test func failsCleanlyAtTheEndOfADeepUnfinishedDocument() {
        let input = Array((String(repeating: "( a, ", count: 150) + "b").utf8)
        #expect(throws: PropertyListError(.unexpectedEnd(expected: "',' or ')'"), at: location(1, 752))) {
            try parse(bytes: input)
        }
    }

    @Test func describesErrorsWithoutRepeatingThePosition() throws {
        let error = try #require(throws: PropertyListError.self) { try parse("{ a = b }") }
        #expect(error.description == "test.plist:1:9: error: unexpected '}'; expected ';'")
        let comment = try #require(throws: PropertyListError.self) { try parse("( a ) /*") }
        #expect(comment.description == "test.plist:1:7: error: comment is never closed")
    }

    // MARK: Helpers

    private func location(_ line: Int, _ column: Int) -> PropertyList.SourceLocation {
        PropertyList.SourceLocation(file: "test.plist", line: line, column: column)
    }

    private func readFixture(_ name: String) throws -> PropertyListDocument {
        let bytes = try FileInput.readAll(path: fixture("openstep/" + name), limit: 1 << 20)
        // Named by the fixture alone, so that locations read `Sample.pbxproj:46:6` on any machine.
        return try PropertyListReader().read(bytes, file: name)
    }

    private static func utf8Problem(_ byte: UInt8) -> String {
        "byte 0x\(String(byte, radix: 16, uppercase: true)) does not start a valid UTF-8 sequence "
            + "(OpenStep text is read as UTF-8, or as UTF-16 after a byte-order mark)"
    }

    private static func utf16LE(_ text: String) -> [UInt8] {
        text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }
}
