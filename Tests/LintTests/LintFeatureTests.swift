import AppBundle
import Foundation
import PropertyList
import Support
import Testing
import UniformTypes

@testable import Lint

/// A document-type entry without a rank, for the feature tests.
private let missingRank = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!-- a comment that must survive -->
    <plist version="1.0">
    <dict>
    \t<key>CFBundleDocumentTypes</key>
    \t<array>
    \t\t<!-- utiscope:disable DOC-004 -->
    \t\t<dict>
    \t\t\t<key>CFBundleTypeName</key>
    \t\t\t<string>Sketch</string>
    \t\t\t<key>LSItemContentTypes</key>
    \t\t\t<array>
    \t\t\t\t<string>publiic.plain-text</string>
    \t\t\t</array>
    \t\t</dict>
    \t</array>
    \t<key>UTExportedTypeDeclarations</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>UTTypeIdentifier</key>
    \t\t\t<string>com.example.sketch</string>
    \t\t\t<key>UTTypeTagSpecification</key>
    \t\t\t<dict>
    \t\t\t\t<key>public.filename-extension</key>
    \t\t\t\t<array>
    \t\t\t\t\t<string>.SKETCH</string>
    \t\t\t\t</array>
    \t\t\t</dict>
    \t\t</dict>
    \t</array>
    \t<key>UTImportedTypeDeclarations</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>UTTypeIdentifier</key>
    \t\t\t<string>com.example.sketch</string>
    \t\t</dict>
    \t</array>
    </dict>
    </plist>

    """

@Suite struct BlankTextTests {
    /// Spaces, tabs and line breaks (a CRLF pair too) are blank; anything else is not.
    @Test func blanksAreSpacesTabsAndLineBreaks() {
        for text in ["", " ", "\t\n", "\r\n", " \r\n\t "] {
            #expect(text.isBlank, "\(Array(text.utf8))")
            #expect(text.trimmingBlanks.isEmpty, "\(Array(text.utf8))")
        }
        for text in ["x", " x ", "\u{00A0}", "\r\nx\r\n", "\u{200B}"] {
            #expect(!text.isBlank, "\(Array(text.utf8))")
        }
        #expect(" \r\n Sketch \t\r\n".trimmingBlanks == "Sketch")
        #expect("\r\nx\r\n".trimmingBlanks == "x")
    }
}

@Suite struct SuppressionTests {
    @Test func aCommentSilencesTheRuleForTheElementOnly() {
        let found = Linter().lint(text: missingRank)
        #expect(!found.contains { $0.code == "DOC-004" })
        #expect(found.contains { $0.code == "DOC-002" })
    }

    /// With only one rule, or none at all, the comments still apply and nothing else is found.
    @Test func suppressionsApplyWithOneRuleOrNone() {
        let two = Linter(rules: [MissingHandlerRank(), InvalidTypeRole()])
        let unsilenced = missingRank.replacingOccurrences(of: "<!-- utiscope:disable DOC-004 -->", with: "")
        #expect(two.lint(text: unsilenced).contains { $0.code == "DOC-004" })
        #expect(two.lint(text: missingRank).map(\.code) == ["DOC-002"])
        #expect(Linter(rules: [InvalidTypeRole()]).lint(text: missingRank).isEmpty)
        #expect(Linter(rules: []).lint(text: missingRank).isEmpty)
        var configuration = LintConfiguration()
        for rule in RuleRegistry.rules { configuration.rules[type(of: rule).description.code] = .off }
        #expect(Linter(configuration: configuration).lint(text: missingRank).isEmpty)
    }

    /// Only comments hold directives: the same words in a string's text silence nothing.
    @Test func aDirectiveOutsideACommentIsText() {
        let text = missingRank.replacingOccurrences(
            of: "<!-- utiscope:disable DOC-004 -->",
            with: "<string>&lt;!-- utiscope:disable DOC-004 --&gt;</string>")
        #expect(Linter().lint(text: text).contains { $0.code == "DOC-004" })
    }

    @Test func aCommentAfterNonASCIITextOnItsLineStillApplies() {
        let silenced = Linter().lint(text: FixerTests.oneLine("<!-- utiscope:disable DOC-006 -->"))
        #expect(!silenced.contains { $0.code == "DOC-006" })
        #expect(Linter().lint(text: FixerTests.oneLine("")).contains { $0.code == "DOC-006" })
    }

    /// The directive stands before the next start tag, past blank lines and other comments; when
    /// an end tag comes first it silences nothing.
    @Test func aDirectiveAppliesToTheNextStartTagOnly() {
        let spaced = missingRank.replacingOccurrences(
            of: "<!-- utiscope:disable DOC-004 -->", with: "<!-- utiscope:disable DOC-004 -->\n\n\t\t<!-- another -->")
        #expect(!Linter().lint(text: spaced).contains { $0.code == "DOC-004" })
        // An instruction or a comment holding a `<` is no element: the directive passes them.
        let instruction = missingRank.replacingOccurrences(
            of: "<!-- utiscope:disable DOC-004 -->", with: "<!-- utiscope:disable DOC-004 --><?tool x?><!-- <a> -->")
        #expect(!Linter().lint(text: instruction).contains { $0.code == "DOC-004" })
        let beforeEnd = missingRank.replacingOccurrences(of: "\t\t<!-- utiscope:disable DOC-004 -->\n", with: "")
            .replacingOccurrences(
                of: "\t\t</dict>\n\t</array>\n\t<key>UTExportedTypeDeclarations</key>",
                with:
                    "\t\t</dict>\n\t\t<!-- utiscope:disable DOC-004 -->\n\t</array>\n\t<key>UTExportedTypeDeclarations</key>"
            )
        #expect(beforeEnd.contains("<!-- utiscope:disable DOC-004 -->\n\t</array>"))
        #expect(Linter().lint(text: beforeEnd).contains { $0.code == "DOC-004" })
    }

    @Test func disableFileSilencesEverywhere() {
        let text = missingRank.replacingOccurrences(
            of: "<!-- a comment that must survive -->",
            with: "<!-- utiscope:disable-file DOC-002, undeclared-content-type -->")
        let found = Linter().lint(text: text)
        #expect(!found.contains { $0.code == "DOC-002" || $0.code == "DOC-006" })
        #expect(found.contains { $0.code == "UTI-008" })
    }
}

/// PLIST-010: comments that can silence nothing.
@Suite struct IneffectiveSuppressionTests {
    let rules: [any Rule] = [MissingHandlerRank(), InvalidTypeRole(), LegacyBindingKeys(), IneffectiveSuppression()]

    func ineffective(_ text: String, configuration: LintConfiguration = LintConfiguration()) -> [String] {
        Linter(rules: rules, configuration: configuration).lint(text: text).filter { $0.code == "PLIST-010" }.map {
            "\($0.location.line ?? 0) \($0.message)"
        }
    }

    /// Only rules that ran count: a disable of a rule turned off, or not run, is not reported; one
    /// that ran and silenced something is not either.
    @Test func onlyRulesThatRanAndSilencedNothingAreReported() {
        #expect(ineffective(missingRank).isEmpty, "DOC-004 ran and the comment silenced it")
        let unused = missingRank.replacingOccurrences(of: "disable DOC-004", with: "disable DOC-004 DOC-005 DOC-006")
        #expect(
            ineffective(unused) == [
                "7 'utiscope:disable DOC-005' silences no finding here; remove 'DOC-005' from the comment"
            ], "DOC-006 did not run")
        var configuration = LintConfiguration()
        configuration.rules["DOC-005"] = .off
        #expect(ineffective(unused, configuration: configuration).isEmpty)
        configuration = LintConfiguration()
        configuration.rules["PLIST-010"] = .off
        #expect(ineffective(unused, configuration: configuration).isEmpty)
        configuration = LintConfiguration()
        configuration.rules["PLIST-010"] = .error
        let errors = Linter(rules: rules, configuration: configuration).lint(text: unused)
        #expect(errors.filter { $0.code == "PLIST-010" }.map(\.severity) == [.error])
    }

    /// The finding about a comment is never silenced by that comment, but another comment can
    /// silence it (and is then not reported itself).
    @Test func aCommentCannotSilenceItsOwnFinding() {
        let own = missingRank.replacingOccurrences(of: "disable DOC-004", with: "disable DOC-004, PLIST-010, DOC-005")
        #expect(
            ineffective(own) == [
                "7 'utiscope:disable DOC-005' silences no finding here; remove 'DOC-005' from the comment"
            ])
        let other = own.replacingOccurrences(
            of: "<!-- a comment that must survive -->", with: "<!-- utiscope:disable-file ineffective-suppression -->")
        #expect(ineffective(other).isEmpty)
    }

    /// A misspelt directive, whose rule is then found; a comment that only mentions utiscope is
    /// no directive.
    @Test func aMisspeltDirectiveSilencesNothingAndIsReported() {
        let misspelt = missingRank.replacingOccurrences(
            of: "utiscope:disable DOC-004", with: "utiscope:disabel DOC-004"
        )
        .replacingOccurrences(of: "a comment that must survive", with: "checked by utiscope: see the README")
        let found = Linter(rules: rules).lint(text: misspelt)
        #expect(found.contains { $0.code == "DOC-004" })
        #expect(
            ineffective(misspelt) == [
                "7 'utiscope:disabel' is not a directive, so this comment silences nothing; did you mean 'utiscope:disable'?"
            ])
    }
}

@Suite struct ConfigurationTests {
    let known = Set(RuleRegistry.descriptions.map(\.code))

    @Test func readsRulesExclusionsPlatformAndSettings() throws {
        let text = """
            {"version": 1, "rules": {"DOC-002": "error", "icon-001": "off", "XYZ-999": "warning"},
             "excluded": ["Pods", "Vendor/*.plist"], "platform": "ios", "buildSettings": {"A": "b"}, "extra": 1}
            """
        let (configuration, warnings) = try LintConfiguration.parse(Array(text.utf8), folder: "/p", knownCodes: known)
        #expect(configuration.rules == ["DOC-002": .error, "ICON-001": .off])
        #expect(configuration.platform == .iOS)
        #expect(configuration.buildSettings == ["A": "b"])
        #expect(warnings == ["unknown rule 'XYZ-999' is ignored", "unknown key 'extra' is ignored"])
        #expect(configuration.excludes("/p/Pods/X/Info.plist"))
        #expect(configuration.excludes("/p/App/Pods/Info.plist"))
        #expect(configuration.excludes("/p/Vendor/Old.plist"))
        #expect(!configuration.excludes("/p/App/Info.plist"))
    }

    /// Each refusal says what is wrong and where (line and column of the value or the break).
    @Test func refusesOtherVersionsAndBadJSON() {
        let version = #expect(throws: ConfigurationError.self) {
            try LintConfiguration.parse(Array(#"{"version": 2}"#.utf8), folder: "", knownCodes: known)
        }
        #expect(version?.message == "version 2 is not supported; this utiscope reads version 1")
        #expect(version?.place(in: "c.json") == "c.json:1:2")
        let truncated = #expect(throws: ConfigurationError.self) {
            try LintConfiguration.parse(Array("{\"version\": 1,\n".utf8), folder: "", knownCodes: known)
        }
        #expect(truncated?.message == "not valid JSON: expected a string key")
        #expect(truncated?.place(in: "c.json") == "c.json:2:1")
    }

    @Test func severitiesAndOffApply() {
        let configuration = LintConfiguration(rules: ["DOC-002": .error, "DOC-006": .off])
        let found = Linter(configuration: configuration).lint(text: missingRank)
        #expect(found.first { $0.code == "DOC-002" }?.severity == .error)
        #expect(!found.contains { $0.code == "DOC-006" })
    }
}

@Suite struct BaselineTests {
    @Test func absorbsTodaysFindingsAndSurvivesMovedLines() throws {
        let before = Linter().lint(text: missingRank)
        let baseline = try Baseline.parse(Array(Baseline(before).json.utf8))
        // Unrelated edit: lines move, the findings stay.
        let moved = missingRank.replacingOccurrences(
            of: "<dict>\n\t<key>CFBundleDocumentTypes",
            with: "<dict>\n\t<key>CFBundleName</key>\n\t<string>X</string>\n\t<key>CFBundleDocumentTypes")
        let after = Linter().lint(text: moved)
        #expect(after.map(\.location.line) != before.map(\.location.line))
        #expect(baseline.newFindings(after).isEmpty)
        // A new finding is reported.
        let worse = moved.replacingOccurrences(
            of: "<string>Sketch</string>",
            with: "<string>Sketch</string>\n\t\t\t<key>LSHandlerRank</key>\n\t\t\t<string>Boss</string>")
        #expect(baseline.newFindings(Linter().lint(text: worse)).map(\.code) == ["DOC-003"])
    }
}

@Suite struct FixerTests {
    func fixed(_ text: String) throws -> (text: String, fixed: [Diagnostic]) {
        let found = Linter().lint(text: text)
        let result = try Fixer().fix(Array(text.utf8), file: "Info.plist", diagnostics: found).get()
        return (String(decoding: result.bytes, as: UTF8.self), result.fixed)
    }

    @Test func appliesMinimalEditsKeepingCommentsAndIndentation() throws {
        let (text, fixed) = try fixed(missingRank)
        #expect(Set(fixed.map(\.code)) == ["DOC-002", "DOC-006", "UTI-012", "UTI-008"])
        #expect(text.contains("<!-- a comment that must survive -->"))
        #expect(text.contains("<!-- utiscope:disable DOC-004 -->"))
        #expect(text.contains("\t\t\t<key>LSHandlerRank</key>\n\t\t\t<string>Default</string>\n\t\t</dict>"))
        #expect(text.contains("\t\t\t\t<string>public.plain-text</string>"))
        #expect(text.contains("\t\t\t\t\t<string>sketch</string>"))
        #expect(text.contains("<key>UTImportedTypeDeclarations</key>\n\t<array>\n\t</array>"))
        // Nothing else changed: every original line that no fix touched is still there, in order.
        let untouched = missingRank.split(separator: "\n").filter {
            !$0.contains("publiic") && !$0.contains(".SKETCH") && !$0.contains("\t\t<dict>")
                && !$0.contains("\t\t</dict>")
                && !$0.contains("UTTypeIdentifier") && !$0.contains("com.example.sketch")
        }
        var remaining = Substring(text)
        for line in untouched {
            guard let range = remaining.range(of: line) else {
                Issue.record("line lost: \(line)")
                break
            }
            remaining = remaining[range.upperBound...]
        }
    }

    /// One document type on one line, with non-ASCII text before the elements a fix or a
    /// suppression comment is about: columns count characters, offsets count bytes.
    static func oneLine(_ middle: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDocumentTypes</key>
        \t<array>
        \t\t<dict><key>CFBundleTypeName</key><string>Café ☕️</string><key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Owner</string><key>LSItemContentTypes</key><array>\(middle)<string>publiic.plain-text</string></array></dict>
        \t</array>
        </dict>
        </plist>

        """
    }

    @Test func fixesElementsAfterNonASCIITextOnTheirLine() throws {
        let (text, fixed) = try fixed(Self.oneLine(""))
        #expect(fixed.map(\.code) == ["DOC-006"])
        #expect(text.contains("<array><string>public.plain-text</string></array>"))
    }

    @Test func isIdempotent() throws {
        let once = try fixed(missingRank).text
        let twice = try fixed(once)
        #expect(twice.text == once)
        #expect(twice.fixed.isEmpty)
    }

    @Test func selfClosingDictionaryGetsTheEntry() throws {
        let text =
            "<plist version=\"1.0\">\n<dict>\n    <key>CFBundleDocumentTypes</key>\n    <array>\n        <dict/>\n    </array>\n</dict>\n</plist>\n"
        let (fixedText, fixed) = try fixed(text)
        #expect(fixed.map(\.code) == ["DOC-002"])
        #expect(
            fixedText.contains(
                "        <dict>\n            <key>LSHandlerRank</key>\n            <string>Default</string>\n        </dict>"
            ))
    }

    /// A valid binary plist with fixable findings: it reads, so the fixer gets as far as its
    /// format, and refuses to rewrite it.
    @Test func binaryPlistsAreNeverRewritten() throws {
        let xml = try PropertyListReader().read(Array(missingRank.utf8), file: "Info.plist")
        let bytes = TwinWriter.binary(xml)
        let document = try PropertyListReader().read(bytes, file: "Info.plist")
        #expect(document.format == .binary)
        let found = Linter().lint(LintContext(app: InfoPlist(document: document, platform: nil)))
        let fixable = found.filter { $0.fixIt != nil }
        #expect(fixable.map(\.code) == ["DOC-002", "DOC-006", "UTI-012", "UTI-008"], "\(fixable.map(\.message))")
        let result = Fixer().fix(bytes, file: "Info.plist", diagnostics: found)
        guard case .failure(let failure) = result else {
            Issue.record("a binary plist was rewritten")
            return
        }
        #expect(failure.reason == "only XML plists are rewritten")
    }

    @Test func diffIsUnified() {
        let diff = UnifiedDiff.diff(old: Array("a\nb\nc\n".utf8), new: Array("a\nB\nc\n".utf8), path: "f")
        #expect(diff == "--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n")
    }
}

