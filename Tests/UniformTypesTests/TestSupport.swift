import PropertyList

@testable import UniformTypes

/// A bundle declaration with a location on `line` of `Info.plist`, conformances on the lines after.
func declaration(
    _ identifier: String, _ parents: [String] = [], origin: TypeOrigin = .exported(bundle: "com.example.app"),
    line: Int = 1, extensions: [String] = [], mimeTypes: [String] = []
) -> TypeDeclaration {
    var declaration = TypeDeclaration(
        UniformTypeIdentifier(identifier), origin: origin, extensions: extensions, mimeTypes: mimeTypes)
    declaration.location = SourceLocation(file: "Info.plist", line: line)
    declaration.identifierLocation = SourceLocation(file: "Info.plist", line: line, column: 10)
    declaration.conformances = parents.enumerated().map { offset, parent in
        Located(UniformTypeIdentifier(parent), at: SourceLocation(file: "Info.plist", line: line + 1 + offset))
    }
    return declaration
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
