#!/usr/bin/env python3
"""Tournament scale, each row against its peer in the same run.

Usage: tests/bench/bench-tournament.py BUILD_DIR [--mb 40] [--runs 3] [--keep DIR]

Build for benchmarks with the rules core tuned to the machine:
  meson setup build-bench -Dnative=true -Dgui=false && ninja -C build-bench

Rows (times are wall-clock medians of --runs; memory is the peak resident
set; ratios are ours / peer, so lower is better):

  import   the make-corpus PGN (../shared/checks/make-corpus: 611 real
           games repeated, the same players again and again) and a season
           of the same size in which no two games have the same players
           (every game of the external test data that pgn-extract accepts,
           duplicates removed, about 1,600, each copy with players of its
           own), both in rounds of 64 boards, into a new file, against
           "pgn-extract -r" (check only) on the same PGN; the file's size
           against the PGN's
  export   the whole file as PGN, against plain "pgn-extract" (read and
           write every game) on the same PGN
  open     one board out of the imported corpus file ("export --round R
           --board B"), warm and cold (the file's pages dropped from the page
           cache first), against the sqlite3 shell reading the same game row
  scale    one round of 600 and one of 1,800 boards (games of the season):
           the time per board should not grow

Needs pgn-extract and the sqlite3 shell (apt-get install pgn-extract sqlite3)
and the external test data (ARB_TESTDATA, or ../shared/testdata).
"""
import argparse
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TOP = pathlib.Path(__file__).resolve().parent.parent.parent


def find_tool(name, fallback=None):
    path = shutil.which(name)
    if path is None and fallback and os.path.exists(fallback):
        path = fallback
    if path is None:
        sys.exit(f"{name} is missing (apt-get install {name})")
    return path


