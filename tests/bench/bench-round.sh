#!/bin/sh
# bench-round.sh: the workstation with a round of N boards under Xvfb:
# time from launch to the window on screen, CPU used while every clock
# runs, and peak memory.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: bench-round.sh BUILDDIR [BOARDS (64)] [SECONDS (60)] [LAUNCHES (5)]
# Needs xvfb-run and xdotool. Uses the cairo renderer, as the ui tests do.
# The demo round is created on a throw-away home by a first run (CPU and
# memory are measured there, clocks running); the launches timed are the
# runs after it, as an arbiter opening the last file: the median of
# LAUNCHES, with the CPU time the program had used when its window came,
# which a loaded machine disturbs less than the wall time. The peer, GNOME
# Chess (apt-get install gnome-chess), is launched in turn with them when
# it is installed, and the ratio printed.

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

# The launches that are timed, opening the last file, each followed by the
# peer's when there is one.
launches=${4:-5}
peer=$(command -v gnome-chess || command -v /usr/games/gnome-chess || true)
# Prints the wall and CPU milliseconds from launch to the window on screen.
# xdotool's --sync looks only every half second: asked every 20 ms instead.
launch() {
  start=$(date +%s%N)
  "$@" & pid=$!
  until xdotool search --onlyvisible --pid $pid --name . >/dev/null 2>&1; do
    sleep 0.02
  done
  shown=$(date +%s%N)
  cpu=$(awk '{ print $14 + $15 }' /proc/$pid/stat)
  kill $pid; wait $pid 2>/dev/null || true
  echo "$(( (shown - start) / 1000000 )) $(( cpu * 1000 / ticks ))"
}
runs=$(mktemp "${TMPDIR:-/tmp}/arbiter-bench-runs-XXXXXX")
trap 'rm -rf "$home" "$runs"' EXIT
i=0
while [ "$i" -lt "$launches" ]; do
  echo "ours $(launch "$build/src/gui/arbiter")" >> "$runs"
  if [ -n "$peer" ]; then
    # GNOME Chess reads its settings from the system's schemas.
    echo "peer $(GSETTINGS_SCHEMA_DIR= launch "$peer")" >> "$runs"
  fi
  i=$((i + 1))
done

median() {
  grep "^$1 " "$runs" | awk -v c="$2" '{ print $c }' | sort -n |
    awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

awk -v b="$boards" -v s="$seconds" -v t="$ticks" -v c0="$cpu_before" -v c1="$cpu_after" \
    -v m="$peak_kb" -v n="$launches" -v lw="$(median ours 2)" -v lc="$(median ours 3)" \
    -v pw="$(median peer 2)" -v pc="$(median peer 3)" 'BEGIN {
  printf "boards: %d\n", b
  printf "launch to window on screen (median of %d): %.0f ms, CPU %.0f ms\n", n, lw, lc
  if (pw != "")
    printf "GNOME Chess, launched in turn: %.0f ms, CPU %.0f ms; ratio %.2fx wall, %.2fx CPU\n",
           pw, pc, lw / pw, lc / pc
  printf "CPU while the clocks run: %.1f %% of one core over %d s\n", 100 * (c1 - c0) / t / s, s
  printf "peak memory (VmHWM): %.1f MiB\n", m / 1024
}'
