#!/usr/bin/env python3
# check-error-msgids.py: every error message marked for translation in
# src/core and src/cli reaches the translators whole.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-error-msgids.py SOURCE_ROOT
#
# A message marked with _() is translated only when xgettext takes it into
# the template, as it is written: a file missing from po/POTFILES.in is
# never read, and a message that splices in a format macro
# ("%" G_GINT64_FORMAT) is cut at the macro, so the catalog's msgid is not
# the one the program looks up. This check reads each error call that the
# `error-literals` check reads, takes the messages marked in it, extracts
# the file with xgettext (the keywords of meson's glib preset) and fails on
# a message that is not extracted whole, or a file not in po/POTFILES.in.

import importlib.util
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("literals", os.path.join(HERE, "check-error-literals.py"))
literals = importlib.util.module_from_spec(spec)
spec.loader.exec_module(literals)

KEYWORDS = ["--keyword=_", "--keyword=N_", "--keyword=C_:1c,2", "--keyword=NC_:1c,2"]
MARKED = re.compile(r'(?<![A-Za-z0-9_])(?:N?_|N?C_)\s*\((?:\s*"(?:[^"\\]|\\.)*"\s*,)?((?:\s*"(?:[^"\\]|\\.)*")+)\s*(\S)')
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')


def marked_messages(code, rel):
    """(line, msgid as written, whole) for each marked message of each error call."""
    found = []
    for m in literals.CALL.finditer(code):
        name = m.group(1)
        if name in literals.WRAPPERS:
            if rel not in literals.WRAPPERS[name][0]:
                continue
            index = literals.WRAPPERS[name][1]
        else:
            index = literals.MESSAGE_ARG[name]
        args, _ = literals.split_args(code, m.end() - 1)
        if len(args) <= index:
            continue
        begin, end = args[index]
        arg = code[begin:end] + " "
        line = code.count("\n", 0, m.start()) + 1
        for k in MARKED.finditer(arg):
            msgid = "".join(LITERAL.findall(k.group(1)))
            found.append((line, msgid, k.group(2) == ")"))
    return found


def extracted(path, root):
    out = subprocess.run(
        ["xgettext", "--from-code=UTF-8", "--language=C", "-o", "-"] + KEYWORDS + [path],
        capture_output=True, text=True, cwd=root,
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr)
    ids = set()
    for m in re.finditer(r'^msgid ((?:".*"\n)+)', out.stdout, re.M):
        ids.add("".join(re.findall(r'^"(.*)"$', m.group(1), re.M)))
    return ids


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    if shutil.which("xgettext") is None:
        print("SKIP: xgettext missing")
        return 77
    with open(os.path.join(root, "po", "POTFILES.in"), encoding="utf-8") as f:
        listed = {l.strip() for l in f if l.strip() and not l.startswith("#")}
    problems = []
    n_messages = 0
    for top in literals.SCANNED_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for filename in sorted(filenames):
                if not filename.endswith(".c"):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, filename), root).replace(os.sep, "/")
                with open(os.path.join(root, rel), encoding="utf-8") as f:
                    code = literals.blank_comments(f.read())
                messages = marked_messages(code, rel)
                if not messages:
                    continue
                if rel not in listed:
                    problems.append(f"{rel}: marks error messages but is not in po/POTFILES.in")
                ids = extracted(rel, root)
                for line, msgid, whole in messages:
                    n_messages += 1
                    if not whole:
                        problems.append(f"{rel}:{line}: “{msgid}” is spliced with a macro inside _(): "
                                        "xgettext takes it only up to the macro")
                    elif msgid not in ids:
                        problems.append(f"{rel}:{line}: “{msgid}” is not what xgettext extracts")
    if problems:
        for p in problems:
            print(p)
        return 1
    print(f"{n_messages} marked error messages, each extracted whole by xgettext")
    return 0


if __name__ == "__main__":
    sys.exit(main())
