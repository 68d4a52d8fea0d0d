import AppBundle
import PropertyList
import UniformTypes

/// `utiscope type`: what the catalog knows of identifiers, or which types claim a tag.
enum TypeCommand: Command {
    static let name = "type"
    static let abstract = "Show a type's declaration, supertypes, tags and icon facts, or resolve a tag."
    static let usage = "type <identifier> ... | --extension <ext> | --mime <type> [--app <path>] [--format text|json]"
    static let arguments: [(name: String, help: String)] = [
        ("<identifier> ...", "Uniform Type Identifiers to describe (compared case-insensitively).")
    ]
    static let options: [OptionSpec] =
        [
            pathExtension.spec, mime.spec, conformingTo.spec, BrowserContext.exportedWinsOption.spec,
            BrowserContext.formatOption.spec,
            TypeContext.systemTypesOption.spec,
        ] + AppOptions.all
    static let pathExtension = Option<String>(
        "extension", valueName: "ext", help: "Resolve a filename extension instead (a leading dot is ignored).")
    static let mime = Option<String>("mime", valueName: "type", help: "Resolve a MIME type instead.")
    static let conformingTo = Option<String>(
        "conforming-to", valueName: "identifier",
        help:
            "With --extension or --mime, consider only types conforming to this one (public.data for files, public.directory for folders)."
    )
    static let discussion: String? = """
        The catalog is macOS 12.7's system types (embedded), any --system-types files over them, and the
        declarations of the --app Info.plist. When Apple's rule (public types over non-public ones) leaves
        several types for a tag, the answer says so: Apple documents the choice as undefined. With
        --exported-wins yes, an exported declaration then wins over imported ones (not documented).
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        let tags = [arguments[pathExtension], arguments[mime]].compactMap { $0 }
        if tags.count > 1 { throw UsageError("give either --extension or --mime, not both") }
        if !tags.isEmpty && !arguments.positionals.isEmpty {
            throw UsageError("give identifiers or a tag (--extension, --mime), not both")
        }
        if tags.isEmpty && arguments.positionals.isEmpty {
            throw UsageError("missing <identifier>, --extension or --mime")
        }
        if tags.isEmpty, arguments[conformingTo] != nil {
            throw UsageError("'--conforming-to' goes with --extension or --mime")
        }
        let app = try AppChoice(arguments, readingSources: false)
        let systemTypes = arguments.all(TypeContext.systemTypesOption)
        guard let types = TypeContext.load(app: app, systemTypes: systemTypes, context: context) else {
            return .inputError
        }
        let json = arguments[BrowserContext.formatOption] == .json
        let resolver = types.catalog.tagResolver(exportedWins: arguments[BrowserContext.exportedWinsOption] == "yes")
        if let given = arguments[pathExtension] {
            var tag = given
            if tag.hasPrefix(".") { tag.removeFirst() }
            let restriction = arguments[conformingTo].map { UniformTypeIdentifier($0) }
            let resolution = resolver.resolve(extension: tag, restrictedTo: restriction)
            context.output.write(json ? TypeOutput.json(resolution) : TypeOutput.text(resolution))
            return .success
        }
        if let given = arguments[mime] {
            let restriction = arguments[conformingTo].map { UniformTypeIdentifier($0) }
            let resolution = resolver.resolve(mimeType: given, restrictedTo: restriction)
            context.output.write(json ? TypeOutput.json(resolution) : TypeOutput.text(resolution))
            return .success
        }
        let identifiers = arguments.positionals.map { UniformTypeIdentifier($0) }
        var status = ExitStatus.success
        for identifier in identifiers where !types.catalog.contains(identifier) && !identifier.isDynamic {
            var message = "\(identifier.rawValue): error: no such type in the catalog"
            // The same suggestion lint makes (IdentifierSuggestion), over the catalog's user-facing types.
            let known = types.catalog.userFacingDeclarations.map(\.identifier.rawValue)
            if let suggestion = IdentifierSuggestion(known).suggestion(for: identifier) {
                message += "; did you mean '\(suggestion.rawValue)'?"
            }
            context.report(message)
            status = .inputError
        }
        let found = identifiers.filter { types.catalog.contains($0) || $0.isDynamic }
        if json {
            context.output.write(TypeOutput.json(found, catalog: types.catalog))
        } else {
            context.output.write(found.map { TypeOutput.text($0, catalog: types.catalog) }.joined(separator: "\n"))
        }
        return status
    }
}