@Suite struct DocumentationTests {
    @Test func rulesMarkdownIsInSync() throws {
        let path = packageDirectory + "/Documentation/Rules.md"
        let expected = RulesDocumentation.markdown()
        if ProcessInfo.processInfo.environment["UTISCOPE_UPDATE_GOLDEN"] == "1" {
            try Data(expected.utf8).write(to: URL(fileURLWithPath: path))
        }
        let actual = try String(contentsOfFile: path, encoding: .utf8)
        #expect(actual == expected, "run: swift run utiscope rules --markdown > Documentation/Rules.md")
    }

    @Test func explainNamesRationaleSourcesAndExamples() throws {
        let text = RulesDocumentation.explain(MissingHandlerRank.description)
        #expect(text.contains("DOC-002 missing-handler-rank"))
        #expect(text.contains("ITMS-90788"))
        #expect(text.contains("Sources:"))
        #expect(text.contains("↓<dict>"))
    }
}

/// An XML Info.plist around `body`, the keys of its top-level dictionary.
func plistText(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\n\(body)\n</dict></plist>\n"
}

@Suite struct IdentifierSuggestionTests {
    static func plist(conformingTo parent: String, identifier: String = "org.example.torrent") -> String {
        plistText(
            """
            <key>UTExportedTypeDeclarations</key><array><dict>
                <key>UTTypeIdentifier</key><string>\(identifier)</string>
                <key>UTTypeConformsTo</key><array><string>\(parent)</string></array>
            </dict></array>
            """)
    }