def run_ok(cmd, stdout=subprocess.DEVNULL):
    start = time.monotonic()
    proc = subprocess.run(cmd, stdout=stdout, stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    if proc.returncode != 0:
        sys.exit(f"{' '.join(map(str, cmd))} failed: {proc.stderr.decode(errors='replace')}")
    return wall


def timed(cmd, stdout=subprocess.DEVNULL):
    """Wall seconds, peak RSS (MiB) and CPU seconds (user + system) of one
    run, failing loudly. On a loaded machine the CPU time is the steadier
    figure; the wall time is what a person waits."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(map(str, cmd))} failed: {err.decode(errors='replace')}")
    return wall, usage.ru_maxrss / 1024.0, usage.ru_utime + usage.ru_stime


def drop_cache(*paths):
    for p in paths:
        if os.path.exists(p):
            fd = os.open(p, os.O_RDONLY)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            os.close(fd)


def in_rounds(src, dst, boards, limit=None):
    """Rewrites the Round tags as R.B, `boards` boards a round."""
    n = 0
    with open(src, encoding="utf-8", errors="surrogateescape") as f, open(
        dst, "w", encoding="utf-8", errors="surrogateescape"
    ) as out:
        for line in f:
            if line.startswith("[Event "):
                if limit is not None and n == limit:
                    break
                n += 1
            if line.startswith("[Round "):
                out.write(f'[Round "{(n - 1) // boards + 1}.{(n - 1) % boards + 1}"]\n')
                continue
            if line.startswith("[Board "):
                continue
            out.write(line)
    return n


def distinct_games(testdata, pgn_extract, work):
    """Every game of the test data that pgn-extract accepts, once."""
    raw = work / "season.raw.pgn"
    with open(raw, "wb") as out:
        for path in sorted(testdata.rglob("*.pgn")):
            try:
                data = path.read_bytes()
            except OSError:
                continue
            if data.startswith(b"\xef\xbb\xbf"):
                data = data[3:]
            out.write(data.replace(b"\r", b"") + b"\n\n")
    clean = work / "season.checked.pgn"
    subprocess.run(
        [pgn_extract, "-s", "--nobadresults", "-D", "-o", str(clean), str(raw)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # Only games with a result a tournament file takes, and both players.
    text = clean.read_text(encoding="utf-8", errors="surrogateescape")
    games = re.split(r"\n(?=\[Event )", text)
    keep = [g for g in games
            if re.search(r'^\[Result "(1-0|0-1|1/2-1/2|\*)"\]$', g, re.M)
            and not re.search(r'^\[(White|Black) "(\?|)"\]$', g, re.M)]
    out = work / "season.pgn"
    out.write_text("\n".join(g.rstrip("\n") + "\n" for g in keep), encoding="utf-8",
                   errors="surrogateescape")
    return out


def importable(cli, pgn, work):
    """Drops the games the import refuses (a result that contradicts a
    mate, a player without a name), one at a time, as it names them."""
    for _ in range(100):
        scratch = work / "scratch.arbiter"
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(str(scratch) + suffix):
                os.unlink(str(scratch) + suffix)
        run_ok([cli, "new", "--name", "Scratch", str(scratch)])
        numbered = work / "scratch.pgn"
        in_rounds(pgn, numbered, 64)
        proc = subprocess.run([cli, "import", str(scratch), str(numbered)], capture_output=True,
                              text=True)
        if proc.returncode == 0:
            return
        m = re.search(r"game (\d+)", proc.stderr)
        if m is None:
            sys.exit(f"the season cannot be imported: {proc.stderr}")
        text = pgn.read_text(encoding="utf-8", errors="surrogateescape")
        games = re.split(r"\n(?=\[Event )", text)
        del games[int(m.group(1)) - 1]
        pgn.write_text("\n".join(g.rstrip("\n") + "\n" for g in games), encoding="utf-8",
                       errors="surrogateescape")
    sys.exit("the season cannot be imported")


def season(distinct, dst, size):
    """The distinct games repeated to `size` bytes, each copy with players
    of its own (the copy number after the name)."""
    text = distinct.read_text(encoding="utf-8", errors="surrogateescape")
    written = copy = 0
    with open(dst, "w", encoding="utf-8", errors="surrogateescape") as out:
        while written < size:
            copy += 1
            part = re.sub(r'^\[(White|Black) "([^"]*)"\]$',
                          lambda m: f'[{m.group(1)} "{m.group(2)} {copy}"]', text, flags=re.M)
            out.write(part + "\n")
            written += len(part) + 1


def median_of(runs, fn):
    """Median wall time, peak memory, median CPU time."""
    values = [fn() for _ in range(runs)]
    return (statistics.median(v[0] for v in values), max(v[1] for v in values),
            statistics.median(v[2] for v in values))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--mb", type=int, default=40)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--keep", help="work directory to use and keep")
    args = ap.parse_args()

    cli = pathlib.Path(args.build).resolve() / "src" / "cli" / "arbiter-cli"
    if not cli.exists():
        sys.exit(f"{cli} is missing: build arbiter-cli first")
    pgn_extract = find_tool("pgn-extract", "/usr/games/pgn-extract")
    sqlite = find_tool("sqlite3")
    testdata = pathlib.Path(os.environ.get("ARB_TESTDATA", TOP.parent / "shared" / "testdata"))
    make_corpus = TOP.parent / "shared" / "checks" / "make-corpus"
    if not testdata.is_dir() or not make_corpus.exists():
        sys.exit("the external test data is missing (set ARB_TESTDATA)")

    work = pathlib.Path(args.keep) if args.keep else pathlib.Path(tempfile.mkdtemp(prefix="arb-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; build {args.build}")

    corpus = pathlib.Path(
        subprocess.run([str(make_corpus), str(args.mb)], capture_output=True, text=True, check=True).stdout.strip()
    )
    sets = {}
    c64 = work / "corpus-64.pgn"
    n = in_rounds(corpus, c64, 64)
    sets["corpus"] = (c64, n)
    distinct = distinct_games(testdata, pgn_extract, work)
    importable(cli, distinct, work)
    full_season = work / "season.full.pgn"
    season(distinct, full_season, os.path.getsize(corpus))
    d64 = work / "season-64.pgn"
    n = in_rounds(full_season, d64, 64)
    sets["season"] = (d64, n)

    rows = []

    def new_file(name):
        path = work / name
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(str(path) + suffix):
                os.unlink(str(path) + suffix)
        run_ok([cli, "new", "--name", "Bench", str(path)])
        return path

    files = {}
    for label, (pgn, games) in sets.items():
        size = os.path.getsize(pgn)

        def ours():
            path = new_file(f"{label}.arbiter")
            return timed([cli, "import", str(path), str(pgn)])

        def peer():
            return timed([pgn_extract, "-r", str(pgn)])

        t_ours, mem, c_ours = median_of(args.runs, ours)
        t_peer, _, c_peer = median_of(args.runs, peer)
        files[label] = work / f"{label}.arbiter"
        fsize = os.path.getsize(files[label])
        rows.append(
            (f"import {label} ({size / 1e6:.1f} MB, {games} games)", t_ours, t_peer, c_ours, c_peer,
             "pgn-extract -r", f"peak {mem:.0f} MiB; file {fsize / 1e6:.1f} MB = {fsize / size:.2f}x the PGN")
        )

        out = work / f"{label}.export.pgn"
        peer_out = work / f"{label}.peer.pgn"

        def export_ours():
            with open(out, "wb") as f:
                return timed([cli, "export", str(files[label])], stdout=f)

        def export_peer():
            return timed([pgn_extract, "-s", "-o", str(peer_out), str(pgn)])

        t_ours, mem, c_ours = median_of(args.runs, export_ours)
        t_peer, _, c_peer = median_of(args.runs, export_peer)
        rows.append((f"export {label}", t_ours, t_peer, c_ours, c_peer, "pgn-extract",
                     f"peak {mem:.0f} MiB"))

    # One board out of the big file.
    big = files["corpus"]
    games = sets["corpus"][1]
    r, b = (games // 2) // 64 + 1, (games // 2) % 64 + 1
    one = [cli, "export", "--round", str(r), "--board", str(b), str(big)]
    peer_one = [sqlite, "-readonly", str(big),
                f"SELECT * FROM game WHERE round_no = {r} AND board = {b};"]
    for mode in ("warm", "cold"):
        def ours():
            if mode == "cold":
                drop_cache(str(big), str(big) + "-wal")
            return timed(one)

        def peer():
            if mode == "cold":
                drop_cache(str(big), str(big) + "-wal")
            return timed(peer_one)

        if mode == "warm":
            timed(one)
        t_ours, _, c_ours = median_of(args.runs, ours)
        t_peer, _, c_peer = median_of(args.runs, peer)
        rows.append((f"open: one board of {os.path.getsize(big) / 1e6:.0f} MB, {mode}", t_ours, t_peer,
                     c_ours, c_peer, "sqlite3 shell", "aim under 50 ms"))

    # One round of 600 and of 1,800 boards.
    per_board = {}
    for boards in (600, 1800):
        pgn = work / f"round-{boards}.pgn"
        got = in_rounds(full_season, pgn, boards, limit=boards)
        if got < boards:
            print(f"note: only {got} distinct games for a round of {boards}")

        def ours():
            path = new_file(f"round-{boards}.arbiter")
            return timed([cli, "import", str(path), str(pgn)])

        t, _, c = median_of(args.runs, ours)
        per_board[boards] = c / got
        rows.append((f"one round of {got} boards", t, None, c, None, None,
                     f"{1000 * c / got:.2f} ms of CPU a board"))

    print()
    print(f"{'work':44s} {'wall ours':>10s} {'peer':>9s} {'ratio':>7s} {'cpu ours':>9s} {'peer':>8s} {'ratio':>7s}"
          "  peer / notes")
    for name, ours_t, peer_t, ours_c, peer_c, peer_name, note in rows:
        wall = (f"{ours_t:9.3f}s {peer_t:8.3f}s {ours_t / peer_t:6.2f}x" if peer_t
                else f"{ours_t:9.3f}s {'-':>9s} {'-':>7s}")
        cpu = (f"{ours_c:8.3f}s {peer_c:7.3f}s {ours_c / peer_c:6.2f}x" if peer_c
               else f"{ours_c:8.3f}s {'-':>8s} {'-':>7s}")
        print(f"{name:44s} {wall} {cpu}  {peer_name or ''}{'; ' if peer_name else ''}{note}")
    print(f"scale: CPU time a board at 1,800 boards / at 600 boards = "
          f"{per_board[1800] / per_board[600]:.2f} (1.00 is linear)")
    if not args.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
