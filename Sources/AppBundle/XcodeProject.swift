import PropertyList

/// An Xcode project read from `project.pbxproj`: its targets, build configurations and settings.
///
/// Paths: ``sourceRoot`` (`SRCROOT`) is the folder holding the `.xcodeproj` (plus the project's
/// `projectDirPath`); file references are placed through the group hierarchy (`<group>`,
/// `SOURCE_ROOT`, `<absolute>`); `INFOPLIST_FILE` is relative to ``sourceRoot``. Every path keeps
/// the spelling of the path the project was read from.
public struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder (or the `project.pbxproj` file when read from a bare file).
    public var path: String
    /// The `project.pbxproj` file read.
    public var projectFile: String
    /// The project's name (`PROJECT_NAME`): the `.xcodeproj` folder's name without its extension.
    public var name: String
    /// `SRCROOT`: the folder the project's relative paths start from.
    public var sourceRoot: String
    /// The project's development region (`DEVELOPMENT_LANGUAGE`), when set.
    public var developmentRegion: String?
    /// The project-level build configurations.
    public var buildConfigurations: [XcodeBuildConfiguration]
    /// The configuration used when none is named.
    public var defaultConfigurationName: String?
    /// The targets, in the project's order.
    public var targets: [XcodeTarget]
    /// Problems met while reading; the project is still usable.
    public var findings: [AppBundleFinding]

    /// Reads the project at `path`: a `.xcodeproj` folder, or a `project.pbxproj` file (whose
    /// folder, if it is an `.xcodeproj`, names the project). `sourceRoot` overrides `SRCROOT`.
    public static func read(path: String, sourceRoot: String? = nil) throws(XcodeProjectError) -> XcodeProject {
        let projectFile: String
        let container: String
        if Path.pathExtension(of: path) == "xcodeproj" || FileSystem.isDirectory(path) {
            projectFile = Path.join(path, "project.pbxproj")
            container = path
        } else {
            projectFile = path
            container = Path.directory(of: path)
        }
        let name: String
        if Path.pathExtension(of: container) == "xcodeproj" {
            name = Path.baseName(of: container)
        } else if let range = Path.lastComponent(of: projectFile).firstRange(of: ".xcodeproj") {
            // A flattened copy such as `App.xcodeproj__project.pbxproj`.
            name = String(Path.lastComponent(of: projectFile)[..<range.lowerBound])
        } else {
            name = Path.baseName(of: projectFile)
        }
        let root =
            sourceRoot ?? (Path.pathExtension(of: container) == "xcodeproj" ? Path.directory(of: container) : container)
        let document: PropertyListDocument
        do {
            document = try PropertyListReader().read(contentsOf: projectFile)
        } catch {
            throw .unreadable(error)
        }
        var reader = XcodeProjectReader(document: document, projectFile: projectFile)
        return try reader.project(
            path: Path.pathExtension(of: container) == "xcodeproj" ? container : projectFile, name: name,
            sourceRoot: root)
    }

    /// The target named `name`, if any.
    public func target(named name: String) -> XcodeTarget? {
        targets.first { $0.name == name }
    }

    /// The target with object identifier `objectID`, if any.
    public func target(withID objectID: String) -> XcodeTarget? {
        targets.first { $0.objectID == objectID }
    }

    /// The project-level build configuration named `name`, if any.
    public func buildConfiguration(named name: String) -> XcodeBuildConfiguration? {
        buildConfigurations.first { $0.name == name }
    }

    /// The application targets that embed `target`, in project order.
    public func embedders(of target: XcodeTarget) -> [XcodeTarget] {
        targets.filter { candidate in candidate.embeddedTargets.contains { $0.objectID == target.objectID } }
    }

    /// The configuration used when none is named: `Release` when the target has one, else the
    /// target's default, else its first.
    public static let defaultConfiguration = "Release"

    /// The build settings of `target` under `configuration` (default ``defaultConfiguration``),
    /// layered as Xcode layers them, with `overrides` on top.
    public func settings(
        for target: XcodeTarget, configuration: String? = nil,
        overrides: BuildSettingOverrides = BuildSettingOverrides()
    ) -> TargetSettings {
        var findings: [AppBundleFinding] = []
        let wanted = configuration ?? Self.defaultConfiguration
        var chosen = target.buildConfiguration(named: wanted)
        if chosen == nil {
            chosen =
                target.defaultConfigurationName.flatMap { target.buildConfiguration(named: $0) }
                ?? target.buildConfigurations.first
            if configuration != nil {
                findings.append(
                    AppBundleFinding(.unknownConfiguration(name: wanted, used: chosen?.name), at: target.location))
            }
        }
        let configurationName = chosen?.name ?? wanted

        var settings = BuildSettings(conditionValues: ["config": configurationName])
        settings.append(defaultsLayer(for: target, configuration: configurationName))
        if let projectConfiguration = buildConfiguration(named: configurationName) {
            appendLevel(
                projectConfiguration, to: &settings, findings: &findings,
                xcconfigSource: { .projectXCConfig(path: $0) }, settingsSource: .project)
        }
        if let chosen {
            appendLevel(
                chosen, to: &settings, findings: &findings, xcconfigSource: { .targetXCConfig(path: $0) },
                settingsSource: .target)
        }
        for path in overrides.xcconfigFiles {
            let file = XCConfigFile.read(path: path)
            findings.append(contentsOf: file.findings)
            settings.append(BuildSettingLayer(source: .xcconfig(path: path), assignments: file.assignments))
        }
        let commandLine = BuildSettingLayer.commandLine(overrides.settings)
        if !commandLine.layer.assignments.isEmpty { settings.append(commandLine.layer) }
        settings.deriveSDKCondition()
        return TargetSettings(
            project: self, target: target, configuration: configurationName, settings: settings,
            findings: findings.sortedForReport())
    }

    private func appendLevel(
        _ configuration: XcodeBuildConfiguration, to settings: inout BuildSettings, findings: inout [AppBundleFinding],
        xcconfigSource: (String) -> BuildSettingLayer.Source, settingsSource: BuildSettingLayer.Source
    ) {
        if let base = configuration.baseConfigurationPath {
            let file = XCConfigFile.read(path: base)
            findings.append(contentsOf: file.findings)
            settings.append(BuildSettingLayer(source: xcconfigSource(base), assignments: file.assignments))
        }
        settings.append(BuildSettingLayer(source: settingsSource, assignments: configuration.settings))
    }

    /// Values Xcode derives for every target; projects override most of them.
    private func defaultsLayer(for target: XcodeTarget, configuration: String) -> BuildSettingLayer {
        var values: [String: String] = [
            "TARGET_NAME": target.name,
            "TARGETNAME": target.name,
            "PRODUCT_NAME": target.productName ?? "$(TARGET_NAME)",
            "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
            "EXECUTABLE_PREFIX": "",
            "EXECUTABLE_SUFFIX": "",
            "EXECUTABLE_NAME": "$(EXECUTABLE_PREFIX)$(PRODUCT_NAME)$(EXECUTABLE_SUFFIX)",
            "PRODUCT_TYPE": target.productType.identifier,
            "DEVELOPMENT_LANGUAGE": developmentRegion ?? "en",
            "PROJECT_NAME": name,
            "PROJECT": name,
            "PROJECT_DIR": sourceRoot,
            "SRCROOT": sourceRoot,
            "SOURCE_ROOT": sourceRoot,
            "PROJECT_FILE_PATH": path,
            "CONFIGURATION": configuration,
            "SDKROOT": "macosx",
            "PLATFORM_NAME": "$(SDKROOT)",
            "INFOPLIST_EXPAND_BUILD_SETTINGS": "YES",
        ]
        let wrapper = target.productType.wrapperExtension
        if !wrapper.isEmpty {
            values["WRAPPER_EXTENSION"] = wrapper
            values["WRAPPER_SUFFIX"] = ".$(WRAPPER_EXTENSION)"
            values["WRAPPER_NAME"] = "$(PRODUCT_NAME)$(WRAPPER_SUFFIX)"
            values["FULL_PRODUCT_NAME"] = "$(WRAPPER_NAME)"
        } else {
            values["FULL_PRODUCT_NAME"] = "$(EXECUTABLE_NAME)"
        }
        if let packageType = target.productType.packageType {
            values["PRODUCT_BUNDLE_PACKAGE_TYPE"] = packageType
        }
        return BuildSettingLayer(source: .defaults, values: values)
    }
}

