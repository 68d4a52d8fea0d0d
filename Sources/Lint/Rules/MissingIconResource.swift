import AppBundle
import PropertyList
import UniformTypes

/// Finds document and type icons named in the Info.plist that are not in the bundle or project:
/// not a file (`CFBundleTypeIconFile(s)`, `UTTypeIconFile(s)`), not an asset-catalog set
/// (`UTTypeIcons`), or one only in another letter case (found on a Mac's case-insensitive disk,
/// missing on an iOS device). Checked only when a bundle or project folder is linted.
public struct MissingIconResource: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "ICON-002",
        name: "missing-icon-resource",
        summary: "A document or type icon names a file or asset that is not in the bundle",
        rationale: """
            Icon keys name resources by file name (CFBundleTypeIconFile, CFBundleTypeIconFiles, \
            UTTypeIconFile, UTTypeIconFiles; the extension may be left out) or by asset-catalog set \
            (UTTypeIcons). A name that matches nothing shows no custom icon; App Store validation \
            rejects missing app-icon images (ITMS-90032), and whether it does for document icons is \
            not known. A name that matches a file only in another letter case works in the \
            simulator on a Mac, whose disk ignores case, and fails on a device, whose disk does not.
            """,
        sources: [
            "Information Property List Key Reference (S1)", "UTTypeIcons (S12)",
            "ITMS-90032 (github.com/phonegap/build/issues/614)",
        ],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>CFBundleTypeIconFile</key>
                        ↓<string>SketchDocument</string>
                    </dict>
                </array>
                """, resources: ["AppIcon.icns"],
                expecting: [
                    .warning(
                        "'CFBundleTypeIconFile' names 'SketchDocument', but no such file is in the bundle or project")
                ]),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>CFBundleTypeIconFiles</key>
                        <array>
                            ↓<string>Sketch.PNG</string>
                        </array>
                    </dict>
                </array>
                """, platform: .iOS, resources: ["sketch.png"],
                expecting: [
                    .warning(
                        "'CFBundleTypeIconFiles' names 'Sketch.PNG', but the resource is 'sketch.png.iconset': found on a Mac's case-insensitive disk, missing on an iOS device"
                    )
                ]),
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeIconFile</key>
                        ↓<string>SketchDoc</string>
                        <key>UTTypeIconFiles</key>
                        <array>
                            ↓<string>Sketch-64</string>
                        </array>
                        <key>UTTypeIcons</key>
                        <dict>
                            <key>UTTypeIconBackgroundName</key>
                            ↓<string>Paper</string>
                            <key>UTTypeIconBadgeName</key>
                            ↓<string>badge</string>
                        </dict>
                    </dict>
                </array>
                """, platform: .macOS, resources: ["Badge"],
                expecting: [
                    .warning("'UTTypeIconFile' names 'SketchDoc', but no such file is in the bundle or project"),
                    .warning("'UTTypeIconFiles' names 'Sketch-64', but no such file is in the bundle or project"),
                    .warning("'UTTypeIconBackgroundName' names 'Paper', but no asset catalog has a set of that name"),
                    .warning(
                        "'UTTypeIconBadgeName' names 'badge', but the resource is 'Badge.iconset': found on a Mac's case-insensitive disk, missing on an iOS device"
                    ),
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>CFBundleTypeIconFile</key>
                        <string>SketchDocument</string>
                    </dict>
                </array>
                """, resources: ["SketchDocument.icns"]),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>CFBundleTypeIconFile</key>
                        <string>SketchDocument</string>
                    </dict>
                </array>
                """),
        ])

    /// A rule value.
    public init() {}

    /// Looks every named icon up in the bundle's resources.
    public func check(_ context: LintContext) -> [Diagnostic] {
        guard let resources = context.resources else { return [] }
        var diagnostics: [Diagnostic] = []
        // A name the build fills in ('$(ICON)', '@ICON@') is known only once built.
        func file(_ name: Located<String>?, _ key: String) {
            guard let name, !name.value.isEmpty, !name.value.hasBuildSettingReference, let location = name.location
            else { return }
            switch resources.icon(named: name.value) {
            case .found: return
            case .caseMismatch(let path):
                diagnostics.append(diagnostic(Message.caseMismatch(name.value, key: key, path: path), at: location))
            case .missing:
                diagnostics.append(diagnostic(Message.missingFile(name.value, key: key), at: location))
            }
        }
        func asset(_ name: Located<String>?, _ key: String) {
            guard let name, !name.value.isEmpty, !name.value.hasBuildSettingReference, let location = name.location
            else { return }
            switch resources.assetSet(named: name.value) {
            case .found: return
            case .caseMismatch(let path):
                diagnostics.append(diagnostic(Message.caseMismatch(name.value, key: key, path: path), at: location))
            case .missing:
                diagnostics.append(diagnostic(Message.missingAsset(name.value, key: key), at: location))
            }
        }
        for plist in context.infoPlists {
            for entry in plist.documentTypes {
                file(entry.iconFile, "CFBundleTypeIconFile")
                entry.iconFiles.forEach { file($0, "CFBundleTypeIconFiles") }
            }
            for declaration in plist.declarations {
                file(declaration.icons.iconFile, "UTTypeIconFile")
                declaration.icons.iconFiles.forEach { file($0, "UTTypeIconFiles") }
                if let composited = declaration.icons.composited {
                    asset(composited.backgroundName, "UTTypeIconBackgroundName")
                    asset(composited.badgeName, "UTTypeIconBadgeName")
                }
            }
        }
        return diagnostics
    }
}

private enum Message {
    static func missingFile(_ name: String, key: String) -> String {
        message("'\(key)' names \(quoted(name)), but no such file is in the bundle or project")
    }

    static func caseMismatch(_ name: String, key: String, path: String) -> String {
        message(
            "'\(key)' names \(quoted(name)), but the resource is \(quoted(Path.lastComponent(of: path))): found on a Mac's case-insensitive disk, missing on an iOS device"
        )
    }

    static func missingAsset(_ name: String, key: String) -> String {
        message("'\(key)' names \(quoted(name)), but no asset catalog has a set of that name")
    }
}
