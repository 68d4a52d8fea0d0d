#!/usr/bin/env python3
"""Generate Sources/UniformTypes/SystemTypeData.swift, the embedded system type catalog.

Reads, from ../shared/reference/ (or --reference DIR):
  system-types.json            facts on each system-declared type (macOS 12.7 CoreTypes)
  system-types.icon-keys.json  which icon keys each declaration names
  system-thumbnails.md         which types the system renders content thumbnails for
  newer-system-types.tsv       the type constants Apple added after macOS 12, with the release
                               that added each (those missing from system-types.json are added)

and writes one Swift file holding a single raw string literal: one type per line, tab-separated
(a huge array literal would compile slowly; one string is parsed at first use instead). Nothing
under ../shared is needed at build or run time.

Usage:
  Scripts/generate-system-types.py            rewrite the Swift file
  Scripts/generate-system-types.py --check    exit 1 when the Swift file is out of date

Python 3 standard library only.

Lines are in the catalog's order: by identifier, ASCII letters folded.

Columns of each data line (lists are comma-separated, empty when empty):
  1 identifier        as declared (case kept)
  2 conformsTo        direct parents, declared order, each as the number of the line declaring it
                      (0 for the first line): every parent is declared here (the generator fails
                      otherwise), and the parser reuses that line's identifier instead of making
                      and hashing another string
  3 extensions        lowercased, no leading dot
  4 MIME types        as declared
  5 OSTypes           as declared, trailing spaces kept
  6 source            <bundle>:<exported|imported>, bundle as in the reference (`CoreTypes`,
                      `CoreTypes/MobileDevices`, ...)
  7 icon              none | file | composited | files   (see ICON RULE below)
  8 thumbnail         category code (THUMBNAIL_RULES) or `-`
  9 iOS thumbnail     documented | likely | unknown | likely-not
 10 macOS thumbnail   same values
 11 hardware          `hardware` or `-`                  (see HARDWARE RULE below)
 12 since             `-` for the macOS 12.7 catalog's types; for a type added later, the
                      release that added it (`macos15`, `macos15.2`, `macos27`), from
                      newer-system-types.tsv, declared by `UniformTypeIdentifiers`, with the
                      parents its header names, no tags and no icon of its own

ICON RULE (the reference README's `hasIcon` rule, split by kind):
  file        UTTypeIconFile or UTTypeIconName, top level or inside UTTypeIcons
  composited  otherwise, a composited document-icon key inside UTTypeIcons
              (UTTypeIconBackgroundName, UTTypeIconBadgeName, UTTypeIconText)
  files       otherwise, UTTypeIconFiles with real file names (the iOS-style PNG list)
  none        no icon of its own
  `hasIcon` from system-types.json decides between `none` and the rest; the generator fails when
  the keys disagree with it, except for public.disk-image (only a UTTypeIconBadgeName, yet
  `hasIcon: false` in the reference).

HARDWARE RULE: a type is a hardware model (hidden from user-facing lists) when it is
`public.device` or `public.display`, conforms to either transitively, or is declared by a
`MobileDevices*` or `MachineTypes` bundle. On the macOS 12.7 data this marks 662 types: the
reference README's 661 device/display types plus `com.apple.homebuttonless-device`, an abstract
trait that only MobileDevices declares.
"""

import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
DEFAULT_REFERENCE = os.path.join(os.path.dirname(PACKAGE), "shared", "reference")
OUTPUT = os.path.join(PACKAGE, "Sources", "UniformTypes", "SystemTypeData.swift")
RELEASE = "macOS 12.7"

