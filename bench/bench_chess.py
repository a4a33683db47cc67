#!/usr/bin/env python3
"""Chess perft speed of libboardgames (`bgtool bench chess`) against Debian Stockfish, same run."""
import argparse
import glob
import os
import re
import subprocess
import sys
import time

# The positions `bgtool bench chess` runs (examples/bgtool_bench.c); keep the two in step.
POSITIONS = [
    ("start", None, 6),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
]

SPEED_LINE = re.compile(r"^chess (\S+) depth (\d+): (\d+) nodes in ([0-9.]+) s")


def find_bgtool():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    if os.environ.get("BGTOOL"):
        return os.environ["BGTOOL"]
    found = sorted(glob.glob(os.path.join(root, "build*", "examples", "bgtool")),
                   key=os.path.getmtime, reverse=True)
    if not found:
        sys.exit("bench_chess: no bgtool found; build first or pass --bgtool PATH")
    return found[0]


def run_ours(bgtool):
    """One `bgtool bench chess` run: {name: (depth, nodes, seconds)} and its other lines."""
    out = subprocess.run([bgtool, "bench", "chess"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("bench_chess: bgtool bench chess failed (%d): %s" % (out.returncode, out.stderr.strip()))
    speeds, other = {}, []
    for line in out.stdout.splitlines():
        m = SPEED_LINE.match(line)
        if m:
            speeds[m.group(1)] = (int(m.group(2)), int(m.group(3)), float(m.group(4)))
        elif "total" not in line:
            other.append(line)
    return speeds, other


class Stockfish:
    """A UCI session with Stockfish; perft is timed around `go perft` with a monotonic clock."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.name = "stockfish"
        self.send("uci")
        for line in self.lines_until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):]

    def send(self, cmd):
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def lines_until(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("bench_chess: stockfish ended unexpectedly")
            line = line.strip()
            yield line
            if line.startswith(prefix):
                return

    def perft(self, fen, depth):
        self.send("position startpos" if fen is None else "position fen " + fen)
        self.send("isready")
        for _ in self.lines_until("readyok"):
            pass
        start = time.monotonic()
        self.send("go perft %d" % depth)
        for line in self.lines_until("Nodes searched:"):
            last = line
        seconds = time.monotonic() - start
        return int(last.split(":")[1]), seconds

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bgtool", help="path to bgtool (default: $BGTOOL, else newest build*/examples/bgtool)")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--repeat", type=int, default=3, help="runs per engine; the fastest counts (default 3)")
    args = ap.parse_args()
    bgtool = args.bgtool or find_bgtool()
    if not os.access(args.stockfish, os.X_OK):
        sys.exit("bench_chess: %s not found (apt-get install stockfish)" % args.stockfish)

    sf = Stockfish(args.stockfish)
    ours_best, sf_best, other, ok = {}, {}, [], True
    for _ in range(max(1, args.repeat)):
        speeds, other = run_ours(bgtool)
        for name, fen, depth in POSITIONS:
            if name not in speeds or speeds[name][0] != depth:
                sys.exit("bench_chess: bgtool bench has no '%s' at depth %d" % (name, depth))
            d, nodes, secs = speeds[name]
            if name not in ours_best or secs < ours_best[name][1]:
                ours_best[name] = (nodes, secs)
            sf_nodes, sf_secs = sf.perft(fen, depth)
            if name not in sf_best or sf_secs < sf_best[name][1]:
                sf_best[name] = (sf_nodes, sf_secs)
    sf.close()

    print("bgtool: %s    peer: %s    best of %d run(s) each" % (bgtool, sf.name, max(1, args.repeat)))
    print("%-9s %5s %12s %12s %14s %7s" % ("position", "depth", "nodes", "ours M/s", "stockfish M/s", "ratio"))
    tot = [0, 0.0, 0, 0.0]
    for name, fen, depth in POSITIONS:
        (n, s), (sn, ss) = ours_best[name], sf_best[name]
        if n != sn:
            print("MISMATCH %s: ours %d nodes, stockfish %d" % (name, n, sn))
            ok = False
        tot = [tot[0] + n, tot[1] + s, tot[2] + sn, tot[3] + ss]
        print("%-9s %5d %12d %12.1f %14.1f %7.2f" % (name, depth, n, n / s / 1e6, sn / ss / 1e6,
                                                     (n / s) / (sn / ss)))
    ours_nps, sf_nps = tot[0] / tot[1], tot[2] / tot[3]
    print("%-9s %5s %12d %12.1f %14.1f %7.2f" % ("total", "", tot[0], ours_nps / 1e6, sf_nps / 1e6,
                                                 ours_nps / sf_nps))
    print("ratio ours/stockfish: %.2f (target >= 1.0)" % (ours_nps / sf_nps))
    for line in other:
        print(line)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
