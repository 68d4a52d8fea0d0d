#!/usr/bin/env python3
"""Writes the differential fixtures: inputs that utiscope and independent parsers (Python's
plistlib for XML and binary, openstep_plist for OpenStep text) must both accept with the same
value (accept/), or both refuse (refuse/). Scripts/differential checks them. Run from anywhere
with Python 3 (standard library only); the output is committed.

Each input is written here, by us, to cover one thing: a scalar form, an encoding, a structure,
a way to be malformed. Binary inputs are written by plistlib, then broken by hand for refuse/."""

import os
import plistlib
import datetime

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = ('<?xml version="1.0" encoding="UTF-8"?>\n'
          '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n')


def xml(body, header=HEADER):
    return (header + '<plist version="1.0">\n' + body + '\n</plist>\n').encode("utf-8")


ACCEPT = {
    # Every scalar form both readers take.
    "scalars.plist": xml("""<dict>
	<key>plain</key><string>Hello, world</string>
	<key>entities</key><string>a &lt; b &amp;&amp; c &gt; d &quot;q&quot; &apos;s&apos; &#x263A; &#65;</string>
	<key>unicode</key><string>grüße 日本語 🎉 עברית</string>
	<key>empty</key><string></string>
	<key>selfClosing</key><string/>
	<key>spaces</key><string>  leading and trailing  </string>
	<key>lines</key><string>one
two	tab</string>
	<key>zero</key><integer>0</integer>
	<key>negative</key><integer>-42</integer>
	<key>int64Max</key><integer>9223372036854775807</integer>
	<key>int64Min</key><integer>-9223372036854775808</integer>
	<key>uint64Max</key><integer>18446744073709551615</integer>
	<key>hex</key><integer>0x1F</integer>
	<key>real</key><real>1.5</real>
	<key>negativeReal</key><real>-0.25</real>
	<key>exponent</key><real>6.02e23</real>
	<key>integralReal</key><real>3</real>
	<key>nan</key><real>nan</real>
	<key>minusInfinity</key><real>-inf</real>
	<key>yes</key><true/>
	<key>no</key><false/>
	<key>date</key><date>2024-02-29T12:34:56Z</date>
	<key>epoch</key><date>1970-01-01T00:00:00Z</date>
	<key>data</key><data>SGVsbG8sIHdvcmxk</data>
	<key>wrappedData</key><data>
	AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8g
	ISIjJCUmJygpKissLS4vMDEy
	</data>
	<key>emptyData</key><data></data>
</dict>"""),
    # Containers: nesting, empty ones, an empty key, keys out of order, a key used twice (the last wins).
    "structure.plist": xml("""<dict>
	<key>zeta</key><array>
		<dict><key>name</key><string>first</string><key>items</key><array><integer>1</integer><integer>2</integer></array></dict>
		<dict/>
		<array/>
		<array><array><array><string>deep</string></array></array></array>
	</array>
	<key>alpha</key><dict><key></key><string>empty key</string></dict>
	<key>again</key><string>first value</string>
	<key>again</key><string>last value</string>
</dict>"""),
    # A root that is not a dictionary.
    "root-array.plist": xml("<array><string>a</string><integer>1</integer><true/></array>"),
    "root-string.plist": xml("<string>only a string</string>"),
    # No XML declaration, no DOCTYPE, comments and an instruction around the values.
    "bare.plist": b'<plist version="1.0">\n<!-- a comment -->\n<dict><!-- inside -->\n'
                  b'<key>a</key><?instruction here?><string>b</string>\n</dict>\n</plist>\n',
    # Encodings: UTF-8 with a byte-order mark, UTF-16 both ways, ISO-8859-1 as declared.
    "utf8-bom.plist": b"\xef\xbb\xbf" + xml("<dict><key>name</key><string>grüße</string></dict>"),
    "utf16le.plist": xml("<dict><key>name</key><string>日本語</string></dict>",
                         HEADER.replace("UTF-8", "UTF-16")).decode("utf-8").encode("utf-16"),
    "utf16be.plist": b"\xfe\xff" + xml("<dict><key>name</key><string>日本語</string></dict>",
                                       HEADER.replace("UTF-8", "UTF-16")).decode("utf-8").encode("utf-16-be"),
    "latin1.plist": xml("<dict><key>caf\u00e9</key><string>cr\u00e8me br\u00fbl\u00e9e</string></dict>",
                        HEADER.replace("UTF-8", "ISO-8859-1")).decode("utf-8").encode("latin-1"),
    # OpenStep text (openstep_plist reads every scalar as a string).
    "project.openstep": b"""// !$*UTF8*$!
{
	archiveVersion = 1;
	objects = {
		/* Begin PBXFileReference section */
		1A2B3C4D /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
		5E6F7A8B = {isa = PBXGroup; children = (1A2B3C4D, ); name = "Supporting Files"; };
	};
	rootObject = 5E6F7A8B;
	numbers = (1, 2.5, -3, 0x10);
}
""",
    "strings.openstep": """/* A strings file: quoted keys and values, escapes, a key alone. */
"greeting" = "Hello, \\"world\\"";
"lines" = "one\\ntwo\\tthree";
"accent" = "caf\\U00e9";
"octal" = "\\101\\102";
"unicode" = "日本語 🎉";
alone;
unquoted_key = unquoted.value-with/chars;
""".encode("utf-8"),
    "values.openstep": b"""{
	data = <0fbd77 1e2d3c>;
	emptyData = <>;
	emptyArray = ();
	emptyDictionary = {};
	trailingComma = (a, b, );
	nested = { inner = ( { x = y; } ); };
	"" = "empty key";
}
""",
    "root-array.openstep": b'( one, "two words", (nested), {k = v;} )\n',
    "root-string.openstep": b'"just a string"\n',
}

