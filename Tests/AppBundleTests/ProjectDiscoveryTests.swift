import AppBundle
import Testing

@Suite struct ProjectDiscoveryTests {
    @Test func findsProjectsBundlesAndStandalonePlists() throws {
        let root = projectFixture("")
        let result = ProjectDiscovery.discover(root: String(root.dropLast()))
        let prefix = String(root.dropLast())
        func relative(_ path: String?) -> String? { path.map { String($0.dropFirst(prefix.count + 1)) } }

        let summary = result.units.map { unit in
            "\(unit.name) \(relative(unit.infoPlist) ?? "-") [\(unit.extensions.map(\.name).joined(separator: ","))]"
        }
        #expect(
            summary == [
                "DocumentApp DocumentApp/DocumentApp/Info.plist [Thumbnail]",
                "Generated - []",
                "Merged GeneratedApp/Merged/Info.plist []",
                "MacEditor MacEditor/MacEditor/Editor-Info.plist [Preview]",
                "Built Bundles/Built.app/Info.plist [Thumb]",
                "Viewer Standalone/Viewer/Info.plist []",
            ])
        let documentApp = try #require(result.units.first)
        #expect(relative(documentApp.extensions.first?.infoPlist) == "DocumentApp/Thumbnail/Info.plist")
        #expect(
            documentApp.source
                == .xcodeTarget(project: prefix + "/DocumentApp/DocumentApp.xcodeproj", target: "DocumentApp"))
        // The Helper target of unknown type has no Info.plist file: not a unit, but a finding.
        #expect(
            result.findings.contains { $0.kind == .unknownProductType(identifier: "com.example.product-type.mystery") })
        #expect(result.projects.count == 3)
    }

    @Test func pathsStayRelativeToTheNamedFolder() {
        let result = ProjectDiscovery.discover(root: projectFixture("Standalone"))
        #expect(result.units.map(\.infoPlist) == [projectFixture("Standalone/Viewer/Info.plist")])
    }

    @Test func skipRules() {
        #expect(ProjectDiscovery.isSkipped(name: "Checkouts", parent: "x/Carthage"))
        #expect(!ProjectDiscovery.isSkipped(name: "Checkouts", parent: "x/Other"))
        #expect(ProjectDiscovery.isSkipped(name: "DerivedData", parent: "."))
        #expect(ProjectDiscovery.isInfoPlistName("Go Map!!-Info.plist"))
        #expect(!ProjectDiscovery.isInfoPlistName("Settings.plist"))
    }

    @Test func assetCatalogs() throws {
        let catalogs = AssetCatalog.scan(directory: projectFixture("DocumentApp"))
        let catalog = try #require(catalogs.first)
        #expect(catalogs.count == 1)
        #expect(catalog.hasAppIconWithImages)
        #expect(catalog.sets.map(\.name) == ["AppIcon", "SketchBackground"])
        #expect(catalog.set(named: "SketchBackground")?.kind == .image)
        #expect(catalog.set(named: "SketchBackground")?.hasImages == false)
        #expect(catalog.appIconSets.first?.imageFiles == ["icon.png"])
    }
}
