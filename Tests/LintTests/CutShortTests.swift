import Lint
import Testing

/// Only a bare domain looks cut short: a longer identifier that another extends is a type of its
/// own (TeX apps declare both org.tug.tex and org.tug.tex.bibtex).
@Suite struct CutShortTests {
    static func quickLook(_ types: [String]) -> String {
        let listed = types.map { "<string>\($0)</string>" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>CFBundleIdentifier</key><string>org.example.preview</string>
                <key>NSExtension</key>
                <dict>
                    <key>NSExtensionPointIdentifier</key><string>com.apple.quicklook.preview</string>
                    <key>NSExtensionAttributes</key>
                    <dict><key>QLSupportedContentTypes</key><array>\(listed)</array></dict>
                </dict>
            </dict>
            </plist>

            """
    }

    @Test func aBareDomainLooksCutShort() {
        let found = Linter().lint(text: Self.quickLook(["org.tug", "org.tug.tex"])).filter { $0.code == "QL-001" }
        #expect(
            found.contains {
                $0.severity == .warning
                    && $0.message.contains(
                        "'org.tug', which nobody declares and looks cut short; did you mean 'org.tug.tex'?")
            })
    }

    @Test func aLongerIdentifierIsATypeOfItsOwn() {
        let found = Linter().lint(text: Self.quickLook(["org.tug.tex", "org.tug.tex.bibtex"])).filter {
            $0.code == "QL-001"
        }
        #expect(found.count == 2)
        #expect(
            found.allSatisfy { $0.severity == .info && !$0.message.contains("cut short") }, "\(found.map(\.message))")
    }
}
