/// The vendor domain of a reverse-DNS name — a type identifier or a bundle identifier — which
/// says who owns it: `com.example` for `com.example.notes.document`.
public enum VendorDomain {
    /// Second-level names that many vendors share (code hosts): the vendor is the third component
    /// there (`com.github.alice`, not `com.github`).
    static let shared: Set<String> = [
        "com.github", "io.github", "com.gitlab", "io.gitlab", "org.bitbucket", "com.bitbucket",
        "net.sourceforge", "com.sourceforge", "net.sf", "com.googlecode", "io.gitee", "com.gitee",
        "org.codeberg", "page.codeberg", "ht.sr",
    ]

    /// The vendor domain of a reverse-DNS name, lowercased: its first two components
    /// (`com.example`), or three under a code host many vendors share (`io.github.alice`); nil
    /// when there are too few components.
    public static func domain(of name: String) -> String? {
        domainAndPrefix(of: name)?.domain
    }

    /// ``domain(of:)``, and how many UTF-8 bytes of `name` it was read from (its first two or
    /// three components, before lowercasing).
    public static func domainAndPrefix(of name: String) -> (domain: String, prefixLength: Int)? {
        // The dots are found in UTF-8 and only the prefix is lowercased: lint asks for every type
        // an app exports and lists, and lowercasing maps no character to or from a dot.
        let bytes = name.utf8
        let dot = UInt8(ascii: ".")
        guard let first = bytes.firstIndex(of: dot), first != bytes.startIndex else { return nil }
        let secondStart = bytes.index(after: first)
        let second = bytes[secondStart...].firstIndex(of: dot) ?? bytes.endIndex
        guard second != secondStart else { return nil }
        let two = String(name[..<second]).lowercased()
        guard shared.contains(two) else { return (two, bytes.distance(from: bytes.startIndex, to: second)) }
        guard second != bytes.endIndex else { return nil }
        let thirdStart = bytes.index(after: second)
        let third = bytes[thirdStart...].firstIndex(of: dot) ?? bytes.endIndex
        guard third != thirdStart else { return nil }
        return (String(name[..<third]).lowercased(), bytes.distance(from: bytes.startIndex, to: third))
    }
}