    static func message(_ text: String) -> String? {
        Linter().lint(text: text).first { $0.code == "UTI-007" }?.message
    }

    @Test func aTypoIsSuggestedAndAnotherWordIsNot() throws {
        let typo = try #require(Self.message(Self.plist(conformingTo: "public.plain-txt")))
        #expect(typo.hasSuffix("did you mean 'public.plain-text'?"))
        // 'java' is three edits from 'avi', more than a third of its four letters.
        let other = try #require(Self.message(Self.plist(conformingTo: "public.java")))
        #expect(!other.contains("did you mean"))
    }

    @Test func theDeclaringTypeItselfIsNeverSuggested() throws {
        // The undeclared 'com.example.torrent' is one edit from the declaring type itself, whose
        // conforming to itself would be a cycle.
        let text = Self.plist(conformingTo: "com.example.torrent", identifier: "com.example.torrents")
        let message = try #require(Self.message(text))
        #expect(!message.contains("did you mean"))
    }
}

@Suite struct PackageFlagTests {
    static func finding(flag: String, type: String, conformsTo parent: String = "public.data") -> Diagnostic? {
        let text = plistText(
            """
            <key>CFBundleDocumentTypes</key><array><dict>
                <key>CFBundleTypeName</key><string>Doc</string>
                <key>LSTypeIsPackage</key>\(flag)
                <key>LSItemContentTypes</key><array><string>\(type)</string></array>
            </dict></array>
            <key>UTExportedTypeDeclarations</key><array><dict>
                <key>UTTypeIdentifier</key><string>com.example.doc</string>
                <key>UTTypeConformsTo</key><array><string>\(parent)</string></array>
            </dict></array>
            """)
        return Linter().lint(text: text).first { $0.code == "DOC-009" }
    }

