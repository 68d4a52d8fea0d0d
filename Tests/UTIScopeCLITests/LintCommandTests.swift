import Foundation
import TestScratch
import Testing
import UTIScopeCLI

@Suite struct LintCommandTests {
    let sketchbook = fixturesDirectory + "/apps/Sketchbook/Info.plist"
    let clean = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>com.example.clean</string>
        </dict>
        </plist>

        """
    let rankless = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>CFBundleDocumentTypes</key>
            <array>
                <dict>
                    <key>CFBundleTypeName</key>
                    <string>Text</string>
                    <key>CFBundleTypeRole</key>
                    <string>Viewer</string>
                    <key>LSItemContentTypes</key>
                    <array>
                        <string>public.plain-text</string>
                    </array>
                </dict>
            </array>
        </dict>
        </plist>

        """

    @Test func textFindingsAndExitStatusOne() {
        let result = utiscope("lint", "--color", "never", sketchbook)
        #expect(result.status == .findings)
        #expect(result.output.contains("Info.plist:74:5: warning: content type 'public.plain-txt'"))
        #expect(result.output.contains("did you mean 'public.plain-text'? (if a newer or iOS system declares it"))
        #expect(result.errors.contains("1 error, "))
    }

    @Test func cleanFileExitsZeroAndWarningsNeedStrict() throws {
        let path = try temporaryFile(clean)
        #expect(utiscope("lint", path).status == .success)
        let warned = try temporaryFile(rankless)
        #expect(utiscope("lint", warned).status == .success)
        #expect(utiscope("lint", "--strict", warned).status == .findings)
    }

