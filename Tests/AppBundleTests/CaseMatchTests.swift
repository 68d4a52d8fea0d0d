import Foundation
import PropertyList
import TestScratch
import Testing

@testable import AppBundle

/// Names a project or bundle gives are matched against directory listings, so that a name in the
/// wrong letter case gets the same answer on a Mac (whose file system ignores case) as on Linux and
/// an iOS device (whose do not): found, and said to be in another case.
@Suite struct CaseMatchTests {
    /// A copy of `fixture` (under Fixtures/projects) in a scratch folder, with `renames` applied
    /// (paths relative to the copy).
    func copy(_ fixture: String, renaming renames: [(String, String)] = []) throws -> String {
        let folder = try Scratch.folder("case").appendingPathComponent(Path.lastComponent(of: fixture)).path
        try FileManager.default.copyItem(atPath: projectFixture(fixture), toPath: folder)
        for (from, to) in renames {
            try FileManager.default.moveItem(atPath: folder + "/" + from, toPath: folder + "/" + to)
        }
        return folder
    }

    @Test func findMatchesEachNameAgainstTheListing() throws {
        let root = try Scratch.folder("find").path
        try FileManager.default.createDirectory(atPath: root + "/Res/Icons", withIntermediateDirectories: true)
        for file in ["Res/Icons/icon.png", "Res/Both", "Res/both", "Res/Cafe\u{301}"] {
            #expect(FileManager.default.createFile(atPath: root + "/" + file, contents: Data()))
        }
        #expect(
            FileSystem.find("Res/Icons/icon.png", in: root)
                == .init(path: root + "/Res/Icons/icon.png", caseMatches: true))
        // A folder and a file in the wrong case: found as spelt on disk, the mismatch said.
        #expect(
            FileSystem.find("res/icons/Icon.PNG", in: root)
                == .init(path: root + "/Res/Icons/icon.png", caseMatches: false))
        #expect(FileSystem.find("Res/Icons/icon.jpg", in: root) == nil)
        #expect(FileSystem.find("Res/Nothing/icon.png", in: root) == nil)
        // Where both spellings exist (a case-sensitive file system), the exact one is taken.
        #expect(FileSystem.find("Res/both", in: root) == .init(path: root + "/Res/both", caseMatches: true))
        #expect(FileSystem.find("Res/BOTH", in: root)?.caseMatches == false)
        // `é` decomposed on disk, composed in the name: one name on APFS, so a match.
        #expect(FileSystem.find("Res/Caf\u{E9}", in: root) == .init(path: root + "/Res/Cafe\u{301}", caseMatches: true))
        #expect(FileSystem.find("./Res/../Res/Icons", in: root)?.caseMatches == true)
    }

    @Test func infoPlistFileInAnotherCaseIsReadAndReported() throws {
        let project = try copy("DocumentApp", renaming: [("DocumentApp/Info.plist", "DocumentApp/info.plist")])
        let xcode = try XcodeProject.read(path: project + "/DocumentApp.xcodeproj")
        let app = try #require(xcode.target(named: "DocumentApp"))
        let settings = xcode.settings(for: app)
        #expect(settings.infoPlistSetting == "DocumentApp/Info.plist")
        let plist = settings.resolvedInfoPlist()
        let mismatch = AppBundleFinding.Kind.caseMismatch(
            path: project + "/DocumentApp/Info.plist", onDisk: project + "/DocumentApp/info.plist")
        #expect(plist.findings.map(\.kind).contains(mismatch))
        #expect(!plist.findings.map(\.kind).contains(.missingInfoPlistFile(path: project + "/DocumentApp/Info.plist")))
        #expect(plist.root["CFBundlePackageType"]?.string == "APPL")
        let finding = try #require(plist.findings.first { $0.kind == mismatch })
        #expect(finding.location.file == settings.settings.assignment(for: "INFOPLIST_FILE")?.location?.file)
        #expect(
            finding.message
                == "'\(project)/DocumentApp/Info.plist' exists only as '\(project)/DocumentApp/info.plist', in another letter case: a Mac finds it, an iOS device or a case-sensitive file system does not"
        )
    }

    @Test func infoPlistFileWithItsOwnNameIsNotReported() throws {
        let project = try copy("DocumentApp")
        let xcode = try XcodeProject.read(path: project + "/DocumentApp.xcodeproj")
        let app = try #require(xcode.target(named: "DocumentApp"))
        let plist = xcode.settings(for: app).resolvedInfoPlist()
        #expect(plist.document != nil)
        #expect(!plist.findings.contains { if case .caseMismatch = $0.kind { true } else { false } })
    }

    @Test func infoPlistFileMissingInEveryCaseIsMissing() throws {
        let project = try copy("DocumentApp", renaming: [("DocumentApp/Info.plist", "DocumentApp/Other.plist")])
        let xcode = try XcodeProject.read(path: project + "/DocumentApp.xcodeproj")
        let app = try #require(xcode.target(named: "DocumentApp"))
        let plist = xcode.settings(for: app).resolvedInfoPlist()
        #expect(plist.findings.map(\.kind).contains(.missingInfoPlistFile(path: project + "/DocumentApp/Info.plist")))
    }

    @Test func bundleFilesInAnotherCaseAreReadAndReported() throws {
        let bundles = try copy(
            "Bundles",
            renaming: [
                ("Built.app/Info.plist", "Built.app/info.plist"), ("Built.app/PlugIns", "Built.app/Plugins"),
            ])
        let discovery = ProjectDiscovery.discover(root: bundles)
        let unit = try #require(discovery.units.first)
        #expect(unit.infoPlist == bundles + "/Built.app/info.plist")
        #expect(unit.extensions.map(\.infoPlist) == [bundles + "/Built.app/Plugins/Thumb.appex/Info.plist"])
        // In report order (by file).
        #expect(
            discovery.findings.map(\.kind) == [
                .caseMismatch(path: bundles + "/Built.app/PlugIns", onDisk: bundles + "/Built.app/Plugins"),
                .caseMismatch(path: bundles + "/Built.app/Info.plist", onDisk: bundles + "/Built.app/info.plist"),
            ])
        // Loading the Info.plist by name finds the extension the same way.
        let loaded = try AppLoader().load(bundles + "/Built.app/info.plist")
        #expect(loaded.extensions.count == 1)
        #expect(
            loaded.findings.map(\.kind) == [
                .caseMismatch(path: bundles + "/Built.app/PlugIns", onDisk: bundles + "/Built.app/Plugins")
            ])
    }
}
