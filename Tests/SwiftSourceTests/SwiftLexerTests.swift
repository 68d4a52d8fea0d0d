import Testing

@testable import SwiftSource

/// What is code and what is not: comments, strings of every delimiter, interpolations, regular
/// expressions and conditional compilation.
@Suite struct SwiftLexerTests {
    // MARK: Comments

    @Test func lineAndDocCommentsAreNotCode() {
        let code = """
            // UIDocumentBrowserViewController(forOpening: nil)
            /// UTType(exportedAs: "com.example.doc")
            let kept = 1 // trailing UTType
            """
        #expect(codeNames(code) == ["let", "kept"])
    }

    @Test func blockCommentsNest() {
        let code = "/* outer /* inner */ still comment UTType */ code /* a */ more"
        #expect(codeNames(code) == ["code", "more"])
    }

    @Test func anUnclosedBlockCommentRunsToTheEnd() {
        #expect(codeNames("before /* /* */ never closed\nUTType") == ["before"])
    }

    @Test func commentMarkersInsideStringsAreText() {
        #expect(
            codeNames(#"let a = "// not a comment"; let b = "/* nor this" ; after"#) == [
                "let", "a", "let", "b", "after",
            ])
    }

    // MARK: Strings

    @Test func escapedQuotesStayInTheString() {
        let code = #"let s = "say \"UTType\" \\" ; next"#
        #expect(
            tokens(code) == [
                "identifier let", "identifier s", "operator =", #"string "say \"UTType\" \\""#, "semicolon ;",
                "identifier next",
            ])
    }

    @Test func multilineStringsHoldQuotesAndLines() {
        let code = "let s = \"\"\"\n  a \"quoted\" \"\" UTType\n  \"\"\"\nafter"
        #expect(codeNames(code) == ["let", "s", "after"])
    }

    @Test func rawStringsEndOnlyWithTheirHashes() {
        #expect(codeNames(##"let a = #"a "quote" \(notCode) "# ; b"##) == ["let", "a", "b"])
        // `"#` alone does not end a `##"…"##`.
        #expect(codeNames(###"let a = ##"x "# UTType "##; b"###) == ["let", "a", "b"])
        #expect(codeNames("let a = #\"\"\"\n \"\"\" not yet \"# nor\n \"\"\"#\nb") == ["let", "a", "b"])
    }

    @Test func aRawTripleQuoteOnOneLineIsOneQuote() {
        #expect(codeNames(##"let q = #"""# ; if q == #"""# { after() }"##) == ["let", "q", "if", "q", "after"])
    }

    @Test func interpolationsAreCode() {
        let code = #"let s = "a \(foo("b)", bar)) c""#
        #expect(
            tokens(code) == [
                "identifier let", "identifier s", "operator =", #"stringBegin "a \("#, "identifier foo", "openParen (",
                #"string "b)""#, "comma ,", "identifier bar", "closeParen )", #"stringEnd ) c""#,
            ])
    }

    @Test func interpolationsHoldClosuresAndNestedStrings() {
        let code = #"let s = "\(items.map { "\($0.name)" }.joined(separator: ", "))" ; after"#
        #expect(
            codeNames(code) == ["let", "s", "items", "map", "$0", "name", "joined", "separator", "after"])
    }

    @Test func rawInterpolationsNeedTheirHashes() {
        #expect(codeNames(##"let s = #"\(notCode) \#(code)"#"##) == ["let", "s", "code"])
    }

    @Test func anUnterminatedStringEndsAtItsLine() {
        let code = "let a = \"open\nlet b = 1"
        #expect(codeNames(code) == ["let", "a", "let", "b"])
        #expect(tokens(code)[3] == "string \"open")
    }

    @Test func stringValuesAreDecoded() throws {
        let cases: [(String, String)] = [
            (#""public.plain-text""#, "public.plain-text"),
            (#""tab\tand \u{1F600} and \"q\"""#, "tab\tand \u{1F600} and \"q\""),
            (##"#"raw \n \#n"#"##, "raw \\n \n"),
            ("\"\"\"\n    first\n      second\n    \"\"\"", "first\n  second"),
            ("\"\"\"\n    joined \\\n    here\n    \"\"\"", "joined here"),
        ]
        for (literal, value) in cases {
            let bytes = Array(literal.utf8)
            let decoded = bytes.withUnsafeBufferPointer { buffer -> String? in
                let lexed = SwiftLexer.tokenize(buffer)
                return SourceText(path: "x", bytes: buffer, lexed: lexed).stringValue(0)
            }
            #expect(decoded == value, "\(literal)")
        }
    }

    // MARK: Regular expressions and operators

    @Test func regexLiteralsHideQuotes() {
        #expect(codeNames(#"let r = /"/ ; after"#) == ["let", "r", "after"])
        #expect(codeNames(##"let r = #/ " UTType /# ; after"##) == ["let", "r", "after"])
        #expect(codeNames("x.split(separator: /[\"]+/) ; after") == ["x", "split", "separator", "after"])
    }

    @Test func divisionIsNotARegex() {
        #expect(tokens("a / b / c") == ["identifier a", "operator /", "identifier b", "operator /", "identifier c"])
        #expect(
            tokens("let half = total/2") == [
                "identifier let", "identifier half", "operator =", "identifier total", "operator /", "number 2",
            ])
    }

    @Test func postfixOperatorsAreTokensOfTheirOwn() {
        #expect(tokens(#"UTType("a")!"#).suffix(2) == ["closeParen )", "operator !"])
        #expect(tokens("handler?(nil)").prefix(3) == ["identifier handler", "operator ?", "openParen ("])
        #expect(tokens("a != b") == ["identifier a", "operator !=", "identifier b"])
        #expect(tokens("a!=b") == ["identifier a", "operator !=", "identifier b"])
    }

    @Test func backquotedNamesAreNames() {
        #expect(tokens("let `default` = 1").prefix(2) == ["identifier let", "identifier default"])
    }

    // MARK: Conditional compilation

    @Test func ifFalseIsNotRead() {
        let code = """
            #if false
            let hidden = UIDocumentBrowserViewController(forOpening: nil)
            #else
            let shown = 1
            #endif
            """
        #expect(codeNames(code) == ["let", "shown"])
    }

    @Test func everyOtherBranchIsRead() {
        let code = """
            #if os(iOS)
            let a = 1
            #elseif os(macOS) // a comment
            let b = 2
            #else
            let c = 3
            #endif
            """
        #expect(codeNames(code) == ["let", "a", "let", "b", "let", "c"])
    }

    @Test func ifTrueHidesTheLaterBranches() {
        let code = "#if true\nlet a = 1\n#elseif os(iOS)\nlet b = 2\n#else\nlet c = 3\n#endif"
        #expect(codeNames(code) == ["let", "a"])
    }

    @Test func elseIfFalseIsNotRead() {
        #expect(codeNames("#if os(iOS)\nlet a = 1\n#elseif false\nlet b = 2\n#endif") == ["let", "a"])
    }

    @Test func nestedInactiveGroupsDisappear() {
        let code = "#if false\n#if os(iOS)\nlet a = 1\n#endif\n#endif\nlet b = 2"
        let bytes = Array(code.utf8)
        let lexed = bytes.withUnsafeBufferPointer { SwiftLexer.tokenize($0) }
        #expect(lexed.groups.isEmpty)
        #expect(codeNames(code) == ["let", "b"])
    }

    @Test func anEndifInsideAStringOfAnInactiveBranchDoesNotEndIt() {
        let code = "#if false\nlet s = \"\"\"\n#endif\n\"\"\"\nlet hidden = 1\n#endif\nlet shown = 2"
        #expect(codeNames(code) == ["let", "shown"])
    }

    @Test func branchesOpeningBracesDifferentlyKeepTheFirstBranchsStructure() {
        let code = """
            #if os(iOS)
            class A: UIViewController {
            #else
            class A: NSViewController {
            #endif
                func f() { }
            }
            let after = 1
            """
        let kinds = tokens(code).map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(kinds.filter { $0 == "openBrace" }.count == 2)
        #expect(kinds.filter { $0 == "closeBrace" }.count == 2)
        #expect(kinds.filter { $0 == "inertBrace" }.count == 1)
        let bytes = Array(code.utf8)
        let partners = bytes.withUnsafeBufferPointer { SwiftLexer.tokenize($0).partners() }
        #expect(partners.allSatisfy { $0 < Int32(partners.count) })
    }

    // MARK: Events

    @Test func eventsAreTheTokensTheReaderWouldPick() {
        let code = """
            import UIKit
            #if false
            let hidden = UTType(exportedAs: "com.example.hidden")
            #endif
            final class Browser: UIDocumentBrowserViewController {
                let text = "a \\(UTType.pdf) b"
                func make() { present(UIDocumentBrowserViewController(forOpening: [.pdf]), animated: true) }
                var body: some View { DocumentGroup(newDocument: Doc()) { _ in } .fileImporter(isPresented: $x, allowedContentTypes: []) }
            }
            """
        let bytes = Array(code.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let lexed = SwiftLexer.tokenize(buffer)
            let keys = Set(FactReader.keyNames.map { name in "\(name.utf8.first ?? 0) \(name.utf8.count)" })
            let expected = lexed.tokens.indices.filter { index in
                let token = lexed.tokens[index]
                switch token.kind {
                case .openBrace, .closeBrace, .string: return true
                case .identifier:
                    guard !token.flags.contains(.escapedName) else { return false }
                    return keys.contains("\(buffer[Int(token.start)]) \(token.end - token.start)")
                default: return false
                }
            }
            #expect(lexed.events.map(Int.init) == expected)
            #expect(!expected.isEmpty)
        }
    }

    // MARK: Positions and hostile input

    @Test func linesCountEveryLineBreak() {
        let code = "/* a\nb */ \"\"\"\nx\n\"\"\" next\n\nlast"
        let bytes = Array(code.utf8)
        let lines = bytes.withUnsafeBufferPointer { SwiftLexer.tokenize($0).tokens.map(\.line) }
        #expect(lines == [2, 4, 6])
    }

    @Test func columnsCountUnicodeScalars() {
        let code = "let é = \"ü\"; UTType"
        let bytes = Array(code.utf8)
        let location = bytes.withUnsafeBufferPointer { buffer in
            let lexed = SwiftLexer.tokenize(buffer)
            return SourceText(path: "A.swift", bytes: buffer, lexed: lexed).location(5).description
        }
        #expect(location == "A.swift:1:14")
    }

    @Test func anyBytesLexWithoutTrapping() {
        var generator = SplitMix64(state: 33)
        let alphabet = Array("\"#\\()[]{}/*\n \tabc`$'.!?:=".utf8) + [0x00, 0xC3, 0xA9, 0xFF]
        for _ in 0..<300 {
            let count = Int.random(in: 0..<200, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            let lexed = bytes.withUnsafeBufferPointer { SwiftLexer.tokenize($0) }
            #expect(lexed.tokens.allSatisfy { $0.start <= $0.end && Int($0.end) <= count })
            _ = SwiftFile(path: "x.swift", bytes: bytes)
        }
    }
}
