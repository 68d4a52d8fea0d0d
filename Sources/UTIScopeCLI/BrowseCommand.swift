import DocumentBrowser
import PropertyList
import Support

/// `utiscope browse`: a folder as the app's document browser shows it.
enum BrowseCommand: Command {
    static let name = "browse"
    static let abstract =
        "Show a folder as the app's document browser shows it: kind, state, type and icon of each item."
    static let usage = "browse <folder> --app <path> [--allowed <ids>|nil] [--recursive] [--format text|json]"
    static let arguments: [(name: String, help: String)] = [("<folder>", "The folder to show.")]
    static let options: [OptionSpec] =
        AppOptions.all + AppOptions.sourceOptions + [
            BrowserContext.allowedOption.spec, BrowserContext.siteOption.spec,
            recursive.spec, showHidden.spec, all.spec,
        ] + BrowserContext.policySpecs + [TypeContext.systemTypesOption.spec, BrowserContext.formatOption.spec]
    static let recursive = Flag("recursive", short: "r", help: "Enter plain subfolders too.")
    static let showHidden = Flag(
        "show-hidden",
        help: "List items whose name starts with '.', which the Files app hides (and enter such folders).")
    static let all = Flag(
        "all",
        help:
            "List every type in the summary (by default the \(BrowseOutput.typesShown) most numerous, then how many more)."
    )
    static let discussion: String? = """
        One row per item: kind (folder, package, file), state (navigable, selectable, greyed-out, or undetermined
        when tied types claim the extension and whether it opens depends on the system's pick), type and icon
        source, then a summary by type and by outcome. Items whose name starts with '.' are hidden, as in the
        Files app, unless --show-hidden. Packages are not entered. Rows come folder by folder in name order;
        with --recursive each folder's subfolders follow it. A progress line shows on standard error when it is
        a terminal. 'utiscope opens' and 'utiscope icon' explain any row.
        """ + "\n\n" + BrowserContext.defaultsDiscussion

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 1 else {
            throw UsageError(arguments.positionals.isEmpty ? "missing <folder>" : "give one <folder>")
        }
        let folder = arguments.positionals[0]
        let options = try BrowserOptions(arguments)
        // The walk starts now, so reading the folders overlaps loading the app.
        let walk: FolderWalk
        do {
            walk = try FolderWalk.start(
                folder, recursive: arguments[recursive], showsHidden: arguments[showHidden])
        } catch {
            context.report(error.description)
            return .inputError
        }
        let loaded: DocumentBrowser?
        do {
            // The folder shown holds the user's documents, not the app's resources.
            loaded = try BrowserContext.load(options, context: context, excluding: [folder])
        } catch {
            walk.cancel()
            throw error
        }
        guard let browser = loaded else {
            walk.cancel()
            return .inputError
        }
        let json = options.json
        // The type column is as wide as the app's own identifiers (at least 40 characters), so
        // rows stay aligned; a longer type from elsewhere (a long filename extension's 'dyn.')
        // pushes only its own row.
        var writer = RowWriter(
            json: json, output: context.output, typeWidth: max(40, browser.longestAppTypeIdentifier + 2))
        var progress = ProgressLine(sink: context.errors)
        if json {
            writer.raw(
                "{\"version\": 1, \"folder\": \(JSONText.quoted(folder)), \(BrowserOutput.platformFields(browser)), "
                    + "\(BrowserOutput.allowedFields(browser.allowed)), \"entries\": [")
        } else {
            writer.raw(BrowserOutput.platformNote(browser) + BrowserOutput.siteNote(browser))
        }
        let summary: BrowseSummary
        do {
            summary = try FolderBrowser(browser: browser).browse(walk) { batch, classes in
                for problem in batch.problems {
                    context.report("\(problem.path): warning: cannot read the folder: \(problem.reason)")
                }
                writer.write(batch, classes: classes)
                progress.advance(by: batch.rows.count)
            }
        } catch {
            progress.clear()
            context.report(error.description)
            return .inputError
        }
        progress.clear()
        writer.raw(
            json
                ? "], \"summary\": \(BrowseOutput.json(summary))}\n"
                : BrowseOutput.text(summary, all: arguments[all]) + BrowserOutput.systemNote(browser))
        writer.flush()
        return .success
    }
}