REFUSE = {
    # XML that is not well-formed.
    "mismatched-tags.plist": xml("<dict><key>a</key><string>x</dict>"),
    "unclosed.plist": HEADER.encode() + b'<plist version="1.0">\n<dict>\n<key>a</key>\n<string>x</string>\n',
    "text-after-root.plist": xml("<string>a</string>").replace(b"</plist>\n", b"</plist>\n<plist/>\n"),
    # Values a plist cannot hold.
    "bad-integer.plist": xml("<dict><key>n</key><integer>12a</integer></dict>"),
    "decimal-integer.plist": xml("<dict><key>n</key><integer>1.5</integer></dict>"),
    "bad-real.plist": xml("<dict><key>r</key><real>one</real></dict>"),
    "bad-date.plist": xml("<dict><key>d</key><date>2024-13-01T00:00:00Z</date></dict>"),
    "february-thirtieth.plist": xml("<dict><key>d</key><date>2024-02-30T00:00:00Z</date></dict>"),
    # Dictionaries out of step.
    "key-without-value.plist": xml("<dict><key>a</key></dict>"),
    "value-without-key.plist": xml("<dict><string>x</string></dict>"),
    # An internal DTD subset declaring an entity: refused, never expanded.
    "entity-declaration.plist": (b'<?xml version="1.0" encoding="UTF-8"?>\n'
                                 b'<!DOCTYPE plist [ <!ENTITY big "expanded"> ]>\n'
                                 b'<plist version="1.0"><string>&big;</string></plist>\n'),
    "empty.plist": b"",
    # OpenStep text that does not parse.
    "missing-semicolon.openstep": b"{ a = b }\n",
    "unterminated-string.openstep": b'{ a = "never closed; }\n',
    "unclosed-dictionary.openstep": b"{ a = (1, 2);\n",
    "odd-data.openstep": b"{ a = <0fb>; }\n",
    "stray-close.openstep": b"{ a = b; }; }\n",
}


def binary_inputs():
    value = {
        "string": "plain ASCII",
        "unicode": "grüße 日本語 🎉",
        "empty": "",
        "integers": [0, 1, 255, 256, 65535, 65536, -1, -9223372036854775808, 9223372036854775807,
                     18446744073709551615],
        "reals": [1.5, -0.25, 6.02e23, 1e-300],
        "booleans": [True, False],
        "date": datetime.datetime(2024, 2, 29, 12, 34, 56),
        "data": b"\x00\x01\x02binary\xff",
        "nested": {"array": [[], {}, [["deep"]]], "dictionary": {"": "empty key"}},
        # Equal values, which the writer stores once and references twice.
        "shared": ["same", "same", {"k": "same"}],
        "uid": plistlib.UID(7),
        # More than 14 elements (a count after the marker) and long strings.
        "long": ["item %d" % index for index in range(300)],
        "longString": "x" * 70000,
    }
    good = plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False)
    small = plistlib.dumps(["a", 1], fmt=plistlib.FMT_BINARY)
    accept = {
        "everything.bplist": good,
        "root-array.bplist": small,
        "root-integer.bplist": plistlib.dumps(42, fmt=plistlib.FMT_BINARY),
    }
    trailer = len(small) - 32
    offset_table = int.from_bytes(small[trailer + 24:trailer + 32], "big")
    refuse = {
        # Cut short: no trailer.
        "truncated.bplist": good[: len(good) // 2],
        # An offset-table entry pointing past the objects.
        "offset-out-of-range.bplist": small[:offset_table] + bytes([0xFF]) + small[offset_table + 1:],
        # The top object's number beyond the object count.
        "top-object-out-of-range.bplist": small[: trailer + 16] + (99).to_bytes(8, "big") + small[trailer + 24:],
        # An object marker no writer uses (0x70).
        "unknown-marker.bplist": small[:8] + bytes([0x70]) + small[9:],
        # An array referring to an object that does not exist.
        "reference-out-of-range.bplist": small[:9] + bytes([0x09]) + small[10:],
        "header-only.bplist": b"bplist00",
    }
    return accept, refuse


def main():
    binary_accept, binary_refuse = binary_inputs()
    for folder, files in (("accept", {**ACCEPT, **binary_accept}), ("refuse", {**REFUSE, **binary_refuse})):
        os.makedirs(os.path.join(HERE, folder), exist_ok=True)
        for name, content in files.items():
            with open(os.path.join(HERE, folder, name), "wb") as handle:
                handle.write(content)


if __name__ == "__main__":
    main()
