import AppBundle
import PropertyList

/// The options every command that reads an app shares, and the loader they configure.
enum AppOptions {
    static let app = OptionSpec(
        name: "app", valueName: "path",
        help:
            "The app: an Info.plist (XML, binary or OpenStep), a built .app, an Xcode project, or a folder holding one app."
    )
    static let target = OptionSpec(
        name: "target", valueName: "name", help: "The app target (or bundle) to use when the app's path holds several.")
    static let configuration = OptionSpec(
        name: "configuration", valueName: "name", help: "The Xcode build configuration (default Release).")
    static let setting = OptionSpec(
        name: "setting", valueName: "NAME=VALUE", help: "A build setting, over the project's (repeatable).",
        repeatable: true)
    static let xcconfig = OptionSpec(
        name: "xcconfig", valueName: "file", help: "An .xcconfig file, over the project's settings (repeatable).",
        repeatable: true)
    static let platform = OptionSpec(
        name: "platform", valueName: "platform", help: "The platform, instead of what the Info.plist's keys say.",
        choices: ["ios", "macos"])

    /// The options, in help order.
    static let all = [app, target, configuration, setting, xcconfig, platform]

    /// The loader the options describe.
    static func loader(_ arguments: ParsedArguments) throws(UsageError) -> AppLoader {
        for assignment in arguments.all("setting") where !assignment.contains("=") || assignment.hasPrefix("=") {
            throw UsageError("'--setting' takes NAME=VALUE, not '\(OutputEscaping.escape(assignment))'")
        }
        return AppLoader(
            platform: arguments.value("platform").flatMap(Platform.init(rawValue:)),
            configuration: arguments.value("configuration"),
            overrides: BuildSettingOverrides(
                xcconfigFiles: arguments.all("xcconfig"), settings: arguments.all("setting")),
            target: arguments.value("target"))
    }

    /// Loads the one app `--app` names, reporting problems; nil when it cannot be had. The app's
    /// findings are not printed here: `lint` is where they are judged.
    static func load(_ arguments: ParsedArguments, context: CommandContext, excluding excluded: [String] = [])
        throws(UsageError) -> AppUnit?
    {
        guard let path = arguments.value("app") else { return nil }
        var loader = try loader(arguments)
        loader.excludedFromResources = excluded
        if path == "-", let input = context.standardInput {
            do {
                let document = try PropertyListReader().read(input, file: "-")
                let model = InfoPlist(document: document, platform: loader.platform)
                return AppUnit(name: "-", infoPlist: model, folder: ".")
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
