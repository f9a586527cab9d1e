#!/usr/bin/env python3
# check-catalogs.py: every catalog of po/LINGUAS compiles with msgfmt --check,
# has the plural rule of its language, and translates every message of the
# code: the template is made afresh from po/POTFILES.in, as the build makes
# it, and a message the template has and a catalog lacks (or has only as a
# fuzzy guess, or untranslated) fails the test.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-catalogs.py SOURCE_ROOT
#
# To bring the catalogs up to date: build-aux/update-po.sh, then translate
# what it marks (docs/translating.md).

import os
import re
import shutil
import subprocess
import sys
import tempfile

# The plural rule of each language, as the GNU gettext manual gives it.
PLURAL_FORMS = {
    "da": "nplurals=2; plural=(n != 1);",
    "nb": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "sv": "nplurals=2; plural=(n != 1);",
}

TOOLS = ("xgettext", "msgfmt", "msgcmp", "msgattrib")


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def header_field(po_text, name):
    m = re.search(r'^"' + re.escape(name) + r':\s*([^"\\]*)', po_text, re.M)
    return m.group(1).strip() if m else None


def msgids(po_output):
    """The msgids of msgattrib's output, one line each, for the report: a
    long msgid is written as 'msgid ""' and its lines after it, so those
    lines are joined; only the header has an empty msgid."""
    found = []
    for m in re.finditer(r'^(?:msgctxt "(.*)"\n)?msgid "(.*)"\n((?:".*"\n)*)', po_output, re.M):
        text = m.group(2) + "".join(re.findall(r'^"(.*)"$', m.group(3), re.M))
        if text:
            found.append((m.group(1) + " | " if m.group(1) else "") + text)
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    missing_tools = [t for t in TOOLS if shutil.which(t) is None]
    if missing_tools:
        print("SKIP: gettext tools missing: " + ", ".join(missing_tools))
        return 77

    with open(os.path.join(root, "po", "LINGUAS"), encoding="utf-8") as f:
        languages = [w for line in f if not line.startswith("#") for w in line.split()]

    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, "arbiter.pot")
        made = run([os.path.join(root, "build-aux", "update-po.sh"), "--pot", pot])
        if made.returncode != 0 or not os.path.exists(pot):
            print("could not make the template from po/POTFILES.in:")
            print(made.stdout + made.stderr)
            return 1

        for lang in languages:
            po = os.path.join(root, "po", lang + ".po")
            rel = os.path.relpath(po, root)
            if not os.path.isfile(po):
                problems.append(f"{rel}: listed in po/LINGUAS but missing")
                continue
            with open(po, encoding="utf-8") as f:
                text = f.read()

            check = run(["msgfmt", "--check", "--statistics", "-o", os.devnull, po])
            if check.returncode != 0:
                problems.append(f"{rel}: msgfmt --check fails:\n{check.stderr.strip()}")
            else:
                print(f"{lang}: {check.stderr.strip()}")

            if header_field(text, "Language") != lang:
                problems.append(f"{rel}: the header's Language is not {lang}")
            plural = header_field(text, "Plural-Forms")
            if lang in PLURAL_FORMS and plural != PLURAL_FORMS[lang]:
                problems.append(
                    f"{rel}: Plural-Forms is {plural!r}, not {PLURAL_FORMS[lang]!r}")

            fuzzy = msgids(run(["msgattrib", "--only-fuzzy", "--no-obsolete", po]).stdout)
            untranslated = msgids(run(["msgattrib", "--untranslated", "--no-obsolete", po]).stdout)
            for kind, ids in (("fuzzy", fuzzy), ("untranslated", untranslated)):
                if ids:
                    problems.append(f"{rel}: {len(ids)} {kind} message(s), e.g. “{ids[0]}”")

            # Every message of the template is in the catalog (fuzzy and
            # untranslated ones are reported above).
            cmp = run(["msgcmp", "--use-untranslated", "--use-fuzzy", po, pot])
            lacking = [l for l in cmp.stderr.splitlines() if "used but not defined" in l]
            if lacking or cmp.returncode != 0:
                problems.append(
                    f"{rel}: lacks {len(lacking)} message(s) of the code:\n"
                    + "\n".join("  " + l for l in cmp.stderr.strip().splitlines()[:12]))

    if problems:
        for p in problems:
            print(p)
        print("Run build-aux/update-po.sh and translate what it marks (docs/translating.md).")
        return 1
    print(f"{len(languages)} catalogs, each complete for the template")
    return 0


if __name__ == "__main__":
    sys.exit(main())
