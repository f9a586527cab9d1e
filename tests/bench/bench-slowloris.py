#!/usr/bin/env python3
# bench-slowloris.py: the published round while half-sent requests pile up.
#
# Copyright 2026 The Arbiter authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/bench/bench-slowloris.py BUILD_DIR [--seconds S] [--attackers N]
#                                  [--screens N] [--nofile N]
#
# `arbiter-cli serve` publishes a 20-board round on 127.0.0.1 with a token,
# its open-files limit set as a desktop session sets it (1,024 by default).
# Fifty screens poll /round.json with the token twice a second, first alone
# (the baseline), then while N (2,000) connections send half a request head
# and one more header byte every few seconds, reconnecting as soon as the
# server closes them: once from one address (127.0.0.2), once spread over
# 100 addresses (127.0.1.x, 20 each, under the per-address cap). Every
# screen must keep getting 200. Prints, per phase: answers, non-200
# answers, failed connections, latency median / 99th percentile / maximum,
# the longest a screen went without a 200, and the ratio of each phase's
# 99th percentile to the baseline's. A benchmark, not a test: the limits
# themselves are tested in tests/cli (hostile-net-cli).
import argparse
import os
import resource
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

TOKEN = "bench-slowloris-token"


def make_round(cli, directory):
    pgn = os.path.join(directory, "round.pgn")
    with open(pgn, "w") as f:
        for b in range(1, 21):
            f.write(
                f'[Event "Bench"]\n[Round "1.{b}"]\n[White "White{b}, A"]\n'
                f'[Black "Black{b}, B"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n'
            )
    tournament = os.path.join(directory, "bench.arbiter")
    subprocess.run([cli, "new", tournament, "--name", "Bench"], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([cli, "import", tournament, pgn], check=True, stdout=subprocess.DEVNULL)
    return tournament


def start_server(cli, tournament, nofile):
    def limit():
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(nofile, hard), hard))

    proc = subprocess.Popen([cli, "serve", tournament, "--port", "0", "--token", TOKEN],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            preexec_fn=limit, text=True)
    url = proc.stdout.readline().strip()
    parts = urllib.parse.urlsplit(url)
    proc.host, proc.port = parts.hostname, parts.port
    return proc


class Screen(threading.Thread):
    """One hall screen: a keep-alive connection polling /round.json."""

    def __init__(self, host, port, stop):
        super().__init__(daemon=True)
        self.host, self.port, self.stop = host, port, stop
        self.latencies, self.bad, self.failed = [], 0, 0
        self.last_ok = time.monotonic()
        self.longest_gap = 0.0
        self.sock = None

    def request(self):
        if self.sock is None:
            self.sock = socket.create_connection((self.host, self.port), timeout=5)
        head = (f"GET /round.json HTTP/1.1\r\nHost: {self.host}\r\n"
                f"Authorization: Bearer {TOKEN}\r\n\r\n").encode()
        self.sock.sendall(head)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            data += chunk
        head_end = data.index(b"\r\n\r\n") + 4
        lines = data[:head_end].decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        length = 0
        close = False
        for line in lines[1:]:
            if line.lower().startswith("content-length:"):
                length = int(line.split(":", 1)[1])
            if line.lower().replace(" ", "") == "connection:close":
                close = True
        body = data[head_end:]
        while len(body) < length:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            body += chunk
        if close:  # as a browser does
            self.sock.close()
            self.sock = None
        return status

    def run(self):
        while not self.stop.is_set():
            start = time.monotonic()
            try:
                status = self.request()
                now = time.monotonic()
                self.latencies.append(now - start)
                if status == 200:
                    self.longest_gap = max(self.longest_gap, now - self.last_ok)
                    self.last_ok = now
                else:
                    self.bad += 1
            except OSError:
                self.failed += 1
                if self.sock is not None:
                    self.sock.close()
                self.sock = None
            self.stop.wait(0.5)
        now = time.monotonic()
        self.longest_gap = max(self.longest_gap, now - self.last_ok)
        if self.sock is not None:
            self.sock.close()


