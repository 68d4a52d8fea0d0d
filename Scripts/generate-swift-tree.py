#!/usr/bin/env python3
"""Generate a tree of realistic Swift source files for the Swift-reading benchmark.

Writes OUTPUT/App/<Feature>/<Name>.swift: by default 2,000 files of about 40 MB in all (file sizes
vary from a few hundred bytes to about 80 KB), made of the code an app holds — SwiftUI views, UIKit
controllers, models, networking helpers — with doc comments, block comments, string literals with
escapes and interpolations, multiline and raw strings, closures, `#if` blocks, and regular
expression literals. The APIs utiscope reads are scattered in about one file in twenty (see
`flavour_of`): `UTType` constants, `UTType(exportedAs:)`, document pickers, browsers,
`.fileImporter`, `readableContentTypes`, the creation delegate, `kUTType…` constants — and the same
names in comments and strings, which must give nothing; other files present alerts, name dispatch
queues `"com.example.…"` or mention UTType in a comment. `--dense` puts the APIs in every file
(the worst case for a reader that skips files without them). The same seed gives the same tree.

Usage:
  Scripts/generate-swift-tree.py OUTPUT [--files 2000] [--megabytes 40] [--seed 1] [--dense]

Python 3 standard library only. The tree is ours: nothing is copied from any app.
"""

import argparse
import os
import random

FEATURES = ["Library", "Editor", "Settings", "Sync", "Export", "Import", "Onboarding", "Search", "Sharing",
            "Accounts", "Storage", "Rendering", "Networking", "Analytics", "Widgets", "Shortcuts"]
NOUNS = ["Document", "Note", "Sketch", "Folder", "Tag", "Attachment", "Account", "Session", "Template", "Page",
         "Layer", "Stroke", "Palette", "Preview", "Thumbnail", "Record", "Snapshot", "Draft", "Revision", "Asset"]
ROLES = ["View", "Controller", "Model", "Store", "Service", "Coordinator", "Formatter", "Cache", "Router",
         "Manager", "Builder", "Validator", "Presenter", "Loader"]
SYSTEM_TYPES = ["pdf", "png", "jpeg", "plainText", "json", "image", "movie", "folder", "data", "commaSeparatedText",
                "rtf", "html", "zip", "heic", "audio", "text", "xml", "gif"]
LEGACY = ["kUTTypePDF", "kUTTypePNG", "kUTTypeJPEG", "kUTTypePlainText", "kUTTypeText", "kUTTypeImage"]
WORDS = ("the a document file folder browser type open save create import export share sync preview layer "
         "stroke page template cache request response value item list index count name title state").split()


class Writer:
    def __init__(self, rng, flavour):
        self.rng = rng
        self.flavour = flavour
        self.lines = []
        self.size = 0

    def add(self, text):
        self.lines.append(text)
        self.size += len(text.encode("utf-8")) + 1

    def text(self):
        return "\n".join(self.lines) + "\n"


def words(rng, low, high):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(low, high)))


def ident(rng, capital=False):
    name = rng.choice(NOUNS) + rng.choice(ROLES)
    return name if capital else name[0].lower() + name[1:]


def doc_comment(w, indent):
    for _ in range(w.rng.randint(1, 4)):
        w.add("%s/// %s." % (indent, words(w.rng, 4, 14).capitalize()))


def block_comment(w, indent):
    rng = w.rng
    w.add("%s/*" % indent)
    for _ in range(rng.randint(1, 5)):
        w.add("%s %s" % (indent, words(rng, 5, 12)))
    if rng.random() < 0.3 and w.flavour == "api":
        w.add("%s /* nested: UTType(exportedAs: \"com.example.ignored\") */" % indent)
    w.add("%s*/" % indent)