# Thumbnail rules, in priority order: a type takes the first rule it matches (it is one of the
# rule's roots, starts with one of its prefixes, or conforms to a root transitively). Specific rows
# come before the broad conformance rows, so that e.g. `public.source-code` (row 7, which conforms
# to `public.plain-text`) is not taken by row 6.
#
# `ios` and `macos` give, per platform, the mark the row carries in system-thumbnails.md (checked
# against the file: the mark cell must start with it) and the verdict we encode. Marks map as the
# reference advises: H -> documented, M -> likely (or likely-not where the row says "no"), L and ?
# -> unknown ("encode rows 1-6 and 8 as yes, rows 9-10 as likely, the rest as unknown").
THUMBNAIL_RULES = [
    {"row": 9, "code": "iwork", "roots": ["com.apple.keynote.key", "com.apple.keynote.kth"],
     "prefixes": ["com.apple.iwork."], "ios": ("M", "likely"), "macos": ("M", "likely")},
    {"row": 10, "code": "office",
     "roots": ["org.openxmlformats.wordprocessingml.document", "org.openxmlformats.wordprocessingml.template",
               "org.openxmlformats.wordprocessingml.document.macroenabled",
               "org.openxmlformats.wordprocessingml.template.macroenabled",
               "org.openxmlformats.spreadsheetml.sheet", "org.openxmlformats.spreadsheetml.template",
               "org.openxmlformats.spreadsheetml.sheet.macroenabled",
               "org.openxmlformats.spreadsheetml.template.macroenabled",
               "org.openxmlformats.presentationml.presentation", "org.openxmlformats.presentationml.template",
               "org.openxmlformats.presentationml.slideshow",
               "org.openxmlformats.presentationml.presentation.macroenabled",
               "org.openxmlformats.presentationml.template.macroenabled",
               "org.openxmlformats.presentationml.slideshow.macroenabled",
               "com.microsoft.word.doc", "com.microsoft.word.dot", "com.microsoft.excel.xls",
               "com.microsoft.excel.xlt", "com.microsoft.excel.xlw", "com.microsoft.excel.sheet.binary.macroenabled",
               "com.microsoft.powerpoint.ppt", "com.microsoft.powerpoint.pot", "com.microsoft.powerpoint.pps"],
     "ios": ("M", "likely"), "macos": ("M", "likely")},
    {"row": 11, "code": "rich-text", "roots": ["public.rtf", "com.apple.rtfd", "com.apple.flat-rtfd"],
     "ios": ("L", "unknown"), "macos": ("L", "unknown")},
    {"row": 12, "code": "web", "roots": ["public.html", "com.apple.webarchive"],
     "ios": ("L", "unknown"), "macos": ("L", "unknown")},
    {"row": 2, "code": "live-photo", "roots": ["com.apple.live-photo"],
     "ios": ("H", "documented"), "macos": ("?", "unknown")},
    {"row": 3, "code": "pdf", "roots": ["com.adobe.pdf"], "ios": ("H", "documented"), "macos": ("M", "likely")},
    {"row": 8, "code": "usdz", "roots": ["com.pixar.universal-scene-description-mobile"],
     "ios": ("H", "documented"), "macos": ("H", "unknown")},
    {"row": 13, "code": "contact-calendar-mail-font",
     "roots": ["public.vcard", "com.apple.ical.ics", "com.apple.mail.emlx", "public.font"],
     "ios": ("?", "unknown"), "macos": ("L", "unknown")},
    {"row": 14, "code": "archive",
     "roots": ["public.archive", "public.zip-archive", "com.apple.installer-package-archive"],
     "ios": ("?", "unknown"), "macos": ("M", "likely-not")},
    {"row": 7, "code": "other-text",
     "roots": ["public.source-code", "public.json", "public.xml", "public.yaml",
               "public.comma-separated-values-text", "public.tab-separated-values-text"],
     "ios": ("L", "unknown"), "macos": ("L", "unknown")},
    {"row": 1, "code": "image", "roots": ["public.image"], "ios": ("H", "documented"), "macos": ("M", "likely")},
    {"row": 4, "code": "movie", "roots": ["public.movie"], "ios": ("H", "documented"), "macos": ("L", "unknown")},
    {"row": 5, "code": "audio", "roots": ["public.audio"], "ios": ("H", "documented"), "macos": ("L", "unknown")},
    {"row": 6, "code": "plain-text", "roots": ["public.plain-text"], "ios": ("H", "documented"),
     "macos": ("M", "likely")},
    {"row": 15, "code": "container",
     "roots": ["public.folder", "com.apple.package", "com.apple.application-bundle"],
     "ios": ("?", "unknown"), "macos": ("M", "likely-not")},
]

HARDWARE_ROOTS = ["public.device", "public.display"]
HARDWARE_BUNDLE = re.compile(r"^CoreTypes/(MobileDevices(-\d+)?|MachineTypes)$")

ICON_FILE_KEYS = {"UTTypeIconFile", "UTTypeIconName", "UTTypeIcons.UTTypeIconFile", "UTTypeIcons.UTTypeIconName"}
ICON_COMPOSITED_KEYS = {"UTTypeIcons.UTTypeIconBackgroundName", "UTTypeIcons.UTTypeIconBadgeName",
                        "UTTypeIcons.UTTypeIconText"}
ICON_FILES_KEY = "UTTypeIconFiles"
# Types whose icon keys would say "has an icon" while the reference says `hasIcon: false`.
KNOWN_ICON_EXCEPTIONS = {"public.disk-image"}


