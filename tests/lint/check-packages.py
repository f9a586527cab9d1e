#!/usr/bin/env python3
# check-packages.py: build-aux/setup.sh installs every Debian package that the
# build, the tests and the program at run time need.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-packages.py SOURCE_ROOT
#
# What is needed is found, not listed by hand where it can be found:
#   - every dependency('name') in the meson files: the package that owns
#     its pkg-config file (pkg-config --variable=pcfiledir, then dpkg -S);
#   - every find_program('name') in the meson files that is not a script of
#     the tree, and every program the tests, the benchmarks, .ci/run and
#     setup.sh look up by name (g_find_program_in_path, command -v,
#     shutil.which): the package that owns the program (dpkg -S);
#   - the files the window loads at run time without linking them (the SVG
#     loader of the icons, the fonts): the package that owns them.
# A package passes when setup.sh lists it, when a listed package needs it
# (Depends or Pre-Depends, followed through the installed packages: what
# apt-get installs with --no-install-recommends), or when it is Essential
# (a bare Debian root has those). A program the tests call that is missing
# from this machine fails too: setup.sh ran before the tests, so it did not
# install it.
#
# Skips (exit 77) where dpkg is absent: there is no Debian to ask.

import glob
import os
import re
import shutil
import subprocess
import sys

SKIP = 77

# Programs the tests and scripts call: the Debian package that has each
# (named when the program is missing; checked against dpkg when present)
# and who calls it. Every name the
# scan below finds must be here, so that a new lookup is not forgotten;
# names that are not Debian programs (a script of the tree, a fallback
# name of another distribution) are in NOT_DEBIAN.
PROGRAMS = {
    "bash": ("bash", ".ci/run, build-aux/setup.sh"),
    "python3": ("python3-minimal", ".ci/run (the test count), tests/lint"),
    "meson": ("meson", "build-aux/setup.sh"),
    "ninja": ("ninja-build", "meson compile"),
    "cc": ("gcc-12", "the build"),
    "pkg-config": ("pkgconf", "meson's dependency() lookups"),
    "msgfmt": ("gettext", "po/, data/, tests/meson.build (catalogs)"),
    "xgettext": ("gettext", "tests/lint/check-catalogs.py"),
    "msgcmp": ("gettext", "tests/lint/check-catalogs.py"),
    "msgattrib": ("gettext", "tests/lint/check-catalogs.py"),
    "glib-compile-schemas": ("libglib2.0-bin", "data/meson.build (the settings schema)"),
    "glib-compile-resources": ("libglib2.0-dev-bin", "src/gui (the window's resources)"),
    "gtk4-update-icon-cache": ("libgtk-4-bin", "data/meson.build (icon cache on install)"),
    "desktop-file-validate": ("desktop-file-utils", "data/meson.build (validate-desktop-file)"),
    "appstreamcli": ("appstream", "data/meson.build (validate-metainfo)"),
    "clang-format": ("clang-format", "tests/lint/check-format.sh"),
    "xvfb-run": ("xvfb", "tests/ui/run-under-xvfb.sh (every ui test)"),
    "xauth": ("xauth", "xvfb-run (its display's cookie)"),
    "Xvfb": ("xvfb", "xvfb-run"),
    "dbus-run-session": ("dbus-daemon", "tests/ui/run-under-xvfb.sh (a session bus)"),
    "xdotool": ("xdotool", "tests/ui (real key presses), tests/ui/smoke-arbiter.sh"),
    "zbarimg": ("zbar-tools", "tests/ui/test-publish.c (reads the QR code back)"),
    "pdftotext": ("poppler-utils", "tests/ui/test-papercuts.c, tests/ui/test-lists.c (read the PDF back)"),
    "pdftoppm": ("poppler-utils", "tests/ui/test-lists.c (renders the printed lists)"),
    "chromium": ("chromium", "tests/common/arb-test-browser.c (the display page)"),
    "pgn-extract": ("pgn-extract", "tests/cli/test-serve.c, tests/core/net/test-feed.c (PGN oracle)"),
    "stockfish": ("stockfish", "tests/bench/bench-perft.sh (perft peer)"),
    "hyperfine": ("hyperfine", "tests/bench (timings)"),
    "sqlite3": ("sqlite3", "tests/bench/bench-tournament.py (the sqlite3 shell as peer)"),
    "timeout": ("coreutils", "tests/ui/smoke-arbiter.sh"),
    "sh": ("dash", "data/meson.build (the stand-in of a validator that is missing)"),
    "update-desktop-database": ("desktop-file-utils", "data/meson.build (desktop database on install)"),
    "dpkg-query": ("dpkg", "tests/lint/check-packages.py"),
}

