import AppBundle
import PropertyList
import Support
import SwiftSource

/// What was read from an app's Swift code, as `utiscope app` shows it in text and JSON: the type
/// constants, the places that create browsers, pickers and launch views with their lists, the
/// documents, the creation delegate and its paths.
enum CodeOutput {
    static func escape(_ text: String) -> String { OutputEscaping.escape(text) }

    // MARK: Text

    /// The code section of `utiscope app`'s text, indented by two spaces.
    static func text(_ unit: AppUnit) -> String {
        guard let code = unit.code else {
            return unit.origin == .builtBundle
                ? "" : "  Swift code: not read (--no-sources, or an Info.plist named without --sources DIR)\n"
        }
        let count = code.files.count
        guard count > 0 else { return "  Swift code: no Swift file of the app found\n" }
        var text = "  Swift code (\(count) file\(count == 1 ? "" : "s") read):\n"
        text += "    type constants (\(code.typeConstants.count)):\n"
        for constant in code.typeConstants {
            let identifier = constant.identifier.map { "'\(escape($0))'" } ?? "computed"
            let form = constant.form == .plain ? "" : ", \(constant.form.rawValue)"
            text += "      .\(escape(constant.name)) = \(identifier)\(form) (\(place(constant.location)))\n"
        }
        let opening = code.creationSites.filter(\.kind.showsFilesToOpen)
        text += "    places that show files to open (\(opening.count)):\n"
        for site in opening {
            text += "      \(site.kind.apiName) (\(place(site.location))): \(list(site.list))\n"
        }
        let creating = code.creationSites.filter { !$0.kind.showsFilesToOpen }
        if !creating.isEmpty {
            text += "    document creation in SwiftUI and iOS 18 (\(creating.count)):\n"
            for site in creating {
                let detail = site.detail.map { " \(escape($0))" } ?? ""
                let types = site.list.form == .absent ? "" : ": \(list(site.list))"
                text += "      \(site.kind.apiName)\(detail) (\(place(site.location)))\(types)\n"
            }
        }
        text += "    documents (\(code.documents.count)):\n"
        let inGroups = Set(code.documentsInDocumentGroups.map(\.name))
        for document in code.documents {
            let use = inGroups.contains(document.name) ? ", in a DocumentGroup" : ""
            text +=
                "      \(escape(document.name)) (\(document.conformance.rawValue)\(use); \(place(document.location)))\n"
            text += "        readable: \(document.readableContentTypes.map(list) ?? "not declared")\n"
            text +=
                "        writable: \(document.writableContentTypes.map(list) ?? "not declared (the readable types)")\n"
            for location in document.misspeltWritableContentTypes {
                text += "        writeableContentTypes (misspelt, ignored by SwiftUI) at \(place(location))\n"
            }
        }
        text += "    document scenes and exporters (\(code.sceneUses.count)):\n"
        for use in code.sceneUses {
            let document = use.documentName.map { " \(escape($0))" } ?? " (document not named in code)"
            let types = use.contentTypes.form == .absent ? "" : ": \(list(use.contentTypes))"
            text += "      \(use.kind.apiName)\(document) (\(place(use.location)))\(types)\n"
        }
        text += "    creation handlers (\(code.creationHandlers.count)):\n"
        for handler in code.creationHandlers {
            let owner = handler.enclosingType.map { " in \(escape($0))" } ?? ""
            let name =
                handler.kind == .browserDelegate
                ? "documentBrowser(_:didRequestDocumentCreationWithHandler:)" : "a NewDocumentButton continuation"
            text += "      \(name)\(owner) (\(place(handler.location))), handler '\(escape(handler.handlerName))':\n"
            for line in paths(handler) { text += "        \(line)\n" }
        }
        for location in code.documentCreationEnabled {
            text += "    allowsDocumentCreation = true (\(place(location)))\n"
        }
        for presentation in code.browserPresentations {
            text += "    \(escape(presentation.browserType)) presented modally (\(place(presentation.location)))\n"
        }
        return text
    }

    /// `file:line:column`, escaped.
    static func place(_ location: SourceLocation) -> String { escape(location.description) }

    /// A list in one line: its form, its text, and the identifiers known in it.
    static func list(_ list: TypeList) -> String {
        let known = list.elements.map { element -> String in
            switch element.resolution {
            case .identifier(let identifier, _): return escape(identifier)
            case .filenameExtension(let pathExtension): return "filename extension '\(escape(pathExtension))'"
            case .dynamic: return "'\(escape(element.text))' (computed)"
            }
        }
        switch list.form {
        case .explicit: return "\(escape(list.text)) → \(known.isEmpty ? "nothing" : known.joined(separator: ", "))"
        case .null: return "nil → the Info.plist's document types"
        case .absent: return "no list of its own → the Info.plist's document types"
        case .dynamic:
            let members = known.isEmpty ? "no member known" : "members known: " + known.joined(separator: ", ")
            return "computed (\(escape(list.text))); \(members)"
        }
    }