def statement(w, indent, depth):
    rng = w.rng
    kind = rng.random()
    a, b = ident(rng), ident(rng)
    if kind < 0.16:
        w.add('%slet %s = "%s \\(%s.count) %s"' % (indent, a, words(rng, 1, 4), b, words(rng, 1, 3)))
    elif kind < 0.26:
        w.add('%slogger.debug("%s: \\(%s, privacy: .public) \\"quoted\\" {brace}")' % (indent, words(rng, 2, 5), a))
    elif kind < 0.36 and depth < 3:
        w.add("%sif %s.isEmpty {" % (indent, a))
        statement(w, indent + "    ", depth + 1)
        w.add("%s} else {" % indent)
        statement(w, indent + "    ", depth + 1)
        w.add("%s}" % indent)
    elif kind < 0.44 and depth < 3:
        w.add("%sguard let %s = %s.first(where: { $0.isValid }) else { return }" % (indent, a, b))
        statement(w, indent, depth + 1)
    elif kind < 0.52 and depth < 3:
        w.add("%sfor %s in %s where %s.isEnabled {" % (indent, a, b, a))
        statement(w, indent + "    ", depth + 1)
        w.add("%s}" % indent)
    elif kind < 0.60 and depth < 3:
        w.add("%sswitch %s.state {" % (indent, a))
        for case in ("idle", "loading", "failed(let error)"):
            w.add("%scase .%s:" % (indent, case))
            statement(w, indent + "    ", depth + 1)
        w.add("%sdefault:" % indent)
        w.add("%s    break" % indent)
        w.add("%s}" % indent)
    elif kind < 0.68 and depth < 3:
        w.add("%s%s.load { [weak self] result in" % (indent, a))
        w.add("%s    guard let self else { return }" % indent)
        statement(w, indent + "    ", depth + 1)
        w.add("%s}" % indent)
    elif kind < 0.74:
        w.add("%slet %s = %s.map { $0 * 2 }.filter { $0 > %d }.reduce(0, +)" % (indent, a, b, rng.randint(1, 99)))
    elif kind < 0.78:
        w.add('%slet %s = #"raw \\d+ "%s" \\#(%s)"#' % (indent, a, words(rng, 1, 3), b))
    elif kind < 0.81:
        w.add('%slet %s = """' % (indent, a))
        for _ in range(rng.randint(1, 4)):
            w.add("%s    %s \\(%s) \"inner\"" % (indent, words(rng, 3, 8), b))
        w.add('%s    """' % indent)
    elif kind < 0.83:
        w.add("%slet %s = try Regex(#\"[a-z]+\\.(swift|plist)\"#)" % (indent, a))
    elif kind < 0.85 and w.flavour == "api":
        w.add("%s// UIDocumentBrowserViewController(forOpening: [.%s]) was here" % (indent, rng.choice(SYSTEM_TYPES)))
    elif kind < 0.87 and w.flavour == "api":
        w.add("%slet %s: UTType = .%s" % (indent, a, rng.choice(SYSTEM_TYPES)))
    elif kind < 0.88 and w.flavour == "api":
        w.add('%slet %s = "UTType(exportedAs: \\"com.example.in-a-string\\")"' % (indent, a))
    elif kind < 0.89 and w.flavour == "uikit":
        w.add("%spresent(UIAlertController(title: \"%s\", message: nil, preferredStyle: .alert), animated: true)"
              % (indent, words(rng, 1, 3)))
    elif kind < 0.90 and w.flavour == "queue":
        w.add('%slet %s = DispatchQueue(label: "com.example.app.%s")' % (indent, a, rng.choice(WORDS)))
    else:
        w.add("%s%s = %s.%s(%s: %d, %s: %s)" % (indent, a, b, ident(rng), ident(rng), rng.randint(0, 999),
                                               ident(rng), "true" if rng.random() < 0.5 else "nil"))