def fail(message):
    sys.stderr.write("generate-system-types: " + message + "\n")
    sys.exit(2)


def ancestors(types, identifier):
    """All transitive parents of `identifier` (lowercased ids), iteratively."""
    seen = set()
    stack = list(types[identifier]["parents"])
    while stack:
        parent = stack.pop()
        if parent in seen or parent not in types:
            continue
        seen.add(parent)
        stack.extend(types[parent]["parents"])
    return seen


def icon_kind(keys, has_icon, identifier):
    keys = set(keys)
    if keys & ICON_FILE_KEYS:
        kind = "file"
    elif keys & ICON_COMPOSITED_KEYS:
        kind = "composited"
    elif ICON_FILES_KEY in keys:
        kind = "files"
    else:
        kind = "none"
    if has_icon and kind == "none":
        fail("%s has hasIcon true but no icon key" % identifier)
    if not has_icon and kind != "none":
        # `hasIcon` is the reference's fact and wins; the one known case is public.disk-image,
        # whose only icon key is a UTTypeIconBadgeName.
        if identifier not in KNOWN_ICON_EXCEPTIONS:
            fail("icon keys of %s (%s) disagree with hasIcon false" % (identifier, sorted(keys)))
        kind = "none"
    return kind


def thumbnail_rows(markdown):
    """The findings table of system-thumbnails.md: row number -> cells."""
    rows = {}
    for line in markdown.splitlines():
        match = re.match(r"^\|\s*(\d+)\s*\|", line)
        if match:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            rows[int(match.group(1))] = cells
    return rows


def check_thumbnail_reference(markdown, types, category_of):
    """Fail when system-thumbnails.md no longer says what THUMBNAIL_RULES encode."""
    rows = thumbnail_rows(markdown)
    for rule in THUMBNAIL_RULES:
        cells = rows.get(rule["row"])
        if cells is None or len(cells) < 7:
            fail("system-thumbnails.md has no row %d; review THUMBNAIL_RULES" % rule["row"])
        for platform, column in (("ios", 4), ("macos", 6)):
            mark = rule[platform][0]
            if not cells[column].startswith(mark):
                fail("row %d %s mark is %r, expected %r; review THUMBNAIL_RULES"
                     % (rule["row"], platform, cells[column], mark))
        # Every full identifier the row names in its UTI column must land in this row.
        for token in re.findall(r"`([A-Za-z0-9.\-]+)`", cells[2]):
            key = token.lower()
            if key in types and category_of[key] != rule["code"]:
                fail("row %d names %s, but the rules put it in %r" % (rule["row"], token, category_of[key]))


def assign_thumbnails(types):
    category_of = {}
    for key in sorted(types):
        chain = ancestors(types, key) | {key}
        category_of[key] = "-"
        for rule in THUMBNAIL_RULES:
            roots = set(rule["roots"])
            if chain & roots or any(key.startswith(prefix) for prefix in rule.get("prefixes", [])):
                category_of[key] = rule["code"]
                break
    return category_of


def release_code(version):
    """`15.0` -> `macos15`, `15.2` -> `macos15.2`."""
    major, _, minor = version.partition(".")
    if not major.isdigit() or (minor and not minor.isdigit()):
        fail("unexpected release %r in newer-system-types.tsv" % version)
    return "macos" + major + ("." + minor if minor and minor != "0" else "")


def newer_types(reference, known):
    """The rows of newer-system-types.tsv whose type system-types.json lacks, as entries."""
    entries = []
    with open(os.path.join(reference, "newer-system-types.tsv"), encoding="utf-8") as handle:
        rows = [line.rstrip("\n").split("\t") for line in handle if line.strip() and not line.startswith("#")]
    header, rows = rows[0], rows[1:]
    column = {name: index for index, name in enumerate(header)}
    for row in rows:
        identifier = row[column["identifier"]]
        in_catalog = row[column["in_12.7_catalog"]]
        if identifier.lower() in known:
            if in_catalog == "NO":
                fail("%s is marked missing from the catalog but is in it" % identifier)
            continue
        if in_catalog != "NO":
            fail("%s is marked as in the catalog but is not" % identifier)
        parents = [parent for parent in row[column["header_conforms_to"]].split(",") if parent]
        entries.append({"id": identifier, "conformsTo": parents, "extensions": [], "mimeTypes": [], "osTypes": [],
                        "hasIcon": False, "source": "since:UniformTypeIdentifiers:exported",
                        "since": release_code(row[column["macOS"]])})
    return entries


def ascii_lowercased(text):
    """`text` with ASCII A-Z lowercased and everything else unchanged, as the Swift side folds."""
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)


