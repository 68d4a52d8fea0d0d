import AppBundle
import Lint
import PropertyList
import Support

/// The options every command that reads an app shares, and the loader they configure.
enum AppOptions {
    static let app = Option<String>(
        "app", valueName: "path",
        help:
            "The app: an Info.plist (XML, binary or OpenStep), a built .app, an Xcode project, or a folder holding one app."
    )
    static let target = Option<String>(
        "target", valueName: "name", help: "The app target (or bundle) to use when the app's path holds several.")
    static let configuration = Option<String>(
        "configuration", valueName: "name", help: "The Xcode build configuration (default Release).")
    static let setting = Option<String>(
        "setting", valueName: "NAME=VALUE", help: "A build setting, over the project's (repeatable).",
        repeatable: true)
    static let xcconfig = Option<String>(
        "xcconfig", valueName: "file", help: "An .xcconfig file, over the project's settings (repeatable).",
        repeatable: true)
    static let platform = Option<Platform>(
        "platform", valueName: "platform", help: "The platform, instead of what the Info.plist's keys say.",
        choices: [.iOS, .macOS])

    /// The options, in help order.
    static let all = [app.spec, target.spec, configuration.spec, setting.spec, xcconfig.spec, platform.spec]
    /// The options but `--app`, for the commands given their app as an argument.
    static let allButApp = Array(all.dropFirst())

    static let sources = Option<String>(
        "sources", valueName: "dir",
        help: "Swift code of an app given as an Info.plist: the Swift files under the folder (repeatable).",
        repeatable: true)
    static let noSources = Flag(
        "no-sources", help: "Do not read the app's Swift code (read by default for a project or folder).")
    /// The options of the commands that read the app's Swift code.
    static let sourceOptions = [sources.spec, noSources.spec]

    /// The `--setting NAME=VALUE` assignments, by name (the later wins); checked by ``loader(_:readingSources:)``.
    static func settings(_ arguments: ParsedArguments) -> [String: String] {
        var settings: [String: String] = [:]
        for assignment in arguments.all(setting) {
            let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 { settings[String(parts[0])] = String(parts[1]) }
        }
        return settings
    }

    /// The loader the options describe; `readingSources` false for the commands that do not use
    /// the app's code.
    static func loader(_ arguments: ParsedArguments, readingSources: Bool = true) throws(UsageError) -> AppLoader {
        for assignment in arguments.all(setting) where !assignment.contains("=") || assignment.hasPrefix("=") {
            throw UsageError("'--setting' takes NAME=VALUE, not '\(OutputEscaping.escape(assignment))'")
        }
        let folders = arguments.all(sources)
        if arguments[noSources] && !folders.isEmpty {
            throw UsageError("give either --sources or --no-sources, not both")
        }
        return AppLoader(
            platform: arguments[platform], configuration: arguments[configuration],
            overrides: BuildSettingOverrides(xcconfigFiles: arguments.all(xcconfig), settings: arguments.all(setting)),
            target: arguments[target], readsSources: readingSources && !arguments[noSources],
            sourceFolders: readingSources ? folders : [])
    }

    /// Reports each `--sources` path that names nothing; false when one does.
    static func checkSourceFolders(_ loader: AppLoader, context: CommandContext) -> Bool {
        var found = true
        for folder in loader.sourceFolders where FileAccess.kind(of: folder) == nil {
            context.report("\(OutputEscaping.escape(folder)): error: no such file or folder (--sources)")
            found = false
        }
        return found
    }

    /// Loads the app at `path` with `loader`, reporting problems; nil when it cannot be had. The
    /// app's findings are not printed here: `lint` is where they are judged.
    static func load(_ path: String, with loader: AppLoader, context: CommandContext) -> AppUnit? {
        guard checkSourceFolders(loader, context: context) else { return nil }
        if path == "-", let input = context.standardInput {
            do {
                return loader.standardInputApp(try PropertyListReader().read(input, file: "-"))
            } catch {
                context.report(error.description)
                return nil
            }
        }
        do {
            return try loader.load(path)
        } catch {
            context.report(error.description)
            return nil
        }
    }
}

/// The app a command is given (`--app`, or its argument) and how to load it, read once.
struct AppChoice {
    /// The app's path; nil when none is given.
    var path: String?
    /// The loader the app options describe.
    var loader: AppLoader

    /// `--app` and the loading options; `readingSources` false for the commands that do not use
    /// the app's code.
    init(_ arguments: ParsedArguments, path: String? = nil, readingSources: Bool = true) throws(UsageError) {
        self.path = path ?? arguments[AppOptions.app]
        loader = try AppOptions.loader(arguments, readingSources: readingSources)
    }

    /// Loads the app, reporting problems; nil when none is given or it cannot be had. Resources
    /// are never looked for under `excluded` (the folder `browse` shows).
    func load(context: CommandContext, excluding excluded: [String] = []) -> AppUnit? {
        guard let path else { return nil }
        var loader = loader
        loader.excludedFromResources = excluded
        return AppOptions.load(path, with: loader, context: context)
    }
}
