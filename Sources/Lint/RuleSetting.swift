/// What the configuration says about one rule: off, or on at a severity.
public enum RuleSetting: String, Sendable, Hashable, CaseIterable {
    /// The rule does not run.
    case off
    /// Findings are infos.
    case info
    /// Findings are warnings.
    case warning
    /// Findings are errors.
    case error

    /// The severity findings get, or nil when off.
    public var severity: Severity? {
        switch self {
        case .off: nil
        case .info: .info
        case .warning: .warning
        case .error: .error
        }
    }
}
