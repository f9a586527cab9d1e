#!/usr/bin/env bash
# Builds tests/fuzz/fuzz-pgn.c with libFuzzer, ASan and UBSan (clang), seeds
# it with the PGN files of the external test data, and runs it.
#
#   tests/fuzz/run-fuzz.sh [SECONDS] [extra libFuzzer options...]
#
# Needs clang and its runtime (Debian: clang, libclang-rt-14-dev) and a
# configured build directory (build/) for config.h. Findings land in
# build-fuzz/ as crash-*/leak-* files; inputs that once failed are kept in
# tests/fuzz/regressions/ and run first. Not part of the test suite.
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
shift || true
out="$src/build-fuzz"
data=${ARB_TESTDATA:-$src/../shared/testdata}
mkdir -p "$out/corpus" "$out/seeds"

if [ ! -f "$src/build/config.h" ]; then
  echo "run-fuzz: configure first (meson setup build)" >&2
  exit 2
fi

clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -D_GNU_SOURCE -I"$src/build" -I"$src/src/core" \
  $(pkg-config --cflags glib-2.0) \
  "$src/tests/fuzz/fuzz-pgn.c" \
  "$src/src/core/arb-bitboard.c" "$src/src/core/arb-position.c" \
  "$src/src/core/arb-san.c" "$src/src/core/arb-pgn-reader.c" \
  "$src/src/core/arb-pgn-game.c" "$src/src/core/arb-pgn-writer.c" \
  $(pkg-config --libs glib-2.0) -o "$out/fuzz-pgn"

# Seeds: every PGN of the test data, each prefixed with a flag byte (0:
# default reader, whole input at once).
if [ -d "$data" ] && [ -z "$(ls -A "$out/seeds")" ]; then
  i=0
  find "$data" \( -name '*.pgn' -o -path '*/fuzz/corpus/pgn/*' \) -type f -size -64k | sort | while read -r f; do
    i=$((i + 1))
    { printf '\000'; cat "$f"; } > "$out/seeds/seed-$i"
  done
fi

cd "$out"
exec ./fuzz-pgn -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 "$@" corpus seeds "$src/tests/fuzz/regressions"
