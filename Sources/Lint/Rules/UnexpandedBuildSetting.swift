import AppBundle
import PropertyList
import UniformTypes

/// Finds `$(NAME)` and `${NAME}` references left in the values of document types, type
/// declarations and extension attributes. Xcode expands them; other build systems (CMake, Tauri,
/// Electron, a template copied by hand) leave them as written, and the App Store then reports
/// names like '${documentTypeName}'.
public struct UnexpandedBuildSetting: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "PLIST-004",
        name: "unexpanded-build-setting",
        summary: "A document or type value holds a '$(NAME)' build setting reference",
        rationale: """
            Xcode expands build settings in Info.plist values (INFOPLIST_EXPAND_BUILD_SETTINGS is YES \
            by default) but never in keys; other build systems copy the text as is. A reference \
            left unexpanded becomes part of an identifier or a type name. Apps read from an Xcode \
            project are checked as built, so only references no setting defines remain. When build \
            settings are given (--setting, "buildSettings" in .utiscope.json, or the environment of \
            an Xcode build phase) the finding says what the reference and the whole value become, \
            as an info. An Info.plist that Xcode builds — an Xcode target's, or a file whose bundle \
            keys Xcode fills in (CFBundleExecutable, CFBundleIdentifier, CFBundleName… written as \
            $(…), as Xcode's templates write them) — has its references expanded by the build: no \
            finding (Xcode's own settings, such as PRODUCT_MODULE_NAME, are defined there). In a \
            template a build system configures (Info.plist.in, .cmake, .template), its ${NAME} and \
            @NAME@ placeholders are replaced by that build: only $(NAME) is reported there.
            """,
        sources: [
            "swift-build InfoPlistProcessorTaskAction.swift and CoreBuildSystem.xcspec (S17, S18)",
            "info-plist-rules.md §4 M6, M16",
        ],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>$(PRODUCT_BUNDLE_IDENTIFIER).sketch</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "'$(PRODUCT_BUNDLE_IDENTIFIER)' is expanded only by Xcode; other build systems leave it as written"
                    )
                ]),
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>$(PRODUCT_BUNDLE_IDENTIFIER).sketch</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            ↓<string>$(BASE_TYPE:unknownop)</string>
                        </array>
                    </dict>
                </array>
                """, settings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.app", "BASE_TYPE": "public.data"],
                expecting: [
                    .info(
                        "'$(PRODUCT_BUNDLE_IDENTIFIER)' is expanded only by Xcode; with the build settings given it becomes 'com.example.app', so the value becomes 'com.example.app.sketch'"
                    ),
                    .info(
                        "'$(BASE_TYPE:unknownop)' is expanded only by Xcode; with the build settings given it does not expand: unknown build setting operator 'unknownop'"
                    ),
                ]),
            // Settings given, but not this one; a reference that is the whole value; '${…}'.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        ↓<string>${DOCUMENT_TYPE_NAME}</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            ↓<string>$(DOCUMENT_TYPE)</string>
                        </array>
                    </dict>
                </array>
                """, settings: ["DOCUMENT_TYPE": "com.example.sketch"],
                expecting: [
                    .warning(
                        "'${DOCUMENT_TYPE_NAME}' is expanded only by Xcode; other build systems leave it as written; no build setting given defines it"
                    ),
                    .info(
                        "'$(DOCUMENT_TYPE)' is expanded only by Xcode; with the build settings given it becomes 'com.example.sketch'"
                    ),
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                    </dict>
                </array>
                """),
            // Xcode's document-app template: the bundle keys say Xcode builds this file.
            Example(
                """
                <key>CFBundleExecutable</key>
                <string>$(EXECUTABLE_NAME)</string>
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Document</string>
                        <key>NSDocumentClass</key>
                        <string>$(PRODUCT_MODULE_NAME).Document</string>
                    </dict>
                </array>
                """),
        ])

    /// The bundle keys Xcode's templates write as build settings: a file that writes one of them
    /// as `$(…)` is built by Xcode, which expands every reference in it.
    static let xcodeFilledKeys = [
        "CFBundleExecutable", "CFBundleIdentifier", "CFBundleName", "CFBundleDevelopmentRegion",
        "CFBundlePackageType", "CFBundleShortVersionString", "CFBundleVersion",
    ]

    /// Whether Xcode builds `plist`: the app is an Xcode target, or the file writes a bundle key
    /// the way Xcode's templates do.
    static func isBuiltByXcode(_ plist: InfoPlist, _ context: LintContext) -> Bool {
        if context.unit.origin == .xcodeTarget { return true }
        guard let root = plist.document?.root else { return false }
        return xcodeFilledKeys.contains { key in
            root[key]?.string.map { $0.contains("$(") } ?? false
        }
    }

    /// A rule value.
    public init() {}

    /// Checks the document, declaration and extension values of each model.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // A large app's file without '$(' or '${' has no value to look at.
        for plist in context.infoPlists where plist.mayHoldBuildSettingReferences {
            let expandedByXcode = Self.isBuiltByXcode(plist, context)
            // A template's own `${NAME}` placeholders are replaced by the build system that
            // configures it (CMake's configure_file); its `$(NAME)` references are left for Xcode.
            let isTemplate = ProjectDiscovery.isInfoPlistTemplateName(Path.lastComponent(of: plist.file))
            for value in Self.values(of: plist) {
                guard let location = value.location else { continue }
                // The whole value's expansion, made once for all the references it holds.
                var wholeValue: BuildSettingExpansion?
                for reference in Self.references(in: value.text) {
                    if let settings = context.expandableSettings, context.buildSettings[reference.name] != nil {
                        // What the reference becomes (operators applied), and the whole value
                        // when it is more than the reference and expands completely.
                        let part = BuildSettingExpander.expansion(of: reference.text, in: settings)
                        let whole = wholeValue ?? BuildSettingExpander.expansion(of: value.text, in: settings)
                        wholeValue = whole
                        let message: String
                        if let problem = part.problems.first {
                            message = Message.failed(
                                reference.text, problem: AppBundleFinding(problem, at: location).message)
                        } else {
                            let complete = whole.problems.isEmpty && whole.value != part.value ? whole.value : nil
                            message = Message.expanded(reference.text, to: part.value, value: complete)
                        }
                        diagnostics.append(diagnostic(message, at: location, severity: .info))
                    } else if !expandedByXcode, !(isTemplate && reference.text.hasPrefix("${")) {
                        let message = Message.unexpanded(reference.text, settingsGiven: !context.buildSettings.isEmpty)
                        diagnostics.append(diagnostic(message, at: location))
                    }
                }
            }
        }
        return diagnostics
    }

    /// The string values the rule looks at that hold a build-setting reference, with their
    /// locations (the others, nearly all of them, are not collected).
    static func values(of plist: InfoPlist) -> [(text: String, location: SourceLocation?)] {
        var values: [(text: String, location: SourceLocation?)] = []
        func add(_ text: String, _ location: SourceLocation?) {
            if text.hasBuildSettingReference { values.append((text, location)) }
        }
        func add(_ value: Located<String>?) {
            if let value { add(value.value, value.location) }
        }
        func add(_ identifier: Located<UniformTypeIdentifier>) {
            add(identifier.value.rawValue, identifier.location)
        }
        for entry in plist.documentTypes {
            // One by one: an array of them would be made for every entry of a large app.
            add(entry.name)
            add(entry.role)
            add(entry.rank)
            add(entry.iconFile)
            add(entry.documentClass)
            entry.contentTypes.forEach(add)
            entry.exportableTypes.forEach(add)
        }
        for declaration in plist.declarations {
            add(declaration.identifier.rawValue, declaration.identifierLocation)
            declaration.conformances.forEach(add)
            for tag in declaration.tags { add(tag.value, tag.location) }
            add(declaration.typeDescription)
        }
        plist.appExtension?.supportedContentTypes.forEach(add)
        return values
    }

    /// The references in `text`: `$(NAME)`, `$(NAME:op)`, `${NAME}`.
    static func references(in text: String) -> [(text: String, name: String)] {
        var found: [(text: String, name: String)] = []
        // '$', the brackets and ':' are ASCII: a UTF-8 scan finds them, and slicing at them keeps
        // every other character whole.
        let bytes = text.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let open = bytes.index(after: index)
            guard bytes[index] == UInt8(ascii: "$"), open != bytes.endIndex,
                bytes[open] == UInt8(ascii: "(") || bytes[open] == UInt8(ascii: "{")
            else {
                index = bytes.index(after: index)
                continue
            }
            let close = bytes[open] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
            let inside = bytes.index(after: open)
            guard let end = bytes[inside...].firstIndex(of: close) else { break }
            let nameEnd = bytes[inside..<end].firstIndex(of: UInt8(ascii: ":")) ?? end
            // Cut as bytes: a combining mark after ')' belongs to the text around, not to the reference.
            found.append(
                (
                    String(decoding: bytes[index...end], as: UTF8.self),
                    String(decoding: bytes[inside..<nameEnd], as: UTF8.self)
                ))
            index = bytes.index(after: end)
        }
        return found
    }
}

private enum Message {
    static func unexpanded(_ reference: String, settingsGiven: Bool) -> String {
        let tail = settingsGiven ? "; no build setting given defines it" : ""
        return message("\(quoted(reference)) is expanded only by Xcode; other build systems leave it as written\(tail)")
    }

    static func expanded(_ reference: String, to part: String, value: String?) -> String {
        let whole = value.map { message(", so the value becomes \(quoted($0))") } ?? ""
        return
            message(
                "\(quoted(reference)) is expanded only by Xcode; with the build settings given it becomes \(quoted(part))\(whole)"
            )
    }

    static func failed(_ reference: String, problem: String) -> String {
        message(
            "\(quoted(reference)) is expanded only by Xcode; with the build settings given it does not expand: \(problem)"
        )
    }
}
