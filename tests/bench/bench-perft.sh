#!/usr/bin/env bash
# Perft speed of arbiter-cli against Debian's stockfish ("go perft"), same
# machine, same run. Both count with bulk counting at the last ply.
#
# Usage: tests/bench/bench-perft.sh [BUILD_DIR]   (default: build)
# Needs: hyperfine, stockfish (apt-get install hyperfine stockfish)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/build}
cli=$build/src/cli/arbiter-cli
stockfish=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$cli" ] || { echo "build arbiter-cli first (meson compile -C build)"; exit 2; }
[ -x "$stockfish" ] || { echo "stockfish is missing (apt-get install stockfish)"; exit 2; }
command -v hyperfine >/dev/null || { echo "hyperfine is missing (apt-get install hyperfine)"; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

bench() {
  local name=$1 fen=$2 depth=$3 nodes=$4
  # Check that both agree on the count before timing them.
  local ours theirs
  ours=$("$cli" perft "$fen" "$depth" | tail -1)
  theirs=$(printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" | "$stockfish" | sed -n 's/^Nodes searched: //p')
  echo "$name depth $depth: arbiter-cli $ours nodes, stockfish $theirs nodes, expected $nodes"
  [ "$ours" = "$nodes" ] && [ "$theirs" = "$nodes" ] || { echo "node counts differ"; exit 1; }
  printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" > "$tmp/$name.in"
  # stockfish reads its commands from standard input, so both run through
  # the shell (hyperfine subtracts the shell's own start-up time).
  hyperfine --warmup 1 --runs 5 --export-json "$tmp/$name.json" \
    -n arbiter-cli "$cli perft '$fen' $depth" \
    -n stockfish "$stockfish < $tmp/$name.in" >/dev/null
  python3 - "$tmp/$name.json" "$name" "$nodes" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
nodes = int(sys.argv[3])
a, s = runs["arbiter-cli"], runs["stockfish"]
su = json.load(open(sys.argv[1].rsplit("/", 1)[0] + "/startup.json"))["results"]
su = {r["command"]: r["median"] for r in su}
net = (s["median"] - su["stockfish"]) / (a["median"] - su["arbiter-cli"])
print(f"  arbiter-cli {a['median']:.3f} s ({nodes / a['median'] / 1e6:.0f} Mnps)   "
      f"stockfish {s['median']:.3f} s ({nodes / s['median'] / 1e6:.0f} Mnps)   "
      f"ratio {s['median'] / a['median']:.2f}x (stockfish time / arbiter-cli time, medians of 5); net of start-up {net:.2f}x")
PY
}

# Start-up costs differ (stockfish loads its network at start), so the
# script also times depth 1 and reports the ratio net of start-up.
startup() {
  printf 'position startpos\ngo perft 1\nquit\n' > "$tmp/startup.in"
  hyperfine --warmup 1 --runs 10 --export-json "$tmp/startup.json" \
    -n arbiter-cli "$cli perft startpos 1" \
    -n stockfish "$stockfish < $tmp/startup.in" >/dev/null
  python3 - "$tmp/startup.json" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
print(f"start-up (perft 1): arbiter-cli {runs['arbiter-cli']['median']*1000:.1f} ms, stockfish {runs['stockfish']['median']*1000:.1f} ms")
PY
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "stockfish: $("$stockfish" quit </dev/null | head -1)"
startup
bench start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 6 119060324
bench kiwipete "$kiwipete" 5 193690690
