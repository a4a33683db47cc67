#!/usr/bin/env python3
"""bench/bench_python.py — the Python binding against python-chess 1.11, side by side in one run: random games, SAN, PGN reading, a perft loop.

python-chess is not part of this project: check a 1.11.x release out anywhere (not into the tree)
and give its directory, e.g.

    git clone --branch v1.11.2 --depth 1 https://github.com/niklasf/python-chess /tmp/python-chess
    bench/bench_python.py --python-chess /tmp/python-chess      # or PYTHON_CHESS=/tmp/python-chess

Times are CPU time of this process (time.process_time): the machines this runs on are shared,
so wall time would measure the neighbours too. Each figure is the best of --repeat rounds, the
two libraries alternating within a round. Both sides play the same number of games and moves
of their own random games (the move orders of the two libraries differ, so the games do too):
the figures are per ply, per move or per game.
"""

import argparse
import os
import random
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def setup_paths(args):
    sys.path.insert(0, os.path.join(HERE, "..", "python"))
    if "BOARDGAMES_LIBRARY" not in os.environ:
        for build in ("build", "build-release"):
            lib = os.path.join(HERE, "..", build, "lib", "libboardgames.so.0")
            if os.path.exists(lib):
                os.environ["BOARDGAMES_LIBRARY"] = os.path.abspath(lib)
                break
    pc = args.python_chess or os.environ.get("PYTHON_CHESS")
    if not pc:
        sys.exit("bench_python: give --python-chess DIR (a python-chess 1.11.x checkout)")
    sys.path.insert(0, pc)


def best(fn, repeat):
    """Best CPU time of `repeat` calls of fn() -> (seconds, count)."""
    out = None
    for _ in range(repeat):
        t = time.process_time()
        count = fn()
        dt = time.process_time() - t
        if out is None or dt < out[0]:
            out = (dt, count)
    return out


# ---- the workloads, once per library ----

def bg_random(bg, games, plies, san=False):
    def run():
        rnd = random.Random(1)
        n = 0
        for _ in range(games):
            p = bg.Position("chess")
            for _ in range(plies):
                moves = p.legal_moves
                if not moves:
                    break
                m = rnd.choice(moves)
                if san:
                    p.san(m)
                p.play(m)
                n += 1
        return n
    return run


def pc_random(chess, games, plies, san=False):
    def run():
        rnd = random.Random(1)
        n = 0
        for _ in range(games):
            b = chess.Board()
            for _ in range(plies):
                moves = list(b.legal_moves)
                if not moves:
                    break
                m = rnd.choice(moves)
                if san:
                    b.san(m)
                b.push(m)
                n += 1
        return n
    return run


def bg_san_all(bg, positions):
    ps = [bg.Position("chess", fen) for fen in positions]

    def run():
        n = 0
        for p in ps:
            n += len(p.legal_moves_text("san"))
        return n
    return run


def pc_san_all(chess, positions):
    bs = [chess.Board(fen) for fen in positions]

    def run():
        n = 0
        for b in bs:
            n += len([b.san(m) for m in b.legal_moves])
        return n
    return run


def bg_pgn(bg, path):
    def run():
        n = 0
        for g in bg.read_games(path, errors="raise"):
            n += g.ply
        return n
    return run


def pc_pgn(chess, path):
    import chess.pgn

    def run():
        n = 0
        with open(path, encoding="utf-8") as f:
            while True:
                g = chess.pgn.read_game(f)
                if g is None:
                    break
                n += sum(1 for _ in g.mainline_moves())
        return n
    return run


def bg_perft(bg, fen, depth):
    def perft(p, d):
        if d == 0:
            return 1
        n = 0
        for m in p.legal_moves:
            p.push(m)
            n += perft(p, d - 1)
            p.pop()
        return n

    def run():
        return perft(bg.Position("chess", fen), depth)
    return run


