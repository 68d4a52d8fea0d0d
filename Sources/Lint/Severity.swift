/// How much a finding matters. Ordered: `info` < `warning` < `error`.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Worth knowing; never fails a run.
    case info
    /// Likely a mistake, or an App Store warning; fails a run only with `--strict`.
    case warning
    /// Wrong: the system ignores or refuses the declaration, or the App Store rejects the upload.
    case error

    /// Orders by weight.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// `info`, `warning` or `error`.
    public var description: String { rawValue }
}
