#!/usr/bin/env python3
"""The core's layers, checked from the sources.

Each folder of src/core is a layer; a file may include headers of its own
layer and of the layers below it, never of a layer above. Only storage
includes sqlite3.h, and no header of storage that others include names
SQLite; a -private.h header is included only in its own layer; only net uses
libsoup (and GnuTLS), and no layer includes GTK. The build enforces the first rule through
include paths; this check says which line breaks it, and covers the system
headers and private headers the include paths cannot."""
import pathlib
import re
import sys

ORDER = ["i18n", "chess", "notation", "clock", "laws", "storage", "round", "net"]
# What each layer may use, besides itself.
BELOW = {
    "i18n": set(),
    "chess": {"i18n"},
    "notation": {"i18n", "chess"},
    "clock": {"i18n", "chess"},
    "laws": {"i18n", "chess", "clock"},
    "storage": {"i18n", "chess", "notation", "clock", "laws"},
    "round": {"i18n", "chess", "notation", "clock", "laws", "storage"},
    "net": {"i18n", "chess", "notation", "clock", "laws", "storage", "round"},
}

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
core = root / "src" / "core"
owner = {}
for layer in ORDER:
    for header in (core / layer).glob("*.h"):
        owner[header.name] = layer

include = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
problems = []
for layer in ORDER:
    for path in sorted((core / layer).glob("*.[ch]")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = include.match(line)
            if not m:
                continue
            name = m.group(2)
            where = f"{path.relative_to(root)}:{number}"
            if name == "sqlite3.h" and layer != "storage":
                problems.append(f"{where}: sqlite3.h outside storage/")
            if name.startswith("libsoup/") and layer != "net":
                problems.append(f"{where}: libsoup outside net/")
            if name.startswith("gnutls/") and layer != "net":
                problems.append(f"{where}: GnuTLS outside net/")
            if name.startswith(("gtk/", "adwaita.h", "gdk/")):
                problems.append(f"{where}: GTK in the core")
            base = name.rsplit("/", 1)[-1]
            if m.group(1) == '"' and base in owner:
                other = owner[base]
                if other != layer and other not in BELOW[layer]:
                    problems.append(f"{where}: {layer} includes {base} of {other}, a layer above")
                elif other != layer and base.endswith("-private.h"):
                    problems.append(f"{where}: {layer} includes {base}, private to {other}")

# The headers other code may include name no SQLite type: only the
# -private.h headers of storage do.
for header in sorted((core / "storage").glob("*.h")):
    if header.name.endswith("-private.h"):
        continue
    for number, line in enumerate(header.read_text(encoding="utf-8").splitlines(), 1):
        if re.search(r"\bsqlite3", line):
            problems.append(f"{header.relative_to(root)}:{number}: SQLite in a public header")

# Private headers stay in their layer: the window and the command line
# include none of the core's.
for path in sorted((root / "src").rglob("*.[ch]")):
    if core in path.parents:
        continue
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = include.match(line)
        if m and m.group(2).rsplit("/", 1)[-1] in owner and m.group(2).endswith("-private.h"):
            problems.append(f"{path.relative_to(root)}:{number}: includes {m.group(2)} of the core")

# sqlite3.h nowhere else in src/ either (the window, the command line).
for path in sorted((root / "src").rglob("*.[ch]")):
    if core in path.parents:
        continue
    if re.search(r"#\s*include\s*<sqlite3\.h>", path.read_text(encoding="utf-8")):
        problems.append(f"{path.relative_to(root)}: sqlite3.h outside storage/")
    if re.search(r"#\s*include\s*<gnutls/", path.read_text(encoding="utf-8")):
        problems.append(f"{path.relative_to(root)}: GnuTLS outside net/")

for p in problems:
    print(p)
print(f"{len(problems)} problem(s)" if problems else "layers: every include points down")
sys.exit(1 if problems else 0)
