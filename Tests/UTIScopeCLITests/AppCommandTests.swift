import Foundation
import TestScratch
import Testing
import UTIScopeCLI

@Suite struct AppCommandTests {
    let sketchbook = fixturesDirectory + "/apps/Sketchbook/Info.plist"

    @Test func showsWhatAnInfoPlistDeclares() {
        let result = utiscope("app", sketchbook)
        #expect(result.status == .success)
        #expect(result.output.contains("  platform: iOS (from LSRequiresIPhoneOS, line 21)\n"))
        #expect(
            result.output.contains(
                "    [0] 'Sketch', role Editor, rank Owner (line 41)\n        com.example.sketchbook.sketch\n"))
        #expect(result.output.contains("    com.example.brushes (line 108)\n        conforms to: nothing\n"))
        #expect(result.output.contains("SketchThumbnails.appex/Info.plist: com.apple.quicklook.thumbnail"))
        #expect(result.output.contains("unknown key 'UTTypeConformTo'; did you mean 'UTTypeConformsTo'?"))
    }

    @Test func jsonNamesDocumentTypesDeclarationsAndExtensions() throws {
        let result = utiscope("app", "--format", "json", sketchbook)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["bundleIdentifier"] as? String == "com.example.sketchbook")
        #expect(object["platform"] as? String == "ios")
        let types = try #require(object["documentTypes"] as? [[String: Any]])
        #expect(types.map { $0["name"] as? String } == ["Sketch", "Brush Set", "Image"])
        #expect(types[1]["rank"] is NSNull)
        let exported = try #require(object["exportedTypes"] as? [[String: Any]])
        #expect(exported.first?["identifier"] as? String == "com.example.sketchbook.sketch")
        let extensions = try #require(object["extensions"] as? [[String: Any]])
        #expect(extensions.first?["point"] as? String == "com.apple.quicklook.thumbnail")
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.first?["line"] as? Int == 113)
    }

    @Test func readsAnXcodeProjectAsBuilt() throws {
        let result = utiscope(
            "app", "--format", "json", fixturesDirectory + "/projects/DocumentApp/DocumentApp.xcodeproj")
        #expect(result.status == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let exported = try #require(object["exportedTypes"] as? [[String: Any]])
        #expect(exported.first?["identifier"] as? String == "com.example.documentapp.sketch")
        #expect(object["platform"] as? String == "ios")
        // The settings the Info.plist refers to, with what they expanded to.
        let settings = try #require(object["buildSettings"] as? [[String: Any]])
        let values = Dictionary(
            uniqueKeysWithValues: settings.compactMap { setting in
                (setting["name"] as? String).map { ($0, setting["value"] as? String) }
            })
        #expect(values["PRODUCT_BUNDLE_IDENTIFIER"] == "com.example.documentapp")
        #expect(values["MARKETING_VERSION"] == "2.1")
        #expect(values.keys.contains("BUILD_CHANNEL") && values["BUILD_CHANNEL"] == .some(nil))
        let text = utiscope("app", fixturesDirectory + "/projects/DocumentApp/DocumentApp.xcodeproj")
        #expect(text.output.contains("    BUILD_CHANNEL = undefined\n"))
    }

    @Test func aFolderWithSeveralAppsAsksWhich() {
        let result = utiscope("app", fixturesDirectory + "/projects")
        #expect(result.status == .inputError)
        #expect(result.errors.contains("apps found"))
        let picked = utiscope("app", fixturesDirectory + "/projects", "--target", "MacEditor")
        #expect(picked.status == .success)
        #expect(picked.output.hasPrefix("MacEditor ("))
    }

    /// A --target that names none of the apps says so, and names the ones there are.
    @Test func aTargetThatIsNotThereIsNamed() {
        let folder = fixturesDirectory + "/apps/Sketchbook"
        let result = utiscope("app", folder, "--target", "Nope")
        #expect(result.status == .inputError)
        #expect(result.errors == "\(folder): error: no app named 'Nope' (--target); the app there is 'Sketchbook'\n")
    }

    /// A file whose top level is not a dictionary is no app: commands that answer about an app
    /// refuse it, at the value.
    @Test func aPlistThatIsNotADictionaryIsNoApp() throws {
        let path = try Scratch.folder("not-a-dictionary").appendingPathComponent("Info.plist").path
        try Data("<plist><array/></plist>".utf8).write(to: URL(fileURLWithPath: path))
        for command in [["app", path], ["opens", "--app", path, "a.png"], ["icon", "--app", path, "public.png"]] {
            let result = utiscope(command)
            #expect(result.status == .inputError, "\(command)")
            #expect(
                result.errors.hasSuffix(
                    ":1:8: error: top-level value is an array, not a dictionary of Info.plist keys\n"),
                "\(command): \(result.errors)")
            #expect(result.output.isEmpty)
        }
    }

    @Test func missingPathsAndUsage() {
        #expect(utiscope("app", "/nonexistent/App").errors == "/nonexistent/App: error: no such file or folder\n")
        #expect(utiscope("app").status == .usage)
        #expect(utiscope("app", "a", "b").status == .usage)
        #expect(utiscope("app", sketchbook, "--setting", "NOVALUE").status == .usage)
    }
}
