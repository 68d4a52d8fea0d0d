#!/usr/bin/env python3
"""Tests of Scripts/check-availability.

- The fixture package (availability-fixture/) is checked as CI checks this package: exactly the
  lines after a comment line `// expect: MESSAGE` are reported, with those messages, and the
  check fails.
- The guard finder is run on snippets: the bytes marked `^` inside a snippet must be guarded for
  macOS 15 and the ones marked `!` must not.

Usage: python3 Scripts/tests/test_check_availability.py   (builds the fixture in .build/)
"""
import importlib.machinery
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCRIPT = os.path.join(ROOT, "Scripts", "check-availability")
FIXTURE = os.path.join(HERE, "availability-fixture")


def load_script():
    loader = importlib.machinery.SourceFileLoader("check_availability", SCRIPT)
    spec = importlib.util.spec_from_loader("check_availability", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


check = load_script()


class FixturePackageTests(unittest.TestCase):
    def test_exactly_the_unguarded_uses_are_reported(self):
        result = subprocess.run(
            [sys.executable, SCRIPT, "--package", FIXTURE,
             "--scratch-path", os.path.join(ROOT, ".build", "availability-fixture")],
            capture_output=True, text=True)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        source_path = os.path.join("Sources", "AvailabilityFixture", "Uses.swift")
        expected = set()
        with open(os.path.join(FIXTURE, source_path), encoding="utf-8") as file:
            for number, line in enumerate(file, start=1):
                marker = re.fullmatch(r"\s*// expect: (.+)\n?", line)
                if marker:
                    expected.add((number + 1, marker.group(1) + " (the package targets 13.0)"))
        self.assertGreaterEqual(len(expected), 4)
        reported = set()
        for line in result.stdout.splitlines():
            if line.startswith("check-availability:"):
                continue
            match = re.fullmatch(re.escape(source_path) + r":(\d+):(\d+): error: (.+)", line)
            self.assertIsNotNone(match, f"not a finding line: {line!r}")
            reported.add((int(match.group(1)), match.group(3)))
        self.assertEqual(reported, expected)
        self.assertIn(f"check-availability: {len(expected)} uses need a newer macOS than 13.0",
                      result.stdout)


class DeploymentTargetTests(unittest.TestCase):
    def target(self, text):
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "Package.swift"), "w", encoding="utf-8") as file:
                file.write(text)
            return check.deployment_target(folder)

    def test_forms_of_the_macos_platform(self):
        self.assertEqual(self.target("platforms: [.iOS(.v16), .macOS(.v13)]"), (13, 0, 0))
        self.assertEqual(self.target("platforms: [.macOS(.v10_15)]"), (10, 15, 0))
        self.assertEqual(self.target('platforms: [.macOS("14.2")]'), (14, 2, 0))
        self.assertEqual(self.target("// .macOS(.v11) in a comment\nplatforms: [.macOS(.v12)]"), (12, 0, 0))

    def test_no_macos_platform_is_an_error(self):
        with self.assertRaises(check.CheckError):
            self.target("platforms: [.iOS(.v16)]")


class GuardedRegionTests(unittest.TestCase):
    def assert_marks(self, marked):
        """`^` marks a byte that must be guarded for macOS 15, `!` one that must not be."""
        source = marked.replace("^", "").replace("!", "").encode()
        regions = check.guarded_regions(source)
        offset = 0
        for character in marked:
            if character in "^!":
                versions = [v for start, end, v in regions if start <= offset < end]
                guarded = bool(versions) and max(versions) >= (15, 0, 0)
                self.assertEqual(guarded, character == "^",
                                 f"offset {offset} in:\n{source.decode()}\nregions {regions}")
            else:
                offset += len(character.encode())

    def test_if_available_guards_its_then_block_only(self):
        self.assert_marks("""
func f() {
    if #available(macOS 15.0, iOS 18, *), let x = g({ $0 }) {
        ^use()
    } else {
        !use()
    }
    !use()
}""")

    def test_guard_available_guards_the_rest_of_the_enclosing_block(self):
        self.assert_marks("""
func f() {
    let run = {
        guard #available(macOS 15, *) else { !return }
        ^use()
    }
    !use()
}""")

    def test_unavailable_guards_the_else_blocks(self):
        self.assert_marks("""
func f() {
    if #unavailable(macOS 15) { !old() } else { ^new() }
    guard #unavailable(macOS 15) else { ^new(); return }
    !old()
}""")

    def test_available_declarations(self):
        self.assert_marks("""
@available(macOS 15, *)
extension S {
    func f() { ^use() }
}
struct T {
    @available(macOS, introduced: 15.0)
    static let shared = ^Mutex(0)
    !func g() {}
    @available(*, unavailable)
    func h() { ^use() }
    @available(iOS 18, *)
    func i() { !use() }
}
protocol P {
    @available(macOS 15, *) @discardableResult
    func lock(
        ^_ value: Int
    ) -> ^Mutex<Int>
    func other() -> !Int
}
@available(macOS 15, *)
let global = ^Mutex(0)
!print(global)""")

    def test_strings_and_comments_hold_no_syntax(self):
        # Each line inside the block holds a '}' that would end the region if read as code.
        self.assert_marks('''
func f() {
    // if #available(macOS 15, *) {
    if #available(macOS 15, *) {
        // }
        /* } /* } */ } */
        let a = "} \\(g("}")) \\" }"
        let b = #"} " }"#
        let c = """
            } "
            """
        ^use()
    }
    !use()
}''')

    def test_a_lower_guard_is_not_enough(self):
        self.assert_marks("""
if #available(macOS 14, *) {
    !use()
    if #available(macOS 15, *) { ^use() }
}""")


class AvailabilityJoinTests(unittest.TestCase):
    def availability(self, available, member_of=None, defaults=None):
        digest = {"available": available, "memberOf": member_of or {}, "defaults": defaults or {},
                  "names": {}}
        return check.Availability([digest])

    def test_a_member_takes_its_enclosing_declarations_availability(self):
        table = self.availability({"T": [[15, 0, 0], None, False], "T.m": [[10, 15, 0], None, False]},
                                  {"T.m": "T", "T.n": "T"})
        self.assertEqual(table.of("T.m")[0], (15, 0, 0))
        self.assertEqual(table.of("T.n")[0], (15, 0, 0))
        self.assertIsNone(table.of("U"))

    def test_a_requirement_with_an_older_default_implementation_is_usable_early(self):
        table = self.availability({"P.req": [[15, 0, 0], None, False]}, {}, {"P.req": ["P.impl"]})
        self.assertIsNone(table.of("P.req"))
        table = self.availability({"P.req": [[15, 0, 0], None, False], "P.impl": [[14, 0, 0], None, False]},
                                  {}, {"P.req": ["P.impl"]})
        self.assertEqual(table.of("P.req")[0], (14, 0, 0))


if __name__ == "__main__":
    unittest.main()