    /// Every member of every diagnostic has the type Documentation/JSON.md gives it, null where
    /// it is unknown (a binary plist has no lines), and the summary counts what is listed.
    @Test func jsonFollowsTheContract() throws {
        let binary = fixturesDirectory + "/plists/binary/duplicate-keys.bplist"
        let result = utiscope("lint", "--format", "json", sketchbook, binary)
        #expect(result.status == .findings)
        let document = try JSONPattern.parse(result.output)
        #expect(document.keys == ["version", "diagnostics", "summary"])
        #expect(document["version"] == .number("1"))
        let diagnostics = try #require(document["diagnostics"]?.elements)
        let placeKinds = ["string", "number", "number", "string"]
        var severities: [String: Int] = [:]
        for diagnostic in diagnostics {
            let keys = try #require(diagnostic.keys, "\(diagnostic)")
            let required = ["file", "line", "column", "keyPath", "severity", "rule", "name", "message", "notes"]
            #expect(Array(keys.prefix(required.count)) == required, "\(diagnostic)")
            #expect(Set(keys.dropFirst(required.count)).isSubset(of: ["fixIt", "properties"]), "\(diagnostic)")
            for (key, kind) in zip(["file", "line", "column", "keyPath"], placeKinds) {
                let value = diagnostic[key]
                #expect(
                    value?.kind == kind || (key != "file" && key != "keyPath" && value == .null),
                    "\(key): \(diagnostic)")
            }
            // A column only with a line.
            #expect(diagnostic["line"] != .null || diagnostic["column"] == .null, "\(diagnostic)")
            guard case .string(let severity)? = diagnostic["severity"], case .string(let rule)? = diagnostic["rule"],
                case .string(let name)? = diagnostic["name"], case .string(let message)? = diagnostic["message"]
            else {
                Issue.record("severity, rule, name and message are strings: \(diagnostic)")
                continue
            }
            #expect(["error", "warning", "info"].contains(severity), "\(diagnostic)")
            severities[severity, default: 0] += 1
            #expect(rule.wholeMatch(of: /[A-Z]+-[0-9]{3}/) != nil, "\(rule)")
            #expect(name.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(name)")
            #expect(message.first?.isUppercase == false && !message.hasSuffix("."), "\(message)")
            for note in try #require(diagnostic["notes"]?.elements, "\(diagnostic)") {
                #expect(note.keys == ["file", "line", "column", "keyPath", "message"], "\(note)")
                for (key, kind) in zip(["file", "line", "column", "keyPath"], placeKinds) {
                    #expect(note[key]?.kind == kind || note[key] == .null, "\(key): \(note)")
                }
                #expect(note["message"]?.kind == "string", "\(note)")
            }
            if let fixIt = diagnostic["fixIt"] {
                #expect(fixIt.keys == ["summary"] && fixIt["summary"]?.kind == "string", "\(fixIt)")
            }
            if case .object(let properties)? = diagnostic["properties"] {
                #expect(!properties.isEmpty && properties.allSatisfy { $0.value.kind == "string" }, "\(properties)")
                #expect(properties.map(\.key) == properties.map(\.key).sorted())
            } else {
                #expect(diagnostic["properties"] == nil, "\(diagnostic)")
            }
        }
        // Each optional form occurs, so each was checked: a line and none, notes, a fix-it, properties.
        #expect(diagnostics.contains { $0["line"]?.kind == "number" } && diagnostics.contains { $0["line"] == .null })
        #expect(diagnostics.contains { $0["notes"]?.elements?.isEmpty == false })
        #expect(diagnostics.contains { $0["fixIt"] != nil } && diagnostics.contains { $0["properties"] != nil })
        let summary = try #require(document["summary"])
        #expect(summary.keys == ["errors", "warnings", "infos", "files"])
        #expect(summary["errors"] == .number("\(severities["error", default: 0])"))
        #expect(summary["warnings"] == .number("\(severities["warning", default: 0])"))
        #expect(summary["infos"] == .number("\(severities["info", default: 0])"))
        // Sketchbook's Info.plist and its extension's, and the binary plist.
        #expect(summary["files"] == .number("3"))
    }

    @Test func standardInputIsLinted() {
        let result = utiscope(["lint", "--format", "github", "-"], input: Array(rankless.utf8))
        #expect(result.status == .success)
        #expect(result.output.contains("::warning file=-,line=6,col=9,title=DOC-002 missing-handler-rank::"))
    }

    /// What loading a project noticed that is no finding (a target of a product type utiscope
    /// does not know) is printed with --verbose only, and changes neither the findings nor the
    /// exit status.
    @Test func loadingNotesAreVerboseOnly() {
        let project = fixturesDirectory + "/projects/MacEditor"
        let plain = utiscope("lint", project)
        let verbose = utiscope("lint", project, "--verbose")
        #expect(!plain.errors.contains("unknown product type"))
        #expect(
            verbose.errors.contains(
                "project.pbxproj:48: warning: unknown product type 'com.example.product-type.mystery'"))
        #expect(plain.status == verbose.status)
        func summary(_ run: RunResult) -> Substring? {
            run.errors.split(separator: "\n").first { $0.hasSuffix(" file") || $0.hasSuffix(" files") }
        }
        #expect(summary(plain) != nil && summary(plain) == summary(verbose))
    }

    @Test func unreadableInputExitsTwoWithValidJSON() throws {
        let path = try temporaryFile("<plist><dict><key>A</key></dict></plist>")
        let result = utiscope("lint", "--format", "json", path)
        #expect(result.status == .inputError)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["rule"] as? String == "PLIST-001")
        #expect(utiscope("lint", "/no/such/file.plist").status == .inputError)
    }

    @Test func usageErrors() {
        #expect(utiscope("lint", "--format", "yaml").status == .usage)
        #expect(utiscope("lint", "--dry-run").status == .usage)
        #expect(utiscope("lint", "-", "-").status == .usage)
    }

    @Test func sarifHasRulesAndResults() throws {
        let result = utiscope("lint", "--format", "sarif", sketchbook)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        // Every rule of the catalog, in its order; a result for each finding JSON lists, in order.
        let catalog = utiscope("rules").output.split(separator: "\n").compactMap { $0.split(separator: " ").first }
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == catalog.map(String.init))
        let json = try JSONPattern.parse(utiscope("lint", "--format", "json", sketchbook).output)
        let codes = try #require(json["diagnostics"]?.elements).compactMap { diagnostic -> String? in
            if case .string(let code)? = diagnostic["rule"] { return code }
            return nil
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["ruleId"] as? String } == codes)
        #expect(codes.count == 9)
    }

    @Test func configurationTurnsRulesOffAndWarnsAboutUnknownCodes() throws {
        let path = try temporaryFile(rankless)
        let folder = (path as NSString).deletingLastPathComponent
        try Data(#"{"version": 1, "rules": {"DOC-002": "error", "NOPE-001": "off"}}"#.utf8).write(
            to: URL(fileURLWithPath: folder + "/.utiscope.json"))
        let result = utiscope("lint", path)
        #expect(result.status == .findings)
        #expect(result.output.contains("error: document type 'Text' has no 'LSHandlerRank'"))
        #expect(result.errors.contains("unknown rule 'NOPE-001' is ignored"))
    }

    @Test func aLooseExtensionIsLintedWithItsAppOnceAndCanBeExcluded() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = [
            "App/Info.plist": "<key>CFBundleIdentifier</key><string>com.example.sketch</string>",
            "Thumbnails/Info.plist": """
            <key>CFBundleIdentifier</key><string>com.example.sketch.thumbnails</string>
            <key>NSExtension</key><dict>
                <key>NSExtensionPointIdentifier</key><string>com.apple.quicklook.thumbnail</string>
                <key>NSExtensionAttributes</key><dict>
                    <key>QLSupportedContentTypes</key><array><string>com.example.sketch.drawing</string></array>
                </dict>
            </dict>
            """,
        ]
        for (relative, body) in files {
            try FileManager.default.createDirectory(
                atPath: root + "/" + (relative as NSString).deletingLastPathComponent, withIntermediateDirectories: true
            )
            try Data("<plist version=\"1.0\"><dict>\(body)</dict></plist>".utf8).write(
                to: URL(fileURLWithPath: root + "/" + relative))
        }
        // The extension joins the app (its undeclared type is in the app's domain: a warning),
        // and naming it as well does not lint it twice.
        let both = utiscope("lint", "--color", "never", root, root + "/Thumbnails/Info.plist")
        let found = both.output.split(separator: "\n").filter { $0.contains("[QL-001]") }
        #expect(found.count == 1, "\(both.output)")
        #expect(
            found.first?.contains("warning: the Quick Look extension supports 'com.example.sketch.drawing'") == true)
        #expect(both.errors.contains("in 2 files"), "\(both.errors)")
        // Excluded, it is left out of its app as well.
        try Data(#"{"version": 1, "excluded": ["Thumbnails"]}"#.utf8).write(
            to: URL(fileURLWithPath: root + "/.utiscope.json"))
        let excluded = utiscope("lint", "--color", "never", root)
        #expect(!excluded.output.contains("QL-001"), "\(excluded.output)")
        #expect(excluded.errors.contains("in 1 file"), "\(excluded.errors)")
    }

    @Test func exclusionsApplyToWhatIsFoundNotToThePathsGiven() throws {
        // root/.utiscope.json excludes Vendor and Old; App, Vendor/Lib and Vendor/Old each hold an Info.plist.
        let configuration = #"{"version": 1, "excluded": ["Vendor", "Old"]}"#
        let root = (try temporaryFile(configuration, name: ".utiscope.json") as NSString).deletingLastPathComponent
        for folder in ["App", "Vendor/Lib", "Vendor/Old"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            try Data(rankless.utf8).write(to: URL(fileURLWithPath: root + "/" + folder + "/Info.plist"))
        }
        // The whole folder: Vendor is skipped.
        let all = utiscope("lint", "--color", "never", root)
        #expect(all.output.contains("/App/Info.plist:"))
        #expect(!all.output.contains("/Vendor/"))
        #expect(all.errors.contains("in 1 file"))
        // Named on the command line, the excluded folder and file are linted…
        for named in [root + "/Vendor/Lib", root + "/Vendor/Lib/Info.plist"] {
            let result = utiscope("lint", "--color", "never", named)
            #expect(result.output.contains("/Vendor/Lib/Info.plist:"), "\(named)")
            #expect(result.errors.contains("in 1 file"), "\(named)")
        }
        // …unless --force-exclude, which says why nothing was linted for a folder.
        let forced = utiscope("lint", "--force-exclude", root + "/Vendor/Lib")
        #expect(forced.output.isEmpty)
        #expect(
            forced.errors.contains(
                "Vendor/Lib: warning: nothing linted: the configuration's 'excluded' paths cover every app found"))
        #expect(forced.errors.contains("in 0 files"))
        #expect(forced.status == .inputError, "nothing linted at all")
        let forcedFile = utiscope("lint", "--force-exclude", "--allow-empty", root + "/Vendor/Lib/Info.plist")
        #expect(forcedFile.output.isEmpty)
        #expect(forcedFile.errors.contains("in 0 files"))
        #expect(forcedFile.status == .success)
        // Exclusions below a path given still apply.
        let vendor = utiscope("lint", "--color", "never", root + "/Vendor")
        #expect(vendor.output.contains("/Vendor/Lib/Info.plist:"))
        #expect(!vendor.output.contains("/Vendor/Old/"))
    }

    @Test func nothingToLintIsAnErrorUnlessAllowed() throws {
        // A folder with a plist that is no Info.plist's name, and nothing else.
        let folder = URL(fileURLWithPath: try temporaryFile("<plist><dict/></plist>", name: "Settings.plist"))
            .deletingLastPathComponent().path
        let strict = utiscope("lint", folder)
        #expect(strict.status == .inputError)
        // One problem, one line: the error, not also a warning.
        #expect(!strict.errors.contains("\(folder): warning:"))
        #expect(
            strict.errors.contains(
                "error: nothing to lint in '\(folder)': no Info.plist, app bundle or Xcode project (--allow-empty accepts this)"
            ))
        let allowed = utiscope("lint", "--allow-empty", folder)
        #expect(allowed.status == .success)
        #expect(!allowed.errors.contains("nothing to lint"))
        #expect(allowed.errors.contains("in 0 files"))
        // Something linted in one path given is enough; the empty one is a warning.
        let app = try temporaryFile(rankless, name: "Info.plist")
        let mixed = utiscope("lint", folder, app)
        #expect(!mixed.errors.contains("nothing to lint"))
        #expect(mixed.status != .inputError)
    }

    @Test func anAppleTypeTheCatalogLacksIsAWarningAndSystemTypesLayerOverIt() throws {
        let app = try temporaryFile(
            """
            <plist><dict>
            <key>CFBundleIdentifier</key><string>com.example.installer</string>
            <key>CFBundleDocumentTypes</key><array><dict>
                <key>CFBundleTypeName</key><string>App archive</string>
                <key>CFBundleTypeRole</key><string>Viewer</string>
                <key>LSHandlerRank</key><string>Alternate</string>
                <key>LSItemContentTypes</key><array><string>com.apple.itunes.ipa</string><string>org.example.nothing</string><string>com.apple.zzqx-bundle</string></array>
            </dict></array>
            </dict></plist>
            """, name: "Info.plist")
        // 'com.apple.itunes.ipa' is iOS's, not in the macOS 12.7 catalog: a warning saying how to
        // add it; another vendor's undeclared type stays an error.
        let result = utiscope("lint", "--color", "never", "--platform", "ios", app)
        #expect(
            result.output.contains(
                "warning: content type 'com.apple.itunes.ipa' of document type 'App archive' is not in the system catalog (macOS 12.7 with the types added up to macOS 27) and the app does not declare it; if a newer or iOS system declares it, give that declaration with --system-types [DOC-006]"
            ))
        #expect(
            result.output.contains(
                "error: content type 'org.example.nothing' of document type 'App archive' is declared neither by the app nor in the system catalog (macOS 12.7 with the types added up to macOS 27); export or import it [DOC-006]"
            ))
        let newer = try temporaryFile(
            """
            <plist><array><dict>
            <key>UTTypeIdentifier</key><string>com.apple.itunes.ipa</string>
            <key>UTTypeConformsTo</key><array><string>public.zip-archive</string></array>
            <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><string>ipa</string></dict>
            </dict></array></plist>
            """, name: "ios-types.plist")
        let layered = utiscope("lint", "--color", "never", "--platform", "ios", "--system-types", newer, app)
        #expect(!layered.output.contains("'com.apple.itunes.ipa'"), "\(layered.output)")
        // The message names the catalog the search used.
        #expect(
            layered.output.contains(
                "error: content type 'org.example.nothing' of document type 'App archive' is declared neither by the app nor in the system catalog (macOS 12.7 with the types added up to macOS 27 and the --system-types declarations); export or import it [DOC-006]"
            ))
        #expect(
            layered.output.contains(
                "warning: content type 'com.apple.zzqx-bundle' of document type 'App archive' is not in the system catalog (macOS 12.7 with the types added up to macOS 27 and the --system-types declarations) and the app does not declare it; if a newer or iOS system declares it, add that declaration to the --system-types files [DOC-006]"
            ))
        #expect(utiscope("lint", "--system-types", newer + ".missing", app).status == .inputError)
    }

    @Test func anXcodeBuildPhasesEnvironmentGivesTheBuildSettings() throws {
        let app = try temporaryFile(
            """
            <plist><dict>
            <key>CFBundleIdentifier</key><string>com.example.notes</string>
            <key>CFBundleDocumentTypes</key><array><dict>
                <key>CFBundleTypeName</key><string>Note</string>
                <key>CFBundleTypeRole</key><string>Editor</string>
                <key>LSHandlerRank</key><string>Owner</string>
                <key>NSDocumentClass</key><string>$(PRODUCT_MODULE_NAME).Document</string>
                <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
            </dict></array>
            </dict></plist>
            """, name: "Info.plist")
        let plain = utiscope(["lint", "--color", "never", app], environment: ["PRODUCT_MODULE_NAME": "Notes"])
        #expect(
            plain.output.contains(
                "warning: '$(PRODUCT_MODULE_NAME)' is expanded only by Xcode; other build systems leave it as written [PLIST-004]"
            ), "outside Xcode the environment is not read")
        let xcode = utiscope(
            ["lint", "--color", "never", app],
            environment: [
                "XCODE_VERSION_ACTUAL": "1600", "ACTION": "build", "PRODUCT_MODULE_NAME": "Notes", "lower": "x",
            ])
        #expect(
            xcode.output.contains(
                "info: '$(PRODUCT_MODULE_NAME)' is expanded only by Xcode; with the build settings given it becomes 'Notes', so the value becomes 'Notes.Document' [PLIST-004]"
            ))
        // --setting still wins.
        let given = utiscope(
            ["lint", "--color", "never", "--setting", "PRODUCT_MODULE_NAME=Other", app],
            environment: ["XCODE_VERSION_ACTUAL": "1600", "ACTION": "build", "PRODUCT_MODULE_NAME": "Notes"])
        #expect(given.output.contains("it becomes 'Other', so the value becomes 'Other.Document' [PLIST-004]"))
        // The folder around it is not one Info.plist: the environment is left alone there.
        let folder = URL(fileURLWithPath: app).deletingLastPathComponent().path
        let found = utiscope(
            ["lint", "--color", "never", folder],
            environment: ["XCODE_VERSION_ACTUAL": "1600", "ACTION": "build", "PRODUCT_MODULE_NAME": "Notes"])
        #expect(found.output.contains("warning: '$(PRODUCT_MODULE_NAME)' is expanded only by Xcode"))
        // Standard input cannot be both the system types and the Info.plist.
        #expect(utiscope(["lint", "--system-types", "-", "-"], input: []).status == .usage)
    }

    @Test func aFileReachedTwiceIsLintedOnce() throws {
        let path = try temporaryFile(rankless, name: "Info.plist")
        let folder = (path as NSString).deletingLastPathComponent
        for arguments in [[path, path], [folder, path], [folder, folder + "/./Info.plist"]] {
            let result = utiscope(["lint", "--color", "never"] + arguments)
            #expect(result.output.components(separatedBy: "[DOC-002]").count == 2, "\(arguments)")
            #expect(result.errors.contains("in 1 file"), "\(arguments)")
        }
        let broken = try temporaryFile("<plist><dict>", name: "Info.plist")
        let twice = utiscope("lint", broken, broken)
        #expect(twice.status == .inputError)
        #expect(twice.output.components(separatedBy: "[PLIST-001]").count == 2)
    }

    @Test func aProjectWhoseInfoPlistIsMissingOrBrokenIsAnInputError() throws {
        // A copy of the DocumentApp project: its Thumbnail Info.plist removed, the app's broken.
        let folder = Scratch.root.appendingPathComponent("project-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: fixturesDirectory + "/projects/DocumentApp", toPath: folder)
        try FileManager.default.removeItem(atPath: folder + "/Thumbnail/Info.plist")
        try Data("<plist><dict>".utf8).write(to: URL(fileURLWithPath: folder + "/DocumentApp/Info.plist"))
        let project = folder + "/DocumentApp.xcodeproj"
        for path in [project, project + "/project.pbxproj"] {
            let result = utiscope("lint", "--color", "never", path)
            #expect(result.status == .inputError, "\(path)")
            #expect(result.output.contains("error: INFOPLIST_FILE"), "\(path)")
            #expect(result.output.contains("Thumbnail/Info.plist' does not exist [PLIST-001]"), "\(path)")
            #expect(result.output.contains("/DocumentApp/Info.plist:"), "\(path)")
        }
    }

    @Test func baselineReportsOnlyNewFindings() throws {
        let path = try temporaryFile(rankless)
        let baseline = path + ".baseline.json"
        #expect(utiscope("lint", "--write-baseline", baseline, path).status == .success)
        let result = utiscope("lint", "--strict", "--baseline", baseline, path)
        #expect(result.status == .success)
        #expect(!result.output.contains("DOC-002"))
        // A second document type without a rank: its finding is new, and reported alone.
        let second = """
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Notes</string>
                        <key>CFBundleTypeRole</key>
                        <string>Viewer</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.text</string>
                        </array>
                    </dict>
                </array>
            """
        let grown = rankless.replacingOccurrences(
            of: "    </array>\n</dict>\n</plist>", with: second + "\n</dict>\n</plist>")
        #expect(grown != rankless)
        try Data(grown.utf8).write(to: URL(fileURLWithPath: path))
        let after = utiscope("lint", "--strict", "--color", "never", "--baseline", baseline, path)
        #expect(after.status == .findings)
        let found = after.output.split(separator: "\n").filter { $0.hasSuffix("]") }
        #expect(found.count == 1, "\(after.output)")
        #expect(
            found.first?.contains("warning: document type 'Notes' has no 'LSHandlerRank'") == true, "\(after.output)")
        #expect(found.first?.hasSuffix("[DOC-002]") == true)
    }

    /// An Xcode-made plist: tab-indented, two document types, the first missing its rank (a fix
    /// that adds two lines), the second listing a type nobody declares (no fix).
    static let tabbed = """
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
        \t\t\t<key>LSItemContentTypes</key>
        \t\t\t<array>
        \t\t\t\t<string>public.plain-text</string>
        \t\t\t</array>
        \t\t</dict>
        \t\t<dict>
        \t\t\t<key>CFBundleTypeName</key>
        \t\t\t<string>Other</string>
        \t\t\t<key>CFBundleTypeRole</key>
        \t\t\t<string>Viewer</string>
        \t\t\t<key>LSHandlerRank</key>
        \t\t\t<string>Alternate</string>
        \t\t\t<key>LSItemContentTypes</key>
        \t\t\t<array>
        \t\t\t\t<string>com.example.nobody</string>
        \t\t\t</array>
        \t\t</dict>
        \t</array>
        </dict>
        </plist>

        """

    /// The dry run's diff is the file's bytes (tabs as tabs): `patch` applies it and gives what
    /// `--fix` writes.
    @Test(.enabled(if: executableOnPath("patch") != nil, "needs patch"))
    func dryRunDiffAppliesWithPatch() throws {
        let path = try temporaryFile(Self.tabbed, name: "Info.plist")
        let dry = utiscope("lint", "--fix", "--dry-run", path)
        #expect(dry.output.contains("\n+\t\t\t<key>LSHandlerRank</key>\n+\t\t\t<string>Default</string>\n"))
        #expect(!dry.output.contains("\\t"))
        #expect(!dry.output.hasPrefix("#"))
        let diffPath = try temporaryFile(dry.output, name: "fix.diff")
        let patch = try runTool(
            try #require(executableOnPath("patch")), ["-p1", "-o", path + ".patched", path, diffPath])
        #expect(patch.status == 0, "\(patch.output)\(patch.errors)")
        #expect(utiscope("lint", "--fix", path).status == .findings)
        #expect(
            try String(contentsOfFile: path + ".patched", encoding: .utf8)
                == String(contentsOfFile: path, encoding: .utf8))
    }

    /// After `--fix` writes a file, the findings left are reported where they are in the file as
    /// written (the fix added two lines above the one left).
    @Test func findingsAfterAFixAreAtTheirNewLines() throws {
        let path = try temporaryFile(Self.tabbed, name: "Info.plist")
        let before = utiscope("lint", "--color", "never", path)
        #expect(
            before.output.contains("\(path):25:5: error: content type 'com.example.nobody' of document type 'Other'"))
        let fixed = utiscope("lint", "--fix", "--color", "never", path)
        #expect(fixed.status == .findings)
        #expect(fixed.errors.hasPrefix("\(path): fixed 1 finding(s)\n"))
        #expect(
            fixed.output.contains("\(path):27:5: error: content type 'com.example.nobody' of document type 'Other'"))
        #expect(!fixed.output.contains("DOC-002"))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[26] == "\t\t\t\t<string>com.example.nobody</string>")
        #expect(fixed.errors.components(separatedBy: " in 1 file").count == 2, "one summary: \(fixed.errors)")
    }

    @Test func fixDryRunPrintsADiffAndFixWritesMinimalEdits() throws {
        let path = try temporaryFile(rankless)
        let dry = utiscope("lint", "--fix", "--dry-run", path)
        #expect(dry.output.contains("+            <key>LSHandlerRank</key>"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == rankless)
        #expect(utiscope("lint", "--fix", path).status == .success)
        let fixed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            fixed.contains(
                "            <key>LSHandlerRank</key>\n            <string>Default</string>\n        </dict>"))
        #expect(utiscope("lint", "--strict", path).status == .success)
    }

    /// A folder linted whole: a CMake template is found and linted with its placeholders taken
    /// as the build's, and the summary says what was found and skipped (`--verbose`: each).
    @Test func aFolderIsLintedWholeTemplatesIncluded() throws {
        let template = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>CFBundleIdentifier</key>
                <string>${MACOSX_BUNDLE_GUI_IDENTIFIER}</string>
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>$(PRODUCT_NAME) Document</string>
                        <key>CFBundleTypeIconFile</key>
                        <string>@DOCUMENT_ICON@</string>
                        <key>CFBundleTypeRole</key>
                        <string>Viewer</string>
                        <key>LSHandlerRank</key>
                        <string>Alternate</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.plain-text</string>
                        </array>
                    </dict>
                </array>
            </dict>
            </plist>

            """
        let folder = try Scratch.folder("lint-whole")
        let root = folder.path
        let files = [
            "macosx/Info.plist.in": template, "macosx/App.entitlements.plist": "<plist><dict/></plist>",
            "build/Info.plist": template,
        ]
        for (relative, text) in files {
            let url = folder.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let result = utiscope("lint", "--color", "never", root)
        #expect(result.status == .success)
        let findings = result.output.split(separator: "\n").filter { $0.hasPrefix(root) }
        #expect(
            findings == [
                "\(root)/macosx/Info.plist.in:10:13: warning: '$(PRODUCT_NAME)' is expanded only by Xcode; other build systems leave it as written [PLIST-004]"
            ])
        #expect(
            result.errors.contains(
                "\nfound in '\(root)': 1 Info.plist (1 template); skipped 1 build or vendored folder, 1 property list not named like an Info.plist (--verbose lists them)\n"
            ))
        let verbose = utiscope("lint", "--verbose", "--color", "never", root)
        #expect(
            verbose.errors.contains("\n\(root)/build: skipped: a build product, version-control or vendored folder\n"))
        #expect(
            verbose.errors.contains(
                "\n\(root)/macosx/App.entitlements.plist: skipped: a property list not named like an Info.plist\n"))
    }

    /// A binary plist with a fixable finding: `--fix` says why it did not fix it, leaves the file
    /// as it was, and still reports the finding.
    @Test func fixLeavesABinaryPlistAndSaysWhy() throws {
        let value = try PropertyListSerialization.propertyList(from: Data(rankless.utf8), format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        let path = try temporaryFile(bytes: Array(binary), name: "Info.plist")
        let result = utiscope("lint", "--fix", "--color", "never", path)
        #expect(result.status == .success)
        #expect(result.errors.contains("\(path): warning: not fixed: only XML plists are rewritten\n"))
        #expect(!result.errors.contains("fixed 1 finding"))
        #expect(result.output.contains("[DOC-002]"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == binary)
        let dry = utiscope("lint", "--fix", "--dry-run", path)
        #expect(dry.output.isEmpty)
        #expect(dry.errors.contains("not fixed: only XML plists are rewritten"))
    }

    /// A dry run's diff is on standard output; what the fix would leave is on standard error,
    /// an unreadable file included, so that nothing is silently missing.
    @Test func aDryRunSaysWhatTheFixLeaves() throws {
        let path = try temporaryFile(Self.tabbed, name: "Info.plist")
        let dry = utiscope("lint", "--fix", "--dry-run", path, "/nonexistent/Info.plist")
        #expect(dry.status == .inputError)
        #expect(dry.output.contains("+\t\t\t<key>LSHandlerRank</key>"))
        #expect(!dry.output.contains("error:"))
        #expect(
            dry.errors.contains(
                "/nonexistent/Info.plist: error: cannot read file: no such file or folder [PLIST-001]\n"))
        #expect(dry.errors.contains("\(path):25:5: error: content type 'com.example.nobody' of document type 'Other'"))
        #expect(!dry.errors.contains("DOC-002"))
    }

    /// A baseline or configuration that cannot be read or written says why.
    @Test func unreadableBaselinesAndConfigurationsSayWhy() throws {
        let path = try temporaryFile(rankless)
        let missing = "/nonexistent/utiscope"
        let read = utiscope("lint", "--baseline", missing + "/baseline.json", path)
        #expect(read.status == .inputError)
        #expect(
            read.errors.contains(
                "\(missing)/baseline.json: error: cannot read the baseline file: no such file or folder\n"))
        let written = utiscope("lint", "--write-baseline", missing + "/baseline.json", path)
        #expect(written.status == .inputError)
        #expect(
            written.errors.contains(
                "\(missing)/baseline.json: error: cannot write the baseline file: no such file or folder\n"))
        let configuration = utiscope("lint", "--config", missing + "/.utiscope.json", path)
        #expect(configuration.status == .inputError)
        #expect(
            configuration.errors.contains(
                "\(missing)/.utiscope.json: error: cannot read the configuration file: no such file or folder\n"))
    }

    @Test func verboseShowsTheSourceLineAndCaret() throws {
        let path = try temporaryFile(rankless)
        let result = utiscope("lint", "--verbose", "--color", "never", path)
        #expect(result.output.contains(":6:9: warning: document type 'Text'"))
        #expect(result.output.contains("\n            <dict>\n            ^\n"))
    }
}

@Suite struct RulesCommandTests {
    @Test func listsTheCatalog() throws {
        let result = utiscope("rules")
        #expect(result.status == .success)
        #expect(result.output.contains("DOC-002   warning   missing-handler-rank"))
        // One line per rule, in code order: the rules Documentation/Rules.md has a section for.
        let codes = result.output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        let documented = try String(contentsOfFile: fixturesDirectory + "/../Documentation/Rules.md", encoding: .utf8)
            .split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        #expect(codes == documented)
        #expect(codes == codes.sorted() && Set(codes).count == codes.count)
    }

    @Test func explainsOneRule() {
        let result = utiscope("rules", "doc-006")
        #expect(result.status == .success)
        #expect(result.output.contains("DOC-006 undeclared-content-type"))
        #expect(result.output.contains("Sources:"))
        let unknown = utiscope("rules", "DOC-0066")
        #expect(unknown.status == .usage)
        #expect(unknown.errors.contains("no rule 'DOC-0066'; did you mean 'DOC-006'?"))
    }

    @Test func markdownIsTheDocumentation() throws {
        let result = utiscope("rules", "--markdown")
        let path = fixturesDirectory + "/../Documentation/Rules.md"
        #expect(result.output == (try String(contentsOfFile: path, encoding: .utf8)))
    }
}
