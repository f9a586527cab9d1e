#!/usr/bin/env python3
# check-potfiles.py: po/POTFILES.in lists every file with translatable
# strings, and every file it lists exists.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-potfiles.py SOURCE_ROOT
#
# A file counts as translatable when it
#   - is C and calls a gettext macro on a string literal: _("…"), N_("…"),
#     C_("ctx", "…"), NC_(…), Q_(…), ngettext/g_dngettext (…);
#   - is a GtkBuilder file with translatable="yes";
#   - is a GSettings schema with a <summary> or <description>;
#   - is a desktop file or AppStream metainfo template (always translated).
#
# And every C file gets its gettext macros from arb-i18n.h, never from
# <glib/gi18n.h>, <glib/gi18n-lib.h> or <libintl.h> (only src/core/i18n may
# include those): a printed report renders in its own language only when
# every message goes through the program's lookup (src/core/i18n/arb-i18n.h).

import os
import re
import sys

SCANNED_DIRS = ("src", "ui", "data")

C_GETTEXT = re.compile(
    r'(?<![A-Za-z0-9_])(?:N?C?_|Q_|g_dngettext|g_dpgettext2?|ngettext)\s*\(\s*(?:[A-Za-z_]+\s*,\s*)?"'
)
UI_TRANSLATABLE = re.compile(r'translatable\s*=\s*"(?:yes|true|1)"')
GSCHEMA_TEXT = re.compile(r"<(?:summary|description)\b")
GETTEXT_HEADER = re.compile(r'^\s*#\s*include\s*<(glib/gi18n(?:-lib)?\.h|libintl\.h)>', re.M)


def is_translatable(path, text):
    name = os.path.basename(path)
    if name.endswith((".desktop.in", ".desktop.in.in", ".metainfo.xml.in", ".metainfo.xml.in.in")):
        return True
    if name.endswith((".gschema.xml", ".gschema.xml.in")):
        return bool(GSCHEMA_TEXT.search(text))
    if name.endswith((".ui", ".ui.in", ".blp")):
        return bool(UI_TRANSLATABLE.search(text))
    if name.endswith((".c", ".h")):
        return bool(C_GETTEXT.search(text))
    return False


def read_potfiles(path):
    entries = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("[type:"):
                line = line.split("]", 1)[1].strip()
            entries.append(line)
    return entries


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    potfiles_path = os.path.join(root, "po", "POTFILES.in")
    problems = []

    try:
        listed = read_potfiles(potfiles_path)
    except OSError as e:
        print(f"cannot read po/POTFILES.in: {e}")
        return 1

    for entry in listed:
        if not os.path.isfile(os.path.join(root, entry)):
            problems.append(f"listed but missing: {entry}")
    if listed != sorted(listed):
        problems.append("po/POTFILES.in is not sorted")
    duplicates = sorted({e for e in listed if listed.count(e) > 1})
    for entry in duplicates:
        problems.append(f"listed twice: {entry}")

    found = []
    for top in SCANNED_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for filename in sorted(filenames):
                path = os.path.join(dirpath, filename)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                try:
                    with open(path, encoding="utf-8", errors="replace") as f:
                        text = f.read()
                except OSError:
                    continue
                if is_translatable(rel, text):
                    found.append(rel)
                if rel.endswith((".c", ".h")) and not rel.startswith("src/core/i18n/"):
                    m = GETTEXT_HEADER.search(text)
                    if m:
                        problems.append(f"{rel}: includes <{m.group(1)}>; use \"arb-i18n.h\"")

    for rel in found:
        if rel not in listed:
            problems.append(f"has translatable strings but is not in po/POTFILES.in: {rel}")

    if problems:
        for p in problems:
            print(p)
        return 1

    print(f"po/POTFILES.in lists {len(listed)} files; {len(found)} files with translatable strings, all listed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
