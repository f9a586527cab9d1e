#!/bin/sh
# bench-round.sh: the workstation with a round of N boards under Xvfb:
# time from launch to the window on screen, CPU used while every clock
# runs, and peak memory.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: bench-round.sh BUILDDIR [BOARDS (64)] [SECONDS (60)]
# Needs xvfb-run and xdotool. Uses the cairo renderer, as the ui tests do.
# The demo round is created on a throw-away home by a first run (CPU and
# memory are measured there, clocks running); the launch timed is a second
# run, as an arbiter opening the last file.

set -eu
build=$(cd "$1" && pwd)
boards=${2:-64}
seconds=${3:-60}
here=$(cd "$(dirname "$0")" && pwd)

if [ -z "${DISPLAY:-}" ] || [ -z "${BENCH_INNER:-}" ]; then
  export BENCH_INNER=1
  exec xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$@"
fi

home=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-bench-XXXXXX")
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data"
export XDG_CACHE_HOME="$home/cache" XDG_STATE_HOME="$home/state"
export GSETTINGS_SCHEMA_DIR="$build/data" GSETTINGS_BACKEND=keyfile
export GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=none NO_AT_BRIDGE=1
export ARBITER_DEMO_BOARDS="$boards"
mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
printf '[io/github/arbiterdesk/Arbiter]\nwindow-width=1280\nwindow-height=800\n' \
  > "$XDG_CONFIG_HOME/glib-2.0/settings/keyfile"

# First run: creates the demo round, whose clocks start at once; CPU and
# memory are measured here, with every game in progress running.
"$build/src/gui/arbiter" & pid=$!
xdotool search --sync --onlyvisible --pid $pid --name . >/dev/null
sleep 2
ticks=$(getconf CLK_TCK)
cpu_before=$(awk '{ print $14 + $15 }' /proc/$pid/stat)
sleep "$seconds"
cpu_after=$(awk '{ print $14 + $15 }' /proc/$pid/stat)
peak_kb=$(awk '/VmHWM/ { print $2 }' /proc/$pid/status)
kill $pid; wait $pid 2>/dev/null || true

# Second run: the launch that is timed, opening the last file.
start=$(date +%s%N)
"$build/src/gui/arbiter" & pid=$!
xdotool search --sync --onlyvisible --pid $pid --name . >/dev/null
shown=$(date +%s%N)
kill $pid; wait $pid 2>/dev/null || true

awk -v b="$boards" -v s="$seconds" -v t="$ticks" -v c0="$cpu_before" -v c1="$cpu_after" \
    -v l0="$start" -v l1="$shown" -v m="$peak_kb" 'BEGIN {
  printf "boards: %d\n", b
  printf "launch to window on screen: %.0f ms\n", (l1 - l0) / 1e6
  printf "CPU while the clocks run: %.1f %% of one core over %d s\n", 100 * (c1 - c0) / t / s, s
  printf "peak memory (VmHWM): %.1f MiB\n", m / 1024
}'
