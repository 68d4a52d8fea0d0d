import PropertyList
import Testing

@testable import Lint

/// The fixer's checks: what it refuses to write, and how replacement text is escaped.
@Suite struct FixerRefusalTests {
    /// A document type whose content type is misspelt (DOC-006, fixed by a replacement).
    static let misspelt = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDocumentTypes</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>CFBundleTypeName</key>
        \t\t\t<string>Text</string>
        \t\t\t<key>CFBundleTypeRole</key>
        \t\t\t<string>Viewer</string>
        \t\t\t<key>LSHandlerRank</key>
        \t\t\t<string>Alternate</string>
        \t\t\t<key>LSItemContentTypes</key>
        \t\t\t<array>
        \t\t\t\t<string>publiic.plain-text</string>
        \t\t\t</array>
        \t\t</dict>
        \t</array>
        </dict>
        </plist>

        """

    /// The DOC-006 finding of ``misspelt``, its fix-it replacing the identifier by `replacement`
    /// (or left as the rule wrote it).
    static func misspelling(replacedBy replacement: String? = nil) throws -> Diagnostic {
        let found = Linter().lint(text: misspelt).filter { $0.code == "DOC-006" }
        var diagnostic = try #require(found.first)
        #expect(found.count == 1)
        let fixIt = try #require(diagnostic.fixIt)
        guard let replacement else { return diagnostic }
        guard case .replaceString(let location, _) = try #require(fixIt.changes.first) else {
            Issue.record("DOC-006's fix-it is not a replacement: \(fixIt.changes)")
            return diagnostic
        }
        diagnostic.fixIt = FixIt(fixIt.summary, changes: [.replaceString(at: location, with: replacement)])
        return diagnostic
    }

    static func fix(_ text: String, _ diagnostic: Diagnostic) -> Result<
        (bytes: [UInt8], fixed: [Diagnostic]), FixFailure
    > {
        Fixer().fix(Array(text.utf8), file: "Info.plist", diagnostics: [diagnostic])
    }

    /// The reason a fix was refused, or nil when it was made.
    static func refusal(_ result: Result<(bytes: [UInt8], fixed: [Diagnostic]), FixFailure>) -> String? {
        if case .failure(let failure) = result { return failure.reason }
        return nil
    }

    @Test func theRulesOwnFixApplies() throws {
        let result = try Self.fix(Self.misspelt, Self.misspelling()).get()
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(text == Self.misspelt.replacingOccurrences(of: "publiic.", with: "public."))
        #expect(result.fixed.map(\.code) == ["DOC-006"])
    }

    /// Markup characters and a carriage return in replacement text are written as references,
    /// and the value reads back exactly.
    @Test func replacementTextIsEscaped() throws {
        let replacement = "a&b<c>d]]>e\r\nf"
        let result = try Self.fix(Self.misspelt, Self.misspelling(replacedBy: replacement)).get()
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(text.contains("\t\t\t\t<string>a&amp;b&lt;c&gt;d]]&gt;e&#13;\nf</string>\n"))
        let document = try PropertyListReader().read(result.bytes, file: "Info.plist")
        let types = document.root["CFBundleDocumentTypes"]?.elements.first?["LSItemContentTypes"]
        #expect(types?.elements.first?.string == replacement)
    }

    /// A character XML cannot hold (U+0001) would leave a file no reader accepts: refused.
    @Test func aFixThatWouldNotParseIsRefused() throws {
        let result = Self.fix(Self.misspelt, try Self.misspelling(replacedBy: "public.\u{1}plain-text"))
        #expect(Self.refusal(result) == "the fixed text would not parse")
    }

    /// The file changed after it was linted (the key was renamed): the edit would land at the
    /// finding's line and column, but the value would not be where the fix means it to be.
    @Test func aFileEditedSinceItWasLintedIsRefused() throws {
        let edited = Self.misspelt.replacingOccurrences(
            of: "<key>LSItemContentTypes</key>", with: "<key>LSItemContentTypez</key>")
        let result = Self.fix(edited, try Self.misspelling())
        #expect(Self.refusal(result) == "the fixed text would not read back as intended")
    }

    @Test func aFileThatNoLongerParsesIsRefused() throws {
        let truncated = String(Self.misspelt.prefix(200))
        let result = Self.fix(truncated, try Self.misspelling())
        #expect(Self.refusal(result) == "the file no longer parses")
    }

    /// An OpenStep file reads, but only XML is rewritten.
    @Test func openStepFilesAreNeverRewritten() throws {
        let openStep = """
            {
                CFBundleDocumentTypes = (
                    {
                        CFBundleTypeName = Text;
                        CFBundleTypeRole = Viewer;
                        LSHandlerRank = Alternate;
                        LSItemContentTypes = ("publiic.plain-text");
                    }
                );
            }

            """
        let diagnostic = try #require(Linter().lint(text: openStep).first { $0.code == "DOC-006" })
        #expect(diagnostic.fixIt != nil)
        #expect(Self.refusal(Self.fix(openStep, diagnostic)) == "only XML plists are rewritten")
    }

    /// Two fixes of one element: the first is made, the second left for the next run.
    @Test func overlappingFixesApplyOnce() throws {
        let first = try Self.misspelling(replacedBy: "public.plain-text")
        let second = try Self.misspelling(replacedBy: "public.text")
        let result = try Fixer().fix(Array(Self.misspelt.utf8), file: "Info.plist", diagnostics: [first, second]).get()
        #expect(result.fixed == [first])
        #expect(String(decoding: result.bytes, as: UTF8.self).contains("<string>public.plain-text</string>"))
    }
}

/// Diffs for `--fix --dry-run`: data, byte for byte; escaped only for a terminal.
@Suite struct UnifiedDiffTests {
    @Test func linesAreWrittenAsTheFileHasThem() {
        let diff = UnifiedDiff.diff(old: Array("\ta\r\nb\n".utf8), new: Array("\tA\r\nb\n".utf8), path: "f")
        #expect(diff == "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-\ta\r\n+\tA\r\n b\n")
    }

    /// A last line without a line break is marked, as `diff` marks it.
    @Test func aMissingFinalLineBreakIsMarked() {
        let diff = UnifiedDiff.diff(old: Array("a\nb".utf8), new: Array("a\nB".utf8), path: "f")
        #expect(
            diff
                == "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+B\n\\ No newline at end of file\n"
        )
    }

    /// On a terminal, control characters are escaped (a tab stays a tab, a CR ending a line
    /// stays) and the diff says so on a first line.
    @Test func escapedOnlyForATerminal() {
        let diff = "--- a/f\n+++ b/f\n@@ -1,1 +1,1 @@\n-\ta\u{1B}[31m\n+\tb\r\n"
        let shown = UnifiedDiff.forTerminal(diff)
        #expect(shown.hasPrefix("# utiscope: characters that must not reach a terminal raw are shown escaped"))
        #expect(shown.hasSuffix("\n-\ta\\u{1B}[31m\n+\tb\r\n"))
        #expect(UnifiedDiff.forTerminal("+\tplain\n") == "+\tplain\n")
    }
}