    @Test func adviceDependsOnTheFlagAndTheTypes() throws {
        let no = try #require(Self.finding(flag: "<false/>", type: "public.zip-archive"))
        #expect(no.severity == .info)
        #expect(no.message.contains("has no effect"))
        let zip = try #require(Self.finding(flag: "<true/>", type: "public.zip-archive"))
        #expect(zip.severity == .warning)
        #expect(zip.message.hasSuffix("it does not make 'public.zip-archive' a package type"))
        let own = try #require(Self.finding(flag: "<true/>", type: "com.example.doc"))
        #expect(own.message.hasSuffix("make 'com.example.doc' conform to 'com.apple.package'"))
        let done = try #require(Self.finding(flag: "<true/>", type: "com.example.doc", conformsTo: "com.apple.package"))
        #expect(done.severity == .info)
        #expect(done.message.contains("already conform"))
    }
}

@Suite struct LegacyBindingTests {
    @Test func oneFindingPerEntryWithTheTypesToListInstead() throws {
        let text = plistText(
            """
            <key>CFBundleDocumentTypes</key><array><dict>
                <key>CFBundleTypeName</key><string>Header</string>
                <key>CFBundleTypeExtensions</key><array><string>h</string><string>zzq</string></array>
                <key>CFBundleTypeOSTypes</key><array><string>****</string></array>
            </dict></array>
            """)
        let findings = Linter().lint(text: text).filter { $0.code == "DOC-005" }
        #expect(findings.count == 1)
        let message = try #require(findings.first?.message)
        #expect(message.contains("through deprecated 'CFBundleTypeExtensions' and 'CFBundleTypeOSTypes'"))
        #expect(message.contains("list 'public.c-header' (for 'h') in 'LSItemContentTypes'"))
        #expect(message.hasSuffix("declare a type for 'zzq' and list it there"))
        #expect(!message.contains("public.data"))  // '****' beside extensions is filler
    }
}

@Suite struct TagCollisionTests {
    /// An imported type claiming `extensions` and `mimeTypes`.
    func importing(_ identifier: String, extensions: [String], mimeTypes: [String] = []) -> String {
        let strings = { (values: [String]) in values.map { "<string>\($0)</string>" }.joined() }
        return plistText(
            """
            <key>UTImportedTypeDeclarations</key><array><dict>
                <key>UTTypeIdentifier</key><string>\(identifier)</string>
                <key>UTTypeConformsTo</key><array><string>public.movie</string></array>
                <key>UTTypeTagSpecification</key><dict>
                    <key>public.filename-extension</key><array>\(strings(extensions))</array>
                    <key>public.mime-type</key><array>\(strings(mimeTypes))</array>
                </dict>
            </dict></array>
            """)
    }

    @Test func anImportedTypeSubstitutedThroughItsExtensionIsReportedOnce() throws {
        // 'public.plain-text' is public: Apple's documented rule prefers it, so the import is
        // substituted (UTI-019) and UTI-013 leaves that extension alone.
        let found = Linter().lint(text: importing("com.example.text", extensions: ["txt"]))
        let substituted = found.filter { $0.code == "UTI-019" }
        #expect(substituted.count == 1)
        #expect(
            substituted.first?.message
                == "'.txt' files get 'public.plain-text', so the imported type 'com.example.text' is never used: UTType(importedAs:) returns 'public.plain-text', the preferred type of its preferred extension"
        )
        #expect(found.filter { $0.code == "UTI-013" }.isEmpty)
    }

    @Test func anImportedTypeTyingWithANonPublicSystemTypeIsUndefinedNotSubstituted() throws {
        // 'com.apple.quicktime-movie' is not public either: which type a look-up gives is
        // undefined (§2.3.2), so UTI-019 does not claim a substitution and UTI-013 reports the
        // tie, the MIME type in MIME terms.
        let found = Linter().lint(
            text: importing("com.example.quicktime", extensions: ["mov"], mimeTypes: ["video/quicktime"]))
        #expect(found.filter { $0.code == "UTI-019" }.isEmpty)
        let collisions = found.filter { $0.code == "UTI-013" }.map(\.message)
        #expect(collisions.count == 2)
        #expect(collisions.contains { $0.hasPrefix("filename extension 'mov'") && $0.hasSuffix("is undefined") })
        #expect(
            collisions.contains {
                $0.hasPrefix("the MIME type 'video/quicktime'")
                    && $0.hasSuffix("which type a look-up of it gives is undefined")
            })
    }
}

@Suite struct ForeignExportTests {
    let webm = plistText(
        """
        <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>UTExportedTypeDeclarations</key><array><dict>
            <key>UTTypeIdentifier</key><string>org.webmproject.webm</string>
            <key>UTTypeConformsTo</key><array><string>public.movie</string></array>
        </dict></array>
        """)

    @Test func anotherVendorsSystemTypeExportedIsAWarningWhateverTheBundleIdentifier() {
        // The bundle identifier is a build setting, but the type's registered owner is known: the
        // system declares it.
        #expect(Linter().lint(text: webm).filter { $0.code == "UTI-009" }.map(\.severity) == [.warning])
        // A domain nobody registered stays unjudged while the bundle identifier is unknown.
        let unknown = webm.replacingOccurrences(of: "org.webmproject.webm", with: "org.nobody-knows.format")
        #expect(Linter().lint(text: unknown).filter { $0.code == "UTI-009" }.isEmpty)
        let player = Linter(
            configuration: LintConfiguration(buildSettings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.player"]))
        let found = player.lint(text: webm).filter { $0.code == "UTI-009" || $0.code == "UTI-002" }
        #expect(found.map(\.severity) == [.warning])
        #expect(
            found.first?.message
                == "exported type 'org.webmproject.webm' is another vendor's and the system already imports it: an exported declaration replaces the system's for every app; import it instead"
        )
        // A foreign type the system exports: the system's declaration wins.
        let mnc = webm.replacingOccurrences(of: "org.webmproject.webm", with: "ca.mcgill.mni.bic.mnc")
        #expect(
            player.lint(text: mnc).filter { $0.code == "UTI-009" }.map(\.message) == [
                "exported type 'ca.mcgill.mni.bic.mnc' is another vendor's and the system already exports it: the system's declaration wins and the app's is ignored; import it instead"
            ])
        // The type's own vendor may export it.
        let owner = Linter(
            configuration: LintConfiguration(buildSettings: ["PRODUCT_BUNDLE_IDENTIFIER": "org.webmproject.viewer"]))
        #expect(owner.lint(text: webm).filter { $0.code == "UTI-009" }.isEmpty)
    }
}

