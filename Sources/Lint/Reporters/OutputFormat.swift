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
    /// The findings, sorted for reporting.
    public var diagnostics: [Diagnostic]
    /// The number of Info.plist files linted.
    public var files: Int

    /// A report.
    public init(diagnostics: [Diagnostic], files: Int) {
        self.diagnostics = diagnostics
        self.files = files
    }

    /// The number of findings of `severity`.
    public func count(_ severity: Severity) -> Int {
        // By index: binding each finding would copy it (and retain everything it holds).
        var count = 0
        for index in diagnostics.indices where diagnostics[index].severity == severity { count += 1 }
        return count
    }

    /// `2 errors, 1 warning, 0 infos in 3 files`.
    public var summary: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return
            "\(plural(count(.error), "error")), \(plural(count(.warning), "warning")), \(plural(count(.info), "info")) in \(plural(files, "file"))"
    }
}