def build(reference):
    with open(os.path.join(reference, "system-types.json"), encoding="utf-8") as handle:
        entries = json.load(handle)
    with open(os.path.join(reference, "system-types.icon-keys.json"), encoding="utf-8") as handle:
        icon_keys = json.load(handle)
    with open(os.path.join(reference, "system-thumbnails.md"), encoding="utf-8") as handle:
        markdown = handle.read()

    known = {entry["id"].lower() for entry in entries}
    added = newer_types(reference, known)
    # In the order the catalog keeps its types (ASCII letters folded, as UniformTypeIdentifier
    # compares them), so that the parsed types need no sorting.
    entries = sorted(entries + added, key=lambda entry: ascii_lowercased(entry["id"]).encode("utf-8"))
    types = {}
    for entry in entries:
        key = entry["id"].lower()
        if key in types:
            fail("duplicate identifier " + entry["id"])
        types[key] = {"entry": entry, "parents": [parent.lower() for parent in entry["conformsTo"]]}

    category_of = assign_thumbnails(types)
    check_thumbnail_reference(markdown, types, category_of)
    rules = {rule["code"]: rule for rule in THUMBNAIL_RULES}

    line_of = {entry["id"]: number for number, entry in enumerate(entries)}
    lines = []
    hardware_count = 0
    for entry in entries:
        key = entry["id"].lower()
        release, bundle, kind = entry["source"].split(":")
        if release not in ("macos12.7", "since") or kind not in ("exported", "imported"):
            fail("unexpected source " + entry["source"])
        hardware = (key in HARDWARE_ROOTS or ancestors(types, key) & set(HARDWARE_ROOTS)
                    or HARDWARE_BUNDLE.match(bundle))
        hardware_count += 1 if hardware else 0
        for parent in entry["conformsTo"]:
            if parent not in line_of:
                fail("%s conforms to %s, which no line declares with that spelling" % (entry["id"], parent))
        category = category_of[key]
        ios = rules[category]["ios"][1] if category != "-" else "unknown"
        macos = rules[category]["macos"][1] if category != "-" else "unknown"
        fields = [
            entry["id"],
            ",".join(str(line_of[parent]) for parent in entry["conformsTo"]),
            ",".join(entry["extensions"]),
            ",".join(entry["mimeTypes"]),
            ",".join(entry["osTypes"]),
            bundle + ":" + kind,
            icon_kind(icon_keys.get(entry["id"], []), entry["hasIcon"], entry["id"]),
            category,
            ios,
            macos,
            "hardware" if hardware else "-",
            entry.get("since", "-"),
        ]
        for field in fields:
            if re.search(r"[\t\n\r\\]", field) or '"""#' in field:
                fail("a value of %s cannot be embedded: %r" % (entry["id"], field))
        for values in (entry["conformsTo"], entry["extensions"], entry["mimeTypes"], entry["osTypes"]):
            if any("," in value or value == "" for value in values):
                fail("a list value of %s holds a comma or is empty" % entry["id"])
        lines.append("\t".join(fields))

    body = "\n".join(lines)
    return (
        "// swift-format-ignore-file\n"
        "// Generated by Scripts/generate-system-types.py from the reference catalog (system-types.json,\n"
        "// system-types.icon-keys.json, system-thumbnails.md, newer-system-types.tsv). Do not edit; run the\n"
        "// script instead.\n"
        "// %d types (%d added after macOS 12.7), %d of them hardware models.\n"
        "\n"
        "extension SystemTypeCatalog {\n"
        "    /// The OS release the embedded declarations come from.\n"
        "    static let embeddedRelease = \"%s\"\n"
        "\n"
        "    /// One type per line, tab-separated; the columns are described in the generator.\n"
        "    static let embeddedText = #\"\"\"\n"
        "%s\n"
        "\"\"\"#\n"
        "}\n" % (len(entries), len(added), hardware_count, RELEASE, body)
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reference", default=DEFAULT_REFERENCE, help="folder holding the reference files")
    parser.add_argument("--check", action="store_true", help="only check that the Swift file is up to date")
    arguments = parser.parse_args()
    text = build(arguments.reference)
    if arguments.check:
        try:
            with open(OUTPUT, encoding="utf-8") as handle:
                current = handle.read()
        except OSError:
            current = None
        if current != text:
            sys.stderr.write("generate-system-types: %s is out of date; run the script\n" % OUTPUT)
            sys.exit(1)
        return
    with open(OUTPUT, "w", encoding="utf-8") as handle:
        handle.write(text)


if __name__ == "__main__":
    main()
