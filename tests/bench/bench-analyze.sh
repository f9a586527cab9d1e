#!/usr/bin/env bash
# Speed of "arbiter-cli analyze --json" (repetitions, 50/75 moves, automatic
# ends, and the dead-position verdict by search at every ply) against
# chessops (the same replay with its insufficient-material test, no search)
# and "pgn-extract --repetition", same machine, same run, same corpus: the
# real games of ../shared/testdata repeated to about 40 MB by
# ../shared/checks/make-corpus (relative to the project root). Each is run
# once; the CPU time (user + system) is what to compare under load.
#
# Usage: tests/bench/bench-analyze.sh [BUILD_DIR] [MB] [BASELINE_CLI]
#   (default: build 40). With BASELINE_CLI (another build's arbiter-cli),
#   it is timed too and both outputs must be byte-identical.
# Needs: pgn-extract (apt-get install pgn-extract); node and npm for
# chessops (installed in a temporary directory; set CHESSOPS_DIR to a
# directory where "npm install chessops" was done to skip that).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/build}
mb=${2:-40}
baseline=${3:-}
cli=$build/src/cli/arbiter-cli
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
make_corpus=$top/../shared/checks/make-corpus
[ -x "$cli" ] || { echo "build arbiter-cli first (meson compile -C build)"; exit 2; }
[ -x "$pgn_extract" ] || { echo "pgn-extract is missing (apt-get install pgn-extract)"; exit 2; }
[ -x "$make_corpus" ] || { echo "$make_corpus is missing"; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

corpus=$("$make_corpus" "$mb")
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "corpus: $corpus, $(stat -c %s "$corpus") bytes, $(grep -c '^\[Event ' "$corpus") games"

# Runs a command, its output to $tmp/NAME.out; prints and keeps its CPU time.
timed () {
  local name=$1
  shift
  /usr/bin/time -f "%U %S %e" -o "$tmp/$name.time" "$@" > "$tmp/$name.out" 2> "$tmp/$name.err" || true
  read -r user sys wall < "$tmp/$name.time"
  cpu=$(python3 -c "print(f'{$user + $sys:.2f}')")
  echo "$cpu" > "$tmp/$name.cpu"
  printf '  %-34s CPU %8s s  wall %8s s\n' "$name" "$cpu" "$wall"
}

chessops=${CHESSOPS_DIR:-}
if [ -z "$chessops" ] && command -v npm >/dev/null && command -v node >/dev/null; then
  chessops=$tmp/chessops
  mkdir -p "$chessops"
  (cd "$chessops" && npm install --silent --no-audit --no-fund chessops >/dev/null 2>&1) || chessops=
fi

timed "arbiter-cli analyze --json" "$cli" analyze --json "$corpus"
if [ -n "$baseline" ]; then
  timed "baseline analyze --json" "$baseline" analyze --json "$corpus"
  if cmp -s "$tmp/arbiter-cli analyze --json.out" "$tmp/baseline analyze --json.out"; then
    echo "  outputs: byte-identical"
  else
    echo "  outputs: DIFFERENT"
    exit 1
  fi
fi
timed "pgn-extract --repetition" "$pgn_extract" --repetition -s "$corpus"
if [ -n "$chessops" ] && [ -d "$chessops/node_modules/chessops" ]; then
  cp "$top/tests/bench/bench-analyze-chessops.mjs" "$chessops/"
  timed "chessops (node)" node "$chessops/bench-analyze-chessops.mjs" "$corpus"
  cat "$tmp/chessops (node).out" | sed 's/^/    /'
else
  echo "  chessops: not installable here (needs node and npm), skipped"
fi

ours=$(cat "$tmp/arbiter-cli analyze --json.cpu")
for peer in "pgn-extract --repetition" "chessops (node)" "baseline analyze --json"; do
  [ -f "$tmp/$peer.cpu" ] || continue
  python3 -c "
o, p = $ours, $(cat "$tmp/$peer.cpu")
print(f'  ratio to {\"$peer\"}: {o / p:.3f}x CPU (ours / peer; the peer takes {p / o:.1f}x ours)' if p > 0 and o > 0 else '')"
done
