import PropertyList

/// One target of an Xcode project, as `project.pbxproj` describes it.
public struct XcodeTarget: Sendable, Hashable {
    /// The object identifier in `project.pbxproj` (24 hex digits, usually).
    public var objectID: String
    /// The target's name (`TARGET_NAME`).
    public var name: String
    /// `productName`, when the target gives one.
    public var productName: String?
    /// What the target builds; aggregate and legacy targets are ``ProductType/other(_:)`` with an
    /// empty identifier.
    public var productType: ProductType
    /// The target's build configurations, in the order listed.
    public var buildConfigurations: [XcodeBuildConfiguration]
    /// The configuration Xcode uses when none is named (`defaultConfigurationName`).
    public var defaultConfigurationName: String?
    /// The product's file name (`Thumbnail.appex`), when the target has a product reference.
    public var productFileName: String?
    /// Targets of this project whose products this target embeds, in phase order.
    public var embeddedTargets: [EmbeddedTarget]
    /// The object identifiers of the targets this target depends on, in order.
    public var dependencyIDs: [String]
    /// Where the target is declared.
    public var location: SourceLocation
    /// The Swift files its Sources build phase compiles, placed on disk, in phase order.
    public var swiftSources: [String] = []
    /// The folders Xcode 16 keeps in sync with the project (`PBXFileSystemSynchronizedRootGroup`)
    /// that give the target files: those it lists, and those whose exceptions name it.
    public var synchronizedFolders: [SynchronizedFolder] = []

    /// The build configuration named `name`, if any.
    public func buildConfiguration(named name: String) -> XcodeBuildConfiguration? {
        buildConfigurations.first { $0.name == name }
    }
}

/// A build configuration (Debug, Release…) of a project or a target.
public struct XcodeBuildConfiguration: Sendable, Hashable {
    /// The configuration's name.
    public var name: String
    /// Its build settings, in the order written (`project.pbxproj` sorts them by name). An array
    /// value is joined with spaces, as Xcode reads a string list as a string.
    public var settings: [BuildSettingAssignment]
    /// The base configuration xcconfig file, as a path on disk (joined to the project's folders),
    /// when one is set and can be placed.
    public var baseConfigurationPath: String?
    /// Where the configuration is declared.
    public var location: SourceLocation
}

/// A target whose product another target copies into its bundle.
public struct EmbeddedTarget: Sendable, Hashable {
    /// How the product gets in.
    public enum Mechanism: Sendable, Hashable {
        /// A Copy Files build phase (`Embed Foundation Extensions`, `Embed App Clips`…), with its
        /// `dstSubfolderSpec` (13 is PlugIns) and `dstPath`.
        case copyFiles(phaseName: String?, destination: Int?, path: String)
        /// Only a target dependency: the extension is built with the app but no Copy Files phase
        /// was found (older projects, or products copied by scripts).
        case dependency
    }

    /// The embedded target's object identifier.
    public var objectID: String
    /// The embedded target's name.
    public var name: String
    /// How it is embedded.
    public var mechanism: Mechanism

    /// An embedded target.
    public init(objectID: String, name: String, mechanism: Mechanism) {
        self.objectID = objectID
        self.name = name
        self.mechanism = mechanism
    }
}

/// A folder Xcode 16 keeps in sync with the project (`PBXFileSystemSynchronizedRootGroup`), as it
/// gives one target its files: every file below it when the target lists the group
/// (`fileSystemSynchronizedGroups`), less the exceptions; only the exceptions when it does not
/// (a `PBXFileSystemSynchronizedBuildFileExceptionSet` naming another target makes those files
/// members of that target).
public struct SynchronizedFolder: Sendable, Hashable {
    /// The folder on disk.
    public var path: String
    /// Whether the target lists the group: its files are members unless excepted.
    public var isMember: Bool
    /// Paths relative to ``path`` (files, or folders standing for everything below them) whose
    /// membership is the opposite of ``isMember``.
    public var exceptions: [String]

    /// A synchronised folder.
    public init(path: String, isMember: Bool, exceptions: [String]) {
        self.path = path
        self.isMember = isMember
        self.exceptions = exceptions
    }

    /// Whether the file at `relativePath` (below ``path``) is the target's.
    public func contains(relativePath: String) -> Bool {
        let excepted = exceptions.contains { exception in
            relativePath == exception || relativePath.hasPrefix(exception.hasSuffix("/") ? exception : exception + "/")
        }
        return excepted != isMember
    }
}
