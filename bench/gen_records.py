#!/usr/bin/env python3
"""bench/gen_records.py — writes large record files for the reading benchmarks: a chess server's monthly dump, a CSA or KIF collection, a xiangqi PGN collection."""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import boardgames  # noqa: E402


def random_game(rng, variant, plies):
    """A random legal game of up to `plies` plies, stopped at its end."""
    g = boardgames.Game(variant)
    while g.ply < plies and not g.result().is_over:
        legal = list(g.legal_moves)
        if not legal:
            break
        g.play(rng.choice(legal))
    return g


def chess_dump(rng, n, out_game):
    """Lichess-style: 16 tags, a clock comment after every move, ~70 plies a game."""
    moves_of = []
    for _ in range(n):
        g = random_game(rng, "chess", rng.randint(40, 100))
        r = g.result()
        if r.outcome == "win":
            res = "1-0" if r.winners == ["white"] else "0-1"
        elif r.outcome == "draw":
            res = "1/2-1/2"
        else:
            res = rng.choice(["1-0", "0-1", "1/2-1/2"])
        moves_of.append((g.move_text(), res))
        g.close()

    def game(k):
        moves, res = moves_of[k % len(moves_of)]
        w, b = rng.randint(800, 2800), rng.randint(800, 2800)
        head = (f'[Event "Rated Blitz game"]\n[Site "https://example.org/{k:08x}"]\n'
                f'[Date "2026.10.{1 + k % 28:02d}"]\n[Round "-"]\n[White "player{rng.randint(1, 99999)}"]\n'
                f'[Black "player{rng.randint(1, 99999)}"]\n[Result "{res}"]\n'
                f'[UTCDate "2026.10.{1 + k % 28:02d}"]\n[UTCTime "{k % 24:02d}:{k % 60:02d}:{k * 7 % 60:02d}"]\n'
                f'[WhiteElo "{w}"]\n[BlackElo "{b}"]\n[WhiteRatingDiff "+{rng.randint(1, 9)}"]\n'
                f'[BlackRatingDiff "-{rng.randint(1, 9)}"]\n[ECO "A{k % 100:02d}"]\n'
                f'[TimeControl "180+0"]\n[Termination "Normal"]\n\n')
        parts, clock = [], [180, 180]
        for i, mv in enumerate(moves):
            clock[i % 2] = max(0, clock[i % 2] - rng.randint(0, 6))
            c = clock[i % 2]
            num = f"{i // 2 + 1}." if i % 2 == 0 else f"{i // 2 + 1}..."
            parts.append(f"{num} {mv} {{ [%clk 0:{c // 60:02d}:{c % 60:02d}] }}")
        return head + " ".join(parts) + f" {res}\n\n"
    return game


def exported(rng, n, variant, fmt, sep="", tags=None):
    """Random games of a variant exported in a record format (tags set per game)."""
    texts = []
    for i in range(n):
        g = random_game(rng, variant, rng.randint(60, 140))
        for k, v in (tags or {}).items():
            g.tags[k] = v.format(i=i)
        texts.append(g.export(fmt) + sep)
        g.close()
    return lambda k: texts[k % len(texts)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=["chess-dump", "shogi-csa", "shogi-kif", "xiangqi-pgn"])
    ap.add_argument("out")
    ap.add_argument("--mb", type=float, default=100.0, help="size of the file in MB")
    ap.add_argument("--distinct", type=int, default=0, help="distinct random games repeated")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    if a.kind == "chess-dump":
        game = chess_dump(rng, a.distinct or 2000, None)
    elif a.kind == "shogi-csa":
        game = exported(rng, a.distinct or 500, "shogi", "csa", "/\n",
                        {"先手": "player{i}", "後手": "opponent{i}"})
    elif a.kind == "shogi-kif":
        game = exported(rng, a.distinct or 500, "shogi", "kif", "\n",
                        {"先手": "先手{i}", "後手": "後手{i}", "棋戦": "ベンチマーク"})
    else:
        game = exported(rng, a.distinct or 500, "xiangqi", "pgn", "\n",
                        {"Event": "象棋比赛 {i}", "Red": "红方{i}", "Black": "黑方{i}",
                         "Format": "Chinese"})
    target, written, n = int(a.mb * 1e6), 0, 0
    with open(a.out, "w", encoding="utf-8", newline="\n") as f:
        while written < target:
            text = game(n)
            n += 1
            f.write(text)
            written += len(text.encode())
    print(f"{a.out}: {n} games, {written} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
