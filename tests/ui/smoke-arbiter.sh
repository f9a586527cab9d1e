#!/bin/sh
# smoke-arbiter.sh: start the real `arbiter` program, wait for its window,
# check the title, quit with Ctrl+Q and expect a clean exit.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage (on a display, e.g. through run-under-xvfb.sh): smoke-arbiter.sh ARBITER
# The waits are guards against a hang (generous, never a measured time).

set -u

arbiter=$1

if ! command -v xdotool >/dev/null 2>&1; then
  echo "xdotool is not installed; skipping"
  exit 77
fi
if [ -z "${DISPLAY:-}" ]; then
  echo "no DISPLAY; run through run-under-xvfb.sh"
  exit 1
fi

"$arbiter" &
pid=$!

window=$(timeout 60 xdotool search --sync --onlyvisible --pid "$pid" --name '.' 2>/dev/null | head -n 1)
if [ -z "$window" ]; then
  echo "not ok: no visible window from arbiter (pid $pid)"
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  exit 1
fi

title=$(xdotool getwindowname "$window")
echo "# window $window: title '$title'"
if [ "$title" != "Arbiter" ]; then
  echo "not ok: window title is '$title', expected 'Arbiter'"
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  exit 1
fi

# There is no window manager on Xvfb: give the window the keyboard focus
# directly, then press the application's quit accelerator.
xdotool windowfocus --sync "$window" 2>/dev/null || true
xdotool key --clearmodifiers ctrl+q

waited=0
while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 60 ]; do
  sleep 1
  waited=$((waited + 1))
done
if kill -0 "$pid" 2>/dev/null; then
  echo "not ok: arbiter still running after Ctrl+Q"
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  exit 1
fi

wait "$pid"
status=$?
if [ "$status" -ne 0 ]; then
  echo "not ok: arbiter exited with status $status"
  exit 1
fi

echo "ok: window 'Arbiter' shown, Ctrl+Q quit with status 0"
exit 0