NOT_DEBIAN = {
    "chromium-browser",  # another distribution's name for chromium
    "clang-format-14",  # tried before clang-format when present
    "gtk-update-icon-cache",  # GTK 3's name, tried after gtk4-update-icon-cache
    # A benchmark's peer, timed beside Arbiter when it is installed; the
    # suite never calls it (tests/bench/bench-round.sh).
    "gnome-chess",
    # chessops, the peer of tests/bench/bench-analyze.sh, runs under node and
    # is installed with npm in a temporary directory when both are there.
    "node",
    "npm",
}

# Files the window loads at run time without linking them.
RUNTIME_FILES = [
    ("/usr/lib/*/gdk-pixbuf-2.0/*/loaders/libpixbufloader-svg.so",
     "the window's SVG icons and pieces"),
    ("/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf", "the GNOME font of the window"),
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "the figurines of printed diagrams"),
]

# Dependencies meson resolves itself, not from pkg-config.
MESON_INTERNAL = {"threads", "openmp", "dl", "intl", "iconv"}

DEPENDENCY_CALL = re.compile(r"\bdependency\(\s*'([^']+)'")
FIND_PROGRAM_CALL = re.compile(r"\bfind_program\(\s*((?:'[^']+'\s*,?\s*)+)")
LOOKUPS = [
    re.compile(r'g_find_program_in_path\s*\(\s*"([^"]+)"'),
    re.compile(r"command -v\s+([A-Za-z0-9_.+-]+)"),
    re.compile(r"shutil\.which\(\s*[\"']([^\"']+)[\"']"),
    re.compile(r"find_tool\(\s*[\"']([^\"']+)[\"']"),
]
# Where Debian puts programs. A program found only elsewhere (/usr/local,
# a home directory) is not one setup.sh installed.
DEBIAN_PATH = ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/games"]


def run(argv):
    return subprocess.run(argv, capture_output=True, text=True)


def setup_packages(root, list_name):
    """The names in setup.sh's list @list_name (packages: what building and
    running need; test_packages: what the tests add)."""
    text = open(os.path.join(root, "build-aux", "setup.sh"), encoding="utf-8").read()
    block = re.search(r"^" + list_name + r"=\((.*?)^\)", text, re.S | re.M)
    if not block:
        sys.exit(f"build-aux/setup.sh: no {list_name}=( … ) list")
    names = []
    for line in block.group(1).splitlines():
        names += line.split("#", 1)[0].split()
    return set(names)


def installed_packages():
    """Each installed package: (essential, needed names, provided names)."""
    fmt = "${Package}\t${Status}\t${Essential}\t${Provides}\t${Pre-Depends}, ${Depends}\n"
    out = run(["dpkg-query", "-W", "-f", fmt]).stdout
    packages = {}
    provides = {}
    for line in out.splitlines():
        name, status, essential, provided, needs = (line.split("\t") + [""] * 5)[:5]
        if not status.endswith(" installed"):
            continue
        packages[name] = (essential == "yes", needs)
        for p in provided.split(","):
            p = p.strip().split(" ")[0]
            if p:
                provides.setdefault(p, set()).add(name)
    return packages, provides


def bare(name):
    return name.strip().split(" ")[0].split(":")[0]


def closure(start, packages, provides):
    """What apt-get installs for @start: the Depends and Pre-Depends of
    each, followed through the installed packages (one alternative that is
    installed is enough)."""
    seen = set()
    todo = list(start)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name not in packages:
            for real in provides.get(name, ()):
                todo.append(real)
            continue
        for clause in packages[name][1].split(","):
            choices = [bare(c) for c in clause.split("|") if bare(c)]
            present = [c for c in choices if c in packages or c in provides]
            todo += present[:1]
    return seen


def owner(path):
    """The package that owns @path, trying the names dpkg may know it by
    (a merged /usr registers /bin/x as /bin/x, /usr/bin/x as /usr/bin/x)."""
    candidates = [path, os.path.realpath(path)]
    for p in list(candidates):
        if p.startswith("/usr/"):
            candidates.append(p[4:])
        else:
            candidates.append("/usr" + p)
    for p in candidates:
        result = run(["dpkg-query", "-S", p])
        if result.returncode == 0:
            first = result.stdout.splitlines()[0]
            names = first.rsplit(": ", 1)[0]
            if names.startswith("diversion by"):
                continue
            return names.split(",")[0].strip().split(":")[0]
    return None


def meson_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and not d.startswith("build")
                       and d != "subprojects"]
        if "meson.build" in filenames:
            yield os.path.join(dirpath, "meson.build")