/// Writes rows in large chunks, each class's columns rendered once.
struct RowWriter {
    let json: Bool
    let output: OutputSink
    private var buffer: [UInt8] = []
    private var prefixes: [[UInt8]] = []
    private var suffixes: [[UInt8]] = []
    private var rowCount = 0

    /// The width of the type column.
    let typeWidth: Int

    init(json: Bool, output: OutputSink, typeWidth: Int = 40) {
        self.json = json
        self.output = output
        self.typeWidth = typeWidth
        buffer.reserveCapacity(1 << 18)
    }

    mutating func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    mutating func write(_ batch: BrowseBatch, classes: [BrowseClass]) {
        while prefixes.count < classes.count { render(classes[prefixes.count]) }
        let directory = batch.directory.isEmpty ? "" : batch.directory + "/"
        let directoryIsPlain = Self.isPlain(directory, json: json)
        let directoryBytes = Array((json ? directory : OutputEscaping.escape(directory)).utf8)
        for row in batch.rows {
            let namePlain = directoryIsPlain && Self.isPlain(row.name, json: json)
            if json {
                if rowCount > 0 { buffer.append(contentsOf: ", ".utf8) }
                buffer.append(contentsOf: "{\"path\": ".utf8)
                if namePlain {
                    buffer.append(0x22)
                    buffer.append(contentsOf: directoryBytes)
                    buffer.append(contentsOf: row.name.utf8)
                    buffer.append(0x22)
                } else {
                    buffer.append(contentsOf: JSONText.quoted(directory + row.name).utf8)
                }
                buffer.append(contentsOf: suffixes[row.classIndex])
            } else {
                buffer.append(contentsOf: prefixes[row.classIndex])
                buffer.append(contentsOf: directoryBytes)
                if namePlain {
                    buffer.append(contentsOf: row.name.utf8)
                } else {
                    buffer.append(contentsOf: OutputEscaping.escape(row.name).utf8)
                }
                buffer.append(0x0A)
            }
            rowCount += 1
        }
        if buffer.count >= 1 << 18 { flush() }
    }

    /// Whether `text` is printable ASCII that needs no escaping (in JSON: no quote or backslash).
    static func isPlain(_ text: String, json: Bool) -> Bool {
        text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && !(json && (byte == 0x22 || byte == 0x5C))
        }
    }

    private mutating func render(_ browseClass: BrowseClass) {
        let type = browseClass.typeText
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(1, width - text.count))
        }
        prefixes.append(
            Array(
                (pad(browseClass.kind.rawValue, 8) + pad(browseClass.state, 12)
                    + pad(OutputEscaping.escape(type), typeWidth)
                    + pad(browseClass.icon.rawValue, 20)).utf8))
        suffixes.append(
            Array(
                (", \"kind\": \(JSONText.quoted(browseClass.kind.rawValue)), \"type\": \(BrowserOutput.optional(browseClass.type?.rawValue)), "
                    + "\"opens\": \(browseClass.opens), \"state\": \(JSONText.quoted(browseClass.state)), "
                    + "\"outcome\": \(JSONText.quoted(browseClass.outcome.rawValue)), "
                    + "\"tied\": [\(browseClass.tied.map { JSONText.quoted($0.rawValue) }.joined(separator: ", "))], "
                    + "\"icon\": \(JSONText.quoted(browseClass.icon.rawValue)), "
                    + "\"iconCertain\": \(browseClass.iconIsCertain)}").utf8))
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        output.write(bytes: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// A progress line on standard error, redrawn at most five times a second, only on a terminal.
struct ProgressLine {
    let sink: OutputSink
    let enabled: Bool
    private var items = 0
    private var folders = 0
    private var last = ContinuousClock.now
    private var shown = false

    init(sink: OutputSink) {
        self.sink = sink
        enabled = sink.isTerminal
    }

    mutating func advance(by count: Int) {
        guard enabled else { return }
        items += count
        folders += 1
        let now = ContinuousClock.now
        guard now - last > .milliseconds(200) else { return }
        last = now
        shown = true
        sink.write("\rbrowsing: \(items) items in \(folders) folders…")
    }

    mutating func clear() {
        guard shown else { return }
        sink.write("\r\u{1B}[K")
        shown = false
    }
}
