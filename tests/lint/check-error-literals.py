#!/usr/bin/env python3
# check-error-literals.py: every error message the core and the command line
# raise is marked for translation where it is raised.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-error-literals.py SOURCE_ROOT [FILE...]
#
# The window and arbiter-cli show error->message as it is, so a message
# raised in English stays English for every reader. This check reads each
# call of g_set_error(), g_set_error_literal(), g_prefix_error() and
# g_error_new() in src/core and src/cli (and of the few functions of the
# core that raise an error from a format: WRAPPERS) and fails on one whose
# message argument holds a string literal outside _(), C_() or N_() (a bare
# "…", or "…" in a choice a ? "…" : "…"). A message no reader ever sees (a programmer's
# error, a placeholder overwritten at once) may stay bare when the call, or
# the line above it, says so with the comment
#
#   /* not user-visible */
#
# A literal without a word in it ("%s", "%s: %s") needs no marking: it only
# joins what was translated or is not words (a path, the system's message).
#
# With FILE arguments, only those files are read (paths from SOURCE_ROOT).

import os
import re
import sys

SCANNED_DIRS = ("src/core", "src/cli")
MARKER = "/* not user-visible */"
CALL = re.compile(
    r"(?<![A-Za-z0-9_])(g_set_error_literal|g_set_error|g_prefix_error|g_error_new|"
    r"fen_fail|schema_error|_arb_pgn_set_error|address_error)\s*\("
)
# The argument that is the message, counted from 0.
MESSAGE_ARG = {"g_set_error": 3, "g_set_error_literal": 3, "g_prefix_error": 1, "g_error_new": 2}
# The core's own functions that raise an error from a format, and the files
# that call them: their callers' formats are messages too.
WRAPPERS = {
    "fen_fail": (("src/core/chess/arb-position.c",), 2),
    "schema_error": (("src/core/laws/arb-ruling.c",), 1),
    "_arb_pgn_set_error": (
        (
            "src/core/notation/arb-pgn-reader.c",
            "src/core/notation/arb-pgn-scanner.c",
            "src/core/notation/arb-pgn-tags.c",
        ),
        6,
    ),
    "address_error": (("src/core/net/arb-source.c",), 2),
}
MARKING = re.compile(r"(?<![A-Za-z0-9_])(?:N?C?_|ngettext)\s*\(")


def blank_comments(text):
    """The text with its comments replaced by spaces (lines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def split_args(code, start):
    """The arguments of the call whose '(' is at start: [(begin, end)], end of call."""
    args = []
    depth = 0
    i = start + 1
    begin = i
    n = len(code)
    while i < n:
        c = code[i]
        if c in "\"'":
            j = i + 1
            while j < n and code[j] != c:
                j += 2 if code[j] == "\\" else 1
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                args.append((begin, i))
                return args, i
            depth -= 1
        elif c == "," and depth == 0:
            args.append((begin, i))
            begin = i + 1
        i += 1
    return args, n


def bare_literal(arg):
    """True when arg holds a string literal outside _(), C_(), N_(), ngettext()."""
    i, n = 0, len(arg)
    while i < n:
        m = MARKING.match(arg, i) if (i == 0 or not (arg[i - 1].isalnum() or arg[i - 1] == "_")) else None
        if m:
            _, end = split_args(arg, m.end() - 1)
            i = end + 1
            continue
        c = arg[i]
        if c == "'":
            j = i + 1
            while j < n and arg[j] != "'":
                j += 2 if arg[j] == "\\" else 1
            i = j + 1
            continue
        if c == '"':
            j = i + 1
            while j < n and arg[j] != '"':
                j += 2 if arg[j] == "\\" else 1
            if has_words(arg[i + 1 : j]):
                return True
            i = j + 1
            continue
        i += 1
    return False


CONVERSION = re.compile(r"%[-+ #0-9.*]*(?:hh|h|ll|l|L|z|j|t)?[a-zA-Z%]")


def has_words(literal):
    """True when the literal says something: a letter outside its conversions."""
    literal = re.sub(r"\\.", "", literal)
    return re.search(r"[^\W\d_]", CONVERSION.sub("", literal)) is not None


def check_file(path, rel):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    code = blank_comments(text)
    lines = text.split("\n")
    problems = []
    for m in CALL.finditer(code):
        if code[m.start() - 1 : m.start()] == "#" or code.rfind("#define", code.rfind("\n", 0, m.start()), m.start()) >= 0:
            continue
        name = m.group(1)
        if name in WRAPPERS:
            if rel not in WRAPPERS[name][0]:
                continue
            index = WRAPPERS[name][1]
        else:
            index = MESSAGE_ARG[name]
        args, end = split_args(code, m.end() - 1)
        if len(args) <= index:
            continue
        begin_line = code.count("\n", 0, m.start())
        end_line = code.count("\n", 0, end)
        message = code[args[index][0] : args[index][1]]
        if not bare_literal(message):
            continue
        around = "\n".join(lines[max(0, begin_line - 1) : end_line + 1])
        if MARKER in around:
            continue
        shown = " ".join(message.split())
        problems.append(f"{rel}:{begin_line + 1}: {m.group(1)} with an unmarked message: {shown}")
    return problems


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    if len(sys.argv) > 2:
        files = sys.argv[2:]
    else:
        files = []
        for top in SCANNED_DIRS:
            for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
                dirnames.sort()
                for filename in sorted(filenames):
                    if filename.endswith((".c", ".h")):
                        rel = os.path.relpath(os.path.join(dirpath, filename), root)
                        files.append(rel.replace(os.sep, "/"))
    problems = []
    for rel in files:
        problems += check_file(os.path.join(root, rel), rel)
    if problems:
        for p in problems:
            print(p)
        print(f"{len(problems)} error messages are not marked for translation: wrap them in _()")
        return 1
    print(f"every error message of {len(files)} files is marked for translation")
    return 0


if __name__ == "__main__":
    sys.exit(main())