@Suite struct BuildSettingInfoTests {
    @Test func theInfoSaysWhatTheReferenceAndTheWholeValueBecome() {
        let text = plistText(
            """
            <key>CFBundleDocumentTypes</key><array><dict>
                <key>CFBundleTypeName</key><string>Notes</string>
                <key>CFBundleTypeRole</key><string>Editor</string>
                <key>NSDocumentClass</key><string>$(PRODUCT_NAME:rfc1034identifier).Document</string>
                <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
            </dict></array>
            """)
        let linter = Linter(configuration: LintConfiguration(buildSettings: ["PRODUCT_NAME": "My Notes"]))
        let found = linter.lint(text: text).filter { $0.code == "PLIST-004" }
        #expect(found.map(\.severity) == [.info])
        #expect(
            found.first?.message
                == "'$(PRODUCT_NAME:rfc1034identifier)' is expanded only by Xcode; with the build settings given it becomes 'My-Notes', so the value becomes 'My-Notes.Document'"
        )
        // A value that is only the reference: no second clause.
        let whole = text.replacingOccurrences(of: ".Document</string>", with: "</string>")
        #expect(
            linter.lint(text: whole).filter { $0.code == "PLIST-004" }.map(\.message) == [
                "'$(PRODUCT_NAME:rfc1034identifier)' is expanded only by Xcode; with the build settings given it becomes 'My-Notes'"
            ])
        // An operator Xcode does not have: the info says the reference does not expand, and why.
        let unknown = text.replacingOccurrences(of: "rfc1034identifier", with: "shout")
        #expect(
            linter.lint(text: unknown).filter { $0.code == "PLIST-004" }.map(\.message) == [
                "'$(PRODUCT_NAME:shout)' is expanded only by Xcode; with the build settings given it does not expand: unknown build setting operator 'shout'"
            ])
    }

    @Test func referencesAreFoundInBothFormsAmongOtherCharacters() {
        let found = UnexpandedBuildSetting.references(in: "ü${A}.$(B:lower)é$ ($(C)$(unclosed")
        #expect(found.map(\.text) == ["${A}", "$(B:lower)", "$(C)"])
        #expect(found.map(\.name) == ["A", "B", "C"])
        #expect(UnexpandedBuildSetting.references(in: "no reference $ here ${").isEmpty)
        // A combining mark after the bracket stays outside the reference.
        #expect(UnexpandedBuildSetting.references(in: "$(A)\u{301}.x").map(\.text) == ["$(A)"])
    }

    @Test func aValueWithTwoReferencesGivesAnInfoForEach() {
        let text = plistText(
            """
            <key>UTExportedTypeDeclarations</key><array><dict>
                <key>UTTypeIdentifier</key><string>$(VENDOR).$(PRODUCT_NAME:lower).sketch</string>
                <key>UTTypeConformsTo</key><array><string>public.data</string></array>
            </dict></array>
            """)
        let linter = Linter(
            configuration: LintConfiguration(buildSettings: ["VENDOR": "com.example", "PRODUCT_NAME": "Notes"]))
        #expect(
            linter.lint(text: text).filter { $0.code == "PLIST-004" }.map(\.message) == [
                "'$(PRODUCT_NAME:lower)' is expanded only by Xcode; with the build settings given it becomes 'notes', so the value becomes 'com.example.notes.sketch'",
                "'$(VENDOR)' is expanded only by Xcode; with the build settings given it becomes 'com.example', so the value becomes 'com.example.notes.sketch'",
            ])
    }
}

@Suite struct PlaceholderImportTests {
    func plist(extensions: [String]) -> String {
        let tags = extensions.map { "<string>\($0)</string>" }.joined()
        return plistText(
            """
            <key>CFBundleDocumentTypes</key><array><dict>
                <key>CFBundleTypeName</key><string>Database</string>
                <key>CFBundleTypeRole</key><string>Viewer</string>
                <key>LSHandlerRank</key><string>Alternate</string>
                <key>LSItemContentTypes</key><array><string>com.other.db</string></array>
            </dict></array>
            <key>UTImportedTypeDeclarations</key><array><dict>
                <key>UTTypeIdentifier</key><string>com.other.db</string>
                <key>UTTypeConformsTo</key><array><string>public.content</string></array>
                <key>UTTypeTagSpecification</key><dict>
                    <key>public.filename-extension</key><array>\(tags)</array>
                </dict>
            </dict></array>
            """)
    }

    @Test func aPlaceholderImportWithoutPhysicalConformanceIsAnInfoNote() throws {
        let placeholder = Linter().lint(text: plist(extensions: [])).filter { $0.code == "UTI-004" }
        #expect(placeholder.map(\.severity) == [.info])
        #expect(placeholder.first?.message.contains("as an imported type without a filename extension") == true)
        // With an extension the import types files where the owner's app is absent: an error.
        let typed = Linter().lint(text: plist(extensions: ["odb"])).filter { $0.code == "UTI-004" }
        #expect(typed.map(\.severity) == [.error])
        #expect(typed.first?.message.hasSuffix("so its files are greyed out in pickers") == true)
    }
}

@Suite struct OwnerRankTests {
    func plist(_ contentTypes: [String], exported: [String] = [], imported: [String] = []) -> String {
        let strings = contentTypes.map { "<string>\($0)</string>" }.joined()
        let declarations = { (identifiers: [String]) in
            identifiers.map {
                "<dict><key>UTTypeIdentifier</key><string>\($0)</string><key>UTTypeConformsTo</key><array><string>public.data</string></array></dict>"
            }.joined()
        }
        return plistText(
            """
            <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>CFBundleDocumentTypes</key><array><dict>
                <key>CFBundleTypeName</key><string>Maps</string>
                <key>LSHandlerRank</key><string>Owner</string>
                <key>LSItemContentTypes</key><array>\(strings)</array>
            </dict></array>
            <key>UTExportedTypeDeclarations</key><array>\(declarations(exported))</array>
            <key>UTImportedTypeDeclarations</key><array>\(declarations(imported))</array>
            """)
    }

    func findings(_ text: String) -> [Diagnostic] { Linter().lint(text: text).filter { $0.code == "DOC-016" } }

