import AppBundle
import PropertyList
import SwiftSource

/// The report's section on the app's Swift code, as `utiscope app` shows it: type constants, the
/// places that show files to open with their lists, documents, and the creation handlers' paths.
struct CodeSection {
    /// What was read from the code.
    let code: SwiftCodeFacts

    /// The section's HTML.
    var html: String {
        var html = "<section id=\"code\">\n<h2>Swift code</h2>\n<p class=\"lead\">What utiscope read from the app's "
        html += "\(code.files.count) Swift file\(code.files.count == 1 ? "" : "s"); the SRC rules check it against "
        html += "the Info.plist, and the document browser above uses the list of the place "
        html += "<code>utiscope opens</code> answers for by default.</p>\n"
        html += list(
            "Type constants", code.typeConstants,
            item: { constant in
                let identifier = constant.identifier.map { "<code>\(HTMLText.escape($0))</code>" } ?? "computed"
                let form = constant.form == .plain ? "" : " (\(constant.form.rawValue))"
                return
                    "<code>.\(HTMLText.escape(constant.name))</code> = \(identifier)\(form)\(place(constant.location))"
            })
        html += list(
            "Places that show files to open", code.creationSites.filter(\.kind.showsFilesToOpen),
            item: { site in
                "<code>\(HTMLText.escape(site.kind.apiName))</code>: \(Self.list(site.list))\(place(site.location))"
            })
        html += list(
            "Documents", code.documents,
            item: { document in
                let readable = document.readableContentTypes.map(Self.list) ?? "not declared"
                var text = "<code>\(HTMLText.escape(document.name))</code> (\(document.conformance.rawValue)): reads "
                text += readable + place(document.location)
                if !document.misspeltWritableContentTypes.isEmpty {
                    text += "; declares <code>writeableContentTypes</code>, which SwiftUI ignores"
                }
                return text
            })
        html += list(
            "Document scenes and exporters", code.sceneUses,
            item: { use in
                var text = "<code>\(HTMLText.escape(use.kind.apiName))</code>"
                text +=
                    use.documentName.map { " <code>\(HTMLText.escape($0))</code>" } ?? " (document not named in code)"
                if use.contentTypes.form != .absent { text += ": " + Self.list(use.contentTypes) }
                return text + place(use.location)
            })
        html += list(
            "Creation handlers", code.creationHandlers,
            item: { handler in
                var text = "<code>\(HTMLText.escape(handler.handlerName))</code>"
                if let type = handler.enclosingType { text += " in <code>\(HTMLText.escape(type))</code>" }
                text += place(handler.location) + ": "
                if handler.unconsumedEnds.isEmpty && handler.isFullyModelled {
                    text += "every path consumes it"
                } else if handler.unconsumedEnds.isEmpty {
                    text += "not every path is modelled"
                } else {
                    let ends = handler.unconsumedEnds.map { "\($0.kind.rawValue)\(place($0.location))" }
                    text += "paths end without consuming it: " + ends.joined(separator: ", ")
                }
                if !handler.repeatedCalls.isEmpty { text += "; called twice on a path" }
                if handler.canOnlyCancel { text += "; only ever cancels" }
                return text
            })
        return html + "</section>\n"
    }

    /// A titled list, or nothing when there is nothing to list.
    private func list<Item>(_ title: String, _ items: [Item], item: (Item) -> String) -> String {
        guard !items.isEmpty else { return "" }
        return "<h3>\(title) (\(items.count))</h3>\n<ul>\n" + items.map { "<li>\(item($0))</li>\n" }.joined()
            + "</ul>\n"
    }

    /// ` <span class="muted">file:line:col</span>`.
    private func place(_ location: SourceLocation) -> String {
        " <span class=\"muted\">\(HTMLText.path(location.description))</span>"
    }

    /// A list in code: its text and what it stands for.
    static func list(_ list: TypeList) -> String {
        switch list.form {
        case .null: return "<code>nil</code>: the Info.plist's document types"
        case .absent: return "no list of its own: the Info.plist's document types"
        case .explicit, .dynamic:
            let known = list.identifiers.map { "<code>\(HTMLText.escape($0))</code>" }.joined(separator: ", ")
            let computed = list.form == .dynamic ? " (computed; known members)" : ""
            return "<code>\(HTMLText.escape(list.text))</code>\(computed) → \(known.isEmpty ? "nothing known" : known)"
        }
    }
}
