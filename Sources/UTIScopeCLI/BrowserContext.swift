import AppBundle
import DocumentBrowser
import PropertyList
import UniformTypes

/// What the document-browser commands (`allowed`, `opens`, `icon`, `browse`) share: their
/// options, loading `--app`, and the ``DocumentBrowser`` built from them.
enum BrowserContext {
    static let allowedOption = OptionSpec(
        name: "allowed", valueName: "ids|nil",
        help: "The allowed content types, comma-separated; 'nil' (the default) uses the app's document types.")
    /// One option per choice Apple leaves open (``BrowserPolicy/choices``): the browser commands,
    /// `lint` and `report` take them all.
    static let policyOptions: [OptionSpec] = BrowserPolicy.choices.map { choice in
        OptionSpec(
            name: choice.flag, valueName: choice.values.joined(separator: "|"),
            help: "\(choice.help) Default \(choice.defaultValue); \(choice.source).", choices: choice.values)
    }
    /// `--exported-wins`, shared with `type`.
    static var exportedWinsOption: OptionSpec { option("exported-wins") }
    /// `--system-release`, shared with `type` and `graph`.
    static var systemReleaseOption: OptionSpec { option("system-release") }

    /// The policy option for `flag`, which is one of the choices.
    static func option(_ flag: String) -> OptionSpec {
        policyOptions.first { $0.name == flag } ?? OptionSpec(name: flag, valueName: "value", help: "")
    }

    static let formatOption = OptionSpec(
        name: "format", valueName: "format", help: "Output format.", choices: ["text", "json"])

    /// The paragraph every browser command's help ends with.
    static let defaultsDiscussion = """
        Apple leaves some of this open; each choice is an option above with a documented default (the README's
        'Where answers are unsure' lists them with their sources). Answers that rest on a default name its flag.
        """

    /// The policy the options choose.
    static func policy(_ arguments: ParsedArguments, over base: BrowserPolicy = BrowserPolicy()) throws(UsageError)
        -> BrowserPolicy
    {
        let given = BrowserPolicy.choices.compactMap { choice in arguments.value(choice.flag).map { (choice.flag, $0) }
        }
        var policy = base
        do {
            try policy.apply(given)
        } catch {
            throw UsageError(error.description)
        }
        return policy
    }

    /// The explicit allowed list of `--allowed`, or nil for `nil` and when it is absent.
    static func explicitAllowed(_ arguments: ParsedArguments) throws(UsageError) -> [UniformTypeIdentifier]? {
        guard let value = arguments.value("allowed"), value != "nil" else { return nil }
        let parts = value.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingASCIISpaces()
        }
        if parts.contains(where: \.isEmpty) {
            throw UsageError(
                "'--allowed' takes identifiers separated by commas, or 'nil'; got '\(OutputEscaping.escape(value))'")
        }
        return parts.map { UniformTypeIdentifier($0) }
    }

    /// Loads `--app` (with `--system-types` over the system catalog) and builds the browser;
    /// problems are reported and give nil. The app's findings are left to `lint`.
    static func load(_ arguments: ParsedArguments, context: CommandContext, excluding excluded: [String] = [])
        throws(UsageError) -> DocumentBrowser?
    {
        guard arguments.value("app") != nil else { throw UsageError("missing '--app <path>'") }
        let explicit = try explicitAllowed(arguments)
        guard let system = TypeContext.systemDeclarations(arguments, context: context) else { return nil }
        guard let app = try AppOptions.load(arguments, context: context, excluding: excluded) else { return nil }
        return DocumentBrowser(app: app, allowed: explicit, policy: try policy(arguments), systemDeclarations: system)
    }
}

extension Substring {
    /// The text without leading and trailing ASCII spaces.
    func trimmingASCIISpaces() -> String {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