def scanned_sources(root):
    for top in ("tests", "build-aux", ".ci"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = [d for d in dirnames if d not in ("corpus", "regressions", "data")]
            for f in filenames:
                if f.endswith((".c", ".h", ".sh", ".py")) or f in ("run", "meson.build"):
                    yield os.path.join(dirpath, f)


def which(name):
    return shutil.which(name, path=os.pathsep.join(DEBIAN_PATH))


def main():
    root = sys.argv[1]
    if shutil.which("dpkg-query") is None:
        print("1..0 # SKIP dpkg is not here: not a Debian system, nothing to ask")
        return 0
    if shutil.which("pkg-config") is None:
        print("not ok 1 - pkg-config is missing: setup.sh installs it (pkg-config)")
        return 1

    run_listed = setup_packages(root, "packages")
    listed = run_listed | setup_packages(root, "test_packages")
    packages, provides = installed_packages()
    unknown = sorted(n for n in listed if n not in packages and n not in provides)
    needed = {}  # package -> [what needs it]
    run_needed = {}  # the same for what `setup.sh run` must install too
    problems = []

    for path in meson_files(root):
        rel = os.path.relpath(path, root)
        text = open(path, encoding="utf-8").read()
        for match in DEPENDENCY_CALL.finditer(text):
            name = match.group(1)
            if name in MESON_INTERNAL:
                continue
            line = text.count("\n", 0, match.start()) + 1
            what = f"dependency('{name}') at {rel}:{line}"
            pcdir = run(["pkg-config", "--variable=pcfiledir", name]).stdout.strip()
            pc = os.path.join(pcdir, name + ".pc") if pcdir else ""
            package = owner(pc) if pc and os.path.exists(pc) else None
            if package is None:
                problems.append(f"{what}: no Debian package owns its pkg-config file "
                                f"({pc or 'pkg-config does not find it'})")
            else:
                needed.setdefault(package, []).append(what)
                run_needed.setdefault(package, []).append(what)
        for match in FIND_PROGRAM_CALL.finditer(text):
            names = re.findall(r"'([^']+)'", match.group(1))
            in_tree = any(os.path.exists(os.path.join(os.path.dirname(path), n)) for n in names)
            if in_tree:
                continue
            for n in names:
                if n not in PROGRAMS and n not in NOT_DEBIAN:
                    line = text.count("\n", 0, match.start()) + 1
                    problems.append(f"find_program('{n}') at {rel}:{line} is not in "
                                    "tests/lint/check-packages.py's PROGRAMS: add it with "
                                    "what needs it")

    for path in scanned_sources(root):
        rel = os.path.relpath(path, root)
        text = open(path, encoding="utf-8", errors="replace").read()
        for pattern in LOOKUPS:
            for match in pattern.finditer(text):
                n = match.group(1)
                if n in PROGRAMS or n in NOT_DEBIAN:
                    continue
                line = text.count("\n", 0, match.start()) + 1
                problems.append(f"{rel}:{line} looks up the program '{n}', which is not in "
                                "tests/lint/check-packages.py's PROGRAMS: add it with what "
                                "needs it")

    for name, (known, who) in sorted(PROGRAMS.items()):
        path = which(name)
        if path is None:
            problems.append(f"setup.sh does not install {known}: the program '{name}' "
                            f"({who}) is not installed")
            continue
        package = owner(path)
        if package is None:
            problems.append(f"the program '{name}' ({who}) at {path} is in no Debian package")
            continue
        if package != known:
            problems.append(f"the program '{name}' is in {package} here, not {known} as "
                            "tests/lint/check-packages.py's PROGRAMS says: correct it")
        needed.setdefault(package, []).append(f"the program '{name}' ({who})")

    for pattern, who in RUNTIME_FILES:
        found = sorted(glob.glob(pattern))
        package = owner(found[0]) if found else None
        if package is None:
            problems.append(f"{pattern} ({who}) is not installed: setup.sh does not "
                            "install the package that has it")
        else:
            needed.setdefault(package, []).append(f"{found[0]} ({who})")
            run_needed.setdefault(package, []).append(f"{found[0]} ({who})")

    have = closure(listed, packages, provides)
    missing = 0
    for package, whats in sorted(needed.items()):
        essential = packages.get(package, (False, ""))[0]
        if package in have or essential:
            continue
        missing += 1
        problems.append(f"setup.sh does not install {package}, which "
                        + "; ".join(sorted(set(whats))) + " needs")
    have_run = closure(run_listed, packages, provides)
    for package, whats in sorted(run_needed.items()):
        essential = packages.get(package, (False, ""))[0]
        if package in have or essential:
            if package not in have_run and not essential:
                missing += 1
                problems.append(f"setup.sh installs {package} for the tests only (test_packages), "
                                "but `setup.sh run` needs it too: "
                                + "; ".join(sorted(set(whats))) + " needs it")
    for name in unknown:
        problems.append(f"setup.sh lists {name}, which is not installed here")

    print("1..1")
    for problem in problems:
        print(f"# {problem}")
    checked = len(needed)
    if problems:
        print(f"not ok 1 - {len(problems)} problem(s); {missing} needed package(s) "
              f"not installed by setup.sh, of {checked} checked")
        return 1
    print(f"ok 1 - setup.sh installs all {checked} packages the build, the tests and "
          f"the program need ({len(listed)} listed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