    /// How a handler's paths treat it, one line each.
    static func paths(_ handler: CreationHandler) -> [String] {
        var lines: [String] = []
        if !handler.isFullyModelled {
            lines.append("not every path is modelled (a loop or nested function touches the handler)")
        }
        for end in handler.unconsumedEnds {
            lines.append("a path ends without consuming it: \(end.kind.rawValue) at \(place(end.location))")
        }
        for call in handler.repeatedCalls { lines.append("called a second time at \(place(call))") }
        if handler.canOnlyCancel { lines.append("only ever cancels (every call passes nil)") }
        if handler.unconsumedEnds.isEmpty && handler.isFullyModelled {
            lines.insert("every path consumes it", at: 0)
        }
        return lines
    }

    // MARK: JSON

    static func quoted(_ text: String) -> String { JSONText.quoted(text) }

    static func optional(_ text: String?) -> String { text.map(quoted) ?? "null" }

    static func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }

    /// `"file": …, "line": …, "column": …`.
    static func fields(_ location: SourceLocation?) -> String {
        "\"file\": \(optional(location?.file)), \"line\": \(number(location?.line)), "
            + "\"column\": \(number(location?.column))"
    }

    static func array(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    static func json(_ list: TypeList) -> String {
        let elements = list.elements.map { element -> String in
            var identifier: String?
            var pathExtension: String?
            if case .identifier(let value, _) = element.resolution { identifier = value }
            if case .filenameExtension(let value) = element.resolution { pathExtension = value }
            return "{\"text\": \(quoted(element.text)), \"identifier\": \(optional(identifier)), "
                + "\"filenameExtension\": \(optional(pathExtension)), \"dynamic\": \(element.isDynamic), "
                + "\(fields(element.location))}"
        }
        return "{\"form\": \(quoted(list.form.rawValue)), \"text\": \(quoted(list.text)), "
            + "\"identifiers\": \(array(list.identifiers.map(quoted))), \"elements\": \(array(elements))}"
    }

    /// The `code` member of `utiscope app --format json`: null when the code was not read.
    static func json(_ code: SwiftCodeFacts?) -> String {
        guard let code else { return "null" }
        let constants = code.typeConstants.map { constant in
            "{\"name\": \(quoted(constant.name)), \"identifier\": \(optional(constant.identifier)), "
                + "\"form\": \(quoted(constant.form.rawValue)), \(fields(constant.location))}"
        }
        let declarations = code.declarationSites.map { site in
            "{\"kind\": \(quoted(site.kind.rawValue)), \"identifier\": \(optional(site.identifier)), "
                + "\"constant\": \(optional(site.constantName)), \(fields(site.location))}"
        }
        let sites = code.creationSites.map { site in
            "{\"kind\": \(quoted(site.kind.rawValue)), \"api\": \(quoted(site.kind.apiName)), "
                + "\"showsFilesToOpen\": \(site.kind.showsFilesToOpen), \"detail\": \(optional(site.detail)), "
                + "\(fields(site.location)), \"list\": \(json(site.list))}"
        }
        let groups = Set(code.documentsInDocumentGroups.map(\.name))
        let documents = code.documents.map { document in
            "{\"name\": \(quoted(document.name)), \"conformance\": \(quoted(document.conformance.rawValue)), "
                + "\"inDocumentGroup\": \(groups.contains(document.name)), \(fields(document.location)), "
                + "\"readableContentTypes\": \(document.readableContentTypes.map(json) ?? "null"), "
                + "\"writableContentTypes\": \(document.writableContentTypes.map(json) ?? "null"), "
                + "\"misspeltWritableContentTypes\": \(array(document.misspeltWritableContentTypes.map { "{\(fields($0))}" }))}"
        }
        let scenes = code.sceneUses.map { use in
            "{\"kind\": \(quoted(use.kind.rawValue)), \"api\": \(quoted(use.kind.apiName)), "
                + "\"document\": \(optional(use.documentName)), \(fields(use.location)), "
                + "\"contentTypes\": \(use.contentTypes.form == .absent ? "null" : json(use.contentTypes))}"
        }
        let handlers = code.creationHandlers.map { handler in
            let ends = handler.unconsumedEnds.map { "{\"kind\": \(quoted($0.kind.rawValue)), \(fields($0.location))}" }
            return "{\"kind\": \(quoted(handler.kind.rawValue)), \"type\": \(optional(handler.enclosingType)), "
                + "\"handler\": \(quoted(handler.handlerName)), \(fields(handler.location)), "
                + "\"consumedOnEveryPath\": \(handler.unconsumedEnds.isEmpty && handler.isFullyModelled), "
                + "\"unconsumedEnds\": \(array(ends)), "
                + "\"repeatedCalls\": \(array(handler.repeatedCalls.map { "{\(fields($0))}" })), "
                + "\"canOnlyCancel\": \(handler.canOnlyCancel), \"fullyModelled\": \(handler.isFullyModelled)}"
        }
        let presentations = code.browserPresentations.map { presentation in
            "{\"browserType\": \(quoted(presentation.browserType)), \(fields(presentation.location))}"
        }
        return "{\"files\": \(array(code.files.map(quoted))), \"typeConstants\": \(array(constants)), "
            + "\"declarations\": \(array(declarations)), \"sites\": \(array(sites)), "
            + "\"documents\": \(array(documents)), \"sceneUses\": \(array(scenes)), \"creationHandlers\": \(array(handlers)), "
            + "\"documentCreationEnabled\": \(array(code.documentCreationEnabled.map { "{\(fields($0))}" })), "
            + "\"browserPresentations\": \(array(presentations))}"
    }
}
