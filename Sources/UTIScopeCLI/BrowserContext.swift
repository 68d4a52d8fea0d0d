import AppBundle
import DocumentBrowser
import PropertyList
import Support
import SwiftSource
import UniformTypes

/// What the document-browser commands (`allowed`, `opens`, `icon`, `browse`) share: their
/// options, loading `--app`, and the ``DocumentBrowser`` built from them.
enum BrowserContext {
    static let allowedOption = Option<String>(
        "allowed", valueName: "ids|nil",
        help:
            "The allowed content types, comma-separated identifiers or Swift constants ('public.plain-text', '.pdf', 'plainText'); 'nil' uses the app's document types (default: the list in the app's code, else nil)."
    )
    static let siteOption = Option<String>(
        "site", valueName: "file:line",
        help:
            "The place in the app's code whose list to answer for (default: the only one; of several, the first document browser)."
    )
    /// One option per choice Apple leaves open (``BrowserPolicy/choices``): the browser commands,
    /// `lint` and `report` take them all.
    static let policyOptions: [Option<String>] = BrowserPolicy.choices.map { choice in
        Option(
            choice.flag, valueName: choice.values.joined(separator: "|"),
            help: "\(choice.help) Default \(choice.defaultValue); \(choice.source).", choices: choice.values)
    }
    /// The policy options as help shows them.
    static let policySpecs = policyOptions.map(\.spec)
    /// `--exported-wins`, shared with `type`.
    static var exportedWinsOption: Option<String> {
        policyOptions.first { $0.spec.name == "exported-wins" }
            ?? Option("exported-wins", valueName: "yes|no", help: "", choices: ["yes", "no"])
    }

    /// `--format text|json`, for the commands that print either.
    static let formatOption = Option<TextOrJSON>("format", valueName: "format", help: "Output format.")

    /// The paragraph every browser command's help ends with.
    static let defaultsDiscussion = """
        Apple leaves some of this open; each choice is an option above with a documented default (the README's
        'Where answers are unsure' lists them with their sources). Answers that rest on a default name its flag.
        """

    /// The policy choices given, as `(flag, value)` pairs in the order of ``BrowserPolicy/choices``.
    static func policyChoices(_ arguments: ParsedArguments) -> [(flag: String, value: String)] {
        policyOptions.compactMap { option in arguments[option].map { (option.spec.name, $0) } }
    }

    /// The policy the options choose.
    static func policy(_ arguments: ParsedArguments, over base: BrowserPolicy = BrowserPolicy()) throws(UsageError)
        -> BrowserPolicy
    {
        var policy = base
        do {
            try policy.apply(policyChoices(arguments))
        } catch {
            throw UsageError(error.description)
        }
        return policy
    }

    /// The explicit allowed list `parts` name (``BrowserOptions/allowed``). Swift constant names
    /// (`.pdf`, `UTType.plainText`, `plainText`, `kUTTypePDF`) stand for their identifiers: the
    /// app's own constants in `code` first, then the system's.
    static func explicitAllowed(_ parts: [String], code: SwiftCodeFacts? = nil) throws(UsageError)
        -> [UniformTypeIdentifier]
    {
        var identifiers: [UniformTypeIdentifier] = []
        for part in parts {
            identifiers.append(try identifier(part, code: code))
        }
        return identifiers
    }

    /// The identifier `--allowed` means by `part`: an identifier as it is, or the value of a Swift
    /// constant.
    static func identifier(_ part: String, code: SwiftCodeFacts?) throws(UsageError) -> UniformTypeIdentifier {
        var name = Substring(part)
        let spelledAsConstant = name.hasPrefix(".") || name.hasPrefix("UTType.")
        if name.hasPrefix("UTType.") {
            name = name.dropFirst(7)
        } else if name.hasPrefix(".") {
            name = name.dropFirst()
        }
        // An identifier has a dot inside; a constant's name does not.
        guard !name.contains(".") else { return UniformTypeIdentifier(part) }
        let constant = String(name)
        if let own = code?.typeConstant(named: constant) {
            guard let identifier = own.identifier else {
                throw UsageError(
                    "'--allowed': the app's constant '\(OutputEscaping.escape(constant))' is computed in code; give its identifier"
                )
            }
            return UniformTypeIdentifier(identifier)
        }
        let table = TypeConstantTable.embedded
        if let identifier = table.constants[constant] ?? table.legacyConstants[constant] {
            return UniformTypeIdentifier(identifier)
        }
        guard !spelledAsConstant else {
            throw UsageError(
                "'--allowed': '\(OutputEscaping.escape(part))' is neither one of the app's type constants nor a system one"
            )
        }
        return UniformTypeIdentifier(part)
    }