/// What the command line adds on top of a project's settings: `--xcconfig FILE` files (weaker)
/// and `--setting NAME=VALUE` assignments (strongest), each in the order given.
public struct BuildSettingOverrides: Sendable, Hashable {
    /// xcconfig files, in order.
    public var xcconfigFiles: [String]
    /// `NAME=VALUE` assignments, in order.
    public var settings: [String]

    /// Overrides from `--xcconfig` files and `--setting` assignments.
    public init(xcconfigFiles: [String] = [], settings: [String] = []) {
        self.xcconfigFiles = xcconfigFiles
        self.settings = settings
    }
}

/// Why a project could not be read at all.
public enum XcodeProjectError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `project.pbxproj` is missing or is not a property list.
    case unreadable(PropertyListError)
    /// It is a property list but not an Xcode project (no `objects`, no root `PBXProject`).
    case notAProject(reason: String, location: SourceLocation)

    /// Where the problem is.
    public var location: SourceLocation {
        switch self {
        case .unreadable(let error): return error.location
        case .notAProject(_, let location): return location
        }
    }

    /// The message, without the position.
    public var message: String {
        switch self {
        case .unreadable(let error): return error.problem.message
        case .notAProject(let reason, _): return "not an Xcode project: \(reason)"
        }
    }

    /// `location: message`.
    public var description: String { "\(location): \(message)" }
}
