import Testing

@testable import SwiftSource

/// The quick test that skips files without any of the words facts come from, against the plain
/// comparison at every position.
@Suite struct FactTriggersTests {
    private func mayHoldFacts(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { FactTriggers.mayHoldFacts($0) }
    }

    /// The plain test: some word starts at some position.
    private func plainTest(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.indices.contains { FactTriggers.matches(at: $0, in: buffer) }
        }
    }

    @Test func everyWordTriggersWhereverItIs() {
        let words = [
            "UTType", "kUTTypePDF", "UIDocumentBrowserViewController", "UIDocumentPickerViewController",
            "UIDocumentViewController", "FileDocument", "ReferenceFileDocument", "DocumentGroup",
            "DocumentGroupLaunchScene", "DocumentLaunchView", "NewDocumentButton", "allowsDocumentCreation",
            "didRequestDocumentCreationWithHandler", "createDocumentAction", "readableContentTypes",
            "writableContentTypes", "writeableContentTypes", "allowedContentTypes", "contentType", "documentTypes",
            "forOpening", "fileImporter", "fileExporter", "exportedAs:", "importedAs:", "utiscope:",
        ]
        let filler = String(repeating: "let value = compute(input) // plain code\n", count: 3)
        for word in words {
            #expect(mayHoldFacts(word), "\(word) alone")
            #expect(mayHoldFacts(filler + word), "\(word) at the end")
            #expect(mayHoldFacts(word + filler), "\(word) at the start")
            // Every alignment against the 8-byte steps.
            for shift in 0..<9 {
                #expect(mayHoldFacts(String(repeating: " ", count: shift) + word + filler), "\(word) after \(shift)")
            }
        }
    }

    @Test func identifierLikeStringsTrigger() {
        #expect(mayHoldFacts(#"static let documentType = "com.example.doc""#))
        #expect(mayHoldFacts(#"let extensions = [".png", ".jpg"]"#))
        #expect(mayHoldFacts(#"let id = "public.text""#))
        #expect(!mayHoldFacts(#"let title = "Hello, world""#))
        #expect(!mayHoldFacts(#"let queue = DispatchQueue(label: "com.example.sync")"#))
    }

    @Test func plainCodeDoesNotTrigger() {
        let code = """
            import UIKit

            /// A view of the library.
            final class LibraryViewController: UIViewController {
                private let documents: [Document] = []

                override func viewDidLoad() {
                    super.viewDidLoad()
                    let title = "Library \\(documents.count)"
                    present(UIAlertController(title: title, message: nil, preferredStyle: .alert), animated: true)
                }
            }
            """
        #expect(!mayHoldFacts(code))
        let file = SwiftFile(path: "Library.swift", bytes: Array(code.utf8))
        #expect(!file.isRead)
    }

    @Test func noTwoWordsShareAPair() {
        // A candidate pair is checked against the first word with that pair only.
        let pairs = FactTriggers.anchors.flatMap(\.pairs)
        #expect(Set(pairs).count == pairs.count)
        // Nor starts one with a quote, which is the string words' way in.
        #expect(!pairs.contains { $0 & 0xFF == Int(UInt8(ascii: "\"")) })
    }

    @Test func everyWordHasAPairAtAnEvenAndAnOddOffset() {
        // Wherever a word starts, one of its pairs starts at an even position of the file.
        for anchor in FactTriggers.anchors {
            #expect(Set(anchor.pairOffsets.map { $0 % 2 }) == [0, 1], "\(anchor.word)")
            #expect(anchor.pairOffsets.allSatisfy { $0 + 1 < anchor.word.count })
        }
    }

    @Test func wordsAtEveryOffsetOfTheFileTrigger() {
        // Every word, and the string words, at both parities and at the very end of a file.
        let words =
            FactTriggers.anchors.map { String(decoding: $0.word, as: UTF8.self) } + [
                #"let a = "com.x""#, #"let a = ["com.x"]"#,
            ]
        for word in words {
            for padding in 0..<10 {
                #expect(mayHoldFacts(String(repeating: " ", count: padding) + word), "\(padding) \(word)")
                #expect(mayHoldFacts(String(repeating: "x", count: padding) + word + "\n"), "\(padding) \(word)")
            }
        }
    }

    @Test func theStepsAgreeWithThePlainTest() {
        var generator = SplitMix64(state: 7)
        let pieces = [
            "UTTyp", "UT", "Type", "UIDoc", "ument", "FileDoc", "Document", "Group", "Launch", "tG", "tL", "rO",
            "forOpenin", "fileImpo", "rter", "edA", "s:", "utisco", "pe:", "= \"", "[\"", "com", ".", "\"", " ", "\n",
            "entTyp", "e", "x", "Creation", "Action", "New", "Button", "View", "Op", "TT", "As", "Fi", "Ex", "ut", "sc",
            "[", "= ", "Cr", "Ne", "La", "Im",
        ]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0..<30, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            let bytes = Array(text.utf8)
            let fast = bytes.withUnsafeBufferPointer { FactTriggers.mayHoldFacts($0) }
            #expect(fast == plainTest(bytes), "\(text)")
        }
    }
}
