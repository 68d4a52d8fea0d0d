import Testing
import UniformTypes

@Suite struct VendorDomainTests {
    @Test func aCodeHostsVendorIsItsThirdComponent() {
        #expect(VendorDomain.domain(of: "com.Example.app.doc") == "com.example")
        #expect(VendorDomain.domain(of: "io.github.alice.viewer") == "io.github.alice")
        #expect(VendorDomain.domain(of: "net.sourceforge.bob") == "net.sourceforge.bob")
        #expect(VendorDomain.domain(of: "com.github") == nil)
        #expect(VendorDomain.domain(of: "com..x") == nil)
        #expect(VendorDomain.domain(of: "example") == nil)
        #expect(VendorDomain.domain(of: ".example.app") == nil)
        #expect(VendorDomain.domain(of: "IO.GitHub.") == nil)
        #expect(VendorDomain.domain(of: "io.github..x") == nil)
        #expect(VendorDomain.domain(of: "Com.Example") == "com.example")
        // Lowercased as Unicode, as the whole name would be; the dots found byte by byte.
        #expect(VendorDomain.domain(of: "de.Ünïcode.app") == "de.ünïcode")
        #expect(VendorDomain.domain(of: "IO.GITHUB.Ärger.tool") == "io.github.ärger")
    }
}