def function(w, indent):
    rng = w.rng
    doc_comment(w, indent)
    name = ident(rng)
    w.add("%sfunc %s(_ %s: %s, %s: Int = %d) async throws -> %s {"
          % (indent, name, ident(rng), ident(rng, True), ident(rng), rng.randint(0, 9), ident(rng, True)))
    for _ in range(rng.randint(2, 9)):
        statement(w, indent + "    ", 0)
    w.add("%s    return %s(%s: %s)" % (indent, ident(rng, True), ident(rng), ident(rng)))
    w.add("%s}" % indent)
    w.add("")


def api_snippet(w, indent, identifier):
    """One of the document APIs, written as apps write them."""
    rng = w.rng
    choice = rng.randrange(11)
    types = ", ".join("." + rng.choice(SYSTEM_TYPES) for _ in range(rng.randint(1, 4)))
    if choice == 0:
        w.add("%sfunc presentPicker() {" % indent)
        w.add("%s    let picker = UIDocumentPickerViewController(forOpeningContentTypes: [%s], asCopy: true)"
              % (indent, types))
        w.add("%s    picker.delegate = self" % indent)
        w.add("%s    present(picker, animated: true)" % indent)
        w.add("%s}" % indent)
    elif choice == 1:
        w.add("%svar importer: some View {" % indent)
        w.add("%s    Button(\"Import\") { isImporting = true }" % indent)
        w.add("%s        .fileImporter(isPresented: $isImporting, allowedContentTypes: [%s]) { result in"
              % (indent, types))
        w.add("%s            handle(result)" % indent)
        w.add("%s        }" % indent)
        w.add("%s}" % indent)
    elif choice == 2:
        w.add("%sstatic let exported = UTType(exportedAs: \"%s\")" % (indent, identifier))
    elif choice == 3:
        w.add("%sfunc makeBrowser() -> UIDocumentBrowserViewController {" % indent)
        w.add("%s    let browser = UIDocumentBrowserViewController(forOpening: [%s])" % (indent, types))
        w.add("%s    browser.allowsDocumentCreation = true" % indent)
        w.add("%s    return browser" % indent)
        w.add("%s}" % indent)
    elif choice == 4:
        w.add("%sfunc documentBrowser(_ controller: UIDocumentBrowserViewController, "
              "didRequestDocumentCreationWithHandler importHandler: @escaping (URL?, "
              "UIDocumentBrowserViewController.ImportMode) -> Void) {" % indent)
        w.add("%s    guard let url = Bundle.main.url(forResource: \"Blank\", withExtension: \"txt\") else {" % indent)
        w.add("%s        importHandler(nil, .none)" % indent)
        w.add("%s        return" % indent)
        w.add("%s    }" % indent)
        w.add("%s    importHandler(url, .copy)" % indent)
        w.add("%s}" % indent)
    elif choice == 5:
        w.add("%slet legacyTypes = [%s as String, String(%s)]" % (indent, rng.choice(LEGACY), rng.choice(LEGACY)))
    elif choice == 6:
        w.add("%s// Supported: UTType.%s and UTType.%s" % (indent, rng.choice(SYSTEM_TYPES), rng.choice(SYSTEM_TYPES)))
    elif choice == 7:
        w.add("%sstatic var readableContentTypes: [UTType] { [%s] }" % (indent, types))
    elif choice == 8:
        w.add("%sfunc launch() {" % indent)
        w.add("%s    launchOptions.primaryAction = LaunchOptions.createDocumentAction(withIntent: .template)" % indent)
        w.add("%s}" % indent)
    elif choice == 9:
        w.add("%slet typeID = UTType(\"%s\")?.identifier ?? UTType.data.identifier" % (indent, identifier))
    else:
        w.add("%s#if DEBUG" % indent)
        w.add("%slet debugTypes: [UTType] = [%s, UTType(importedAs: \"%s\")]" % (indent, types, identifier))
        w.add("%s#endif" % indent)


