/// The process exit statuses utiscope uses; documented in `utiscope --help` and the README.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Success; for lint, no finding at or above the failure threshold.
    case success = 0
    /// Lint findings at or above the failure threshold.
    case findings = 1
    /// An input could not be read or parsed.
    case inputError = 2
    /// The command line is wrong (`EX_USAGE`).
    case usage = 64

    /// What the status means, for `utiscope --help` and the man page.
    var meaning: String {
        switch self {
        case .success: "success"
        case .findings: "lint findings at or above the failure threshold"
        case .inputError: "an input could not be read or parsed"
        case .usage: "the command line is wrong"
        }
    }
}
