#!/usr/bin/env bash
# Builds tests/fuzz/fuzz-unwinnable.c with libFuzzer, ASan and UBSan (clang)
# and runs it on random legal positions (each input byte picks a move).
#
#   tests/fuzz/run-fuzz-unwinnable.sh [SECONDS] [extra libFuzzer options...]
#
# Needs clang and its runtime (Debian: clang, libclang-rt-14-dev) and a
# configured build directory (build/) for config.h. Findings land in
# build-fuzz-unwinnable/. Not part of the test suite.
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
shift || true
out="$src/build-fuzz-unwinnable"
mkdir -p "$out/corpus"

if [ ! -f "$src/build/config.h" ]; then
  echo "run-fuzz-unwinnable: configure first (meson setup build)" >&2
  exit 2
fi

chess="$src/src/core/chess"
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -D_GNU_SOURCE -I"$src/build" -I"$chess" \
  $(pkg-config --cflags glib-2.0) \
  "$src/tests/fuzz/fuzz-unwinnable.c" \
  "$chess/arb-bitboard.c" "$chess/arb-position.c" "$chess/arb-san.c" \
  "$chess/arb-material.c" "$chess/arb-unwinnable.c" "$chess/arb-unwinnable-static.c" \
  $(pkg-config --libs glib-2.0) -lm -o "$out/fuzz-unwinnable"

cd "$out"
exec ./fuzz-unwinnable -max_total_time="$seconds" -max_len=400 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 "$@" corpus
