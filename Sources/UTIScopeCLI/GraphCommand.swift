import PropertyList
import Report
import UniformTypes

/// `utiscope graph`: the conformance graph of an app's types down to the system roots.
enum GraphCommand: Command {
    static let name = "graph"
    static let abstract = "Draw the conformance graph of an app's types down to the system roots."
    static let usage = "graph [--app <path>] [--root <identifier>] [--format dot|mermaid|json|svg]"
    static let arguments: [(name: String, help: String)] = []
    static let options: [OptionSpec] =
        [
            root.spec, TypeContext.systemTypesOption.spec, format.spec,
        ] + AppOptions.all
    static let root = Option<String>(
        "root", valueName: "identifier",
        help: "Draw this type and its supertypes; with --app, also the app's types that conform to it.")
    /// The drawings `graph` prints.
    enum Format: String, CaseIterable, Sendable {
        case dot, mermaid, json, svg
    }
    static let format = Option<Format>(
        "format", valueName: "format",
        help: "dot (the default), mermaid, json, or svg (drawn by utiscope, as the report draws it).")
    static let discussion: String? = """
        Without --root, the graph holds the app's exported and imported types and the content types its
        document types list, with all their supertypes. Types are coloured by origin: exported, imported,
        system, and undeclared (named but declared nowhere). Edges point from a type to its direct supertypes.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        if let extra = arguments.positionals.first {
            throw UsageError.unexpected(extra, appGiven: arguments[AppOptions.app] != nil)
        }
        guard arguments[AppOptions.app] != nil || arguments[root] != nil else {
            throw UsageError("name an app (--app) or a type (--root) to draw")
        }
        let app = try AppChoice(arguments, readingSources: false)
        let systemTypes = arguments.all(TypeContext.systemTypesOption)
        guard let types = TypeContext.load(app: app, systemTypes: systemTypes, context: context) else {
            return .inputError
        }
        let seedType = arguments[root].map { UniformTypeIdentifier($0) }
        let format = arguments[format] ?? .dot
        if format == .svg {
            let seeds = ConformanceSubgraph.seeds(catalog: types.catalog, app: types.app, root: seedType)
            context.output.write(StandaloneGraphSVG(catalog: types.catalog, seeds: seeds).document)
            return .success
        }
        let graph = ConformanceSubgraph(catalog: types.catalog, app: types.app, root: seedType)
        switch format {
        case .json: context.output.write(graph.json)
        case .mermaid: context.output.write(graph.mermaid)
        case .dot, .svg: context.output.write(graph.dot)
        }
        return .success
    }
}
