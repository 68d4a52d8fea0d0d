import AppBundle
import Foundation
import Testing
import UniformTypes

@Suite struct SystemTypeDeclarationsTests {
    private static let arrayShape = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><array>
        <dict><key>UTTypeIdentifier</key><string>com.example.future</string>
        <key>UTTypeConformsTo</key><array><string>public.data</string></array></dict>
        <string>not a declaration</string>
        </array></plist>
        """.utf8)

    private static let coreTypesShape = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>UTImportedTypeDeclarations</key><array>
        <dict><key>UTTypeIdentifier</key><string>com.example.imported</string></dict></array>
        <key>UTExportedTypeDeclarations</key><array>
        <dict><key>UTTypeIdentifier</key><string>com.example.exported</string></dict></array>
        </dict></plist>
        """.utf8)

    @Test func filesAreReadInOrderWithTheirProblemsReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let coreTypes = folder.appendingPathComponent("CoreTypes.plist").path
        try Data(Self.coreTypesShape).write(to: URL(fileURLWithPath: coreTypes))
        var lines: [String] = []
        let declarations = SystemTypeDeclarations.read(
            files: ["-", coreTypes], standardInput: Self.arrayShape, report: { lines.append($0) })
        // Standard input's one declaration, then the file's exports before its imports.
        #expect(
            declarations?.map(\.identifier.rawValue) == [
                "com.example.future", "com.example.exported", "com.example.imported",
            ])
        #expect(declarations?.map(\.origin.kind) == [.exported, .exported, .imported])
        #expect(declarations?.first?.conformances.map(\.value) == [.data])
        // Each declaration names the file it came from as its release.
        #expect(declarations?.last?.origin == .system(release: coreTypes, bundle: coreTypes, kind: .imported))
        // The string in standard input's array is not a declaration: one warning, located.
        #expect(lines == ["-:5:1: warning: 'declaration' should be a dictionary, not a string"])
    }

    @Test func anUnreadableFileGivesNothingAndIsReported() {
        var lines: [String] = []
        let missing = "/nonexistent/utiscope-system-types.plist"
        let declarations = SystemTypeDeclarations.read(
            files: ["-", missing], standardInput: Self.arrayShape, report: { lines.append($0) })
        #expect(declarations == nil)
        #expect(lines.last?.contains(missing) == true)
    }
}
