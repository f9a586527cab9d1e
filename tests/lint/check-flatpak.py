#!/usr/bin/env python3
# check-flatpak.py: the Flatpak manifest parses, names the app and the GNOME
# runtime that matches our stack, and builds every dependency that the
# runtime does not provide.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-flatpak.py MANIFEST SOURCE_ROOT APP_ID
#
# The dependencies are read from every dependency('name', version: '>= X')
# call in the meson.build files, so adding a library to the build without
# adding it to the manifest (or to the runtime table below, after checking
# the runtime really ships it) fails this test.

import json
import os
import re
import sys

RUNTIME = "org.gnome.Platform"
SDK = "org.gnome.Sdk"
RUNTIME_VERSION = "43"

# pkg-config names that GNOME 43 (freedesktop-sdk 22.08 underneath) ships,
# with the major.minor it ships. GNOME 43 is the release of GLib 2.74,
# GTK 4.8 and libadwaita 1.2, our Debian 12 stack.
# SQLite is deliberately absent: we do not count on the 22.08 base meeting
# our >= 3.40 fence, so the manifest builds it.
RUNTIME_PROVIDES = {
    "glib-2.0": "2.74",
    "gio-2.0": "2.74",
    "gio-unix-2.0": "2.74",
    "gobject-2.0": "2.74",
    "gmodule-2.0": "2.74",
    "gtk4": "4.8",
    "libadwaita-1": "1.2",
    "libsoup-3.0": "3.2",
    "json-glib-1.0": "1.6",
    # GNOME 43 ships libsecret 0.20 for the keyring of every GNOME app.
    "libsecret-1": "0.20",
    # freedesktop-sdk 22.08 ships GnuTLS 3.7 (glib-networking's TLS).
    "gnutls": "3.7",
}

# Dependencies meson resolves itself, not from pkg-config.
MESON_INTERNAL = {"threads", "openmp", "dl", "intl", "iconv"}

# The manifest module that builds a pkg-config name, when the names differ.
MODULE_FOR = {
    "sqlite3": "sqlite",
}

REQUIRED_FINISH_ARGS = [
    "--share=ipc",
    "--socket=wayland",
    "--socket=fallback-x11",
    "--device=dri",
    "--share=network",
]

DEPENDENCY_CALL = re.compile(
    r"""dependency\(\s*'([^']+)'(?P<rest>[^)]*)\)""", re.S
)
VERSION_ARG = re.compile(r"""version\s*:\s*'\s*>=\s*([0-9.]+)\s*'""")


def version_tuple(v):
    return tuple(int(x) for x in v.split(".") if x.isdigit())


def build_dependencies(root):
    deps = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith((".", "build", "_build", "subprojects"))]
        if "meson.build" not in filenames:
            continue
        with open(os.path.join(dirpath, "meson.build"), encoding="utf-8") as f:
            text = f.read()
        for m in DEPENDENCY_CALL.finditer(text):
            name = m.group(1)
            if name in MESON_INTERNAL:
                continue
            v = VERSION_ARG.search(m.group("rest"))
            version = v.group(1) if v else "0"
            if name not in deps or version_tuple(version) > version_tuple(deps[name]):
                deps[name] = version
    return deps


def main():
    if len(sys.argv) != 4:
        print("usage: check-flatpak.py MANIFEST SOURCE_ROOT APP_ID")
        return 2
    manifest_path, root, app_id = sys.argv[1:]
    problems = []

    try:
        with open(manifest_path, encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        print(f"{manifest_path}: does not parse: {e}")
        return 1

    expected_name = app_id + ".json"
    if os.path.basename(manifest_path) != expected_name:
        problems.append(f"manifest file should be named {expected_name}")

    for key, want in (("id", app_id), ("runtime", RUNTIME), ("sdk", SDK),
                      ("runtime-version", RUNTIME_VERSION), ("command", "arbiter")):
        if manifest.get(key) != want:
            problems.append(f"{key} is {manifest.get(key)!r}, expected {want!r}")

    finish_args = manifest.get("finish-args", [])
    for arg in REQUIRED_FINISH_ARGS:
        if arg not in finish_args:
            problems.append(f"finish-args lacks {arg}")
    for arg in finish_args:
        # Files come through the file chooser portal, never a blanket grant.
        if arg.startswith("--filesystem=") and arg.split("=", 1)[1].split(":")[0] in ("host", "home", "host-os"):
            problems.append(f"finish-args grants {arg}; use the file chooser portal")
        if arg == "--socket=x11":
            problems.append("use --socket=fallback-x11, not --socket=x11")

    modules = manifest.get("modules", [])
    names = [m.get("name") if isinstance(m, dict) else None for m in modules]
    if not modules or names[-1] != "arbiter":
        problems.append("the last module must be 'arbiter'")
    else:
        app = modules[-1]
        if app.get("buildsystem") != "meson":
            problems.append("the arbiter module must build with meson")
        if "-Dnative=false" not in app.get("config-opts", []):
            problems.append("the arbiter module must pass -Dnative=false (the build runs on other CPUs)")
        dir_sources = [s for s in app.get("sources", []) if s.get("type") == "dir"]
        if not dir_sources:
            problems.append("the arbiter module must build from a dir source (this repository)")
        for s in dir_sources:
            src = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(manifest_path)), s.get("path", "")))
            if os.path.realpath(src) != os.path.realpath(root):
                problems.append(f"dir source {s.get('path')!r} is not the source root")

    for m in modules:
        for s in m.get("sources", []) if isinstance(m, dict) else []:
            if s.get("type") in ("archive", "file"):
                if not str(s.get("url", "")).startswith("https://"):
                    problems.append(f"module {m.get('name')}: source URL must be https")
                if not re.fullmatch(r"[0-9a-f]{64}", str(s.get("sha256", ""))):
                    problems.append(f"module {m.get('name')}: source needs a sha256")

    deps = build_dependencies(root)
    if not deps:
        problems.append("no dependency() calls found in the meson.build files")
    for name, version in sorted(deps.items()):
        module = MODULE_FOR.get(name, name)
        if module in names:
            continue
        have = RUNTIME_PROVIDES.get(name)
        if have is None:
            problems.append(f"build needs {name} >= {version}: not in the GNOME {RUNTIME_VERSION} runtime and no module '{module}' builds it")
        elif version_tuple(have) < version_tuple(version)[:2]:
            problems.append(f"build needs {name} >= {version}; GNOME {RUNTIME_VERSION} has {have}; add a module")

    if problems:
        for p in problems:
            print(p)
        return 1

    print(f"{manifest_path}: {app_id} on {RUNTIME}//{RUNTIME_VERSION}; "
          f"{len(deps)} build dependencies covered ({', '.join(sorted(deps))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
