import PropertyList
import Support
import UniformTypes

/// The text and JSON forms of `utiscope type`'s answers.
enum TypeOutput {
    // MARK: Identifiers

    static func text(_ identifier: UniformTypeIdentifier, catalog: TypeCatalog) -> String {
        if identifier.isDynamic, !catalog.contains(identifier) { return dynamicText(identifier) }
        guard let declaration = catalog.declaration(for: identifier) else { return "" }
        let graph = catalog.graph
        var text = escape(declaration.identifier.rawValue) + "\n"
        text += "  origin: \(escape(declaration.origin.description))"
        if let location = declaration.location, !declaration.origin.isSystem { text += " (\(location))" }
        text += "\n"
        if let description = declaration.typeDescription { text += "  description: \(escape(description.value))\n" }
        let conforms = declaration.conformsTo.map { escape($0.rawValue) }
        text += "  conforms to: \(conforms.isEmpty ? "nothing (a root)" : conforms.joined(separator: ", "))\n"
        text += "  supertypes:\n" + supertypeTree(declaration.identifier, graph: graph, indent: "    ")
        let subtypes = graph.directSubtypes(of: declaration.identifier)
        if !subtypes.isEmpty {
            let shown = subtypes.prefix(12).map { escape($0.rawValue) }.joined(separator: ", ")
            text += "  direct subtypes (\(subtypes.count)): \(shown)\(subtypes.count > 12 ? ", …" : "")\n"
        }
        for tagClass in declaration.tagClasses {
            text +=
                "  \(escape(tagClass.rawValue)): \(declaration.tags(tagClass).map { "'\(escape($0))'" }.joined(separator: ", "))\n"
        }
        if let facts = catalog.systemFacts(for: declaration.identifier) {
            text += "  system icon: \(iconPhrase(facts.icon))\n"
            let thumbnail = facts.thumbnail
            let category = thumbnail.category.map { " (\($0.rawValue))" } ?? ""
            text += "  system thumbnail\(category): iOS \(thumbnail.iOS.rawValue), macOS \(thumbnail.macOS.rawValue)\n"
            if facts.isHardwareModel { text += "  hardware model type (left out of user-facing lists)\n" }
        } else {
            let icons = declaration.icons
            text += "  icon: \(icons.isEmpty ? "none declared" : iconPhrase(SystemIconSource(declaring: icons)))\n"
        }
        if let cycle = graph.cycle(containing: declaration.identifier) {
            text +=
                "  warning: in a conformance cycle with \(cycle.members.map { "'\(escape($0.rawValue))'" }.joined(separator: ", "))\n"
        }
        return text
    }

    static func dynamicText(_ identifier: UniformTypeIdentifier) -> String {
        var text = escape(identifier.rawValue) + "\n  origin: dynamic (made by the system for an undeclared tag)\n"
        do {
            let decoded = try DynamicIdentifier(decoding: identifier)
            if let tagClass = decoded.tagClass, let tag = decoded.tag {
                text += "  tag: \(escape(tagClass.rawValue)) '\(escape(tag))'\n"
            }
            let conforms = decoded.conformsTo.map { escape($0.rawValue) }
            if !conforms.isEmpty { text += "  conforms to: \(conforms.joined(separator: ", "))\n" }
            if decoded.hasOpaqueParts {
                text += "  note: parts of it use codes whose meaning is not known; shown as opaque\n"
            }
        } catch {
            text += "  error: cannot decode: \(error)\n"
        }
        return text
    }