def pc_perft(chess, fen, depth):
    def perft(b, d):
        if d == 0:
            return 1
        n = 0
        for m in b.legal_moves:
            b.push(m)
            n += perft(b, d - 1)
            b.pop()
        return n

    def run():
        return perft(chess.Board(fen), depth)
    return run


def positions_of_random_games(bg, games, plies):
    rnd = random.Random(7)
    out = []
    for _ in range(games):
        p = bg.Position("chess")
        for _ in range(plies):
            moves = p.legal_moves
            if not moves:
                break
            p.play(rnd.choice(moves))
            out.append(p.fen)
    return out


def write_pgn(bg, path, games):
    rnd = random.Random(3)
    with open(path, "w", encoding="utf-8") as f:
        for i in range(games):
            g = bg.Game("chess")
            g.tags["Event"] = f"bench {i}"
            g.tags["White"] = "A"
            g.tags["Black"] = "B"
            for _ in range(rnd.randint(40, 120)):
                moves = g.legal_moves
                if not moves:
                    break
                g.play(rnd.choice(moves))
                if rnd.random() < 0.1:
                    g.set_comment(g.ply, "a comment")
            f.write(g.export("pgn") + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--python-chess", help="a python-chess 1.11.x checkout (or $PYTHON_CHESS)")
    ap.add_argument("--repeat", type=int, default=3, help="rounds; the best counts (default 3)")
    ap.add_argument("--quick", action="store_true", help="smaller workloads")
    args = ap.parse_args()
    setup_paths(args)
    import boardgames as bg
    import chess

    q = 4 if args.quick else 1
    games, plies = 200 // q, 200
    sans = positions_of_random_games(bg, 40 // q, 60)
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    tmp = tempfile.TemporaryDirectory()
    pgn = os.path.join(tmp.name, "bench.pgn")
    write_pgn(bg, pgn, 1000 // q)

    rows = [
        ("random games (legal moves + push)", "ply", bg_random(bg, games, plies),
         pc_random(chess, games, plies), 10),
        ("random games + SAN of the played move", "ply", bg_random(bg, games, plies, True),
         pc_random(chess, games, plies, True), 5),
        ("SAN of every legal move", "move", bg_san_all(bg, sans), pc_san_all(chess, sans), 10),
        (f"reading a PGN file ({os.path.getsize(pgn) // 1024} KiB)", "game",
         bg_pgn(bg, pgn), pc_pgn(chess, pgn), 20),
        ("perft 3 loop in Python (push/pop), start", "leaf",
         bg_perft(bg, chess.STARTING_FEN, 3), pc_perft(chess, chess.STARTING_FEN, 3), 2),
        ("perft 2 loop in Python (push/pop), kiwipete", "leaf",
         bg_perft(bg, kiwipete, 2), pc_perft(chess, kiwipete, 2), 2),
    ]
    print(f"boardgames {bg.__version__} (library {bg.version()}, {bg.library_path}) against "
          f"python-chess {chess.__version__}; CPU time, best of {args.repeat}")
    print(f"{'workload':46} {'unit':>5} {'boardgames':>12} {'python-chess':>13} {'ratio':>7} {'target':>7}")
    failed = 0
    for title, unit, ours, theirs, target in rows:
        a = b = None
        for _ in range(args.repeat):  # alternate the libraries within each round
            ra, rb = best(ours, 1), best(theirs, 1)
            a = ra if a is None or ra[0] < a[0] else a
            b = rb if b is None or rb[0] < b[0] else b
        count_a = a[1] if unit != "game" else 1000 // q
        count_b = b[1] if unit != "game" else 1000 // q
        ua, ub = a[0] / count_a * 1e6, b[0] / count_b * 1e6
        ratio = ub / ua
        mark = "ok" if ratio >= target else "MISS"
        failed += ratio < target
        print(f"{title:46} {unit:>5} {ua:10.2f}us {ub:11.2f}us {ratio:6.1f}x {target:>5}x {mark}")
        if unit == "leaf" and a[1] != b[1]:
            print(f"  node counts differ: {a[1]} vs {b[1]}")
            failed += 1
    tmp.cleanup()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