    @Test func anImportedTypeInTheDomainOfAnExportedOneIsTheApps() {
        // The bundle identifier is a build setting; the app exports 'net.maps.route' and imports
        // 'net.maps.tiles': both are its own.
        let own = plist(
            ["net.maps.tiles", "net.maps.route"], exported: ["net.maps.route"], imported: ["net.maps.tiles"])
        #expect(findings(own).isEmpty)
        // Another vendor's imported type is not.
        let other = plist(["org.other.tiles"], exported: ["net.maps.route"], imported: ["org.other.tiles"])
        #expect(findings(other).map(\.severity) == [.warning])
    }

    @Test func aMixedEntryIsToldToSplitAndUnknownOwnershipIsLeftAlone() throws {
        let mixed = findings(plist(["net.maps.route", "public.data", "com.adobe.pdf"], exported: ["net.maps.route"]))
        let message = try #require(mixed.first?.message)
        #expect(mixed.count == 1)
        #expect(message.contains("ranked 'Owner' for 'public.data', 'com.adobe.pdf', which the app does not own"))
        #expect(message.hasSuffix("move them to a document type of their own ranked 'Alternate' (or 'Default')"))
        // An undeclared type with no domain of the app known: whether it is the app's cannot be told.
        #expect(findings(plist(["net.maps.route"])).isEmpty)
    }

    @Test func exportingASystemTypeDoesNotMakeItTheApps() {
        // The system exports 'ca.mcgill.mni.bic.mnc': its declaration wins over the app's export,
        // which does not make 'ca.mcgill' the app's domain; a build-setting identifier gives none.
        let shadowed = plist(
            ["ca.mcgill.mni.bic.mnc"], exported: ["ca.mcgill.mni.bic.mnc", "$(PRODUCT_BUNDLE_IDENTIFIER).doc"])
        #expect(findings(shadowed).map(\.severity) == [.warning])
        #expect(findings(plist(["org.other.db"], exported: ["$(PRODUCT_BUNDLE_IDENTIFIER).doc"])).isEmpty)
    }
}

@Suite struct ExtensionCaseTests {
    @Test func anUpperCaseTwinIsADuplicateToRemove() throws {
        let text = plistText(
            """
            <key>UTExportedTypeDeclarations</key><array><dict>
                <key>UTTypeIdentifier</key><string>com.example.osf</string>
                <key>UTTypeTagSpecification</key><dict>
                    <key>public.filename-extension</key><array><string>osf</string><string>OSF</string><string>Osx</string></array>
                </dict>
            </dict></array>
            """)
        let found = Linter().lint(text: text).filter { $0.code == "UTI-012" }
        #expect(
            found.map(\.message) == [
                "filename extension 'OSF' repeats 'osf' in upper case; remove it",
                "filename extension 'Osx' has upper-case letters; declare it in lower case",
            ])
        #expect(found.first?.fixIt == nil)
    }
}

@Suite struct ImportedDocumentTypeTests {
    @Test func anImportedTypeWithoutExtensionsIsOnlyNoted() throws {
        func finding(_ key: String) -> Diagnostic? {
            let text = plistText(
                """
                <key>CFBundleDocumentTypes</key><array><dict>
                    <key>CFBundleTypeName</key><string>Database</string>
                    <key>LSItemContentTypes</key><array><string>org.other.db</string></array>
                </dict></array>
                <key>\(key)</key><array><dict>
                    <key>UTTypeIdentifier</key><string>org.other.db</string>
                    <key>UTTypeConformsTo</key><array><string>public.data</string></array>
                </dict></array>
                """)
            return Linter().lint(text: text).first { $0.code == "UTI-011" }
        }
        #expect(finding("UTImportedTypeDeclarations")?.severity == .info)
        #expect(finding("UTExportedTypeDeclarations")?.severity == .warning)
    }
}

@Suite struct ExtensionTagProblemTests {
    @Test func plainTagsHaveNoProblemAndEachProblemIsNamed() {
        for plain in ["txt", "tar.gz", "c++", "my_doc", "x-sketch", "7z", ""] {
            #expect(MalformedExtensionTag.problem(plain, legacy: false) == nil, "\(plain)")
        }
        let named: [(String, String)] = [
            (".txt", "leadingDot"), ("a b", "whitespace"), ("\u{00A0}md", "whitespace"), ("a/b", "separator"),
            ("*", "wildcard"), ("do?", "wildcard"), ("TXT", "upperCase"), ("Ünï", "upperCase"),
        ]
        for (tag, problem) in named {
            let found = MalformedExtensionTag.problem(tag, legacy: false).map { "\($0)" } ?? "none"
            #expect(found.hasPrefix(problem + "("), "\(tag): \(found)")
        }
        // Legacy CFBundleTypeExtensions may hold wildcards and any case.
        #expect(MalformedExtensionTag.problem("*", legacy: true) == nil)
        #expect(MalformedExtensionTag.problem("TXT", legacy: true) == nil)
    }
}

@Suite struct TextScanTests {
    @Test func findsBuildSettingReferencesInShortAndLongText() {
        // Short strings are stored inline, long ones in a buffer: both are scanned.
        for text in ["$(X)", "a${B}", "com.example.$(PRODUCT_NAME:rfc1034identifier).document"] {
            #expect(text.hasBuildSettingReference, "\(text)")
        }
        for text in ["", "$", "a$", "$ (X)", "cost: $5", "com.example.a-very-long-identifier-without-any.$"] {
            #expect(!text.hasBuildSettingReference, "\(text)")
        }
    }

    @Test func recognisesPlainlySpelledIdentifiers() {
        for text in ["a", "com.example.doc", "com.example.a-very-long-identifier-with-digits-0123456789"] {
            #expect(UniformTypeIdentifier(text).isPlainlySpelled, "\(text)")
        }
        for text in ["", ".com", "com.", "com..example", "com.example.dóc", "com.example.a_very_long_identifier"] {
            #expect(!UniformTypeIdentifier(text).isPlainlySpelled, "\(text)")
        }
    }
}

@Suite struct MessageTextTests {
    @Test func interpolatesAsStringsDo() {
        let name = "Sketch — Éditeur 📐"
        let count = name.unicodeScalars.count  // values the compiler cannot fold
        let ratio = Double(count) / 8
        let missing: String? = name.isEmpty ? name : nil
        let built = message(
            "type \(quoted(name)) has \(count) tags (\(ratio)×), \(count == 1 ? "one" : "many"), \(missing ?? "none")")
        let expected =
            "type \(quoted(name)) has \(count) tags (\(ratio)×), \(count == 1 ? "one" : "many"), \(missing ?? "none")"
        #expect(built == expected)
        #expect(message("plain") == "plain")
        #expect(message("\(PlistKind.dictionary)") == "\(PlistKind.dictionary)")
    }