    /// The supertypes drawn as a tree, nearest first; a type already drawn is marked, not repeated.
    static func supertypeTree(_ root: UniformTypeIdentifier, graph: ConformanceGraph, indent: String) -> String {
        var lines: [String] = []
        var drawn: Set<UniformTypeIdentifier> = []
        // Explicit stack: (type, prefix for its line, prefix for its children, is root).
        var stack: [(UniformTypeIdentifier, String, String)] = [(root, indent, indent)]
        while let (type, linePrefix, childPrefix) = stack.popLast(), lines.count < 200 {
            let seen = drawn.contains(type)
            let undeclared = graph.isDeclared(type) ? "" : " (not declared)"
            lines.append(linePrefix + escape(type.rawValue) + undeclared + (seen ? " (see above)" : ""))
            if seen { continue }
            drawn.insert(type)
            let parents = graph.directSupertypes(of: type)
            for (offset, parent) in parents.enumerated().reversed() {
                let last = offset == parents.count - 1
                stack.append((parent, childPrefix + (last ? "└─ " : "├─ "), childPrefix + (last ? "   " : "│  ")))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func iconPhrase(_ source: SystemIconSource) -> String {
        switch source {
        case .none: return "none of its own (an inherited or generic icon shows)"
        case .file: return "yes (an icon file)"
        case .composited: return "composited document icon"
        case .files: return "iOS-style icon images only"
        }
    }

    static func json(_ identifiers: [UniformTypeIdentifier], catalog: TypeCatalog) -> String {
        var types: [String] = []
        for identifier in identifiers {
            guard let declaration = catalog.declaration(for: identifier) else {
                types.append(
                    "{\"identifier\": \(JSONText.quoted(identifier.rawValue)), \"origin\": \"dynamic\", \"conformsTo\": [], "
                        + "\"supertypes\": [], \"tags\": {}, \"hasSystemIcon\": false, \"systemThumbnail\": null}")
                continue
            }
            let facts = catalog.systemFacts(for: identifier)
            var tags: [String] = []
            for tagClass in declaration.tagClasses {
                tags.append("\(JSONText.quoted(tagClass.rawValue)): \(list(declaration.tags(tagClass)))")
            }
            var thumbnail = "null"
            if let value = facts?.thumbnail {
                thumbnail =
                    "{\"category\": \(value.category.map { JSONText.quoted($0.rawValue) } ?? "null"), "
                    + "\"ios\": \(JSONText.quoted(value.iOS.rawValue)), \"macos\": \(JSONText.quoted(value.macOS.rawValue))}"
            }
            let supertypes = catalog.graph.supertypes(of: identifier).filter { $0 != identifier }
            var fields = [
                "\"identifier\": \(JSONText.quoted(declaration.identifier.rawValue))",
                "\"origin\": \(JSONText.quoted(declaration.origin.kindName))",
                "\"declaredBy\": \(JSONText.quoted(declaration.origin.description))",
                "\"conformsTo\": \(list(declaration.conformsTo.map(\.rawValue)))",
                "\"supertypes\": \(list(supertypes.map(\.rawValue)))",
                "\"subtypes\": \(list(catalog.graph.directSubtypes(of: identifier).map(\.rawValue)))",
                "\"tags\": {\(tags.joined(separator: ", "))}",
                "\"hasSystemIcon\": \(facts?.hasIcon ?? false)",
                "\"systemThumbnail\": \(thumbnail)",
            ]
            if let line = declaration.location?.line { fields.append("\"line\": \(line)") }
            types.append("{" + fields.joined(separator: ", ") + "}")
        }
        return "{\"version\": 1, \"types\": [\(types.joined(separator: ", "))]}\n"
    }

    // MARK: Tags

    static func text(_ resolution: TagResolution) -> String {
        let kind = resolution.tagClass == .filenameExtension ? "extension" : "MIME type"
        var text = "\(kind) '\(escape(resolution.tag))'"
        if let restriction = resolution.restriction { text += ", types conforming to \(escape(restriction.rawValue))" }
        text += "\n"
        if resolution.candidates.isEmpty {
            text += "  no declared type claims it\n"
        } else {
            text += "  candidates:\n"
            for candidate in resolution.candidates {
                let mark = candidate.identifier == resolution.preferred ? "  (preferred)" : ""
                text += "    \(escape(candidate.identifier.rawValue))  \(escape(candidate.origin.description))\(mark)\n"
            }
        }
        for excluded in resolution.excluded {
            text += "  left out (does not conform to the restriction): \(escape(excluded.identifier.rawValue))\n"
        }
        switch resolution.reason {
        case .onlyCandidate: text += "  preferred: the only candidate\n"
        case .publicOverNonPublic:
            text += "  preferred: public types win over non-public ones (Apple's documented rule)\n"
        case .exportedOverImported:
            text +=
                "  preferred: an exported declaration wins over imported ones (--exported-wins yes; not documented)\n"
        case .ambiguous:
            let tied = resolution.tied.map { "'\(escape($0.rawValue))'" }.joined(separator: ", ")
            text += "  ambiguous: \(tied) tie under Apple's rules; which one the system picks is undefined\n"
            if let exported = resolution.exportedAmongTied {
                text +=
                    "  '\(escape(exported.rawValue))' is the only exported declaration among them: '--exported-wins yes' picks it (not documented)\n"
            }
        case .noCandidate:
            if let dynamic = resolution.dynamicIdentifier {
                text += "  the system makes a dynamic identifier: \(escape(dynamic.rawValue))\n"
            }
        }
        return text
    }

    static func json(_ resolution: TagResolution) -> String {
        let tagClass = resolution.tagClass.rawValue
        let candidates = resolution.candidates.map { candidate in
            "{\"identifier\": \(JSONText.quoted(candidate.identifier.rawValue)), "
                + "\"origin\": \(JSONText.quoted(candidate.origin.kindName)), "
                + "\"declaredBy\": \(JSONText.quoted(candidate.origin.description)), "
                + "\"preferredTag\": \(candidate.isPreferredTag)}"
        }
        return "{\"version\": 1, \"tag\": \(JSONText.quoted(resolution.tag)), \"class\": \(JSONText.quoted(tagClass)), "
            + "\"candidates\": [\(candidates.joined(separator: ", "))], "
            + "\"preferred\": \(resolution.preferred.map { JSONText.quoted($0.rawValue) } ?? "null"), "
            + "\"reason\": \(JSONText.quoted(resolution.reason.rawValue)), "
            + "\"ambiguous\": \(resolution.isAmbiguous), "
            + "\"tied\": \(list(resolution.tied.map(\.rawValue))), "
            + "\"exportedAmongTied\": \(resolution.exportedAmongTied.map { JSONText.quoted($0.rawValue) } ?? "null"), "
            + "\"dynamic\": \(resolution.dynamicIdentifier.map { JSONText.quoted($0.rawValue) } ?? "null")}\n"
    }

    static func list(_ values: [String]) -> String {
        "[" + values.map(JSONText.quoted).joined(separator: ", ") + "]"
    }

    static func escape(_ text: String) -> String { OutputEscaping.escape(text) }
}

extension TypeOrigin {
    /// `system`, `exported` or `imported`.
    var kindName: String {
        switch self {
        case .system: return "system"
        case .exported: return "exported"
        case .imported: return "imported"
        }
    }
}
