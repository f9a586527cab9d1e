#!/bin/sh
# run-demo.sh: start the uninstalled `arbiter` on a fresh, throw-away home
# directory, so the demo tournament is created as on a first run. For
# screenshots and trying the program out.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: run-demo.sh BUILDDIR [ARBITER ARGS...]
# Environment: ARBITER_DEMO_BOARDS (boards in the demo round, default 16),
# ARBITER_STYLE (follow, light or dark), ARBITER_SIZE (WIDTHxHEIGHT of the
# window, default 1280x800), ARBITER_FILE (a tournament to open instead of
# the demo), ARBITER_NAME (the arbiter's name in Preferences).

set -eu
build=$(cd "$1" && pwd)
shift
home=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-demo-XXXXXX")

export HOME="$home"
export XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data"
export XDG_CACHE_HOME="$home/cache" XDG_STATE_HOME="$home/state"
export GSETTINGS_SCHEMA_DIR="$build/data"

# Settings in a key file of the throw-away home, so the window starts at
# the size asked for even without a window manager.
size=${ARBITER_SIZE:-1280x800}
mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
cat > "$XDG_CONFIG_HOME/glib-2.0/settings/keyfile" <<KEYS
[io/github/arbiterdesk/Arbiter]
window-width=${size%x*}
window-height=${size#*x}
color-scheme='${ARBITER_STYLE:-follow}'
arbiter-name='${ARBITER_NAME:-}'
KEYS
if [ -n "${ARBITER_FILE:-}" ]; then
  echo "last-file='file://$(realpath "$ARBITER_FILE")'" >> "$XDG_CONFIG_HOME/glib-2.0/settings/keyfile"
fi
export GSETTINGS_BACKEND=keyfile

"$build/src/gui/arbiter" "$@" &
pid=$!
trap 'kill $pid 2>/dev/null' INT TERM
status=0
wait $pid || status=$?
# A signal interrupts the first wait; wait again for the program to exit.
kill -0 $pid 2>/dev/null && wait $pid
rm -rf "$home"
exit $status
