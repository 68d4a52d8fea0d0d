import Foundation
import TestScratch
import Testing
import UTIScopeCLI

/// Help and messages agree with what the commands do, and each problem is said once.
@Suite struct MessageAgreementTests {
    let app = fixturesDirectory + "/apps/Sketchbook/Info.plist"

    @Test func helpBeforeOrAfterTheCommandIsTheCommandsHelp() {
        let lintHelp = utiscope("lint", "--help").output
        #expect(lintHelp.contains("USAGE: utiscope lint"))
        #expect(utiscope("--help", "lint").output == lintHelp)
        #expect(utiscope("help", "lint").output == lintHelp)
        #expect(utiscope("lint", "-vh").output == lintHelp)
    }

    @Test func shortFlagsGoTogether() {
        let together = utiscope("lint", "-vq", "--color", "never", app)
        let apart = utiscope("lint", "-v", "-q", "--color", "never", app)
        #expect(together.status == apart.status)
        #expect(together.output == apart.output)
        #expect(!together.output.contains(": info: "))
        #expect(together.output.contains("\n    fix-it: "))
    }

    @Test func aWrongChoiceNamesTheOption() {
        let result = utiscope("lint", "--color", "blue", app)
        #expect(result.status == .usage)
        #expect(
            result.errors.hasPrefix("Error: 'blue' is not a value '--color' takes; use one of: auto, always, never\n"))
    }

    @Test func reportHelpNamesOnlyItsOwnOptions() {
        let help = utiscope("report", "--help").output
        #expect(!help.contains("--app"))
        #expect(help.contains("--target"))
    }

    @Test func aReportThatCannotBeWrittenSaysWhy() {
        let result = utiscope("report", app, "-o", "/nonexistent-\(UUID().uuidString)/x.html")
        #expect(result.status == .inputError)
        #expect(result.errors.hasSuffix("error: cannot write the report: no such file or folder\n"))
    }

    @Test func anEmptyFolderIsOneProblem() throws {
        let empty = try Scratch.folder("empty").path
        let result = utiscope("lint", empty)
        #expect(result.status == .inputError)
        #expect(!result.errors.contains("warning:"))
        #expect(result.errors.contains("error: nothing to lint in '\(empty)'"))
        // Beside something linted, it is a warning.
        let beside = utiscope("lint", "--color", "never", empty, app)
        #expect(beside.errors.contains("\(empty): warning: no Info.plist, app bundle or Xcode project found\n"))
        #expect(!beside.errors.contains("nothing to lint"))
    }

    @Test func appsOfOneNameAreToldApart() throws {
        let root = try Scratch.folder("same-name")
        for folder in ["x/App", "y/App"] {
            let url = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: app, toPath: url.appendingPathComponent("Info.plist").path)
        }
        let result = utiscope("app", root.path)
        #expect(result.status == .usage || result.status == .inputError)
        #expect(result.errors.contains("'App (\(root.path)/x/App/Info.plist)', 'App (\(root.path)/y/App/Info.plist)'"))
    }

    /// A mistyped identifier is answered as a file name, and the answer says which type was
    /// probably meant; a real file name gets no such note.
    @Test func aMistypedIdentifierGetsADidYouMean() {
        let result = utiscope("icon", "public.jpg", "photo.jpg", "public.jpeg", "--app", app)
        #expect(result.status == .success)
        #expect(
            result.errors
                == "public.jpg: warning: no declared or system type has this identifier, so it is answered as a file name; did you mean 'public.jpeg'?\n"
        )
        #expect(result.output.hasPrefix("public.jpg (public.jpeg): "))
    }
}
