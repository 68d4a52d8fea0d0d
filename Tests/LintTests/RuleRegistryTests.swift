import Lint
import Testing

@Suite struct RuleRegistryTests {
    let descriptions = RuleRegistry.descriptions

    @Test func codesAndNamesAreUnique() {
        #expect(Set(descriptions.map(\.code)).count == descriptions.count)
        #expect(Set(descriptions.map(\.name)).count == descriptions.count)
    }

    @Test func registryIsSortedByCode() {
        #expect(descriptions.map(\.code) == descriptions.map(\.code).sorted())
    }

    @Test func everyRuleHasBothKindsOfExample() {
        for description in descriptions {
            #expect(!description.triggeringExamples.isEmpty, "\(description.code) has no triggering example")
            #expect(!description.nonTriggeringExamples.isEmpty, "\(description.code) has no non-triggering example")
        }
    }

    @Test func codesAndNamesAreWellFormed() {
        for description in descriptions {
            let parts = description.code.split(separator: "-")
            #expect(parts.count == 2 && ["PLIST", "DOC", "UTI", "ICON", "QL", "SRC"].contains(String(parts[0])))
            #expect(parts.count == 2 && parts[1].count == 3 && parts[1].allSatisfy(\.isNumber), "\(description.code)")
            #expect(description.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(description.name)")
            #expect(!description.rationale.isEmpty && !description.sources.isEmpty, "\(description.code)")
            #expect(!description.summary.hasSuffix("."), "\(description.code)")
        }
    }

    @Test func rulesAreFoundByCodeOrName() {
        #expect(RuleRegistry.ruleType(named: "doc-002")?.description.name == "missing-handler-rank")
        #expect(RuleRegistry.ruleType(named: "missing-handler-rank")?.description.code == "DOC-002")
        #expect(RuleRegistry.ruleType(named: "NOPE-000") == nil)
    }
}
