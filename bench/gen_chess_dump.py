#!/usr/bin/env python3
"""bench/gen_chess_dump.py — writes a chess PGN file in the style of a chess server's monthly dump (16 tags, clock comments, ~70 plies)."""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import boardgames  # noqa: E402


def random_game(rng, plies):
    """SAN moves of one random legal game, stopping early at its end."""
    g = boardgames.Game("chess")
    moves = []
    while len(moves) < plies and not g.result().is_over:
        legal = list(g.legal_moves)
        if not legal:
            break
        m = rng.choice(legal)
        moves.append(g.san(m))
        g.play(m)
    res = g.result()
    g.close()
    return moves, res


def clock(rng, left):
    return max(0, left - rng.randint(0, 6))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out")
    ap.add_argument("--mb", type=float, default=100.0, help="size of the file in MB")
    ap.add_argument("--distinct", type=int, default=2000, help="distinct random games to repeat")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    games = []
    for _ in range(a.distinct):
        moves, res = random_game(rng, rng.randint(40, 100))
        if res.outcome == "win":
            result = "1-0" if res.winners == ["white"] else "0-1"
        elif res.outcome == "draw":
            result = "1/2-1/2"
        else:
            result = rng.choice(["1-0", "0-1", "1/2-1/2"])
        games.append((moves, result))
    target = int(a.mb * 1e6)
    written = 0
    n = 0
    with open(a.out, "w", encoding="utf-8", newline="\n") as f:
        while written < target:
            moves, result = games[n % len(games)]
            n += 1
            w, b = rng.randint(800, 2800), rng.randint(800, 2800)
            head = (
                f'[Event "Rated Blitz game"]\n[Site "https://example.org/{n:08x}"]\n'
                f'[Date "2026.10.{1 + n % 28:02d}"]\n[Round "-"]\n[White "player{rng.randint(1, 99999)}"]\n'
                f'[Black "player{rng.randint(1, 99999)}"]\n[Result "{result}"]\n'
                f'[UTCDate "2026.10.{1 + n % 28:02d}"]\n[UTCTime "{n % 24:02d}:{n % 60:02d}:{(n * 7) % 60:02d}"]\n'
                f'[WhiteElo "{w}"]\n[BlackElo "{b}"]\n[WhiteRatingDiff "+{rng.randint(1, 9)}"]\n'
                f'[BlackRatingDiff "-{rng.randint(1, 9)}"]\n[ECO "A{n % 100:02d}"]\n'
                f'[TimeControl "180+0"]\n[Termination "Normal"]\n\n')
            parts = []
            cw = cb = 180
            for i, mv in enumerate(moves):
                if i % 2 == 0:
                    cw = clock(rng, cw)
                    parts.append(f"{i // 2 + 1}. {mv} {{ [%clk 0:{cw // 60:02d}:{cw % 60:02d}] }}")
                else:
                    cb = clock(rng, cb)
                    parts.append(f"{i // 2 + 1}... {mv} {{ [%clk 0:{cb // 60:02d}:{cb % 60:02d}] }}")
            text = head + " ".join(parts) + f" {result}\n\n"
            f.write(text)
            written += len(text.encode())
    print(f"{a.out}: {n} games, {written} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
