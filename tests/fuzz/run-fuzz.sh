#!/usr/bin/env bash
# Runs the libFuzzer harnesses of tests/fuzz/ (every fuzz-NAME.c there),
# built with clang, AddressSanitizer and UndefinedBehaviorSanitizer.
#
#   tests/fuzz/run-fuzz.sh SECONDS [NAME...]
#
# SECONDS is the time for each harness; without NAMEs every harness runs,
# one after the other. Each starts from its seeds (tests/fuzz/corpus/NAME),
# the inputs that once failed (tests/fuzz/regressions/NAME) and the corpus
# of earlier campaigns (build-fuzz/corpus/NAME); for pgn, also the PGN files
# of the external test data (ARB_TESTDATA, default ../shared/testdata).
# Findings land in build-fuzz/findings/NAME/ (crash-*, leak-*, timeout-*);
# a finding, once fixed, goes to tests/fuzz/regressions/NAME/ so that the
# test suite replays it. A summary line per harness gives the executions.
#
# Needs clang and its runtime (Debian: clang, libclang-rt-14-dev). A
# campaign is a benchmark, not a test: the test suite only replays.
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
shift || true
out="$src/build-fuzz"
data=${ARB_TESTDATA:-$src/../shared/testdata}

if [ ! -f "$out/build.ninja" ]; then
  CC=clang meson setup "$out" "$src" -Dgui=false -Dfuzzing=true \
    -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debugoptimized >/dev/null
fi
ninja -C "$out" >/dev/null

if [ $# -gt 0 ]; then
  names=("$@")
else
  names=()
  for f in "$src"/tests/fuzz/fuzz-*.c; do
    n=$(basename "$f" .c)
    n=${n#fuzz-}
    [ "$n" = replay ] || names+=("$n")
  done
fi

status=0
for name in "${names[@]}"; do
  exe="$out/tests/fuzz/fuzz-$name"
  if [ ! -x "$exe" ]; then
    echo "run-fuzz: no harness $name" >&2
    status=2
    continue
  fi
  corpus="$out/corpus/$name"
  findings="$out/findings/$name"
  mkdir -p "$corpus" "$findings"
  extra=()
  for d in "$src/tests/fuzz/corpus/$name" "$src/tests/fuzz/regressions/$name"; do
    [ -d "$d" ] && extra+=("$d")
  done
  # Inputs of a few kilobytes find as much as large ones, many times faster;
  # a tournament file needs a few pages more, and an answer from lichess
  # must be long enough to nest deeper than the JSON depth limit lets
  # through (the harness reads up to 256 KiB).
  max_len=65536
  [ "$name" = tournament ] && max_len=262144
  [ "$name" = lichess-answer ] && max_len=262144
  if [ "$name" = pgn ] && [ -d "$data" ]; then
    seeds="$out/seeds/pgn"
    if [ ! -d "$seeds" ]; then
      mkdir -p "$seeds"
      i=0
      find "$data" -name '*.pgn' -type f -size -64k | sort | while read -r f; do
        i=$((i + 1))
        { printf '\000'; cat "$f"; } > "$seeds/seed-$i"
      done
    fi
    extra+=("$seeds")
  fi
  log="$out/findings/$name.log"
  set +e
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$exe" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$findings/" -print_final_stats=1 "$corpus" "${extra[@]}" >"$log" 2>&1
  rc=$?
  set -e
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  found=$(find "$findings" -type f | wc -l)
  echo "$name: ${execs:-0} executions, $found findings (exit $rc; log $log)"
  [ "$rc" -eq 0 ] || status=1
done
exit $status
