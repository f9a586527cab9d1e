#!/bin/sh
# run-under-xvfb.sh: run a ui test on its own X server and session bus.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: run-under-xvfb.sh [--tap] PROGRAM [ARGS...]
# Skips (exit 77, or a TAP "1..0 # SKIP" plan with --tap) when xvfb-run is
# not installed. dbus-run-session is used when present so GApplication gets a
# private session bus and never talks to the desktop's.

tap=no
if [ "${1:-}" = "--tap" ]; then
  tap=yes
  shift
fi

if ! command -v xvfb-run >/dev/null 2>&1; then
  if [ "$tap" = yes ]; then
    echo "1..0 # SKIP xvfb-run is not installed"
    exit 0
  fi
  echo "xvfb-run is not installed; skipping"
  exit 77
fi

bus=""
if command -v dbus-run-session >/dev/null 2>&1; then
  bus="dbus-run-session --"
fi

# GTK must use X11 even when the caller runs in a Wayland session, and the
# cairo renderer keeps drawing independent of GL support in Xvfb.
unset WAYLAND_DISPLAY
export GDK_BACKEND=x11
export GSK_RENDERER=${GSK_RENDERER:-cairo}
export GTK_A11Y=none
export NO_AT_BRIDGE=1

for dir in "${XDG_CONFIG_HOME:-}" "${XDG_DATA_HOME:-}" "${XDG_CACHE_HOME:-}" "${XDG_STATE_HOME:-}"; do
  [ -n "$dir" ] && mkdir -p "$dir"
done

exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" $bus "$@"
