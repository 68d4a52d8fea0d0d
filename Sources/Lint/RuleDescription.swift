import AppBundle

/// What a rule is, for the catalog, the documentation and the tests: its code and name, what it
/// catches and why, how much it matters by default, where it applies, and examples.
public struct RuleDescription: Sendable {
    /// The stable code: `DOC-002`.
    public var code: String
    /// The kebab-case name: `missing-handler-rank`.
    public var name: String
    /// One line: what the rule catches.
    public var summary: String
    /// Why it matters, naming the Apple source or App Store check it rests on.
    public var rationale: String
    /// Where the rationale comes from: reference sections, Apple pages, App Store codes.
    public var sources: [String]
    /// The severity unless configured otherwise (some findings of a rule may be milder; see the
    /// rationale).
    public var severity: Severity
    /// The platforms the rule applies to; a rule for one platform runs only when the app's
    /// platform is known (from its keys, `--platform` or the configuration) and is that one.
    public var platforms: Set<Platform>
    /// Snippets the rule reports, each marker (`↓`) where a finding lands.
    public var triggeringExamples: [Example]
    /// Snippets the rule accepts.
    public var nonTriggeringExamples: [Example]

    /// Both platforms.
    public static let allPlatforms: Set<Platform> = [.iOS, .macOS]

    /// Creates a description.
    public init(
        code: String, name: String, summary: String, rationale: String, sources: [String], severity: Severity,
        platforms: Set<Platform> = RuleDescription.allPlatforms, triggeringExamples: [Example],
        nonTriggeringExamples: [Example]
    ) {
        self.code = code
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.sources = sources
        self.severity = severity
        self.platforms = platforms
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }

    /// Whether the rule runs for an app on `platform`.
    public func applies(to platform: Platform) -> Bool {
        platforms == Self.allPlatforms || platforms.contains(platform)
    }

    /// `iOS, macOS`, `iOS` or `macOS`.
    public var platformList: String {
        [Platform.iOS, Platform.macOS].filter(platforms.contains).map(\.description).joined(separator: ", ")
    }
}
