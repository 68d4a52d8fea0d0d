/// GitHub Actions workflow commands: `::error file=PATH,line=L,col=C,title=CODE name::message`.
/// Messages escape `%`, CR and LF; property values also escape `:` and `,`, as the runner requires.
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
            var message = diagnostic.message
            if diagnostic.location.line == nil, !diagnostic.location.keyPath.components.isEmpty {
                message += " (at \(diagnostic.location.keyPath))"
            }
            for note in diagnostic.notes {
                message += "\nnote: " + (note.location.map { "\($0): " } ?? "") + note.message
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
        data(text).replacingColonsAndCommas()
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
