import PropertyList
import Support

#if canImport(Glibc)
    import Glibc
#elseif canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a command runs with: where to write, and the options common to every command.
public struct CommandContext {
    /// Standard output.
    public var output: OutputSink
    /// Standard error.
    public var errors: OutputSink
    /// What `-` reads; nil reads the process's standard input.
    public var standardInput: [UInt8]?
    /// Whether the process ends when the command returns (the `utiscope` executable, not tests):
    /// a command's large results are then left for the process's exit to reclaim instead of
    /// being freed value by value (a lint of a huge Info.plist holds millions of them).
    public var exitsAfterCommand = false

    /// The environment variables (the process's, or a test's).
    public var environment: [String: String]

    /// A context writing to `output` and `errors`; `standardInput` stands in for the process's
    /// standard input when given, and `environment` for its environment (tests).
    public init(
        output: OutputSink, errors: OutputSink, standardInput: [UInt8]? = nil,
        environment: [String: String] = CommandContext.processEnvironment()
    ) {
        self.output = output
        self.errors = errors
        self.standardInput = standardInput
        self.environment = environment
    }

    /// The process's environment variables. With glibc they are read from its `environ`, as
    /// `getenv` reads them (the first of a repeated name wins), not through Foundation's
    /// `ProcessInfo` (used on other platforms), which sets up much more at first use (measured
    /// by turns, static release builds: every command starts 0.2–0.4 ms sooner; `lint` of
    /// gen.py's a_ios.plist −3%).
    public static func processEnvironment() -> [String: String] {
        #if canImport(Glibc)
            var variables: [String: String] = [:]
            var index = 0
            while let entry = environ[index] {
                let text = String(cString: entry)
                if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                    let name = String(text[..<equals])
                    if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
                }
                index += 1
            }
            return variables
        #else
            return ProcessInfo.processInfo.environment
        #endif
    }

    /// Reads a property list from `path`, or from standard input for `-`.
    func read(_ path: String, with reader: PropertyListReader) throws(PropertyListError) -> PropertyListDocument {
        try reader.read(path, standardInput: standardInput)
    }

    /// Keeps `value` alive until the process exits when it exits after this command, so that
    /// freeing it costs nothing; otherwise does nothing (the value is freed as usual).
    func keepUntilExit(_ value: some Any) {
        guard exitsAfterCommand else { return }
        ProcessLifetime.keep(value)
    }

    /// Prints a diagnostic line on standard error, escaped so that nothing from input reaches the
    /// terminal raw.
    func report(_ text: String) {
        errors.line(OutputEscaping.escape(text))
    }
}

/// One subcommand: its help text and options, and what it does.
protocol Command {
    /// The subcommand's name: `dump`.
    static var name: String { get }
    /// One line for the command list and OVERVIEW.
    static var abstract: String { get }
    /// The usage line after `utiscope `.
    static var usage: String { get }
    /// Positional arguments and their help.
    static var arguments: [(name: String, help: String)] { get }
    /// The options.
    static var options: [OptionSpec] { get }
    /// Paragraphs after the options, if any.
    static var discussion: String? { get }
    /// What completes the positional arguments in a shell.
    static var argumentCompletion: CompletionKind { get }
    /// Runs with parsed arguments; usage errors are thrown, everything else is reported.
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus
    /// Starts, on another thread, what every run of the command reads whatever its arguments
    /// (the embedded catalogs): called as soon as the command is known, before its arguments
    /// are parsed.
    static func prepare()
}

extension Command {
    static var discussion: String? { nil }

    /// Nothing to start ahead.
    static func prepare() {}

    /// The full help text.
    static var help: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: utiscope \(usage)\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in arguments { text += HelpFormatter.row(argument.name, argument.help) }
        }
        text += "\nOPTIONS:\n"
        for option in options + [HelpFormatter.helpOption] {
            text += HelpFormatter.row(HelpFormatter.label(option), option.helpWithChoices)
        }
        if let discussion { text += "\n" + discussion + "\n" }
        return text
    }
}

/// Lays out help rows the way swift-argument-parser does: label, then help from column 27.
enum HelpFormatter {
    static let helpOption = OptionSpec(name: "help", short: "h", valueName: nil, help: "Show help information.")

    /// An option as help shows it: `-v, --verbose`, `--format <format>`.
    static func label(_ option: OptionSpec) -> String {
        var label = option.short.map { "-\($0), " } ?? ""
        label += "--\(option.name)"
        if let valueName = option.valueName { label += " <\(valueName)>" }
        return label
    }

    static func row(_ label: String, _ help: String) -> String {
        let padded = "  " + label
        if padded.count < 26 {
            return padded + String(repeating: " ", count: 26 - padded.count) + help + "\n"
        }
        return padded + "\n" + String(repeating: " ", count: 26) + help + "\n"
    }
}

/// Values kept until the process exits (see ``CommandContext/keepUntilExit(_:)``).
private enum ProcessLifetime {
    nonisolated(unsafe) private static var kept: [Any] = []
    private static let lock = Lock()

    static func keep(_ value: Any) {
        lock.lock()
        kept.append(value)
        lock.unlock()
    }
}
