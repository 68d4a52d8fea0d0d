import PropertyList

@testable import SwiftSource

/// Swift source with position markers: `1️⃣` … `9️⃣` are taken out of the text, and each one's
/// position (1-based line and column, columns in Unicode scalars) is where the next character
/// of the text lands.
struct MarkedSource {
    /// The text without markers.
    let text: String
    /// Each marker's position.
    let positions: [String: (line: Int, column: Int)]

    init(_ marked: String) {
        var text = String.UnicodeScalarView()
        var positions: [String: (line: Int, column: Int)] = [:]
        var line = 1
        var column = 1
        let scalars = Array(marked.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if index + 2 < scalars.count, ("1"..."9").contains(scalar), scalars[index + 1] == "\u{FE0F}",
                scalars[index + 2] == "\u{20E3}"
            {
                positions[String(scalar)] = (line, column)
                index += 3
                continue
            }
            text.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        self.text = String(text)
        self.positions = positions
    }

    /// `file:line:column` of `marker` (its digit, `"1"`).
    func location(_ marker: String, file: String = "App.swift") -> String {
        guard let position = positions[marker] else { return "no marker \(marker)" }
        return "\(file):\(position.line):\(position.column)"
    }
}

/// The tokens of `code`, each as `kind text`, for lexer tests.
func tokens(_ code: String) -> [String] {
    let bytes = Array(code.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
        let lexed = SwiftLexer.tokenize(buffer)
        return lexed.tokens.map { token in
            let text = String(
                decoding: UnsafeBufferPointer(rebasing: buffer[Int(token.start)..<Int(token.end)]), as: UTF8.self)
            return "\(token.kind) \(text)"
        }
    }
}

/// The names (identifier tokens) of `code` that the lexer reads as code.
func codeNames(_ code: String) -> [String] {
    tokens(code).compactMap { $0.hasPrefix("identifier ") ? String($0.dropFirst("identifier ".count)) : nil }
}

/// The facts of one file, `App.swift`, holding `code`.
func facts(_ code: String, file: String = "App.swift") -> SwiftCodeFacts {
    SwiftCodeFacts(files: [SwiftFile(path: file, bytes: Array(code.utf8))])
}

/// The facts of several files, each `(path, code)`.
func facts(_ files: [(String, String)]) -> SwiftCodeFacts {
    SwiftCodeFacts(files: files.map { SwiftFile(path: $0.0, bytes: Array($0.1.utf8)) })
}

/// A list's elements as `text → resolution` strings, for compact expectations.
func describe(_ list: TypeList) -> [String] {
    list.elements.map { element in
        switch element.resolution {
        case .identifier(let identifier, _): "\(element.text) → \(identifier)"
        case .filenameExtension(let tag): "\(element.text) → extension \(tag)"
        case .dynamic: "\(element.text) → dynamic"
        }
    }
}

/// A small deterministic generator, so that randomised tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
