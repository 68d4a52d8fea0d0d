import AppBundle
import PropertyList
import SwiftSource

/// The places in the app's code that show the user files to open (``CreationSite/Kind/showsFilesToOpen``),
/// and which one the answers are for.
public enum CodeSites {
    /// The sites of `code` that show files to open, in the order of the files and the code.
    public static func openingSites(in code: SwiftCodeFacts?) -> [CreationSite] {
        code?.creationSites.filter(\.kind.showsFilesToOpen) ?? []
    }

    /// The site answers are for when none is named: the only one; of several, the first document
    /// browser (the app's main one, usually), else the first `UIDocumentViewController` or launch
    /// scene, else the first.
    public static func defaultSite(among sites: [CreationSite]) -> CreationSite? {
        guard sites.count > 1 else { return sites.first }
        return sites.first { $0.kind.isDocumentBrowser }
            ?? sites.first { $0.kind == .documentViewController || $0.kind == .documentGroupLaunchScene }
            ?? sites.first
    }

    /// The site `FILE:LINE` names (`--site`): on that line of a file whose path is `FILE` or ends
    /// with `/FILE`; nil when the text is not of that form or no site is there.
    public static func site(named text: String, among sites: [CreationSite]) -> CreationSite? {
        guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) else {
            return nil
        }
        let file = String(text[..<colon])
        return sites.first { site in
            site.location.line == line
                && (site.location.file == file || site.location.file.hasSuffix("/" + file)
                    || Path.normalize(site.location.file) == Path.normalize(file))
        }
    }

    /// `FILE:LINE` of a site, as `--site` takes it.
    public static func name(of site: CreationSite) -> String {
        "\(site.location.file):\(site.location.line.map(String.init) ?? "?")"
    }
}
