import Foundation
import Testing
import UniformTypes

@testable import DocumentBrowser

@Suite struct IconAnswerTests {
    let notebook: DocumentBrowser

    init() throws {
        notebook = try browser(Fixture.notebook)
    }

    func condition(_ answer: IconAnswer, _ name: String) throws -> IconCondition {
        try #require(answer.conditions.first { $0.name == name })
    }

    @Test func theAppsThumbnailExtensionDrawsItsExactType() throws {
        let answer = notebook.icon(for: "com.example.notebook.note")
        #expect(answer.source == .extensionThumbnail)
        let decisive = try #require(answer.decisive)
        #expect(decisive.name == "thumbnail-extension")
        #expect(
            decisive.because
                == "the app's Thumbnail extension 'com.example.notebook.thumbnails' lists 'com.example.notebook.note' in 'QLSupportedContentTypes'"
        )
        #expect(decisive.location?.file.hasSuffix("NotebookThumbnails.appex/Info.plist") == true)
        // Every condition is still evaluated: the custom icon exists too.
        let custom = try condition(answer, "custom-icon")
        #expect(custom.holds)
        #expect(custom.because.contains("'UTTypeIconBadgeName' 'NoteBadge' found"))
    }

    @Test func aSupertypeInTheExtensionDoesNotCount() throws {
        let answer = notebook.icon(for: "com.example.notebook.legacy")
        let thumbnail = try condition(answer, "thumbnail-extension")
        #expect(!thumbnail.holds)
        #expect(thumbnail.because.contains("lists 'public.data', a supertype of 'com.example.notebook.legacy'"))
        #expect(answer.source == .appIcon)
        #expect(try condition(answer, "app-icon.listed").holds)
        #expect(
            try condition(answer, "app-icon.declared").because == "'com.example.notebook.legacy' is exported by the app"
        )
        #expect(try condition(answer, "app-icon.has-icon").holds)
    }

    @Test func systemThumbnailsAndTheirConfidence() throws {
        let jpeg = notebook.icon(for: "public.jpeg")
        #expect(jpeg.source == .systemThumbnail)
        // The Notebook's Thumbnail extension lists 'public.data': the answer rests on its not
        // counting for subtypes, and on nothing else.
        #expect(jpeg.assumptions.map(\.flag) == ["thumbnail-extension-match"])
        #expect(jpeg.decisive?.because.contains("a system thumbnail on iOS is documented by Apple") == true)
        #expect(notebook.icon(for: "com.adobe.pdf").source == .systemThumbnail)
        let usdz = notebook.icon(for: "com.pixar.universal-scene-description-mobile")
        #expect(usdz.source == .systemThumbnail)
        // JSON: the reference knows no source for iOS; by default that is not a thumbnail.
        let json = notebook.icon(for: "public.json")
        #expect(json.source == .systemIcon)
        #expect(try condition(json, "system-thumbnail").assumption?.setting == "--thumbnail-confidence likely")
        #expect(
            json.decisive?.because
                == "the system declares 'public.json' without an icon of its own; 'public.text', which it conforms to, has one, and it shows"
        )
        #expect(json.assumptions.map(\.flag).contains("inherit-system-icons"))
        let counted = try browser(Fixture.notebook, policy: BrowserPolicy(thumbnailConfidence: .unknown))
        #expect(counted.icon(for: "public.json").source == .systemThumbnail)
        let uninherited = try browser(Fixture.notebook, policy: BrowserPolicy(inheritSystemIcons: false))
        #expect(uninherited.icon(for: "public.json").source == .generic)
    }

    @Test func aCustomTypeConformingToAnImageGetsNoSystemThumbnail() throws {
        // The image decoders' types are a fixed list of system types: conformance does not add one.
        let answer = notebook.icon(for: "com.thirdparty.sketch")
        let thumbnail = try condition(answer, "system-thumbnail")
        #expect(!thumbnail.holds)
        #expect(thumbnail.because.contains("a fixed list of system types"))
        #expect(thumbnail.assumption == nil)
        #expect(answer.source == .appIcon)
        let lenient = try browser(Fixture.notebook, policy: BrowserPolicy(thumbnailConfidence: .unknown))
        #expect(lenient.icon(for: "com.thirdparty.sketch").source == .appIcon)
    }

    @Test func systemIcons() throws {
        #expect(notebook.icon(for: "public.zip-archive").source == .systemIcon)
        let directory = try temporaryDirectory()
        let folder = notebook.icon(for: directory)
        #expect(folder.type == "public.folder")
        #expect(folder.kind == .folder)
        #expect(folder.source == .systemIcon)
    }

    @Test func aTypeDeclaredNowhereGetsTheGenericIcon() throws {
        let answer = notebook.icon(for: "com.example.notebook.missing")
        #expect(answer.source == .generic)
        #expect(
            try condition(answer, "app-icon.declared").because
                == "the app neither exports nor imports 'com.example.notebook.missing'")
        let file = notebook.icon(for: "x.missing")
        #expect(file.source == .generic)
        #expect(file.type?.isDynamic == true)
        #expect(try condition(file, "type").because.contains("claimed by no declared type"))
    }

    @Test func aFileIsAnsweredForItsType() {
        let answer = notebook.icon(for: "Holiday.JPG")
        #expect(answer.type == "public.jpeg")
        #expect(answer.source == .systemThumbnail)
        #expect(answer.conditions.first?.name == "type")
    }

    /// loop-a and loop-b conform to each other (loop-b to public.data too): the answer is given,
    /// and the walk up from loop-a reaches each type once.
    @Test func aConformanceCycleStillAnswers() {
        let answer = notebook.icon(for: "com.example.notebook.loop-a")
        #expect(answer.source == .appIcon)
        #expect(
            IconJudge(browser: notebook).nearestFirst(from: "com.example.notebook.loop-a") == [
                "com.example.notebook.loop-a", "com.example.notebook.loop-b", "public.data", "public.item",
            ])
    }

    @Test func macOSDocumentIcons() throws {
        let scribe = try browser(Fixture.scribe)
        let document = scribe.icon(for: "com.example.scribe.document")
        #expect(document.source == .customIcon)
        #expect(document.decisive?.because == "'CFBundleTypeIconFile' names 'ScribeDocument', which exists")
        #expect(try condition(document, "handling-app.rank").holds)
        let draft = scribe.icon(for: "com.example.scribe.draft")
        #expect(draft.source == .appIcon)
        #expect(try condition(draft, "app-icon.system-generated").holds)
        let rank = try condition(draft, "handling-app.rank")
        #expect(!rank.holds)
        #expect(rank.because.contains("Finder shows that app's document icon instead"))
        // On iOS the .icns key is ignored and the draft lacks the system-generated route.
        let onIOS = try browser(Fixture.scribe, platform: .iOS)
        let iosDocument = onIOS.icon(for: "com.example.scribe.document")
        #expect(
            try condition(iosDocument, "custom-icon").because == "'CFBundleTypeIconFile' is a macOS key: ignored on iOS"
        )
        #expect(iosDocument.source == .appIcon)
    }
}
