#!/usr/bin/env python3
"""examples/read_parallel.py — read one large record file in parallel by byte ranges (multiprocessing, Dask) and print the same totals as one reader.

    python3 examples/read_parallel.py FILE [--variant chess] [--format pgn] [--workers N]
                                           [--ranges K] [--dask]

The file is cut into K byte ranges; each worker reads the games that start in its range
(boardgames.read_games(..., byte_range=(start, end))): together they are exactly the games of
the whole file, each once. The totals (games, plies, skipped games, decisive results) are printed
for one sequential reader, for multiprocessing, and with --dask for dask.bag on processes.
"""

import argparse
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import boardgames  # noqa: E402


def count_range(job):
    """Totals of the games starting in one byte range: (games, plies, skipped, decisive)."""
    path, variant, fmt, start, end = job
    games = plies = decisive = 0
    skipped = []
    for g in boardgames.read_games(path, variant, fmt, byte_range=(start, end),
                                   on_error=skipped.append, moves_only=True):
        games += 1
        plies += g.ply
        decisive += g.tags.get("Result", "") in ("1-0", "0-1")
    return games, plies, len(skipped), decisive


def ranges(path, k):
    size = os.path.getsize(path)
    cuts = [size * i // k for i in range(k + 1)]
    return [(cuts[i], cuts[i + 1] if i + 1 < k else None) for i in range(k)]


def add(totals):
    return tuple(sum(t[i] for t in totals) for i in range(4))


def show(label, totals, seconds):
    g, p, s, d = totals
    print(f"{label:<16} games {g:>9,}  plies {p:>11,}  skipped {s:>6,}  decisive {d:>9,}"
          f"  ({seconds:.2f} s)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--format", default=None)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--ranges", type=int, default=0, help="byte ranges (default 4 per worker)")
    ap.add_argument("--dask", action="store_true", help="also read with dask.bag")
    a = ap.parse_args()
    k = a.ranges or 4 * a.workers
    jobs = [(a.file, a.variant, a.format, s, e) for s, e in ranges(a.file, k)]

    t = time.monotonic()
    whole = count_range((a.file, a.variant, a.format, 0, None))
    show("one reader", whole, time.monotonic() - t)

    t = time.monotonic()
    with multiprocessing.Pool(a.workers) as pool:
        parts = add(pool.map(count_range, jobs))
    show("multiprocessing", parts, time.monotonic() - t)
    same = parts == whole

    if a.dask:
        import dask.bag  # Debian: python3-dask
        t = time.monotonic()
        bag = dask.bag.from_sequence(jobs, npartitions=len(jobs)).map(count_range)
        totals = add(bag.compute(scheduler="processes", num_workers=a.workers))
        show("dask", totals, time.monotonic() - t)
        same = same and totals == whole

    print("same totals" if same else "TOTALS DIFFER")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
