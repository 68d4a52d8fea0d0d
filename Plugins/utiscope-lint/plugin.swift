import Foundation
import PackagePlugin

/// `swift package utiscope-lint`: runs `utiscope lint` on the package it runs in — its whole
/// folder, as `utiscope lint .` would (build and vendored folders skipped, `.utiscope.json`
/// honoured), or with `--target NAME` the folders of those targets. Every other argument goes to
/// `utiscope lint` as it is (`--format github`, `--strict`, `--config FILE`, more paths). The
/// command fails when utiscope does: findings at or above the threshold, an unreadable input, or
/// nothing to lint (pass `--allow-empty` on for a package without apps).
@main
struct UTIScopeLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let passedOn = extractor.remainingArguments
        let package = context.package.directoryURL.standardizedFileURL

        // Paths relative to the package, so findings read 'Sources/App/Info.plist:12:5: …'.
        var paths = ["."]
        if !targetNames.isEmpty {
            paths = try context.package.targets(named: targetNames).map { target in
                guard let folder = Self.folder(of: target) else {
                    throw LintFailure("target '\(target.name)' has no folder of its own to lint")
                }
                return Self.relative(folder.standardizedFileURL.path, to: package.path)
            }
        }

        let process = Process()
        process.executableURL = try context.tool(named: "utiscope").url
        process.arguments = ["lint"] + paths + passedOn
        process.currentDirectoryURL = package
        try process.run()
        process.waitUntilExit()

        switch process.terminationStatus {
        case 0: return
        case 1: throw LintFailure("utiscope found problems at or above the failure threshold (exit status 1)")
        case 2: throw LintFailure("utiscope could not read an input, or found nothing to lint (exit status 2)")
        case 64: throw LintFailure("utiscope refused the arguments (exit status 64); see 'utiscope lint --help'")
        case let status: throw LintFailure("utiscope ended with status \(status)")
        }
    }

    /// A target's folder. `Target.directoryURL` needs tools version 6.1; the concrete target
    /// types have it in 6.0.
    static func folder(of target: any Target) -> URL? {
        switch target {
        case let target as SwiftSourceModuleTarget: target.directoryURL
        case let target as ClangSourceModuleTarget: target.directoryURL
        case let target as SystemLibraryTarget: target.directoryURL
        default: nil
        }
    }

    /// `path` relative to `base` when it lies inside it, else as it is.
    static func relative(_ path: String, to base: String) -> String {
        if path == base { return "." }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// Why the plugin failed; SwiftPM prints it and exits non-zero.
struct LintFailure: Error, CustomStringConvertible {
    /// What went wrong, lower-case first.
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
