import DocumentBrowser
import PropertyList
import SwiftSource

/// `utiscope allowed`: the content types the app's document browser allows, and where each comes from.
enum AllowedCommand: Command {
    static let name = "allowed"
    static let abstract = "Show the content types the app's document browser allows, and their sources."
    static let usage = "allowed --app <path> [--allowed <ids>|nil] [--format text|json]"
    static let arguments: [(name: String, help: String)] = []
    static let options: [OptionSpec] =
        AppOptions.all + AppOptions.sourceOptions + [BrowserContext.allowedOption.spec, BrowserContext.siteOption.spec]
        + BrowserContext.policySpecs + [
            TypeContext.systemTypesOption.spec, BrowserContext.formatOption.spec,
        ]
    static let discussion: String? = """
        With an explicit list, the browser allows those types. With nil (UIDocumentBrowserViewController(
        forOpening: nil)), it allows the LSItemContentTypes of every CFBundleDocumentTypes entry; a file is
        selectable when its type conforms to one of them. Where the app's Swift code is read (a project or
        folder, or --sources), every place in it that shows files to open (document browsers and pickers,
        .fileImporter, launch views) is listed with its list: explicit, nil, or computed with the members
        written in code; 'opens', 'icon' and 'browse' answer for one of them (--site FILE:LINE).
        """ + "\n\n" + BrowserContext.defaultsDiscussion

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        if let extra = arguments.positionals.first {
            throw UsageError.unexpected(extra, appGiven: arguments[AppOptions.app] != nil)
        }
        let options = try BrowserOptions(arguments)
        guard let browser = try BrowserContext.load(options, context: context) else { return .inputError }
        // Every site of the code, unless --allowed or --site names the list.
        let sites =
            !options.allowedGiven && options.site == nil ? CodeSites.openingSites(in: browser.app.code) : []
        let lists = sites.map { site in
            AllowedTypes.forSite(
                site, of: browser.app.infoPlist, platform: browser.platform, policy: browser.policy,
                catalog: browser.catalog)
        }
        if options.json {
            let siteObjects = lists.map { "{\(BrowserOutput.allowedFields($0))}" }
            context.output.write(
                "{\"version\": 1, \(BrowserOutput.platformFields(browser)), "
                    + "\(BrowserOutput.allowedFields(browser.allowed)), \"sites\": [\(siteObjects.joined(separator: ", "))]}\n"
            )
        } else if lists.count > 1, let used = browser.allowed.site {
            var text = BrowserOutput.platformNote(browser)
            text +=
                "the app's code shows files to open at \(lists.count) places; 'opens', 'icon' and 'browse' answer for "
            text += "\(BrowserOutput.escape(CodeSites.name(of: used))) unless --site names another\n"
            for (index, allowed) in lists.enumerated() {
                text += "\n\(index + 1). " + BrowserOutput.text(allowed)
            }
            context.output.write(text + BrowserOutput.systemNote(browser))
        } else {
            context.output.write(
                BrowserOutput.platformNote(browser) + BrowserOutput.text(browser.allowed)
                    + BrowserOutput.systemNote(browser))
        }
        return .success
    }
}
