#!/usr/bin/env bash
# PGN validation speed of "arbiter-cli validate" against "pgn-extract -r"
# (check only, no output), same machine, same run, same corpus: the real
# games of ../shared/testdata repeated to about 40 MB by
# ../shared/checks/make-corpus (relative to the project root).
#
# Usage: tests/bench/bench-validate.sh [BUILD_DIR] [MB]   (default: build 40)
# Needs: hyperfine, pgn-extract (apt-get install hyperfine pgn-extract)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/build}
mb=${2:-40}
cli=$build/src/cli/arbiter-cli
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
make_corpus=$top/../shared/checks/make-corpus
[ -x "$cli" ] || { echo "build arbiter-cli first (meson compile -C build)"; exit 2; }
[ -x "$pgn_extract" ] || { echo "pgn-extract is missing (apt-get install pgn-extract)"; exit 2; }
[ -x "$make_corpus" ] || { echo "$make_corpus is missing"; exit 2; }
command -v hyperfine >/dev/null || { echo "hyperfine is missing (apt-get install hyperfine)"; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

corpus=$("$make_corpus" "$mb")
bytes=$(stat -c %s "$corpus")
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "corpus: $corpus, $bytes bytes"

# Both must accept every game before they are timed.
ours=$("$cli" validate "$corpus" | tail -1)
echo "arbiter-cli: $ours"
case "$ours" in
  *" 0 with errors") ;;
  *) echo "arbiter-cli found errors in the corpus"; exit 1 ;;
esac
theirs=$("$pgn_extract" -r "$corpus" 2>&1 >/dev/null | tail -1 || true)
echo "pgn-extract: $theirs"

hyperfine --warmup 1 --runs 5 --export-json "$tmp/validate.json" \
  -n arbiter-cli "$cli validate $corpus" \
  -n pgn-extract "$pgn_extract -r $corpus" >/dev/null
python3 - "$tmp/validate.json" "$bytes" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
size = int(sys.argv[2]) / 1e6
a, p = runs["arbiter-cli"], runs["pgn-extract"]
for name, r in (("arbiter-cli validate", a), ("pgn-extract -r", p)):
    print(f"  {name:22s} median {r['median']:.3f} s (min {r['min']:.3f}, max {r['max']:.3f})  {size / r['median']:.1f} MB/s")
print(f"  ratio {p['median'] / a['median']:.2f}x (pgn-extract time / arbiter-cli time, medians of 5)")
PY
