import Foundation
import TestScratch
import Testing

/// One question, one answer: every command that answers something about an app — `icon`,
/// `opens`, `allowed`, `browse`, `lint` (ICON-001) and `report` — is run over every fixture app,
/// every type each app lists and a file of each, and the answers are compared. Not a list of
/// cases: a disagreement anywhere fails.
@Suite struct ConsistencyTests {
    /// Every app among the fixtures: the apps, the probes (one behaviour each) and the projects'
    /// apps.
    static let apps: [String] = {
        var apps: [String] = []
        for folder in ["apps", "probes"] {
            let root = fixturesDirectory + "/" + folder
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            for name in names.sorted() where !name.hasSuffix(".md") {
                let path = root + "/" + name
                // Malformed and Hostile are read problems, not questions about an app.
                if ["Malformed", "Hostile"].contains(name) { continue }
                apps.append(path)
            }
        }
        apps += [
            "projects/DocumentApp/DocumentApp.xcodeproj", "projects/MacEditor/MacEditor.xcodeproj",
            "projects/Bundles/Built.app",
        ].map { fixturesDirectory + "/" + $0 }
        return apps
    }()

    func json(_ arguments: String...) throws -> [String: Any] {
        try json(arguments)
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = utiscope(arguments)
        #expect(result.status == .success || result.status == .findings, "\(arguments): \(result.errors)")
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        return try #require(object as? [String: Any], "\(arguments)")
    }

