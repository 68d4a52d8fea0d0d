import PropertyList
import Support

/// `utiscope dump`: any property list, parsed, printed as JSON, XML or text.
enum DumpCommand: Command {
    static let name = "dump"
    static let abstract = "Print property lists (XML, binary or OpenStep) as parsed."
    static let usage = "dump <file> ... [--format json|xml|text]"
    static let arguments: [(name: String, help: String)] = [
        ("<file> ...", "Property lists to read; '-' reads standard input. The format is detected from the bytes.")
    ]
    /// The formats `dump` prints.
    enum Format: String, CaseIterable, Sendable {
        case json, xml, text
    }
    static let format = Option<Format>(
        "format", valueName: "format", help: "Output format: json (the default), xml or text.")
    static let compact = Flag("compact", help: "Print JSON on one line.")
    static let locations = Flag("locations", help: "With --format text, show the line each value was read from.")
    static let maxSize = Option<String>(
        "max-size", valueName: "bytes", help: "Refuse inputs larger than this (default 67108864, 64 MiB).")
    static let options: [OptionSpec] = [format.spec, compact.spec, locations.spec, maxSize.spec]
    static let discussion: String? = """
        JSON follows a stable mapping: dict -> object (document order), array -> array, string -> string,
        integer -> number, real -> number or {"$real": "nan"|"inf"|"-inf"}, bool -> bool,
        date -> {"$date": "YYYY-MM-DDTHH:MM:SS[.fff]Z"}, data -> {"$data": "<base64>"}, UID -> {"$uid": N}.
        With several files, each document is printed in turn. Warnings (duplicate keys, a missing
        <plist> element) go to standard error and do not change the exit status; a file that cannot be
        read is reported as 'path:line:col: error: message' and the exit status is 2.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        guard !arguments.positionals.isEmpty else {
            throw UsageError("missing <file>: name at least one property list")
        }
        var reader = PropertyListReader()
        if let text = arguments[maxSize] {
            guard let limit = Int(text), limit > 0 else {
                throw UsageError("'--max-size' needs a positive number of bytes, not '\(OutputEscaping.escape(text))'")
            }
            reader.sizeLimit = limit
        }
        if arguments.positionals.filter({ $0 == "-" }).count > 1 {
            throw UsageError("standard input ('-') can be read only once")
        }
        let format = arguments[format] ?? .json
        var status = ExitStatus.success
        for path in arguments.positionals {
            let document: PropertyListDocument
            do {
                document = try context.read(path, with: reader)
            } catch {
                context.report(error.description)
                status = .inputError
                continue
            }
            for warning in document.warnings { context.report(warning.description) }
            do {
                let bytes: [UInt8]
                switch format {
                case .xml: bytes = try PropertyListXMLWriter().write(document)
                case .text: bytes = try PropertyListTextWriter(locations: arguments[locations]).write(document)
                case .json: bytes = try PropertyListJSONWriter(pretty: !arguments[compact]).write(document)
                }
                context.output.write(bytes: bytes)
            } catch {
                context.report(error.description)
                status = .inputError
            }
        }
        return status
    }
}
