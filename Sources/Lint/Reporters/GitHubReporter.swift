import PropertyList
import Support

/// GitHub Actions workflow commands: `::error file=PATH,line=L,col=C,title=CODE name::message`.
/// Messages escape `%`, CR and LF; property values also escape `:` and `,`, as the runner requires.
/// Text from the input (file names, messages quoting plist values) is first escaped as the text
/// format escapes it, so no control, bidi or invisible character reaches the log raw.
public struct GitHubReporter: Sendable {
    /// A reporter.
    public init() {}

    /// One command per finding; notes follow the message on their own lines (escaped).
    public func render(_ report: LintReport) -> String {
        var text = ""
        for diagnostic in report.diagnostics {
            let command =
                switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .info: "notice"
                }
            var properties = ["file=" + Self.property(diagnostic.location.file)]
            if let line = diagnostic.location.line {
                properties.append("line=\(line)")
                if let column = diagnostic.location.column { properties.append("col=\(column)") }
            }
            properties.append("title=" + Self.property("\(diagnostic.code) \(diagnostic.name)"))
            var message = OutputEscaping.escape(diagnostic.message)
            if diagnostic.location.line == nil, !diagnostic.location.keyPath.components.isEmpty {
                message += " (at \(OutputEscaping.escape(diagnostic.location.keyPath.description)))"
            }
            for note in diagnostic.notes {
                let place = note.location.map { OutputEscaping.escape("\($0)") + ": " } ?? ""
                message += "\nnote: " + place + OutputEscaping.escape(note.message)
            }
            text += "::\(command) \(properties.joined(separator: ","))::\(Self.data(message))\n"
        }
        return text
    }

    /// Escapes a message: `%`, CR, LF.
    static func data(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Escapes a property value: as a message, and `:` and `,`.
    static func property(_ text: String) -> String {
        data(OutputEscaping.escape(text)).replacingColonsAndCommas()
    }
}

extension String {
    fileprivate func replacingColonsAndCommas() -> String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
