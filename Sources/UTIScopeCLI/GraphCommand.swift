import Foundation
import PropertyList
import UniformTypes

/// `utiscope graph`: the conformance graph of an app's types down to the system roots.
enum GraphCommand: Command {
    static let name = "graph"
    static let abstract = "Draw the conformance graph of an app's types down to the system roots."
    static let usage = "graph [--app <path>] [--root <identifier>] [--format dot|mermaid|json|svg]"
    static let arguments: [(name: String, help: String)] = []
    static let options: [OptionSpec] =
        [
            OptionSpec(
                name: "root", valueName: "identifier",
                help: "Draw this type and its supertypes; with --app, also the app's types that conform to it."),
            TypeContext.systemTypesOption,
            OptionSpec(
                name: "format", valueName: "format",
                help: "dot (the default), mermaid, json, or svg (runs Graphviz's dot).",
                choices: ["dot", "mermaid", "json", "svg"]),
        ] + AppOptions.all
    static let discussion: String? = """
        Without --root, the graph holds the app's exported and imported types and the content types its
        document types list, with all their supertypes. Types are coloured by origin: exported, imported,
        system, and undeclared (named but declared nowhere). Edges point from a type to its direct supertypes.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        guard arguments.value("app") != nil || arguments.value("root") != nil else {
            throw UsageError("name an app (--app) or a type (--root) to draw")
        }
        if !arguments.positionals.isEmpty {
            throw UsageError("unexpected argument '\(OutputEscaping.escape(arguments.positionals[0]))'")
        }
        guard let types = TypeContext.load(arguments, context: context) else { return .inputError }
        let graph = ConformanceSubgraph(
            catalog: types.catalog, app: types.app,
            root: arguments.value("root").map { UniformTypeIdentifier($0) })
        switch arguments.value("format") ?? "dot" {
        case "json": context.output.write(graph.json)
        case "mermaid": context.output.write(graph.mermaid)
        case "svg":
            switch Graphviz.render(graph.dot) {
            case .success(let svg): context.output.write(svg)
            case .failure(let reason):
                context.report("error: \(reason)")
                return .inputError
            }
        default: context.output.write(graph.dot)
        }
        return .success
    }
}

/// Runs Graphviz's `dot` to turn DOT text into SVG.
enum Graphviz {
    static func render(_ dot: String) -> Result<String, GraphvizError> {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard
            let executable = path.split(separator: ":").map({ "\($0)/dot" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            return .failure(GraphvizError.notInstalled)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-Tsvg"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(.failed("cannot run '\(executable)': \(error.localizedDescription)"))
        }
        // Read concurrently with writing, so a large graph cannot fill a pipe and stall both sides.
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async {
            writer.write(Data(dot.utf8))
            try? writer.close()
        }
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(.failed("Graphviz's dot failed: \(OutputEscaping.escape(text))"))
        }
        return .success(String(decoding: svg, as: UTF8.self))
    }
}

/// Why SVG could not be made.
enum GraphvizError: Error, CustomStringConvertible {
    /// `dot` is not on the PATH.
    case notInstalled
    /// `dot` ran and failed.
    case failed(String)

    var description: String {
        switch self {
        case .notInstalled:
            return "--format svg needs Graphviz's 'dot', which is not installed: install it with "
                + "'apt-get install graphviz' or 'brew install graphviz', or use --format dot and render it elsewhere"
        case .failed(let reason): return reason
        }
    }
}
