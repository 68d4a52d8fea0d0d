import AppBundle
import DocumentBrowser
import UniformTypes

/// The document browser as a grid of files: for each type a document type lists, one sample file
/// per filename extension declared for it (or the type alone when it has none), with the icon
/// it would show and whether it opens, as `utiscope icon` and `utiscope opens` answer.
struct BrowserGrid {
    /// One file (or type) in the grid.
    struct Tile {
        /// The document type entry that lists it.
        var entry: DocumentType
        /// What the entry lists: an identifier, or a legacy extension.
        var listed: String
        /// The sample file's name; nil when no extension is declared for the type.
        var sampleName: String?
        /// Whether the sample opens; nil without a sample.
        var verdict: OpenVerdict?
        /// The icon the sample (or, without one, the type) shows.
        var icon: IconAnswer
        /// How many of the verdict's reasons type the file (name, extension, type); the next one
        /// says whether the type is allowed.
        var typingReasons = 0
    }

    /// The tiles, in the order of the document types and what each lists.
    var tiles: [Tile] = []

    init(browser: DocumentBrowser) {
        let catalog = browser.catalog
        let package = UniformTypeIdentifier("com.apple.package")
        for entry in browser.app.infoPlist.documentTypes {
            let base = Self.baseName(entry)
            for listed in entry.contentTypes {
                let type = listed.value
                var extensions: [String] = []
                for tag in catalog.declaration(for: type)?.filenameExtensions ?? [] {
                    let trimmed = String(tag.drop { $0 == "." })
                    if !trimmed.isEmpty, !extensions.contains(trimmed) { extensions.append(trimmed) }
                }
                if extensions.isEmpty {
                    tiles.append(
                        Tile(
                            entry: entry, listed: type.rawValue, sampleName: nil, verdict: nil,
                            icon: browser.icon(forType: type)))
                    continue
                }
                let isPackage = catalog.conforms(type, to: package)
                for pathExtension in extensions {
                    tiles.append(
                        Self.sample(
                            "\(base).\(pathExtension)", isDirectory: isPackage, entry: entry, listed: type.rawValue,
                            browser: browser))
                }
            }
            for legacy in entry.legacyExtensions where entry.contentTypes.isEmpty {
                let pathExtension = String(legacy.value.drop { $0 == "." })
                guard !pathExtension.isEmpty, pathExtension != "*" else { continue }
                tiles.append(
                    Self.sample(
                        "\(base).\(pathExtension)", isDirectory: false, entry: entry,
                        listed: "extension '\(legacy.value)'", browser: browser))
            }
        }
    }

    /// A tile for a file named `name`, typed by its name alone (nothing on disk is looked at).
    static func sample(
        _ name: String, isDirectory: Bool, entry: DocumentType, listed: String, browser: DocumentBrowser
    ) -> Tile {
        let typed = browser.type(ofName: name, isDirectory: isDirectory)
        let verdict = browser.verdict(for: typed, path: name, exists: false)
        return Tile(
            entry: entry, listed: listed, sampleName: name, verdict: verdict,
            icon: browser.icon(for: typed, subject: name), typingReasons: typed.reasons.count)
    }

    /// The entry's name made fit for a file name, or `Document`.
    static func baseName(_ entry: DocumentType) -> String {
        var name = Substring(String((entry.name?.value ?? "").map { $0 == "/" || $0 == ":" ? "-" : $0 }))
        while name.first?.isWhitespace == true { name = name.dropFirst() }
        while name.last?.isWhitespace == true { name = name.dropLast() }
        return name.isEmpty ? "Document" : String(name)
    }

    /// `opens`, `greyed out`, `undetermined`, `a folder` or `no file`: the state a tile shows.
    static func state(_ tile: Tile) -> (word: String, className: String) {
        guard let verdict = tile.verdict else { return ("no file", "nofile") }
        if verdict.kind == .folder { return ("a folder", "greyed") }
        if !verdict.isCertain { return ("undetermined", "undetermined") }
        return verdict.opens ? ("opens", "opens") : ("greyed out", "greyed")
    }

    /// The reason that decides whether the tile opens.
    static func decisiveReason(_ tile: Tile) -> String {
        guard let verdict = tile.verdict else {
            return "no filename extension is declared for '\(tile.listed)', so no file gets this type by its name"
        }
        if let broken = verdict.decisiveBreak { return broken.message }
        if verdict.reasons.indices.contains(tile.typingReasons) { return verdict.reasons[tile.typingReasons].message }
        return verdict.reasons.last?.message ?? ""
    }