    /// The site of the app's code to answer for: the one `named` (`--site`), or the default one
    /// when `defaulted`; nil when the code shows no files (or not defaulted and none named).
    static func site(named: String?, defaulted: Bool, app: AppUnit) throws(UsageError) -> CreationSite? {
        let sites = CodeSites.openingSites(in: app.code)
        guard let named else { return defaulted ? CodeSites.defaultSite(among: sites) : nil }
        guard let site = CodeSites.site(named: named, among: sites) else {
            let known = sites.map { "'\(OutputEscaping.escape(CodeSites.name(of: $0)))'" }
            let list =
                known.isEmpty ? "the app's code shows no files to open" : "sites: " + known.joined(separator: ", ")
            throw UsageError(
                "'--site' names no place in the app's code that shows files ('\(OutputEscaping.escape(named))'); \(list)"
            )
        }
        return site
    }

    /// Loads the app (with the `--system-types` files over the system catalog) and builds the
    /// browser for the allowed list `--allowed` gives, or that of a site in the app's code;
    /// problems are reported and give nil. The app's findings are left to `lint`. Resources are
    /// never looked for under `excluded` (the folder `browse` shows).
    static func load(_ options: BrowserOptions, context: CommandContext, excluding excluded: [String] = [])
        throws(UsageError) -> DocumentBrowser?
    {
        guard let system = TypeContext.systemDeclarations(options.systemTypes, context: context) else { return nil }
        guard let app = options.app.load(context: context, excluding: excluded) else { return nil }
        let explicit = try options.allowed.map { parts throws(UsageError) in try explicitAllowed(parts, code: app.code)
        }
        let browser = DocumentBrowser(
            app: app, allowed: explicit, policy: options.policy, systemDeclarations: system,
            site: try site(named: options.site, defaulted: !options.allowedGiven, app: app))
        // Freeing the app and its catalog as the command returns only delays the exit (~6% of
        // the processor time of `opens` with gen.py's b_macos.plist).
        context.keepUntilExit(browser)
        return browser
    }
}

/// The options the document-browser commands (`allowed`, `opens`, `icon`, `browse`) share, read once.
struct BrowserOptions {
    /// The app (`--app`, required) and how to load it.
    var app: AppChoice
    /// The parts of `--allowed` (identifiers or Swift constant names); nil for `nil` or when absent.
    var allowed: [String]?
    /// Whether `--allowed` is given (`nil` included): the code's lists are then not used.
    var allowedGiven: Bool
    /// `--site`: the place in the app's code whose list to use.
    var site: String?
    /// The choices Apple leaves open.
    var policy: BrowserPolicy
    /// `--system-types` files.
    var systemTypes: [String]
    /// Whether `--format json` is given.
    var json: Bool

    /// Reads and checks the shared options.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments[AppOptions.app] != nil else { throw UsageError("missing '--app <path>'") }
        app = try AppChoice(arguments)
        allowedGiven = arguments[BrowserContext.allowedOption] != nil
        site = arguments[BrowserContext.siteOption]
        if allowedGiven && site != nil { throw UsageError("give either --allowed or --site, not both") }
        allowed = try Self.allowedParts(arguments[BrowserContext.allowedOption])
        policy = try BrowserContext.policy(arguments)
        systemTypes = arguments.all(TypeContext.systemTypesOption)
        json = arguments[BrowserContext.formatOption] == .json
    }

    /// The comma-separated parts of `--allowed`, or nil for `nil` and when it is absent.
    static func allowedParts(_ value: String?) throws(UsageError) -> [String]? {
        guard let value, value != "nil" else { return nil }
        let parts = value.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingASCIISpaces()
        }
        if parts.contains(where: \.isEmpty) {
            throw UsageError(
                "'--allowed' takes identifiers separated by commas, or 'nil'; got '\(OutputEscaping.escape(value))'")
        }
        return parts
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
