import AppBundle
import PropertyList
import Support
import UniformTypes

/// `utiscope app`: what an app declares, as read.
enum AppCommand: Command {
    static let name = "app"
    static let abstract =
        "Show what an app declares: document types, exported and imported types, extensions, icons, and what its Swift code says."
    static let usage = "app <path> [--format text|json] [--target <name>] [--configuration <name>]"
    static let arguments: [(name: String, help: String)] = [
        ("<path>", "An Info.plist (any format), a built .app, an Xcode project, or a folder holding one app.")
    ]
    static let options: [OptionSpec] =
        [BrowserContext.formatOption.spec]
        + AppOptions.allButApp + AppOptions.sourceOptions
    static let discussion: String? = """
        For an Xcode target, the Info.plist is shown as Xcode builds it: build settings expanded in values
        (never in keys), INFOPLIST_KEY_* settings merged when GENERATE_INFOPLIST_FILE is set. Problems met
        while reading are listed at the end; 'utiscope lint' judges them. The app's Swift code (a project target's
        sources, the files nearest a loose Info.plist in a folder, or --sources DIR) is shown as read: its type
        constants, the places that show files to open with their lists, its documents and the creation handler's
        paths.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
        guard arguments.positionals.count == 1 else {
            throw UsageError(arguments.positionals.isEmpty ? "missing <path>" : "give one <path>")
        }
        let app = try AppChoice(arguments, path: arguments.positionals[0])
        guard let unit = app.load(context: context) else { return .inputError }
        if arguments[BrowserContext.formatOption] == .json {
            context.output.write(AppOutput.json(unit))
        } else {
            context.output.write(AppOutput.text(unit))
        }
        return .success
    }
}

/// The text and JSON forms of `utiscope app`.
enum AppOutput {
    static func line(_ location: SourceLocation?) -> String {
        guard let line = location?.line else { return "" }
        return " (line \(line))"
    }

    static func text(_ unit: AppUnit) -> String {
        let model = unit.infoPlist
        let e = OutputEscaping.escape
        var text = "\(e(unit.name)) (\(e(model.file)))\n"
        if let identifier = model.bundleIdentifier {
            text += "  bundle identifier: \(e(identifier.value))\(line(identifier.location))\n"
        }
        let evidence = model.platform
        let basis: String
        if let key = evidence.key {
            basis = "from \(key)" + (evidence.location?.line.map { ", line \($0)" } ?? "")
        } else {
            basis = evidence.platform == .unknown ? "no key tells" : "as given"
        }
        text += "  platform: \(evidence.platform) (\(basis))\n"
        for (key, value) in [
            ("UISupportsDocumentBrowser", model.supportsDocumentBrowser),
            ("LSSupportsOpeningDocumentsInPlace", model.supportsOpeningDocumentsInPlace),
            ("UIFileSharingEnabled", model.fileSharingEnabled),
        ] {
            if let value { text += "  \(key): \(value.value ? "YES" : "NO")\(line(value.location))\n" }
        }
        text += "  document types (\(model.documentTypes.count)):\n"
        for type in model.documentTypes {
            var summary = "    [\(type.index)] \(e(type.displayName))"
            if let role = type.role { summary += ", role \(e(role.value))" }
            if let rank = type.rank { summary += ", rank \(e(rank.value))" }
            text += summary + line(type.location) + "\n"
            for content in type.contentTypes { text += "        \(e(content.value.rawValue))\n" }
            if !type.legacyExtensions.isEmpty {
                text +=
                    "        legacy extensions: \(type.legacyExtensions.map { e($0.value) }.joined(separator: ", "))\n"
            }
        }
        for (title, declarations) in [("exported", model.exportedTypes), ("imported", model.importedTypes)] {
            text += "  \(title) types (\(declarations.count)):\n"
            for declaration in declarations {
                text += "    \(e(declaration.identifier.rawValue))\(line(declaration.location))\n"
                let conforms = declaration.conformsTo.map { e($0.rawValue) }
                text += "        conforms to: \(conforms.isEmpty ? "nothing" : conforms.joined(separator: ", "))\n"
                for tagClass in declaration.tagClasses {
                    text +=
                        "        \(e(tagClass.rawValue)): \(declaration.tags(tagClass).map(e).joined(separator: ", "))\n"
                }
            }
        }
        text += "  extensions (\(unit.extensions.count)):\n"
        for appExtension in unit.extensions {
            let point = appExtension.appExtension?.pointIdentifier?.value ?? "no NSExtensionPointIdentifier"
            text += "    \(e(appExtension.file)): \(e(point))\n"
            let supported = appExtension.appExtension?.supportedContentTypes ?? []
            if !supported.isEmpty {
                text +=
                    "        QLSupportedContentTypes: \(supported.map { e($0.value.rawValue) }.joined(separator: ", "))\n"
            }
        }
        // The one answer `icon` and lint use too.
        let icon = unit.appIconStatus
        text += "  app icon: \(icon.presence.rawValue): \(e(icon.because))\(BrowserOutput.at(icon.location))\n"
        if !unit.settingsUsed.isEmpty {
            text += "  build settings used (\(unit.settingsUsed.count)):\n"
            for setting in unit.settingsUsed {
                let origin = setting.location.map { " (\(e($0.description)))" } ?? ""
                text += "    \(e(setting.name)) = \(setting.value.map { "'\(e($0))'" } ?? "undefined")\(origin)\n"
            }
        }
        let catalogs = unit.assetCatalogs.map { e($0.path) }
        text += "  asset catalogs: \(catalogs.isEmpty ? "none found" : catalogs.joined(separator: ", "))\n"
        text += CodeOutput.text(unit)
        let findings = unit.findings + unit.sourceFindings + model.findings + unit.extensions.flatMap(\.findings)
        if !findings.isEmpty {
            text += "  read with \(findings.count) problem\(findings.count == 1 ? "" : "s"):\n"
            for finding in findings { text += "    \(e(finding.location.description)): \(e(finding.message))\n" }
        }
        return text
    }

    static func json(_ unit: AppUnit) -> String {
        let model = unit.infoPlist
        let q = JSONText.quoted
        func located(_ value: Located<String>?) -> String { value.map { q($0.value) } ?? "null" }
        func lineNumber(_ location: SourceLocation?) -> String { location?.line.map(String.init) ?? "null" }
        func flag(_ value: Located<Bool>?) -> String { value.map { $0.value ? "true" : "false" } ?? "null" }
        let documentTypes = model.documentTypes.map { type in
            "{\"index\": \(type.index), \"name\": \(located(type.name)), \"role\": \(located(type.role)), "
                + "\"rank\": \(located(type.rank)), \"contentTypes\": [\(type.contentTypes.map { q($0.value.rawValue) }.joined(separator: ", "))], "
                + "\"line\": \(lineNumber(type.location))}"
        }
        func declarations(_ list: [TypeDeclaration]) -> String {
            "["
                + list.map { declaration in
                    var tags: [String] = []
                    for tagClass in declaration.tagClasses {
                        tags.append(
                            "\(q(tagClass.rawValue)): [\(declaration.tags(tagClass).map(q).joined(separator: ", "))]")
                    }
                    return "{\"identifier\": \(q(declaration.identifier.rawValue)), "
                        + "\"conformsTo\": [\(declaration.conformsTo.map { q($0.rawValue) }.joined(separator: ", "))], "
                        + "\"tags\": {\(tags.joined(separator: ", "))}, \"line\": \(lineNumber(declaration.location))}"
                }.joined(separator: ", ") + "]"
        }
        let extensions = unit.extensions.map { appExtension in
            "{\"infoPlist\": \(q(appExtension.file)), \"point\": \(located(appExtension.appExtension?.pointIdentifier)), "
                + "\"supportedContentTypes\": [\((appExtension.appExtension?.supportedContentTypes ?? []).map { q($0.value.rawValue) }.joined(separator: ", "))]}"
        }
        let settings = unit.settingsUsed.map { setting in
            "{\"name\": \(q(setting.name)), \"value\": \(setting.value.map(q) ?? "null")}"
        }
        let findings = (unit.findings + unit.sourceFindings + model.findings + unit.extensions.flatMap(\.findings)).map
        { finding in
            "{\"file\": \(q(finding.location.file)), \"line\": \(lineNumber(finding.location)), "
                + "\"column\": \(finding.location.column.map(String.init) ?? "null"), \"message\": \(q(finding.message))}"
        }
        return "{\"version\": 1, \"name\": \(q(unit.name)), \"infoPlist\": \(q(model.file)), "
            + "\"bundleIdentifier\": \(located(model.bundleIdentifier)), \"platform\": \(q(model.platform.platform.rawValue)), "
            + "\"supportsDocumentBrowser\": \(flag(model.supportsDocumentBrowser)), "
            + "\"supportsOpeningDocumentsInPlace\": \(flag(model.supportsOpeningDocumentsInPlace)), "
            + "\"documentTypes\": [\(documentTypes.joined(separator: ", "))], "
            + "\"exportedTypes\": \(declarations(model.exportedTypes)), \"importedTypes\": \(declarations(model.importedTypes)), "
            + "\"extensions\": [\(extensions.joined(separator: ", "))], "
            + "\"appIcon\": {\"presence\": \(q(unit.appIconStatus.presence.rawValue)), "
            + "\"because\": \(q(unit.appIconStatus.because)), \"line\": \(lineNumber(unit.appIconStatus.location))}, "
            + "\"buildSettings\": [\(settings.joined(separator: ", "))], \"code\": \(CodeOutput.json(unit.code)), "
            + "\"findings\": [\(findings.joined(separator: ", "))]}\n"
    }
}
