#!/usr/bin/env bash
# Scoresheet reconstruction: the search's speed on a 60-move game with
# three wrong squares (one sheet) and on a 120-move game (two sheets, each
# with its own mistake), then the share of real games rebuilt exactly, per
# kind of mistake and language, over every real game of the test data
# (../shared/testdata, or ARB_TESTDATA).
#
# Usage: tests/bench/bench-scoresheet.sh [BUILD_DIR] [--speed] [--verbose]
# Times are processor time of this process (the median of 25 runs) and
# wall time; "visible" is the share of the sheets whose mistakes the rest of
# the game decides (tests/common/arb-test-scoresheet.h says how that is told).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$top/build
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  build=$1
  shift
fi
bench=$build/tests/bench/bench-scoresheet
[ -x "$bench" ] || { echo "build the benchmarks first (meson compile -C $build)"; exit 2; }
export ARB_TESTDATA=${ARB_TESTDATA:-$top/../shared/testdata}
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
exec "$bench" --games 1000 "$@"
