import DocumentBrowser
import PropertyList
import Support
import SwiftSource
import UniformTypes

/// The pieces of text and JSON the document-browser commands share: allowed types, reasons,
/// assumptions and locations.
enum BrowserOutput {
    static func escape(_ text: String) -> String { OutputEscaping.escape(text) }

    // MARK: Text

    /// ` (file:line)` for a location, or nothing.
    static func at(_ location: SourceLocation?) -> String {
        guard let location else { return "" }
        return " (\(escape(location.description)))"
    }

    /// One line per reason, marked ✓ or ✗, with its location and assumption.
    static func text(_ reasons: [Reason], indent: String = "  ") -> String {
        reasons.map { reason in
            var line = indent + (reason.holds ? "✓ " : "✗ ") + escape(reason.message) + at(reason.location)
            if let assumption = reason.assumption { line += " [rests on \(assumption.setting)]" }
            return line + "\n"
        }.joined()
    }

    /// `rests on: --flag value (statement)` lines, or nothing.
    static func text(_ assumptions: [Assumption], indent: String = "  ") -> String {
        assumptions.map { "\(indent)rests on \($0.setting): \(escape($0.statement))\n" }.joined()
    }

    /// Where a site of the app's code is, and what it calls: `UIDocumentBrowserViewController(forOpening:)
    /// at App/Browser.swift:7:15`.
    static func place(_ site: CreationSite) -> String {
        "\(site.kind.apiName) at \(escape(site.location.description))"
    }

    /// The first line of an allowed list: where it comes from.
    static func heading(_ allowed: AllowedTypes) -> String {
        guard let site = allowed.site else {
            return allowed.isExplicit
                ? "allowed types (given explicitly):\n" : "allowed types (nil: the app's document types):\n"
        }
        switch site.list.form {
        case .explicit: return "allowed types (listed in code: \(place(site))):\n"
        case .dynamic:
            return "allowed types (computed in code: \(place(site)); only the members written there are known):\n"
        case .null: return "allowed types (nil in code: \(place(site)); the app's document types):\n"
        case .absent: return "allowed types (\(place(site)), no list of its own: the app's document types):\n"
        }
    }

    /// A note saying which of several sites of the app's code the answer is for.
    static func siteNote(_ browser: DocumentBrowser) -> String {
        let sites = CodeSites.openingSites(in: browser.app.code)
        guard let site = browser.allowed.site, sites.count > 1 else { return "" }
        return "note: the app's code shows files to open at \(sites.count) places; answering for "
            + "\(escape(CodeSites.name(of: site))) (\(site.kind.apiName)); --site FILE:LINE picks another\n"
    }

    /// The allowed list as text.
    static func text(_ allowed: AllowedTypes) -> String {
        var text = heading(allowed)
        if allowed.types.isEmpty { text += "  none\n" }
        let width = min(48, allowed.types.map(\.identifier.rawValue.count).max() ?? 0)
        for type in allowed.types {
            let identifier = escape(type.identifier.rawValue)
            let padding = String(repeating: " ", count: max(1, width - identifier.count + 2))
            text += "  \(identifier)\(padding)\(escape(type.source.phrase))\(at(type.source.location))\n"
            for note in type.notes { text += "    note: \(escape(note.message))\n" }
        }
        if !allowed.leftOut.isEmpty {
            text += "left out:\n" + self.text(allowed.leftOut)
        }
        return text + self.text(allowed.assumptions)
    }

    /// The last line of an answer: which system facts it used.
    static func systemNote(_ browser: DocumentBrowser) -> String {
        "answered with the \(escape(browser.systemFacts))\n"
    }

    /// A note when iOS is assumed because the app's keys do not say.
    static func platformNote(_ browser: DocumentBrowser) -> String {
        browser.isPlatformAssumed
            ? "note: the app's keys do not tell its platform; answering for iOS (see --platform)\n" : ""
    }

    // MARK: JSON

    static func quoted(_ text: String) -> String { JSONText.quoted(text) }

    static func optional(_ text: String?) -> String { text.map(quoted) ?? "null" }

    static func optional(_ number: Int?) -> String { number.map(String.init) ?? "null" }

    /// `"file": …, "line": …` for a location.
    static func locationFields(_ location: SourceLocation?) -> String {
        "\"file\": \(optional(location?.file)), \"line\": \(optional(location?.line))"
    }

    static func json(_ assumption: Assumption) -> String {
        "{\"flag\": \(quoted(assumption.flag)), \"value\": \(quoted(assumption.value)), "
            + "\"statement\": \(quoted(assumption.statement))}"
    }

    static func json(_ assumptions: [Assumption]) -> String {
        "[" + assumptions.map(json).joined(separator: ", ") + "]"
    }

    static func json(_ reason: Reason) -> String {
        "{\"message\": \(quoted(reason.message)), \"holds\": \(reason.holds), \(locationFields(reason.location)), "
            + "\"assumption\": \(reason.assumption.map(json) ?? "null")}"
    }

    static func json(_ reasons: [Reason]) -> String {
        "[" + reasons.map(json).joined(separator: ", ") + "]"
    }

    static func json(_ type: AllowedType) -> String {
        "{\"identifier\": \(quoted(type.identifier.rawValue)), \"source\": \(quoted(type.source.code)), "
            + "\"entry\": \(optional(type.source.entryIndex)), \"name\": \(optional(type.source.entryName)), "
            + "\"code\": \(optional(type.source.codeText)), "
            + "\(locationFields(type.source.location)), \"assumptions\": \(json(type.assumptions)), "
            + "\"notes\": \(json(type.notes))}"
    }

    /// `"allowedTypes": [...], "leftOut": [...], "explicit": bool, "dynamic": bool, "site": {…}|null`.
    static func allowedFields(_ allowed: AllowedTypes) -> String {
        "\"allowedTypes\": [\(allowed.types.map(json).joined(separator: ", "))], "
            + "\"explicit\": \(allowed.isExplicit), \"dynamic\": \(allowed.isDynamic), "
            + "\"site\": \(allowed.site.map(json) ?? "null"), \"leftOut\": \(json(allowed.leftOut)), "
            + "\"allowedAssumptions\": \(json(allowed.assumptions))"
    }

    /// A site of the app's code: where, what it calls, and its list as written.
    static func json(_ site: CreationSite) -> String {
        "{\(locationFields(site.location)), \"column\": \(optional(site.location.column)), "
            + "\"kind\": \(quoted(site.kind.rawValue)), \"api\": \(quoted(site.kind.apiName)), "
            + "\"list\": \(quoted(site.list.form.rawValue)), \"text\": \(quoted(site.list.text))}"
    }

    /// `"platform": …, "platformAssumed": …`.
    static func platformFields(_ browser: DocumentBrowser) -> String {
        "\"platform\": \(quoted(browser.platform.rawValue)), \"platformAssumed\": \(browser.isPlatformAssumed), "
            + "\"systemTypes\": \(quoted(browser.systemFacts))"
    }
}
