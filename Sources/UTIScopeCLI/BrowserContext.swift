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
    static let policyOptions: [OptionSpec] = [
        OptionSpec(
            name: "count-role-none", valueName: "yes|no",
            help: "Whether document types with role None give allowed types (default yes; undocumented).",
            choices: ["yes", "no"]),
        OptionSpec(
            name: "count-rank-none", valueName: "yes|no",
            help: "Whether document types with rank None give allowed types (default yes; undocumented).",
            choices: ["yes", "no"]),
        OptionSpec(
            name: "legacy-extensions", valueName: "auto|yes|no",
            help: "Whether CFBundleTypeExtensions give allowed types (default auto: on macOS, not on iOS).",
            choices: ["auto", "yes", "no"]),
        OptionSpec(
            name: "extension-case", valueName: "insensitive|sensitive",
            help: "How extensions match declared tags (default insensitive; undocumented).",
            choices: ["insensitive", "sensitive"]),
        exportedWinsOption,
    ]
    /// `--exported-wins`, shared with `type`.
    static let exportedWinsOption = OptionSpec(
        name: "exported-wins", valueName: "yes|no",
        help:
            "Whether an exported declaration wins over imported ones claiming one extension or MIME type (default no: Apple documents the choice as undefined).",
        choices: ["yes", "no"])
    static let thumbnailOption = OptionSpec(
        name: "thumbnail-confidence", valueName: "confidence",
        help:
            "The least confidence in the reference's thumbnail table that counts: documented, likely (default) or unknown.",
        choices: ["documented", "likely", "unknown"])
    static let formatOption = OptionSpec(
        name: "format", valueName: "format", help: "Output format.", choices: ["text", "json"])

    /// The paragraph every browser command's help ends with.
    static let defaultsDiscussion = """
        Apple leaves some of this open. The defaults: document types with role or rank None count;
        CFBundleTypeExtensions count on macOS and not on iOS; extensions match whatever their letter case;
        an exported and an imported type claiming one extension tie; system thumbnails marked 'likely' in
        the reference count. Answers that rest on a default name its flag.
        """

    /// The policy the options choose.
    static func policy(_ arguments: ParsedArguments) -> BrowserPolicy {
        BrowserPolicy(
            countRoleNone: arguments.value("count-role-none") != "no",
            countRankNone: arguments.value("count-rank-none") != "no",
            legacyExtensions: arguments.value("legacy-extensions").flatMap(BrowserPolicy.LegacyExtensions.init)
                ?? .auto,
            extensionCase: arguments.value("extension-case").flatMap(BrowserPolicy.ExtensionCase.init) ?? .insensitive,
            thumbnailConfidence: arguments.value("thumbnail-confidence").flatMap(
                BrowserPolicy.ThumbnailConfidence.init) ?? .likely,
            exportedWins: arguments.value("exported-wins") == "yes")
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
    static func load(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> DocumentBrowser? {
        guard arguments.value("app") != nil else { throw UsageError("missing '--app <path>'") }
        let explicit = try explicitAllowed(arguments)
        guard let system = TypeContext.systemDeclarations(arguments, context: context) else { return nil }
        guard let app = try AppOptions.load(arguments, context: context) else { return nil }
        return DocumentBrowser(app: app, allowed: explicit, policy: policy(arguments), systemDeclarations: system)
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