    /// The grid's HTML.
    var html: String {
        var text = "<div id=\"browser-grid\" class=\"grid\">\n"
        text.reserveCapacity(tiles.count * 1200)
        for tile in tiles { text += Self.html(tile) }
        return text + "</div>\n"
    }

    static func html(_ tile: Tile) -> String {
        let (word, className) = state(tile)
        let source = tile.icon.source.rawValue
        // The decisions as data too, for tools and tests: the same `icon` and `opens` give.
        var text = "<div class=\"tile \(className)\" data-listed=\"\(HTMLText.attribute(tile.listed))\""
        if let name = tile.sampleName { text += " data-file=\"\(HTMLText.attribute(name))\"" }
        text += " data-icon=\"\(source)\" data-icon-certain=\"\(tile.icon.isCertain)\">"
        text += "<div class=\"doc-icon src-\(source)\" aria-hidden=\"true\"><span>"
        text += HTMLText.escape(iconLabel(tile))
        text += "</span></div><div class=\"tile-body\">"
        // An empty identifier is named in words, as the graph draws it.
        func label(_ identifier: String) -> String { identifier.isEmpty ? GraphSVG.emptyIdentifierLabel : identifier }
        let name = tile.sampleName ?? label(tile.listed)
        text += "<div class=\"file-name\" title=\"\(HTMLText.attribute(name))\">\(HTMLText.escape(name))</div>"
        // The type the file gets; when it is not the one listed, both, so that the surprise shows.
        let typed = tile.verdict?.type?.rawValue ?? tile.icon.type?.rawValue ?? tile.listed
        let shown = typed == tile.listed ? label(typed) : "\(label(tile.listed)) → \(label(typed))"
        text += "<div class=\"type-id\" title=\"listed: \(HTMLText.attribute(tile.listed)); the file's type: "
        text += "\(HTMLText.attribute(typed))\">\(HTMLText.escape(shown))</div>"
        text += "<div class=\"pills\"><span class=\"pill state-\(className)\">\(word)</span>"
        text += "<span class=\"pill icon-\(source)\">\(source)</span></div>"
        text += "<p class=\"why\">\(HTMLText.escape(decisiveReason(tile)))</p>"
        text += "<details><summary>why</summary>"
        if let verdict = tile.verdict {
            text += "<p class=\"chain-title\">opens?</p><ul class=\"chain\">"
            for reason in verdict.reasons { text += item(reason.holds, reason.message, decides: false) }
            text += "</ul>"
        }
        text += "<p class=\"chain-title\">icon: \(source)</p><ul class=\"chain\">"
        // With a verdict above, the icon's typing condition would repeat its chain.
        for condition in tile.icon.conditions where tile.verdict == nil || condition.name != "type" {
            text += item(condition.holds, "\(condition.name): \(condition.because)", decides: condition.decides)
        }
        text += "</ul></details></div>"
        text += "<div class=\"entry\" title=\"\(HTMLText.attribute(tile.entry.location.description))\">"
        text += "\(HTMLText.escape(entryPhrase(tile.entry)))</div>"
        return text + "</div>\n"
    }

    static func item(_ holds: Bool, _ message: String, decides: Bool) -> String {
        "<li class=\"\(holds ? "holds" : "fails")\(decides ? " decides" : "")\">\(holds ? "✓" : "✗") "
            + HTMLText.escape(message) + "</li>"
    }

    /// What the document icon shows: the extension in capitals, or a word for the type.
    static func iconLabel(_ tile: Tile) -> String {
        if let name = tile.sampleName, let dot = name.lastIndex(of: ".") {
            return String(name[name.index(after: dot)...].prefix(5)).uppercased()
        }
        return "UTI"
    }

    /// `'Image' · Viewer · Alternate · Info.plist:62:3`: the file by its name alone (the whole path
    /// is in the tooltip).
    static func entryPhrase(_ entry: DocumentType) -> String {
        var parts = [entry.displayName]
        if let role = entry.role?.value { parts.append(role) }
        if let rank = entry.rank?.value { parts.append(rank) }
        var location = entry.location
        if let slash = location.file.lastIndex(of: "/") {
            location.file = String(location.file[location.file.index(after: slash)...])
        }
        parts.append(location.description)
        return parts.joined(separator: " · ")
    }
}
