import AppBundle
import Testing

@Suite struct BuildSettingExpanderTests {
    @Test func referenceForms() {
        let values = ["NAME": "Sketch", "ID": "com.example"]
        #expect(expanded("$(ID).$(NAME)", values) == "com.example.Sketch")
        #expect(expanded("${ID}.${NAME}", values) == "com.example.Sketch")
        #expect(expanded("$[NAME]", values) == "Sketch")
        #expect(expanded("$NAME-x", values) == "Sketch-x")
        #expect(expanded("cost: $$5 and $ alone", values) == "cost: $5 and $ alone")
        #expect(expanded("no references", values) == "no references")
    }

    @Test func nestedReferences() {
        let values = [
            "FLAVOR": "PRO", "ID_PRO": "com.example.pro", "ID_FREE": "com.example.free", "A": "$(B)", "B": "$(C)",
            "C": "deep",
        ]
        #expect(expanded("$(ID_$(FLAVOR))", values) == "com.example.pro")
        #expect(expanded("$(A)", values) == "deep")
    }

    @Test(arguments: [
        ("$(V:lower)", "my app-2 é.x"),
        ("$(V:upper)", "MY APP-2 É.X"),
        ("$(V:rfc1034identifier)", "My-App-2---x"),
        ("$(V:identifier)", "My_App_2___x"),
        ("$(V:c99extidentifier)", "My_App_2_é_x"),
        ("$(D:rfc1034identifier)", "-app"),
        ("$(D:c99extidentifier)", "_app"),
        ("$(P:dir)", "/a/b/"),
        ("$(P:file)", "c.tar.gz"),
        ("$(P:base)", "c.tar"),
        ("$(P:suffix)", ".gz"),
        ("$(F:dir)", "./"),
        ("$(S:standardizepath)", "a/c"),
        ("$(UNDEFINED:default=fallback)", "fallback"),
        ("$(EMPTY:default=fallback)", "fallback"),
        ("$(V:default=fallback)", "My App-2 é.x"),
        ("$(P:suffix=zip)", "/a/b/c.tar.zip"),
        ("$(P:file=d.txt)", "/a/b/d.txt"),
        ("$(P:dir=/x)", "/x/c.tar.gz"),
        ("$(YES:not)", "NO"),
        ("$(V:lower:rfc1034identifier)", "my-app-2---x"),
        ("$(Q:quote)", "a\\ b"),
    ])
    func operators(text: String, result: String) {
        let values = [
            "V": "My App-2 é.x", "D": "1app", "P": "/a/b/c.tar.gz", "F": "file", "S": "a/./b/../c", "EMPTY": "",
            "YES": "YES", "Q": "a b",
        ]
        #expect(expanded(text, values) == result)
    }

    @Test func unresolvedReferencesStayWrittenAndAreReported() {
        let result = BuildSettingExpander.expand("$(KNOWN).$(UNKNOWN:lower).${OTHER}", in: settings(["KNOWN": "k"]))
        #expect(result.value == "k.$(UNKNOWN:lower).${OTHER}")
        #expect(result.unresolved == ["UNKNOWN", "OTHER"])
    }

    @Test func unknownOperatorIsReportedAndSkipped() {
        let expansion = BuildSettingExpander.expansion(of: "$(V:frobnicate)", in: settings(["V": "x"]))
        #expect(expansion.value == "x")
        #expect(expansion.problems == [.unknownOperator(name: "frobnicate")])
    }

    @Test func malformedReferenceIsKeptAsText() {
        let expansion = BuildSettingExpander.expansion(of: "a $(V", in: settings(["V": "x"]))
        #expect(expansion.value == "a $(V")
        #expect(expansion.problems == [.malformedReference(text: "$(V")])
    }

    @Test func selfReferenceMeansTheValueBelow() {
        let layers = [
            BuildSettingLayer(source: .project, values: ["FLAGS": "-a"]),
            BuildSettingLayer(source: .target, values: ["FLAGS": "$(FLAGS) -b", "OTHER": "$(inherited) -c"]),
        ]
        let settings = BuildSettings(layers: layers)
        #expect(BuildSettingExpander.expand("$(FLAGS)", in: settings).value == "-a -b")
        #expect(BuildSettingExpander.expand("$(OTHER)", in: settings).value == " -c")
    }

    @Test func cyclesEndAndAreReported() {
        let values = ["A": "$(B)x", "B": "$(A)y", "SELF": "$(SELF)!"]
        let mutual = BuildSettingExpander.expansion(of: "$(A)", in: settings(values))
        #expect(mutual.value == "yx")
        #expect(mutual.problems == [.buildSettingCycle(name: "A")])
        let selfish = BuildSettingExpander.expansion(of: "$(SELF)", in: settings(values))
        #expect(selfish.value == "!")
        #expect(selfish.problems == [.buildSettingCycle(name: "SELF")])
    }

    @Test func hostileInputEnds() {
        let deep = String(repeating: "$(", count: 5000) + "X" + String(repeating: ")", count: 5000)
        _ = BuildSettingExpander.expand(deep, in: settings(["X": "1"]))
        var chain: [String: String] = [:]
        for index in 0..<500 { chain["S\(index)"] = "$(S\(index + 1))$(S\(index + 1))" }
        let result = BuildSettingExpander.expansion(of: "$(S0)", in: settings(chain))
        #expect(result.problems.contains { if case .expansionLimit = $0 { return true } else { return false } })
    }

    @Test func conditionalAssignmentsFollowTheSDK() {
        let layer = BuildSettingLayer(
            source: .target,
            assignments: [
                BuildSettingAssignment(name: "SDKROOT", value: "iphoneos"),
                BuildSettingAssignment(name: "ID", value: "plain"),
                BuildSettingAssignment(
                    name: "ID", value: "ios",
                    conditions: [BuildSettingCondition(parameter: "sdk", pattern: "iphoneos*")]),
                BuildSettingAssignment(
                    name: "ID", value: "mac", conditions: [BuildSettingCondition(parameter: "sdk", pattern: "macosx*")]),
            ])
        let settings = BuildSettings(layers: [layer])
        #expect(settings.conditionValues["sdk"] == "iphoneos")
        #expect(BuildSettingExpander.expand("$(ID)", in: settings).value == "ios")
    }

    @Test func conditionNamesParse() {
        let parsed = BuildSettingAssignment.parseName("FOO[sdk=iphoneos*][arch=arm64]")
        #expect(parsed?.name == "FOO")
        #expect(parsed?.conditions.map(\.description) == ["[sdk=iphoneos*]", "[arch=arm64]"])
        #expect(BuildSettingAssignment.parseName("FOO[sdk") == nil)
    }
}
