import AppBundle
import Foundation
import Lint
import TestScratch
import Testing

/// `LintRun`, the lint `utiscope lint` prints, called as a library: configuration discovery,
/// duplicates, nothing to lint, baselines and fixes, with the messages it leaves to print.
@Suite struct LintRunTests {
    /// A scratch folder holding `App/Info.plist`, a copy of the Sketchbook fixture's.
    func appFolder() throws -> URL {
        let folder = try Scratch.folder("lint-run")
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: packageDirectory + "/Fixtures/apps/Sketchbook/Info.plist")
        try Data(contentsOf: source).write(to: app.appendingPathComponent("Info.plist"))
        return folder
    }

    func codes(_ result: LintRun.Result) -> [String] { result.diagnostics.map(\.code) }

    @Test func aConfigurationAboveAnInputAppliesToWhatIsFoundInIt() throws {
        let folder = try appFolder()
        let before = LintRun.run(LintRequest(paths: [folder.path]))
        #expect(codes(before).contains("DOC-002"))
        #expect(!before.inputError && !before.stopped && before.files == 1)
        try Data(#"{"version": 1, "rules": {"DOC-002": "off"}}"#.utf8).write(
            to: folder.appendingPathComponent(".utiscope.json"))
        let after = LintRun.run(LintRequest(paths: [folder.path]))
        #expect(!codes(after).contains("DOC-002"))
        #expect(codes(after) == codes(before).filter { $0 != "DOC-002" })
    }

    /// The loader walks an app's resources in the background; the icon rule waits for the walk
    /// and sees what it found: a folder with an asset catalog holds the app's resources, so a set
    /// the Info.plist names and the catalog lacks is reported, and no longer once it is there.
    @Test func theResourceWalkIsSeenByTheIconRules() throws {
        let folder = try appFolder()
        let app = folder.appendingPathComponent("App")
        func iconFindings() -> [String] {
            LintRun.run(LintRequest(paths: [folder.path])).diagnostics.filter { $0.code == "ICON-002" }.map(\.message)
        }
        // Without a catalog the folder may not be where the resources are: nothing is said.
        #expect(iconFindings().isEmpty)
        let catalog = app.appendingPathComponent("Assets.xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let missing = iconFindings()
        #expect(missing.count == 1 && missing.allSatisfy { $0.contains("'SketchBackground'") })
        try FileManager.default.createDirectory(
            at: catalog.appendingPathComponent("SketchBackground.imageset"), withIntermediateDirectories: true)
        #expect(iconFindings().isEmpty)
    }

    @Test func anUnusableConfigurationStopsTheRunNamingTheFile() throws {
        let folder = try appFolder()
        let file = folder.appendingPathComponent(".utiscope.json")
        try Data(#"{"version": 1, "rules": "#.utf8).write(to: file)
        let result = LintRun.run(LintRequest(paths: [folder.path]))
        #expect(result.stopped && result.inputError && result.diagnostics.isEmpty)
        #expect(result.messages.count == 1)
        #expect(result.messages.first?.hasPrefix(file.path + ":") == true)
        #expect(result.messages.first?.contains(": error: ") == true)
    }

    @Test func nothingToLintIsAnInputErrorUnlessAllowed() throws {
        let empty = try Scratch.folder("lint-run-empty")
        let refused = LintRun.run(LintRequest(paths: [empty.path]))
        #expect(refused.inputError && refused.files == 0)
        #expect(refused.messages.contains { $0.hasPrefix("error: nothing to lint in '\(empty.path)'") })
        var request = LintRequest(paths: [empty.path])
        request.allowEmpty = true
        let allowed = LintRun.run(request)
        #expect(!allowed.inputError && allowed.files == 0)
        #expect(allowed.messages == ["\(empty.path): warning: no Info.plist, app bundle or Xcode project found"])
    }

    @Test func anInfoPlistReachedTwiceIsLintedOnce() throws {
        let folder = try appFolder()
        let once = LintRun.run(LintRequest(paths: [folder.path]))
        let twice = LintRun.run(LintRequest(paths: [folder.path, folder.path + "/App/Info.plist", folder.path]))
        #expect(twice.files == once.files)
        #expect(twice.diagnostics == once.diagnostics)
    }

    @Test func standardInputIsLintedAsDash() throws {
        let bytes = try [UInt8](
            Data(contentsOf: URL(fileURLWithPath: packageDirectory + "/Fixtures/apps/Sketchbook/Info.plist")))
        let result = LintRun.run(LintRequest(paths: ["-"], standardInput: bytes))
        #expect(!result.diagnostics.isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.location.file == "-" })
        #expect(result.inputsInMemory["-"] == bytes)
    }

    @Test func aBaselineRecordsFindingsAndThenHidesThem() throws {
        let folder = try appFolder()
        let baseline = folder.appendingPathComponent("baseline.json").path
        var recording = LintRequest(paths: [folder.path])
        recording.baseline = .record(baseline)
        let recorded = LintRun.run(recording)
        #expect(!recorded.diagnostics.isEmpty && FileManager.default.fileExists(atPath: baseline))
        var comparing = LintRequest(paths: [folder.path])
        comparing.baseline = .compare(baseline)
        #expect(LintRun.run(comparing).diagnostics.isEmpty)
        comparing.baseline = .compare(folder.appendingPathComponent("missing.json").path)
        let missing = LintRun.run(comparing)
        #expect(missing.stopped && missing.messages.contains { $0.contains("cannot read the baseline file") })
    }

    @Test func aPreviewLeavesTheFileAndAWriteLintsItAgainAsWritten() throws {
        let folder = try appFolder()
        let plist = folder.path + "/App/Info.plist"
        let original = try Data(contentsOf: URL(fileURLWithPath: plist))
        let plain = LintRun.run(LintRequest(paths: [folder.path]))

        var previewing = LintRequest(paths: [folder.path])
        previewing.fixing = .preview
        let preview = LintRun.run(previewing)
        let fixes = try #require(preview.fixes)
        #expect(!fixes.fixed.isEmpty && fixes.diff.contains("+++ "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: plist)) == original)
        #expect(preview.diagnostics == plain.diagnostics.filter { !fixes.fixed.contains($0) })

        var writing = LintRequest(paths: [folder.path])
        writing.fixing = .write
        let written = LintRun.run(writing)
        #expect(try Data(contentsOf: URL(fileURLWithPath: plist)) != original)
        #expect(written.messages.first == "\(plist): fixed \(fixes.fixed.count) finding(s)")
        // What is reported is a lint of the file as written: a plain run now finds the same.
        let again = LintRun.run(LintRequest(paths: [folder.path]))
        #expect(written.diagnostics == again.diagnostics)
        #expect(again.diagnostics.count == plain.diagnostics.count - fixes.fixed.count)
    }

    @Test func xcodeBuildSettingsComeOnlyFromABuildPhase() {
        let phase = [
            "ACTION": "build", "XCODE_VERSION_ACTUAL": "1600", "PRODUCT_NAME": "Sketchbook", "PATH": "/usr/bin",
            "lower_case": "x", "Mixed": "y",
        ]
        let settings = LintRequest.xcodeBuildSettings(in: phase)
        #expect(settings["PRODUCT_NAME"] == "Sketchbook" && settings["PATH"] == "/usr/bin")
        #expect(settings["lower_case"] == nil && settings["Mixed"] == nil)
        var shell = phase
        shell["XCODE_VERSION_ACTUAL"] = nil
        #expect(LintRequest.xcodeBuildSettings(in: shell).isEmpty)
    }

    /// Documentation/Integration.md's example, with its paths made real: it compiles against the
    /// library as written there and gives what `utiscope lint` gives.
    @Test func theIntegrationGuidesExampleRuns() throws {
        let folder = try appFolder()
        let baseline = folder.appendingPathComponent("utiscope-baseline.json").path
        try Data(#"{"version": 2, "findings": []}"#.utf8).write(to: URL(fileURLWithPath: baseline))

        var request = LintRequest(paths: [folder.path], loader: AppLoader(platform: .iOS))
        request.baseline = .compare(baseline)
        let result = LintRun.run(request)
        var printed: [String] = []
        for finding in result.diagnostics where finding.severity >= .warning {
            printed.append("\(finding.location): \(finding.severity): \(finding.message) [\(finding.code)]")
        }
        let failed = result.inputError || result.hasFindings(atLeast: .error)
        #expect(result.messages.isEmpty && !result.stopped)
        #expect(failed)
        #expect(printed.contains { $0.hasSuffix("[DOC-002]") && $0.contains("/App/Info.plist:") })
        var json: [UInt8] = []
        JSONReporter().write(LintReport(diagnostics: result.diagnostics, files: result.files)) { json += $0 }
        #expect(String(decoding: json, as: UTF8.self).hasPrefix("{"))
    }
}
