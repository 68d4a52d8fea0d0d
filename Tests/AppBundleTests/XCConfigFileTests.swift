import AppBundle
import PropertyList
import Testing

@Suite struct XCConfigFileTests {
    @Test func includeChainIsFollowedInOrder() {
        let file = XCConfigFile.read(path: projectFixture("DocumentApp/Config/App.xcconfig"))
        #expect(file.findings.isEmpty)
        #expect(file.files.map { Path.lastComponent(of: $0) } == ["App.xcconfig", "Base.xcconfig", "Shared.xcconfig"])
        #expect(
            file.assignments.map(\.name) == [
                "BUNDLE_ID_PREFIX", "DOCUMENT_TYPE_PREFIX", "MARKETING_VERSION", "MARKETING_VERSION",
                "CURRENT_PROJECT_VERSION", "SWIFT_ACTIVE_COMPILATION_CONDITIONS", "APP_GROUP",
            ])
        let marketing = file.assignments.filter { $0.name == "MARKETING_VERSION" }.last
        #expect(marketing?.value == "2.1")
        #expect(marketing?.location?.line == 5)
        #expect(marketing.map { Path.lastComponent(of: $0.location?.file ?? "") } == "Base.xcconfig")
        #expect(file.assignments.first { $0.name == "CURRENT_PROJECT_VERSION" }?.value == "42")
    }

    @Test func cyclesMissingFilesAndBadLinesAreFindings() {
        let file = XCConfigFile.read(path: projectFixture("XCConfigs/Cycle1.xcconfig"))
        let kinds = file.findings.map(\.kind)
        #expect(kinds.contains(.includeCycle(path: projectFixture("XCConfigs/Cycle1.xcconfig"))))
        #expect(
            kinds.contains {
                if case .unreadableXCConfig(let path, _) = $0 {
                    return path.hasSuffix("Missing.xcconfig")
                } else {
                    return false
                }
            })
        #expect(kinds.contains(.malformedXCConfigLine(text: "this is not a setting")))
        let conditional = file.assignments.first { $0.name == "C" }
        #expect(conditional?.value == "3")
        #expect(conditional?.conditions.count == 2)
        #expect(file.assignments.first { $0.name == "D" }?.value == "http:/$()/example.com")
        #expect(file.assignments.map(\.name) == ["B", "C", "D", "A"])
    }

    @Test func parsesTextWithoutAFile() {
        let file = XCConfigFile.parse("// comment\nFOO = bar;\n\n#include? \"nowhere.xcconfig\"\n", path: "x.xcconfig")
        #expect(file.findings.isEmpty)
        #expect(file.assignments.map(\.value) == ["bar"])
        #expect(file.assignments.first?.location?.line == 2)
    }
}