    @Test func quotesAtFinalSize() {
        #expect(quoted("") == "''")
        #expect(quoted("a") == "'a'")
        #expect(
            quoted("com.example.a-long-identifier-past-fifteen-bytes")
                == "'com.example.a-long-identifier-past-fifteen-bytes'")
        #expect(quoted("café\u{202E}") == "'café\\u{202E}'")
        #expect("x".enclosed(in: "\"") == "\"x\"")
    }
}

@Suite struct PlugInEntryTests {
    /// A document-type entry with `role` listing `type`.
    static func entry(role: String, type: String) -> String {
        plistText(
            """
            <key>CFBundleIdentifier</key><string>com.example.viewer.generator</string>
            <key>CFBundleDocumentTypes</key>
            <array><dict>
                <key>CFBundleTypeName</key><string>Sketch</string>
                <key>CFBundleTypeRole</key><string>\(role)</string>
                <key>LSHandlerRank</key><string>Alternate</string>
                <key>LSItemContentTypes</key><array><string>\(type)</string></array>
            </dict></array>
            """)
    }

    @Test func aPlugInsUndeclaredTypeIsAnInfoAboutTheBundle() throws {
        for role in ["QLGenerator", "MDImporter"] {
            let found = try #require(
                Linter().lint(text: Self.entry(role: role, type: "org.example.sketch")).first { $0.code == "DOC-006" })
            #expect(found.severity == .info, "\(role)")
            #expect(
                found.message
                    == "content type 'org.example.sketch' of document type 'Sketch' is declared neither by the bundle nor in the system catalog (macOS 12.7 with the types added up to macOS 27); fine when the app whose files the plug-in reads declares it"
            )
        }
    }

    @Test func anAppsUndeclaredTypeIsAnErrorAboutTheApp() throws {
        let found = try #require(
            Linter().lint(text: Self.entry(role: "Viewer", type: "org.example.sketch")).first { $0.code == "DOC-006" })
        #expect(found.severity == .error)
        #expect(found.message.contains("is declared neither by the app nor in"))
        #expect(found.message.hasSuffix("; export or import it"))
    }

    @Test func aPlugInsUnknownAppleTypeNamesTheBundle() throws {
        let found = try #require(
            Linter().lint(text: Self.entry(role: "QLGenerator", type: "com.apple.unheard-of-format-xyz")).first {
                $0.code == "DOC-006"
            })
        #expect(found.message.contains("and the bundle does not declare it"))
    }
}

/// DOC-011 finds a type listed twice with different roles or ranks whether the context found a
/// graph node for it (a declared or system type: looked up by node) or not (an identifier the
/// graph does not have: by identifier), and spellings that differ only in case are one type either
/// way.
@Suite struct ConflictingClaimsTests {
    func plist(_ entries: [(role: String, types: [String])], exported: [String]) -> String {
        let documentTypes = entries.enumerated().map { index, entry in
            """
            <dict><key>CFBundleTypeName</key><string>Kind \(index)</string>
            <key>CFBundleTypeRole</key><string>\(entry.role)</string>
            <key>LSHandlerRank</key><string>Default</string>
            <key>LSItemContentTypes</key><array>\(entry.types.map { "<string>\($0)</string>" }.joined())</array></dict>
            """
        }.joined()
        let declarations = exported.map {
            "<dict><key>UTTypeIdentifier</key><string>\($0)</string><key>UTTypeConformsTo</key><array><string>public.data</string></array></dict>"
        }.joined()
        return plistText(
            """
            <key>CFBundleDocumentTypes</key><array>\(documentTypes)</array>
            <key>UTExportedTypeDeclarations</key><array>\(declarations)</array>
            """)
    }

    func conflicts(_ text: String) -> [String] {
        Linter().lint(text: text).filter { $0.code == "DOC-011" }.map(\.message)
    }

    @Test func declaredSystemAndUndeclaredTypesAreEachFoundOnce() {
        let text = plist(
            [
                (role: "Editor", types: ["com.example.doc", "public.png", "org.other.undeclared"]),
                (role: "Viewer", types: ["com.Example.DOC", "public.png", "org.other.undeclared", "com.example.solo"]),
                (role: "Editor", types: ["com.example.doc"]),
            ], exported: ["com.example.doc", "com.example.solo"])
        let found = conflicts(text)
        // The second entry conflicts with the first on three types; the third entry agrees with
        // the first (same role and rank) and is not reported.
        #expect(found.count == 3)
        #expect(found.contains { $0.contains("'com.Example.DOC'") })
        #expect(found.contains { $0.contains("'public.png'") })
        #expect(found.contains { $0.contains("'org.other.undeclared'") })
        #expect(
            conflicts(plist([(role: "Editor", types: ["com.example.doc", "org.other.undeclared"])], exported: []))
                .isEmpty)
    }
}

/// PLIST-001 for a binary plist, which no XML example can show: without a line, the message
/// names the object and the byte where reading failed.
@Suite struct UnreadableBinaryPlistTests {
    @Test func theMessageNamesTheObjectAndTheByte() throws {
        func bigEndian(_ value: UInt64) -> [UInt8] {
            (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        // The header, object 0 at byte 8 (a date holding NaN), the offset table at byte 17 and the
        // trailer: 1-byte offsets and references, one object, the top object 0.
        var bytes = Array("bplist00".utf8)
        bytes += [0x33] + bigEndian(Double.nan.bitPattern)
        bytes += [8]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(1) + bigEndian(0) + bigEndian(17)
        let error = try #require(throws: PropertyListError.self) {
            try PropertyListReader().read(bytes, file: "Info.plist")
        }
        let found = Linter().unreadable(error)
        #expect(found.map(\.code) == ["PLIST-001"])
        #expect(found.map(\.message) == ["date is not a number (object 0 at byte 8)"])
        #expect(found.first?.location.line == nil)
    }
}

@Suite struct OwnDomainTests {
    /// The exports' domains, read with the last domain's prefix remembered, are those of every
    /// export read on its own: runs of one vendor, prefixes that continue into a longer
    /// component, shared code hosts, letter case, reserved and malformed names, imports.
    @Test func exportDomainsAreEveryExportsDomain() {
        let exported = [
            "com.example.a", "com.example.b", "com.examples.c", "com.example", "Com.Example.d", "com.exampl.e",
            "io.github.alice.x", "io.github.alice.y", "io.github.alicea.w", "io.github.bob.z", "io.github",
            "io.github.bob", "public.data", "com.apple.thing", "dyn.ah62", "example", ".example.app", "com..x",
            "com.example.$(PRODUCT_NAME)", "de.Ünïcode.app", "de.ünïcode.app", "org.vendor.a", "com.example.f",
        ]
        // Imports count for nothing, their vendors included.
        let imported = ["net.imported.a", "com.example.i"]
        var declarations: [(plist: Int, declaration: TypeDeclaration)] = []
        for name in exported {
            declarations.append((0, TypeDeclaration(UniformTypeIdentifier(name), origin: .exported(bundle: "app"))))
        }
        for name in imported {
            declarations.append((0, TypeDeclaration(UniformTypeIdentifier(name), origin: .imported(bundle: "app"))))
        }
        var expected: Set<String> = []
        for (_, declaration) in declarations where declaration.origin.kind == .exported {
            let identifier = declaration.identifier
            guard identifier.reservedDomain == nil, !identifier.hasBuildSettingReference,
                let domain = VendorDomain.domain(of: identifier.rawValue)
            else { continue }
            expected.insert(domain)
        }
        #expect(expected.contains("io.github.alicea") && expected.contains("com.examples"))
        #expect(!expected.contains("net.imported"))
        #expect(LintContext.ownDomains([], declarationsInEffect: declarations, settings: nil) == expected)
    }

