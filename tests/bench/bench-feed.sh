#!/bin/sh
# bench-feed.sh: the published round under load with the window open (see
# bench-feed.c): 64 boards with running clocks, 500 screens on /events,
# 50 requests a second for /round.pgn, moves committed by another
# connection; frame gaps, move-to-event latency, CPU and memory.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: bench-feed.sh BUILDDIR [SECONDS (60)] [CLIENTS (500)] [RATE (50)] [--quiet]
# --quiet measures the window alone, not publishing, for comparison: on a
# busy machine the frame gaps say more beside it.
# Needs xvfb-run. Uses the cairo renderer, as the ui tests do, on a
# throw-away home whose first run creates the 64-board demo with its
# clocks running.

set -eu
build=$(cd "$1" && pwd)
seconds=${2:-60}
clients=${3:-500}
rate=${4:-50}

if [ -z "${DISPLAY:-}" ] || [ -z "${BENCH_INNER:-}" ]; then
  export BENCH_INNER=1
  exec xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$@"
fi

home=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-bench-XXXXXX")
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data"
export XDG_CACHE_HOME="$home/cache" XDG_STATE_HOME="$home/state"
export GSETTINGS_SCHEMA_DIR="$build/data" GSETTINGS_BACKEND=memory
export GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=none NO_AT_BRIDGE=1
export ARBITER_DEMO_BOARDS=64

exec "$build/tests/bench/bench-feed" --seconds "$seconds" --clients "$clients" --rate "$rate" ${5:-}
