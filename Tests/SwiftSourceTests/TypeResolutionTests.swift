import Testing

@testable import SwiftSource

/// Type expressions resolved to identifiers: every written form, across files.
@Suite struct TypeResolutionTests {
    @Test func everyFormResolves() throws {
        let source = MarkedSource(
            """
            import UniformTypeIdentifiers

            let fileID = "com.example.file"

            extension UTType {
                static let sketch = UTType(exportedAs: "com.example.sketch")
                static var plainText: UTType { UTType(importedAs: "com.example.override") }
                static var computed: UTType { return UTType("com.example.computed")! }
            }

            final class Opener {
                func open() {
                    let localID = "com.example.local"
                    let picker = UIDocumentPickerViewController(forOpeningContentTypes: [
                        1️⃣"public.png",
                        .pdf,
                        UTType.plainText,
                        .sketch,
                        .computed,
                        UTType("public.jpeg")!,
                        2️⃣UTType(exportedAs: "com.example.inline", conformingTo: .data),
                        UTType(importedAs: fileID),
                        (UTType(localID)!),
                        UTType.heic.identifier,
                    ], asCopy: true)
                    present(picker, animated: true)
                }
            }
            """)
        let facts = facts(source.text)
        let site = try #require(facts.creationSites.first)
        #expect(site.kind == .documentPicker)
        #expect(site.list.form == .explicit)
        #expect(
            site.list.identifiers == [
                "public.png", "com.adobe.pdf", "com.example.override", "com.example.sketch", "com.example.computed",
                "public.jpeg", "com.example.inline", "com.example.file", "com.example.local", "public.heic",
            ])
        let sources = site.list.elements.map { element -> String in
            guard case .identifier(_, let source) = element.resolution else { return "dynamic" }
            switch source {
            case .literal: return "literal"
            case .initializer: return "initializer"
            case .systemConstant(let name): return "system \(name)"
            case .appConstant(let constant): return "app \(constant.name) \(constant.form)"
            case .declaration(let kind): return "declaration \(kind)"
            }
        }
        #expect(
            sources == [
                "literal", "system pdf", "app plainText imported", "app sketch exported", "app computed plain",
                "initializer", "declaration exported", "declaration imported", "initializer", "system heic",
            ])
        #expect(site.list.elements[0].location.description == source.location("1"))
        #expect(site.list.elements[6].location.description == source.location("2"))
        #expect(site.list.elements[6].text == #"UTType(exportedAs: "com.example.inline", conformingTo: .data)"#)
    }

    @Test func legacyConstantsAndIdentifierStrings() throws {
        let code = """
            let picker = UIDocumentPickerViewController(
                documentTypes: [kUTTypePDF as String, String(kUTTypeRTF), kUTTypePNG as CFString as String,
                                UTType.plainText.identifier, "com.example.doc"],
                in: .import)
            """
        let site = try #require(facts(code).creationSites.first)
        #expect(site.kind == .documentPickerByIdentifiers)
        #expect(site.list.form == .explicit, "\(describe(site.list))")
        #expect(
            site.list.identifiers == [
                "com.adobe.pdf", "public.rtf", "public.png", "public.plain-text", "com.example.doc",
            ])
    }

    @Test func computedElementsMakeTheListDynamic() throws {
        let code = """
            func make(flag: Bool, types: [UTType]) {
                _ = UIDocumentBrowserViewController(forOpening: [
                    .pdf, makeType(), flag ? .png : .jpeg, UTType(filenameExtension: "md")!, types[0], .notAConstant,
                ])
            }
            """
        let site = try #require(facts(code).creationSites.first)
        #expect(site.list.form == .dynamic)
        #expect(
            describe(site.list) == [
                ".pdf → com.adobe.pdf", "makeType() → dynamic", "flag ? .png : .jpeg → dynamic",
                #"UTType(filenameExtension: "md")! → dynamic"#, "types[0] → dynamic", ".notAConstant → dynamic",
            ])
        #expect(site.list.knownElements.map(\.text) == [".pdf"])
    }

    @Test func computedListsKeepTheirLiteralMembers() throws {
        let code = """
            let browser = UIDocumentBrowserViewController(forOpening: [.pdf, .png] + extraTypes())
            let other = UIDocumentBrowserViewController(forOpening: someTypes)
            """
        let sites = facts(code).creationSites
        #expect(sites.count == 2)
        #expect(sites[0].list.form == .dynamic)
        #expect(sites[0].list.identifiers == ["com.adobe.pdf", "public.png"])
        #expect(sites[1].list.form == .dynamic)
        #expect(sites[1].list.elements.isEmpty)
        #expect(sites[1].list.text == "someTypes")
    }

    @Test func namesResolveAcrossFiles() throws {
        let types = """
            import UniformTypeIdentifiers

            extension UTType {
                static let drawing = UTType(exportedAs: Identifiers.drawing)
                static let pdf = UTType(importedAs: "com.example.my-pdf")
            }

            enum Identifiers {
                static let drawing = "com.example.drawing"
                static let all: [UTType] = [.drawing, .pdf]
            }

            let sharedTypes: [UTType] = [.drawing, "com.example.shared"]
            """
        let browser = """
            final class Root {
                static let allowed = [UTType.drawing]

                func make() {
                    let a = UIDocumentBrowserViewController(forOpening: Identifiers.all)
                    let b = UIDocumentBrowserViewController(forOpening: sharedTypes)
                    let c = UIDocumentBrowserViewController(forOpening: Self.allowed)
                }
            }
            """
        let facts = facts([("Types.swift", types), ("Root.swift", browser)])
        #expect(facts.typeConstants.map(\.name) == ["drawing", "pdf"])
        #expect(facts.typeConstants.map(\.identifier) == ["com.example.drawing", "com.example.my-pdf"])
        #expect(facts.typeConstants.map(\.location.description) == ["Types.swift:4:16", "Types.swift:5:16"])
        let lists = facts.creationSites.map(\.list)
        #expect(lists.map(\.form) == [.explicit, .explicit, .explicit])
        // The app's `pdf` overrides the system's.
        #expect(lists[0].identifiers == ["com.example.drawing", "com.example.my-pdf"])
        #expect(lists[1].identifiers == ["com.example.drawing", "com.example.shared"])
        #expect(lists[2].identifiers == ["com.example.drawing"])
        // Elements reached through a name are located where they are written.
        #expect(lists[0].elements.first?.location.description == "Types.swift:10:33")
        #expect(lists[0].location?.description == "Root.swift:5:61")
    }

    @Test func readingInParallelGivesTheSameFacts() {
        let files = [
            ("Types.swift", "extension UTType { static let drawing = UTType(exportedAs: \"com.example.drawing\") }"),
            ("Root.swift", "let browser = UIDocumentBrowserViewController(forOpening: [.drawing, .pdf])"),
            ("Plain.swift", "struct Plain { var value = 1 }"),
        ]
        let together = SwiftCodeFacts.reading(files.map { (path: $0.0, bytes: Array($0.1.utf8)) })
        let oneByOne = facts(files)
        #expect(together.files == ["Types.swift", "Root.swift", "Plain.swift"])
        #expect(together.creationSites == oneByOne.creationSites)
        #expect(together.creationSites.first?.list.identifiers == ["com.example.drawing", "com.adobe.pdf"])
        #expect(together.typeConstants == oneByOne.typeConstants)
    }

    @Test func extensionsWhereIdentifiersBelong() throws {
        let code = """
            let picker = UIDocumentPickerViewController(forOpeningContentTypes: [".png", "*.jpg", "pdf", "md", "public.text"])
            """
        let site = try #require(facts(code).creationSites.first)
        #expect(
            describe(site.list) == [
                #"".png" → extension png"#, #""*.jpg" → extension jpg"#, #""pdf" → extension pdf"#,
                #""md" → md"#, #""public.text" → public.text"#,
            ])
    }

    @Test func declarationSitesResolveTheirArgument() throws {
        let code = """
            let id = "com.example.local"
            extension UTType {
                static let a = UTType(exportedAs: "com.example.a")
            }
            func f(name: String) {
                _ = UTType(importedAs: id)
                _ = UTType(exportedAs: name)
                let t: UTType = .init(exportedAs: "com.example.b")
            }
            """
        let sites = facts(code).declarationSites
        #expect(sites.map(\.kind) == [.exported, .imported, .exported, .exported])
        #expect(sites.map(\.identifier) == ["com.example.a", "com.example.local", nil, "com.example.b"])
        #expect(sites.map(\.constantName) == ["a", nil, nil, nil])
        #expect(
            sites.map(\.location.description) == ["App.swift:3:20", "App.swift:6:9", "App.swift:7:9", "App.swift:8:21"])
    }

    @Test func namesInCommentsAndStringsAreNotSites() {
        let code = """
            // UTType(exportedAs: "com.example.comment")
            /* UIDocumentBrowserViewController(forOpening: [.pdf]) */
            let s = "UTType(exportedAs: \\"com.example.string\\")"
            let r = #"UIDocumentPickerViewController(forOpeningContentTypes: [.pdf])"#
            #if false
            let hidden = UTType(exportedAs: "com.example.hidden")
            #endif
            """
        let facts = facts(code)
        #expect(facts.declarationSites.isEmpty)
        #expect(facts.creationSites.isEmpty)
    }
}