class Attack(threading.Thread):
    """N connections that never finish their request head."""

    def __init__(self, host, port, count, addresses, stop):
        super().__init__(daemon=True)
        self.host, self.port, self.count = host, port, count
        self.addresses, self.stop = addresses, stop
        self.opened = 0
        self.closed_by_server = 0

    def connect(self, i):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setblocking(False)
        s.bind((self.addresses[i % len(self.addresses)], 0))
        try:
            s.connect((self.host, self.port))
        except BlockingIOError:
            pass
        self.opened += 1
        return s

    def run(self):
        sel = selectors.DefaultSelector()
        socks = {}
        for i in range(self.count):
            s = self.connect(i)
            socks[s] = [i, 0]
            sel.register(s, selectors.EVENT_WRITE | selectors.EVENT_READ)
        next_trickle = time.monotonic() + 3
        while not self.stop.is_set():
            for key, events in sel.select(timeout=0.2):
                s = key.fileobj
                i, sent = socks[s]
                if events & selectors.EVENT_READ:
                    try:
                        gone = s.recv(4096) == b""
                    except OSError:
                        gone = True
                    if gone:
                        sel.unregister(s)
                        s.close()
                        del socks[s]
                        self.closed_by_server += 1
                        n = self.connect(i)
                        socks[n] = [i, 0]
                        sel.register(n, selectors.EVENT_WRITE | selectors.EVENT_READ)
                        continue
                if events & selectors.EVENT_WRITE and sent == 0:
                    try:
                        s.send(b"GET /round.json HTTP/1.1\r\nHost: x\r\n")
                    except OSError:
                        pass
                    socks[s][1] = 1
                    sel.modify(s, selectors.EVENT_READ)
            if time.monotonic() >= next_trickle:
                next_trickle = time.monotonic() + 3
                for s in list(socks):
                    try:
                        s.send(b"X")
                    except OSError:
                        pass
        for s in socks:
            s.close()


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def phase(name, server, seconds, screens, attack_addresses, attackers):
    host, port = server.host, server.port
    stop = threading.Event()
    cpu = cpu_seconds(server.pid)
    attack = None
    if attack_addresses:
        attack = Attack(host, port, attackers, attack_addresses, stop)
        attack.start()
        time.sleep(2)  # let the flood fill the pools first
    lookers = [Screen(host, port, stop) for _ in range(screens)]
    for s in lookers:
        s.start()
    time.sleep(seconds)
    stop.set()
    for s in lookers:
        s.join()
    if attack:
        attack.join()
    cpu = cpu_seconds(server.pid) - cpu
    lat = sorted(x for s in lookers for x in s.latencies)
    res = {
        "name": name,
        "answers": len(lat),
        "bad": sum(s.bad for s in lookers),
        "failed": sum(s.failed for s in lookers),
        "median": statistics.median(lat) if lat else float("nan"),
        "p99": lat[int(len(lat) * 0.99) - 1] if lat else float("nan"),
        "max": lat[-1] if lat else float("nan"),
        "gap": max(s.longest_gap for s in lookers),
        "attack": attack,
        "cpu": cpu / seconds,
    }
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--attackers", type=int, default=2000)
    ap.add_argument("--screens", type=int, default=50)
    ap.add_argument("--nofile", type=int, default=1024)
    args = ap.parse_args()
    cli = os.path.join(args.build, "src", "cli", "arbiter-cli")

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    need = args.attackers + args.screens + 64
    if hard < need:
        sys.exit(f"bench-slowloris: needs {need} open files, the hard limit is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))

    with tempfile.TemporaryDirectory() as d:
        tournament = make_round(cli, d)
        proc = start_server(cli, tournament, args.nofile)
        try:
            phases = [
                phase("baseline", proc, args.seconds, args.screens, None, 0),
                phase("one address", proc, args.seconds, args.screens,
                      ["127.0.0.2"], args.attackers),
                phase("100 addresses", proc, args.seconds, args.screens,
                      [f"127.0.1.{i}" for i in range(1, 101)], args.attackers),
            ]
            alive = proc.poll() is None
        finally:
            proc.terminate()
            proc.wait()

    print(f"arbiter-cli serve, open-files limit {args.nofile}; {args.screens} screens polling "
          f"/round.json twice a second for {args.seconds:g} s a phase; "
          f"{args.attackers} half-sent requests")
    print(f"{'phase':<14} {'200s':>6} {'non-200':>7} {'failed':>6} {'median ms':>9} "
          f"{'p99 ms':>8} {'max ms':>8} {'gap s':>6} {'p99/base':>8} {'closed':>7} {'CPU %':>6}")
    base = phases[0]["p99"]
    for p in phases:
        closed = p["attack"].closed_by_server if p["attack"] else 0
        print(f"{p['name']:<14} {p['answers'] - p['bad']:>6} {p['bad']:>7} {p['failed']:>6} "
              f"{p['median'] * 1000:>9.1f} {p['p99'] * 1000:>8.1f} {p['max'] * 1000:>8.1f} "
              f"{p['gap']:>6.1f} {p['p99'] / base:>8.1f} {closed:>7} {p['cpu'] * 100:>6.0f}")
    ok = alive and all(p["bad"] == 0 and p["failed"] == 0 for p in phases)
    print("every screen got 200 throughout" if ok else "SOME SCREENS WERE REFUSED OR CUT OFF")
    if not alive:
        print("the server died during the run")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