    @Test func aBundleIdentifierIsExpandedWithTheBuildSettingsGiven() throws {
        let text = plistText(
            """
            <key>CFBundleIdentifier</key><string>com.example.$(PRODUCT_NAME:rfc1034identifier)</string>
            <key>UTExportedTypeDeclarations</key><array><dict>
                <key>UTTypeIdentifier</key><string>org.other.sketch</string>
                <key>UTTypeConformsTo</key><array><string>public.data</string></array>
            </dict></array>
            """)
        let document = try PropertyListReader().read(Array(text.utf8), file: "Info.plist")
        let app = InfoPlist(document: document, platform: nil)
        let named = LintContext(app: app, buildSettings: ["PRODUCT_NAME": "Sketch Book"])
        #expect(named.bundleIdentifier(of: app) == "com.example.Sketch-Book")
        // The export is in effect, so its domain is the app's too.
        #expect(named.ownDomains == ["com.example", "org.other"])
        // A setting that is not given leaves the identifier unknown, and so UTI-009 quiet.
        #expect(LintContext(app: app, buildSettings: ["OTHER": "x"]).bundleIdentifier(of: app) == nil)
        // An expansion that is no reverse-DNS name is unknown too: an empty setting, or
        // '$(inherited)' with nothing below the settings given.
        #expect(LintContext(app: app, buildSettings: ["PRODUCT_NAME": ""]).bundleIdentifier(of: app) == nil)
        let inherited = try PropertyListReader().read(
            Array(
                plistText("<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>").utf8),
            file: "Info.plist")
        let beta = InfoPlist(document: inherited, platform: nil)
        #expect(
            LintContext(app: beta, buildSettings: ["PRODUCT_BUNDLE_IDENTIFIER": "$(inherited).beta"])
                .bundleIdentifier(of: beta) == nil)
        #expect(
            LintContext(app: beta, buildSettings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.notes"])
                .bundleIdentifier(of: beta) == "com.example.notes")
        #expect(LintContext(app: app).ownDomains == ["org.other"])
        let expanded = Linter(configuration: LintConfiguration(buildSettings: ["PRODUCT_NAME": "Sketch"]))
        #expect(expanded.lint(text: text).filter { $0.code == "UTI-009" }.map(\.severity) == [.info])
        #expect(Linter().lint(text: text).filter { $0.code == "UTI-009" }.isEmpty)
    }

    @Test func anotherVendorOnTheSameCodeHostIsForeign() {
        let text = plistText(
            """
            <key>CFBundleIdentifier</key><string>io.github.alice.viewer</string>
            <key>CFBundleDocumentTypes</key><array><dict>
                <key>CFBundleTypeName</key><string>Notes</string>
                <key>LSHandlerRank</key><string>Owner</string>
                <key>LSItemContentTypes</key><array><string>io.github.bob.notes</string><string>io.github.alice.page</string></array>
            </dict></array>
            <key>UTExportedTypeDeclarations</key><array><dict>
                <key>UTTypeIdentifier</key><string>io.github.bob.notes</string>
                <key>UTTypeConformsTo</key><array><string>public.data</string></array>
            </dict></array>
            """)
        let found = Linter().lint(text: text).filter { ["UTI-009", "DOC-016"].contains($0.code) }
        // Exporting Bob's type is noted; the export then makes it the app's for DOC-016, while
        // Alice's undeclared type is hers.
        #expect(found.map(\.code) == ["UTI-009"])
        #expect(
            found.first?.message.contains("outside the domain of bundle identifier 'io.github.alice.viewer'") == true)
        // Imported, Bob's type is not Alice's: ranking it Owner is DOC-016's.
        let imported = text.replacingOccurrences(of: "UTExportedTypeDeclarations", with: "UTImportedTypeDeclarations")
        let owner = Linter().lint(text: imported).filter { ["UTI-009", "DOC-016"].contains($0.code) }
        #expect(owner.map(\.code) == ["DOC-016"])
        #expect(owner.first?.message.contains("'io.github.bob.notes'") == true)
        #expect(owner.first?.message.contains("alice") == false)
    }

    @Test func aQuickLookTypeIsTheAppsOnlyInTheDomainOfItsBundleIdentifier() {
        // A domain is the app's by its bundle identifier, not by what it exports: an app
        // exporting one 'ca.mcgill.' type may list that vendor's others on purpose (an info);
        // an undeclared type in the bundle identifier's own domain is a warning.
        func severity(exporting exported: String, bundle: String = "com.example.reader") -> Severity? {
            let app = plistText(
                """
                <key>CFBundleIdentifier</key><string>\(bundle)</string>
                <key>UTExportedTypeDeclarations</key><array><dict>
                    <key>UTTypeIdentifier</key><string>\(exported)</string>
                    <key>UTTypeConformsTo</key><array><string>public.data</string></array>
                </dict></array>
                """)
            let thumbnails = plistText(
                """
                <key>CFBundleIdentifier</key><string>com.example.reader.thumbnails</string>
                <key>NSExtension</key><dict>
                    <key>NSExtensionPointIdentifier</key><string>com.apple.quicklook.thumbnail</string>
                    <key>NSExtensionAttributes</key><dict>
                        <key>QLSupportedContentTypes</key><array><string>ca.mcgill.mni.bic.minc</string></array>
                    </dict>
                </dict>
                """)
            return Linter().lint(text: app, extensions: [thumbnails]).first { $0.code == "QL-001" }?.severity
        }
        #expect(severity(exporting: "ca.mcgill.mni.bic.mnc") == .info)
        #expect(severity(exporting: "ca.mcgill.mni.bic.other") == .info)
        #expect(severity(exporting: "com.example.other", bundle: "ca.mcgill.reader") == .warning)
    }
}