    /// The report's tiles: file name (or listed type), icon, state.
    func tiles(_ app: String) throws -> [(listed: String, file: String?, icon: String, state: String)] {
        let html = utiscope("report", app, "--output", "-").output
        let pattern = try Regex(
            #"<div class="tile (\w+)" data-listed="([^"]*)"(?: data-file="([^"]*)")? data-icon="([a-z-]+)""#)
        return html.matches(of: pattern).map { match in
            let output = match.output
            func text(_ index: Int) -> String? {
                output[index].substring.map {
                    String($0).replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(
                        of: "&quot;", with: "\""
                    )
                    .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                    .replacingOccurrences(of: "&amp;", with: "&")
                }
            }
            return (text(2) ?? "", text(3), text(4) ?? "", text(1) ?? "")
        }
    }

    @Test(arguments: apps)
    func everyCommandGivesTheSameAnswer(_ app: String) throws {
        let name = (app as NSString).lastPathComponent
        // What the app lists, and what lint says of each listed type's icon.
        let described = try json("app", app, "--format", "json")
        let listed = (described["documentTypes"] as? [[String: Any]] ?? []).flatMap {
            $0["contentTypes"] as? [String] ?? []
        }
        let lint = try json("lint", app, "--format", "json")
        var lintIcons: [String: String] = [:]
        for diagnostic in lint["diagnostics"] as? [[String: Any]] ?? []
        where diagnostic["rule"] as? String == "ICON-001" {
            let properties = try #require(diagnostic["properties"] as? [String: String], "\(name): ICON-001 properties")
            lintIcons[try #require(properties["type"])] = try #require(properties["icon"])
        }
        // `icon` for each listed type; lint says the same of every type it explains.
        for type in Set(listed).sorted() {
            let answer = try json("icon", "--app", app, "--format", "json", type)
            let result = try #require((answer["results"] as? [[String: Any]])?.first)
            let icon = try #require(result["icon"] as? String)
            if let fromLint = lintIcons.removeValue(forKey: type) {
                #expect(fromLint == icon, "\(name): lint says \(type) shows \(fromLint), icon says \(icon)")
            }
        }
        #expect(lintIcons.isEmpty, "\(name): lint explains types the app does not list: \(lintIcons)")

        // The report's files, made on disk (packages as folders), asked of `opens`, `icon` and
        // `browse`.
        let grid = try tiles(app)
        let folder = try Scratch.folder("consistency").path
        var files: [String] = []
        for tile in grid {
            guard let file = tile.file, !files.contains(file) else { continue }
            // A legacy extension's tile ("extension 'scrb'") is a file.
            var supertypes: [String] = []
            if !tile.listed.hasPrefix("extension ") {
                let typeAnswer = try json("type", "--app", app, "--format", "json", tile.listed)
                supertypes = (typeAnswer["types"] as? [[String: Any]])?.first?["supertypes"] as? [String] ?? []
            }
            let path = folder + "/" + file
            if supertypes.contains("com.apple.package") {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } else {
                FileManager.default.createFile(atPath: path, contents: Data())
            }
            files.append(file)
        }
        guard !files.isEmpty else { return }
        let paths = files.map { folder + "/" + $0 }
        let opens = try #require(
            try json(["opens", "--app", app, "--format", "json"] + paths)["results"] as? [[String: Any]])
        let icons = try #require(
            try json(["icon", "--app", app, "--format", "json"] + paths)["results"] as? [[String: Any]])
        let allowed = try json("allowed", "--app", app, "--format", "json")
        let allowedTypes = Set(
            (allowed["allowedTypes"] as? [[String: Any]] ?? []).compactMap { $0["identifier"] as? String })
        let browse = try json("browse", folder, "--app", app, "--format", "json")
        let rows = browse["entries"] as? [[String: Any]] ?? []
        for (index, file) in files.enumerated() {
            let verdict = opens[index]
            let icon = icons[index]
            let state: String
            if verdict["kind"] as? String == "folder" {
                state = "navigable"
            } else if verdict["certain"] as? Bool == false {
                state = "undetermined"
            } else {
                state = verdict["opens"] as? Bool == true ? "selectable" : "greyed-out"
            }
            // `opens` against `allowed`: what allows a file is in the allowed list.
            if let allowedBy = verdict["allowedBy"] as? String {
                #expect(
                    allowedTypes.contains(allowedBy),
                    "\(name): \(file) opens by '\(allowedBy)', which allowed does not list")
            }
            // `browse` shows the state `opens` gives and the icon `icon` gives.
            let row = try #require(rows.first { $0["path"] as? String == file }, "\(name): browse has no row \(file)")
            #expect(row["state"] as? String == state, "\(name): \(file): browse \(row["state"] ?? "-"), opens \(state)")
            #expect(row["icon"] as? String == icon["icon"] as? String, "\(name): \(file): browse and icon differ")
            #expect(row["iconCertain"] as? Bool == icon["certain"] as? Bool, "\(name): \(file): icon certainty")
            // The report's tile for the file says the same.
            for tile in grid where tile.file == file {
                #expect(
                    tile.icon == icon["icon"] as? String,
                    "\(name): \(file): report \(tile.icon), icon \(icon["icon"] ?? "-")")
                let tileState = ["opens": "selectable", "greyed": "greyed-out", "undetermined": "undetermined"][
                    tile.state]
                if verdict["kind"] as? String != "folder" {
                    #expect(tileState == state, "\(name): \(file): report \(tile.state), opens \(state)")
                }
            }
        }
    }

    @Test func theProbesCoverWhatTheyProbe() throws {
        // Each probe's point, so that the consistency test above cannot pass on apps that no
        // longer show the behaviour they were written for.
        let probes = fixturesDirectory + "/probes"
        func icon(_ app: String, _ subject: String) throws -> [String: Any] {
            try #require(
                (try json("icon", "--app", probes + "/" + app, "--format", "json", subject)["results"]
                    as? [[String: Any]])?.first)
        }
        #expect(try icon("TextThumbnails", "com.example.textthumbs.note")["icon"] as? String == "extension-thumbnail")
        #expect(try icon("ImageConformer", "com.example.drawing.canvas")["icon"] as? String == "app-icon")
        #expect(try icon("OfficeConformer", "com.example.office.report")["icon"] as? String == "app-icon")
        #expect(try icon("TiedExtension", "a.shr")["certain"] as? Bool == false)
        #expect(try icon("PrimaryIconFiles", "com.example.primary.plan")["icon"] as? String == "app-icon")
        let noIcon = try icon("NoIconKeys", "com.example.noicon.board")
        #expect(noIcon["icon"] as? String == "app-icon")
        #expect((noIcon["assumptions"] as? [[String: Any]])?.first?["flag"] as? String == "assume-app-icon")
        #expect(try icon("MacGenerated", "com.example.macgen.generated")["icon"] as? String == "app-icon")
        #expect(try icon("MacGenerated", "com.example.macgen.plain")["icon"] as? String == "generic")
        let dynamic = try json("opens", "--app", probes + "/DynamicListed", "--format", "json", "a.foo")
        #expect((dynamic["results"] as? [[String: Any]])?.first?["opens"] as? Bool == false)
        let dotted = try json("opens", "--app", probes + "/LeadingDot", "--format", "json", "a.dsketch")
        #expect((dotted["results"] as? [[String: Any]])?.first?["opens"] as? Bool == false)
        let newer = try json("allowed", "--app", probes + "/NewerSystemType", "--format", "json")
        let notes = (newer["allowedTypes"] as? [[String: Any]] ?? []).flatMap { $0["notes"] as? [[String: Any]] ?? [] }
        #expect(notes.isEmpty, "public.jpeg-xl and net.daringfireball.markdown are system types now")
        let app = utiscope("app", probes + "/PrimaryIconFiles")
        #expect(app.output.contains("app icon: present"))
    }
}
