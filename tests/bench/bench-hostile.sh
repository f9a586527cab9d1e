#!/usr/bin/env bash
# Hostile PGN files against `arbiter-cli import` and `validate`: each must
# be imported with a peak resident size under 100 MB, or refused with a
# clear error in under a second. The files are made here, in a temporary
# directory, and removed afterwards; nothing is committed.
#
#   tests/bench/bench-hostile.sh [BUILD_DIR]
#
# Prints, per file and command: exit status, wall time, peak RSS (from
# /usr/bin/time -v) and the first line of the error. A benchmark, not a
# test: the limits themselves are tested in tests/cli/test-hostile.c.
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$src/build}
cli="$build/src/cli/arbiter-cli"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x /usr/bin/time ]; then
  echo "bench-hostile: needs /usr/bin/time (Debian: time)" >&2
  exit 2
fi

python3 - "$tmp" <<'PY'
import sys
d = sys.argv[1]
head = '[Event "Hostile"]\n[Round "1.1"]\n[White "A, B"]\n[Black "C, D"]\n[Result "*"]\n'
# One game, 100,000 sibling variations of about 2.9 kB each (289 MB).
dance = " ".join(["Nf6 Nf3 Ng8 Ng1"] * 180)
with open(f"{d}/variations.pgn", "w") as f:
    f.write(head + "\n1. e4 ")
    var = "(1. d4 " + dance + ") "
    block = var * 1000
    for _ in range(100):
        f.write(block)
    f.write("e5 *\n")
# One game with 10 million tags (149 MB).
with open(f"{d}/tags.pgn", "w") as f:
    f.write(head)
    for i in range(0, 10_000_000, 100_000):
        f.write("".join(f'[Tag{j:08d} "x"]\n' for j in range(i, i + 100_000)))
    f.write("\n1. e4 *\n")
# One game with a 50 MB comment.
with open(f"{d}/comment.pgn", "w") as f:
    f.write(head + "\n1. e4 {")
    for _ in range(50):
        f.write("x" * (1 << 20))
    f.write("} e5 *\n")
PY

printf '%-16s %-9s %5s %9s %12s  %s\n' file command exit seconds "peak RSS kB" message
for name in variations tags comment; do
  file="$tmp/$name.pgn"
  size=$(stat -c %s "$file")
  for command in import validate; do
    t="$tmp/t.arbiter"
    rm -f "$t"
    "$cli" new "$t" --name Hostile >/dev/null
    if [ "$command" = import ]; then
      args=(import "$t" "$file")
    else
      args=(validate "$file")
    fi
    set +e
    /usr/bin/time -v -o "$tmp/time" "$cli" "${args[@]}" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    set -e
    secs=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/time")
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time")
    msg=$(head -c 160 "$tmp/err" | head -1)
    [ -n "$msg" ] || msg=$(tail -1 "$tmp/out" | head -c 160)
    printf '%-16s %-9s %5s %9s %12s  %s\n' "$name ($((size / 1000000)) MB)" "$command" "$rc" \
      "$secs" "$rss" "$msg"
  done
done
