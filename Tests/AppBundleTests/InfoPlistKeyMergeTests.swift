import AppBundle
import PropertyList
import Testing

@Suite struct InfoPlistKeyMergeTests {
    let project: XcodeProject

    init() throws {
        project = try XcodeProject.read(path: projectFixture("GeneratedApp/GeneratedApp.xcodeproj"))
    }

    @Test func generatedInfoPlistFromSettings() throws {
        let target = try #require(project.target(named: "Generated"))
        let settings = project.settings(for: target)
        #expect(settings.generatesInfoPlist)
        #expect(settings.infoPlistPath == nil)
        let plist = settings.resolvedInfoPlist()
        #expect(plist.findings.isEmpty)
        let root = plist.root
        #expect(root["CFBundleDisplayName"]?.string == "Generated 3.0")
        #expect(root["LSSupportsOpeningDocumentsInPlace"]?.boolean == true)
        #expect(root["UISupportsDocumentBrowser"]?.boolean == false)
        #expect(root["LSRequiresIPhoneOS"]?.boolean == true)
        #expect(
            root["UISupportedInterfaceOrientations~ipad"]?.elements.compactMap(\.string) == [
                "UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft",
            ])
        #expect(root["UILaunchScreen"]?.isDictionary == true)
        #expect(root["UIApplicationSceneManifest"]?["UIApplicationSupportsMultipleScenes"]?.boolean == true)
        #expect(root["CFBundleIdentifier"]?.string == "com.example.generated")
        #expect(root["CFBundleShortVersionString"]?.string == "3.0")
        #expect(root["CFBundleVersion"]?.string == "7")
        #expect(root["CFBundleName"]?.string == "Generated")
        #expect(root["CFBundlePackageType"]?.string == "APPL")
        #expect(root["NotAKeyXcodeKnows"] == nil)
        if case .buildSetting(let name, let location) = root["UISupportsDocumentBrowser"]?.origin {
            #expect(name == "INFOPLIST_KEY_UISupportsDocumentBrowser")
            #expect(location?.line != nil)
        } else {
            Issue.record("generated value should name its setting")
        }
    }

    @Test func generatedKeysMergeOntoTheFile() throws {
        let target = try #require(project.target(named: "Merged"))
        let plist = project.settings(for: target).resolvedInfoPlist()
        let root = plist.root
        #expect(root["CFBundleDisplayName"]?.string == "Merged")
        #expect(root["UIRequiredDeviceCapabilities"]?.elements.compactMap(\.string) == ["arm64", "gamekit", "metal"])
        #expect(root["UISupportsDocumentBrowser"]?.boolean == true)
        #expect(root["UILaunchScreen"]?.string == "wrong kind")
        #expect(plist.findings.isEmpty)
    }

    @Test func valuesOfDifferentKindsKeepTheFilesAndAreReported() {
        let location = SourceLocation(file: "Info.plist", line: 3)
        let file = [InfoPlistEntry(key: "UILaunchScreen", value: InfoPlistValue(.string("x"), origin: .file(location)))]
        let generated = [
            InfoPlistEntry(
                key: "UILaunchScreen",
                value: InfoPlistValue(
                    .dictionary([]),
                    origin: .buildSetting(name: "INFOPLIST_KEY_UILaunchScreen_Generation", location: nil)))
        ]
        let merged = InfoPlistKeyMerge.merge(generated, into: file)
        #expect(merged.entries.first?.value.string == "x")
        #expect(merged.findings == [AppBundleFinding(.incompatibleGeneratedValue(key: "UILaunchScreen"), at: location)])
    }

    @Test func supportedKeyTableIsConsistent() {
        let keys = InfoPlistKeyMerge.supportedKeys
        #expect(Set(keys.map(\.setting)).count == keys.count)
        #expect(keys.first { $0.key == "LSSupportsOpeningDocumentsInPlace" }?.type == .boolean)
        #expect(
            keys.first { $0.key == "UISupportedInterfaceOrientations~iphone" }?.setting
                == "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone")
        #expect(keys.first { $0.key == "UIRequiredDeviceCapabilities" }?.type == .stringList)
    }
}
