#!/usr/bin/env python3
# check-function-size.py: no function of src/ is longer than LIMIT lines.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-function-size.py SOURCE_ROOT
#
# A function is counted from its opening brace to its closing one, as the
# project writes them (GNU style: the name at the start of a line, the
# braces alone in the first column). The functions that were longer when
# this check came are named below with their length then: each may shrink
# and should be split, but none may grow, and a function that falls under
# the limit must leave the list (so that the list only shrinks).

import os
import re
import sys

LIMIT = 150

# function (file relative to src/) -> its length when it was allowed
ALLOWED = {
    "core/notation/arb-pgn-scanner.c:_arb_pgn_scan": 315,
}

DEFINITION = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*\(")


def functions(path):
    """(name, first line, length in lines) of each function of @path."""
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    name = None
    start = None
    for number, line in enumerate(lines, 1):
        match = DEFINITION.match(line)
        if match and start is None:
            name = match.group(1)
        elif line == "{" and name is not None and start is None:
            start = number
        elif line == "}" and start is not None:
            yield name, start, number - start + 1
            name = None
            start = None
        elif start is None and line and not line[0].isspace() and not match:
            # A line at the left margin that is not a definition (a type, a
            # macro, a declaration ending in ";") ends what came before.
            if line.rstrip().endswith(";") or line.startswith("#"):
                name = None


def main():
    root = sys.argv[1]
    src = os.path.join(root, "src")
    problems = []
    seen = set()
    checked = 0
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames.sort()
        for f in sorted(filenames):
            if not f.endswith(".c"):
                continue
            path = os.path.join(dirpath, f)
            rel = os.path.relpath(path, src)
            for name, line, length in functions(path):
                checked += 1
                key = f"{rel}:{name}"
                allowed = ALLOWED.get(key)
                if allowed is not None:
                    seen.add(key)
                    if length > allowed:
                        problems.append(f"src/{rel}:{line}: {name}() has grown to {length} lines "
                                        f"(allowed {allowed} while it waits to be split; the "
                                        f"limit is {LIMIT})")
                    elif length <= LIMIT:
                        problems.append(f"src/{rel}:{line}: {name}() is {length} lines now: "
                                        "take it off the list in "
                                        "tests/lint/check-function-size.py")
                elif length > LIMIT:
                    problems.append(f"src/{rel}:{line}: {name}() is {length} lines; split it "
                                    f"by what it does (at most {LIMIT})")
    for key in sorted(set(ALLOWED) - seen):
        problems.append(f"{key} is on the list of tests/lint/check-function-size.py but no "
                        "longer in src/: take it off")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"{checked} functions, none over {LIMIT} lines but the {len(ALLOWED)} on the list")
    return 0


if __name__ == "__main__":
    sys.exit(main())
