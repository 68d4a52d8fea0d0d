import DocumentBrowser
import PropertyList

/// `utiscope icon`: which icon a type or file shows in the document browser (or Finder), and why.
enum IconCommand: Command {
    static let name = "icon"
    static let abstract = "Show which icon a type or file shows, with every condition of Apple's decision."
    static let usage = "icon (<identifier>|<file>) ... --app <path> [--platform ios|macos] [--format text|json]"
    static let arguments: [(name: String, help: String)] = [
        (
            "<identifier>|<file> ...",
            "A type when it names a declared or system identifier; otherwise a file, typed by its name."
        )
    ]
    static let options: [OptionSpec] =
        AppOptions.all + AppOptions.sourceOptions + [BrowserContext.siteOption.spec] + BrowserContext.policySpecs + [
            TypeContext.systemTypesOption.spec, BrowserContext.formatOption.spec,
        ]
    static let discussion: String? = """
        The decision, in order: a Thumbnail extension of the app listing the exact type → a content thumbnail
        the system renders (images, PDF, movies and audio, text, USDZ on iOS; with the reference's confidence)
        → the system's own icon for a system-declared type → a document icon the app declares (UTTypeIcons,
        CFBundleTypeIconFiles on iOS, .icns through UTTypeIconFile or CFBundleTypeIconFile on macOS) → an icon
        made from the app icon (iOS: the type is in CFBundleDocumentTypes and exported or imported, and the app
        has an icon; macOS: CFBundleTypeIconSystemGenerated) → the generic document. On macOS, the handling
        app's rank is shown too: Finder takes document icons from the app that handles the type.
        """ + "\n\n" + BrowserContext.defaultsDiscussion

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        guard !arguments.positionals.isEmpty else { throw UsageError("missing <identifier> or <file>") }
        let options = try BrowserOptions(arguments)
        guard let browser = try BrowserContext.load(options, context: context) else { return .inputError }
        // A mistyped identifier reads as a file name: answered as one, and said so.
        for subject in arguments.positionals {
            if let meant = browser.meantIdentifier(for: subject) {
                context.report(
                    "\(subject): warning: no declared or system type has this identifier, so it is answered as a file name; did you mean '\(meant.rawValue)'?"
                )
            }
        }
        let answers = arguments.positionals.map { browser.icon(for: $0) }
        if options.json {
            context.output.write(json(answers, browser: browser))
        } else {
            context.output.write(
                BrowserOutput.platformNote(browser) + BrowserOutput.siteNote(browser)
                    + answers.map(text).joined(separator: "\n") + "\n"
                    + BrowserOutput.systemNote(browser))
        }
        return .success
    }

    static func text(_ answer: IconAnswer) -> String {
        var text = BrowserOutput.escape(answer.subject)
        if let type = answer.type, type.rawValue != answer.subject {
            text += " (\(BrowserOutput.escape(type.rawValue)))"
        }
        text += ": \(answer.source.rawValue)"
        text += answer.isCertain ? "\n" : " (undetermined: the icon depends on which tied type the system picks)\n"
        for condition in answer.conditions {
            let indent = condition.isStep ? "  " : "      "
            var line = indent + (condition.holds ? "✓ " : "✗ ") + condition.name + ": "
            line += BrowserOutput.escape(condition.because) + BrowserOutput.at(condition.location)
            if condition.decides { line += "  ← decides" }
            if let assumption = condition.assumption { line += " [rests on \(assumption.setting)]" }
            text += line + "\n"
        }
        return text + BrowserOutput.text(answer.assumptions)
    }

    static func json(_ answers: [IconAnswer], browser: DocumentBrowser) -> String {
        let results = answers.map { answer in
            let conditions = answer.conditions.map { condition in
                "{\"name\": \(BrowserOutput.quoted(condition.name)), \"holds\": \(condition.holds), "
                    + "\"because\": \(BrowserOutput.quoted(condition.because)), "
                    + "\(BrowserOutput.locationFields(condition.location)), \"decides\": \(condition.decides), "
                    + "\"assumption\": \(condition.assumption.map(BrowserOutput.json) ?? "null")}"
            }
            return "{\"subject\": \(BrowserOutput.quoted(answer.subject)), "
                + "\"type\": \(BrowserOutput.optional(answer.type?.rawValue)), "
                + "\"kind\": \(BrowserOutput.optional(answer.kind?.rawValue)), "
                + "\"icon\": \(BrowserOutput.quoted(answer.source.rawValue)), \"certain\": \(answer.isCertain), "
                + "\"conditions\": [\(conditions.joined(separator: ", "))], "
                + "\"assumptions\": \(BrowserOutput.json(answer.assumptions))}"
        }
        return
            "{\"version\": 1, \(BrowserOutput.platformFields(browser)), "
            + "\"site\": \(browser.allowed.site.map(BrowserOutput.json) ?? "null"), "
            + "\"results\": [\(results.joined(separator: ", "))]}\n"
    }
}