def type_block(w, indent, rng, with_api):
    name = ident(rng, True)
    kind = rng.random()
    doc_comment(w, indent)
    if kind < 0.3:
        w.add("%sstruct %s: View {" % (indent, name))
        w.add("%s    @State private var isImporting = false" % indent)
        w.add("%s    var body: some View {" % indent)
        w.add("%s        VStack(alignment: .leading, spacing: %d) {" % (indent, rng.randint(2, 16)))
        for _ in range(rng.randint(2, 6)):
            w.add("%s            Text(\"%s \\(%s)\").font(.headline)" % (indent, words(rng, 1, 3), ident(rng)))
        w.add("%s        }" % indent)
        w.add("%s        #if os(iOS)" % indent)
        w.add("%s        .navigationBarTitleDisplayMode(.inline)" % indent)
        w.add("%s        #endif" % indent)
        w.add("%s    }" % indent)
    elif kind < 0.6:
        w.add("%sfinal class %s: UIViewController {" % (indent, name))
        w.add("%s    private let %s = %s()" % (indent, ident(rng), ident(rng, True)))
    else:
        w.add("%sstruct %s: Codable, Hashable, Sendable {" % (indent, name))
        for _ in range(rng.randint(2, 8)):
            w.add("%s    var %s: %s" % (indent, ident(rng), rng.choice(["String", "Int", "Date", "[String]", "URL?"])))
    w.add("")
    for _ in range(rng.randint(1, 6)):
        if rng.random() < 0.15:
            block_comment(w, indent + "    ")
        function(w, indent + "    ")
    if with_api:
        api_snippet(w, indent + "    ", "com.example.%s" % name.lower())
    w.add("%s}" % indent)
    w.add("")


def source_file(rng, name, target, flavour):
    w = Writer(rng, flavour)
    w.add("//")
    w.add("//  %s.swift" % name)
    w.add("//  Generated for utiscope's Swift-reading benchmark.")
    w.add("//")
    w.add("")
    for module in rng.sample(["Foundation", "SwiftUI", "UIKit", "UniformTypeIdentifiers", "Combine", "OSLog"],
                             rng.randint(1, 4)):
        w.add("import %s" % module)
    w.add("")
    if flavour == "mention":
        w.add("// The file types come from UTType declarations in the Info.plist.")
        w.add("")
    count = 0
    while w.size < target:
        count += 1
        type_block(w, "", rng, flavour == "api" and count % 2 == 1)
    return w.text()


def flavour_of(rng, dense):
    """What a file holds besides plain code. Shares in a document-based app's source tree: about
    one file in twenty uses the document APIs, one in ten presents view controllers or names a
    dispatch queue with a reverse-DNS label, a few mention UTType in a comment only."""
    if dense:
        return "api"
    roll = rng.random()
    if roll < 0.05:
        return "api"
    if roll < 0.15:
        return "uikit"
    if roll < 0.25:
        return "queue"
    if roll < 0.28:
        return "mention"
    return "plain"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("output", help="folder to write the tree into (App/ is made inside it)")
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--megabytes", type=float, default=40.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dense", action="store_true", help="put the document APIs in every file (the worst case)")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    budget = arguments.megabytes * 1_000_000
    total = 0
    for number in range(arguments.files):
        feature = FEATURES[number % len(FEATURES)]
        name = "%s%d" % (ident(rng, True), number)
        # Sizes spread around the average of what is left: many small files, a few large ones
        # (a file ends with the block that passes its target, so the average is kept as it goes).
        average = max(1000.0, (budget - total) / (arguments.files - number)) * 0.85
        target = int(min(average * 4, max(300, rng.expovariate(1 / average))))
        text = source_file(rng, name, target, flavour_of(rng, arguments.dense))
        folder = os.path.join(arguments.output, "App", feature)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, name + ".swift"), "w", encoding="utf-8") as handle:
            handle.write(text)
        total += len(text.encode("utf-8"))
    print("wrote %d files, %.1f MB, to %s" % (arguments.files, total / 1_000_000, os.path.join(arguments.output, "App")))


if __name__ == "__main__":
    main()
