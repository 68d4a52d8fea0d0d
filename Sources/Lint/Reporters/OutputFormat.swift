/// The formats `utiscope lint` writes, one reporter each.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    /// `path:line:col: severity: message [CODE]`, as Xcode shows inline.
    case text
    /// The stable JSON contract (`"version": 1`).
    case json
    /// SARIF 2.1.0, for code-scanning services.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…::message`).
    case github
}

/// What a lint run found, for the reporters.
public struct LintReport: Sendable {
    /// The findings, sorted for reporting. Set them whole: each change counts them again (see
    /// ``counts``).
    public var diagnostics: [Diagnostic] {
        didSet { counts = Self.counts(of: diagnostics) }
    }
    /// The number of Info.plist files linted.
    public var files: Int
    /// Whether every input could be read (SARIF's `executionSuccessful`); false when one could
    /// not, and its PLIST-001 finding is among the findings.
    public var executionSuccessful = true
    /// The number of findings of each severity, counted when the findings are set (the JSON
    /// summary, the summary line and the exit status all ask; a huge report's findings do not
    /// stay in the cache between passes).
    public private(set) var counts: SeverityCounts

    /// A report.
    public init(diagnostics: [Diagnostic], files: Int) {
        self.diagnostics = diagnostics
        self.files = files
        self.counts = Self.counts(of: diagnostics)
    }

    /// The number of findings of `severity`.
    public func count(_ severity: Severity) -> Int {
        counts[severity]
    }

    /// The number of findings of each severity in `diagnostics`, in one pass.
    private static func counts(of diagnostics: [Diagnostic]) -> SeverityCounts {
        // By index: binding each finding would copy it (and retain everything it holds).
        var counts = SeverityCounts()
        for index in diagnostics.indices { counts.add(diagnostics[index].severity) }
        return counts
    }

    /// `2 errors, 1 warning, 0 infos in 3 files`.
    public var summary: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        let counts = self.counts
        return
            "\(plural(counts.errors, "error")), \(plural(counts.warnings, "warning")), \(plural(counts.infos, "info")) in \(plural(files, "file"))"
    }
}

/// How many findings a report has of each severity.
public struct SeverityCounts: Sendable, Hashable {
    /// Findings of severity error.
    public var errors = 0
    /// Findings of severity warning.
    public var warnings = 0
    /// Findings of severity info.
    public var infos = 0

    /// The given counts (none by default).
    public init(errors: Int = 0, warnings: Int = 0, infos: Int = 0) {
        self.errors = errors
        self.warnings = warnings
        self.infos = infos
    }

    /// The count of `severity`.
    public subscript(severity: Severity) -> Int {
        switch severity {
        case .error: errors
        case .warning: warnings
        case .info: infos
        }
    }

    /// Counts one finding of `severity`.
    public mutating func add(_ severity: Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .info: infos += 1
        }
    }
}
