#!/usr/bin/env python3
"""Writes the binary fixtures that plutil cannot make: it collapses duplicate keys and, on Linux,
writes every string as its own object. Run from this directory; the output is committed."""


def ascii_string(text):
    data = text.encode("ascii")
    if len(data) < 15:
        return bytes([0x50 | len(data)]) + data
    return bytes([0x5F, 0x10, len(data)]) + data


def container(marker, references):
    # Fewer than 15 references: the count is the marker's low nibble. One-byte references.
    return bytes([marker | (len(references) // (2 if marker == 0xD0 else 1))] + references)


def bplist(objects, top=0):
    """bplist00 with one-byte references, two-byte offsets and `objects` in index order."""
    body = bytearray(b"bplist00")
    offsets = []
    for item in objects:
        offsets.append(len(body))
        body += item
    table_start = len(body)
    for offset in offsets:
        body += offset.to_bytes(2, "big")
    body += bytes(6) + bytes([2, 1])
    body += len(objects).to_bytes(8, "big") + top.to_bytes(8, "big") + table_start.to_bytes(8, "big")
    return bytes(body)


# The twin of duplicate-keys.xml: the key object is written twice, as a writer that does not unique
# strings would write it.
duplicate_keys = bplist([
    container(0xD0, [1, 2, 3, 4, 5, 6]),
    ascii_string("CFBundleName"),
    ascii_string("CFBundleVersion"),
    ascii_string("CFBundleName"),
    ascii_string("First"),
    ascii_string("1"),
    ascii_string("Second"),
])

# { "name": "name", "list": ["shared", "shared", "name"] } where object 1 ("name") is both a key and
# two values, and object 4 ("shared") is referenced twice: each must be decoded once.
shared_objects = bplist([
    container(0xD0, [1, 2, 1, 3]),
    ascii_string("name"),
    ascii_string("list"),
    container(0xA0, [4, 4, 1]),
    ascii_string("shared"),
])

with open("duplicate-keys.bplist", "wb") as file:
    file.write(duplicate_keys)
with open("shared-objects.bplist", "wb") as file:
    file.write(shared_objects)
