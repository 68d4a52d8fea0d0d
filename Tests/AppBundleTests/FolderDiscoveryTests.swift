import Foundation
import TestScratch
import Testing

@testable import AppBundle

/// A folder linted whole: Info.plist variants and templates found, and what the walk passes over
/// recorded with its reason.
@Suite struct FolderDiscoveryTests {
    /// Writes `files` (relative path → text) under a new temporary folder.
    func checkout(_ files: [String: String]) throws -> String {
        let root = Scratch.root.appendingPathComponent("discovery-\(UUID())").path
        for (relative, text) in files {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return root
    }

    let plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>\n"

    @Test(arguments: [
        "Info.plist", "App-Info.plist", "Go Map!!-Info.plist", "Info-Release.plist", "release-Info.plist",
        "Info.release.plist", "info.plist", "Info.plist.in", "Info.plist.cmake", "Info.plist.template",
        "App-Info.plist.in",
    ])
    func infoPlistNames(_ name: String) {
        #expect(ProjectDiscovery.isInfoPlistName(name))
    }

    @Test(arguments: [
        "Settings.plist", "Information.plist", "Entitlements.plist", "Info.plist.bak", "Info.plistx",
        "InfoPlist.strings",
        "Root.plist.in", "Info",
    ])
    func otherNames(_ name: String) {
        #expect(!ProjectDiscovery.isInfoPlistName(name))
    }

    @Test func templatesAreTheSuffixedNames() {
        #expect(ProjectDiscovery.isInfoPlistTemplateName("Info.plist.in"))
        #expect(ProjectDiscovery.isInfoPlistTemplateName("Info.plist.cmake"))
        #expect(ProjectDiscovery.isInfoPlistTemplateName("Info.plist.template"))
        #expect(!ProjectDiscovery.isInfoPlistTemplateName("Info.plist"))
        #expect(!ProjectDiscovery.isInfoPlistTemplateName("Root.plist.in"))
    }

    /// Templates and variants become units of their own; build and vendored folders and other
    /// property lists are passed over, each with its reason.
    @Test func findsTemplatesAndVariantsAndRecordsWhatItSkips() throws {
        let root = try checkout([
            "cmake/Info.plist.in": plist,
            "autotools/Info.plist.template": plist,
            "Release/Info-Release.plist": plist,
            "App/Entitlements.plist": plist,
            "App/Settings.bundle/Root.plist": plist,
            "build/Info.plist": plist,
            "Pods/Lib/Info.plist": plist,
            "Carthage/Checkouts/Lib/Info.plist": plist,
        ])
        let result = ProjectDiscovery.discover(root: root)
        func relative(_ path: String) -> String { String(path.dropFirst(root.count + 1)) }
        #expect(
            result.units.compactMap(\.infoPlist).map(relative) == [
                "Release/Info-Release.plist", "autotools/Info.plist.template", "cmake/Info.plist.in",
            ])
        #expect(result.infoPlists.map(relative) == result.units.compactMap(\.infoPlist).map(relative))
        let skipped = result.skipped.map { "\(relative($0.path)) \($0.reason)" }
        #expect(
            skipped == [
                "App/Entitlements.plist notAnInfoPlist", "App/Settings.bundle/Root.plist notAnInfoPlist",
                "Carthage/Checkouts buildOrVendoredFolder", "Pods buildOrVendoredFolder",
                "build buildOrVendoredFolder",
            ])
    }

    /// An Info.plist a target uses only in its Debug configuration belongs to the target: not an
    /// app of its own when the project is read for Release.
    @Test func aVariantOfAnotherConfigurationIsTheTargets() throws {
        let project = """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                objectVersion = 56;
                objects = {
                    A1 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (); dependencies = (); name = App; productName = App; productType = "com.apple.product-type.application"; };
                    P1 = {isa = PBXProject; buildConfigurationList = L1; mainGroup = G1; projectDirPath = ""; targets = (A1); };
                    G1 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
                    X1 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
                    X2 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "App/Info.plist"; }; name = Release; };
                    X3 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "App/Info-Debug.plist"; }; name = Debug; };
                    L1 = {isa = XCConfigurationList; buildConfigurations = (X1); defaultConfigurationName = Release; };
                    L2 = {isa = XCConfigurationList; buildConfigurations = (X2, X3); defaultConfigurationName = Release; };
                };
                rootObject = P1;
            }

            """
        let root = try checkout([
            "App.xcodeproj/project.pbxproj": project, "App/Info.plist": plist, "App/Info-Debug.plist": plist,
        ])
        let release = ProjectDiscovery.discover(root: root)
        #expect(release.units.map(\.name) == ["App"])
        #expect(release.units.first?.infoPlist == root + "/App/Info.plist")
        #expect(release.skipped.map(\.path) == [root + "/App/Info-Debug.plist"])
        #expect(release.skipped.map(\.reason) == [.otherConfiguration])
        let debug = ProjectDiscovery.discover(root: root, configuration: "Debug")
        #expect(debug.units.first?.infoPlist == root + "/App/Info-Debug.plist")
        #expect(debug.skipped.map(\.path) == [root + "/App/Info.plist"])
    }
}
