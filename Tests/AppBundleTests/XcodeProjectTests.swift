import AppBundle
import PropertyList
import Testing

@Suite struct XcodeProjectTests {
    let documentApp: XcodeProject

    init() throws {
        documentApp = try XcodeProject.read(path: projectFixture("DocumentApp/DocumentApp.xcodeproj"))
    }

    @Test func targetsProductTypesAndEmbedding() throws {
        #expect(documentApp.name == "DocumentApp")
        #expect(documentApp.findings.isEmpty)
        #expect(documentApp.targets.map(\.name) == ["DocumentApp", "Thumbnail"])
        #expect(documentApp.targets.map(\.productType) == [.application, .appExtension])
        #expect(documentApp.targets[1].productType.identifier == "com.apple.product-type.app-extension")
        let app = try #require(documentApp.target(named: "DocumentApp"))
        #expect(app.embeddedTargets.map(\.name) == ["Thumbnail"])
        #expect(
            app.embeddedTargets.first?.mechanism
                == .copyFiles(phaseName: "Embed Foundation Extensions", destination: 13, path: ""))
        #expect(app.buildConfigurations.map(\.name) == ["Debug", "Release"])
        #expect(app.buildConfigurations[1].baseConfigurationPath == projectFixture("DocumentApp/Config/App.xcconfig"))
        #expect(
            documentApp.buildConfigurations[1].baseConfigurationPath
                == projectFixture("DocumentApp/Config/Base.xcconfig"))
    }

    @Test func settingsLayerWithProvenance() throws {
        let app = try #require(documentApp.target(named: "DocumentApp"))
        let release = documentApp.settings(for: app)
        #expect(release.configuration == "Release")
        #expect(release.findings.isEmpty)
        #expect(release.bundleIdentifier == "com.example.documentapp")
        #expect(release.infoPlistSetting == "DocumentApp/Info.plist")
        #expect(release.infoPlistPath == projectFixture("DocumentApp/DocumentApp/Info.plist"))
        #expect(release.value(of: "APP_GROUP")?.value == "group.com.example.documentapp")
        #expect(release.value(of: "MARKETING_VERSION")?.value == "2.1")
        #expect(release.value(of: "PRODUCT_MODULE_NAME")?.value == "DocumentApp")
        // App.xcconfig includes Base.xcconfig: the target-level file decides, the line is Base's.
        #expect(
            release.settings.source(of: "MARKETING_VERSION")
                == .targetXCConfig(path: projectFixture("DocumentApp/Config/App.xcconfig")))
        #expect(
            release.settings.assignment(for: "MARKETING_VERSION")?.location?.file
                == projectFixture("DocumentApp/Config/Base.xcconfig"))
        #expect(release.settings.source(of: "IPHONEOS_DEPLOYMENT_TARGET") == .project)
        #expect(release.settings.source(of: "INFOPLIST_FILE") == .target)
        #expect(release.settings.source(of: "TARGET_NAME") == .defaults)
        #expect(release.settings.assignment(for: "INFOPLIST_FILE")?.location?.line != nil)
        #expect(release.appIconName == "AppIcon")

        let debug = documentApp.settings(for: app, configuration: "Debug")
        #expect(debug.bundleIdentifier == "com.example.documentapp.debug")
        #expect(debug.value(of: "SWIFT_ACTIVE_COMPILATION_CONDITIONS")?.value == "APP DEBUG ")

        let missing = documentApp.settings(for: app, configuration: "Staging")
        #expect(missing.configuration == "Release")
        #expect(missing.findings.map(\.kind) == [.unknownConfiguration(name: "Staging", used: "Release")])
    }

    @Test func commandLineOverridesWin() throws {
        let app = try #require(documentApp.target(named: "DocumentApp"))
        let overridden = documentApp.settings(
            for: app,
            overrides: BuildSettingOverrides(
                xcconfigFiles: [projectFixture("XCConfigs/Cycle1.xcconfig")],
                settings: ["BUNDLE_ID_PREFIX=org.override", "SDKROOT=macosx"]))
        #expect(overridden.bundleIdentifier == "org.override.documentapp.mac")
        #expect(overridden.settings.source(of: "A") == .xcconfig(path: projectFixture("XCConfigs/Cycle1.xcconfig")))
        #expect(overridden.findings.contains { if case .includeCycle = $0.kind { return true } else { return false } })
    }

    @Test func infoPlistIdentifiersExpandFromSettings() throws {
        let app = try #require(documentApp.target(named: "DocumentApp"))
        let plist = documentApp.settings(for: app).resolvedInfoPlist()
        let declaration = try #require(plist.root["UTExportedTypeDeclarations"]?.elements.first)
        #expect(declaration["UTTypeIdentifier"]?.string == "com.example.documentapp.sketch")
        #expect(declaration["UTTypeIdentifier"]?.writtenText == "$(PRODUCT_BUNDLE_IDENTIFIER).sketch")
        #expect(declaration["UTTypeDescription"]?.string == "DocumentApp Sketch")
        let documentType = try #require(plist.root["CFBundleDocumentTypes"]?.elements.first)
        #expect(documentType["LSItemContentTypes"]?.elements.first?.string == "com.example.documentapp.sketch")
        #expect(plist.root["CFBundlePackageType"]?.string == "APPL")
        #expect(plist.root["CFBundleVersion"]?.string == "42")
        #expect(plist.root["CFBundleDevelopmentRegion"]?.string == "en")
        // Keys never expand; an unknown setting is reported at its value and keeps its text.
        #expect(plist.root["BuildChannel"]?.string == "$(BUILD_CHANNEL)")
        #expect(plist.root["BuildChannel"]?.unresolved == ["BUILD_CHANNEL"])
        #expect(plist.findings.map(\.kind) == [.unresolvedBuildSetting(name: "BUILD_CHANNEL")])
        #expect(plist.findings.first?.location.line == 22)
        #expect(plist.findings.first?.location.keyPath.description == "BuildChannel")

        let thumbnail = try #require(documentApp.target(named: "Thumbnail"))
        let extensionPlist = documentApp.settings(for: thumbnail).resolvedInfoPlist()
        #expect(extensionPlist.findings.isEmpty)
        #expect(
            extensionPlist.root["NSExtension"]?["NSExtensionPrincipalClass"]?.string == "Thumbnail.ThumbnailProvider")
    }

    @Test func macOSAppWithDependencyEmbeddingAndUnknownType() throws {
        let project = try XcodeProject.read(path: projectFixture("MacEditor/MacEditor.xcodeproj"))
        #expect(
            project.targets.map(\.productType) == [
                .application, .appExtension, .other("com.example.product-type.mystery"),
            ])
        #expect(project.findings.map(\.kind) == [.unknownProductType(identifier: "com.example.product-type.mystery")])
        let app = try #require(project.target(named: "MacEditor"))
        #expect(
            app.embeddedTargets == [
                EmbeddedTarget(objectID: "B2000000000000000000T002", name: "Preview", mechanism: .dependency)
            ])
        let settings = project.settings(for: app)
        #expect(settings.bundleIdentifier == "org.example.Mac-Editor")
        #expect(settings.settings.conditionValues["sdk"] == "macosx")
        let plist = settings.resolvedInfoPlist()
        #expect(plist.root["CFBundleExecutable"]?.string == "Mac Editor")
        #expect(plist.root["CFBundleDevelopmentRegion"]?.string == "de")
        #expect(plist.root["LSMinimumSystemVersion"]?.string == "13.0")
        #expect(plist.root["NSPrincipalClass"]?.string == "Mac_Editor.Application")
        #expect(plist.findings.map(\.kind) == [.unresolvedBuildSetting(name: "DOCUMENT_ROLE")])

        let viewer = project.settings(for: app, overrides: BuildSettingOverrides(settings: ["DOCUMENT_ROLE=Viewer"]))
        #expect(
            viewer.resolvedInfoPlist().root["CFBundleDocumentTypes"]?.elements.first?["CFBundleTypeRole"]?.string
                == "Viewer")
        // Xcode elides an empty CFBundleTypeRole.
        let empty = project.settings(for: app, overrides: BuildSettingOverrides(settings: ["DOCUMENT_ROLE="]))
        #expect(empty.resolvedInfoPlist().root["CFBundleDocumentTypes"]?.elements.first?["CFBundleTypeRole"] == nil)

        let resources = ResourceIndex.walking(project.sourceRoot, authoritative: true)
        #expect(
            resources.file(named: "DocIcon")
                == .found(path: projectFixture("MacEditor/MacEditor/Resources/DocIcon.icns")))
        #expect(
            resources.file(named: "docicon")
                == .caseMismatch(path: projectFixture("MacEditor/MacEditor/Resources/DocIcon.icns")))
        #expect(resources.file(named: "Nothing") == .missing)
        #expect(resources.isComplete)

        let helper = try #require(project.target(named: "Helper"))
        #expect(
            project.settings(for: helper).resolvedInfoPlist().findings.map(\.kind) == [.noInfoPlist(target: "Helper")])
    }

    @Test func unreadableProjectsThrow() {
        #expect(throws: XcodeProjectError.self) { try XcodeProject.read(path: projectFixture("Nowhere.xcodeproj")) }
        #expect(throws: XcodeProjectError.self) {
            try XcodeProject.read(path: projectFixture("DocumentApp/Thumbnail/Info.plist"))
        }
    }
}
