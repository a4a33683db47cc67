"""More than two sides against an independent reference: perft of random positions of three- and
four-sided variants (holes, sides facing four ways, promotions, checkmates and stalemates that put
a side out, kings taken after another side exposed them), counted by the library and by the
plain Python move generator below, written from docs/variants.md and sharing no code with it.

Usage: python3 test_sides_ref.py [GAMES]   (random positions per variant, default 10; PYTHONPATH
and BOARDGAMES_LIBRARY as for the binding's tests)
"""

import os
import random
import sys
import unittest

import boardgames
from boardgames import Position

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "common"))
from bgtest import tagged_board  # noqa: E402  (tests/common, beside this folder)

# Three sides on 8x8 (one facing east, two facing each other), four on 10x10 without corners.
DEFINITIONS = """
[tri:chess]
sides = 3
sideNames = white gold black
sideFacing = north east south
castling = false
stalemateValue = loss
promotionPieceTypes = qn
startFen = 1NbBbKbRbQb2/3PbPbPb2/Qg7/KgPg6/NgPg6/8/2PwPwPw3/2RwKwBwNwQw1 w 0 1

[cross:chess]
maxRank = 10
maxFile = 10
sides = 4
sideNames = red blue yellow green
sideFacing = north east south west
holes = a1 b1 i1 j1 a2 j2 a9 j9 a10 b10 i10 j10
castling = false
doubleStep = false
promotionRank = 6
promotionPieceTypes = r
startFen = **1RyKyQyNy1**/*3PyPy3*/RbPb6PgRg/KbPb6PgQg/NbPb6PgKg/BbPb6PgBg/1Pb6Pg1/10/*3PrPr3*/**1NrQrKrRr1** r 0 1
"""

# Positions where a king stands attacked by a side that moves before its own (it may be taken),
# a side about to be mated or stalemated, promotions next to a hole.
TACTICS = {
    "tri": [
        "3Kb4/8/8/Kg2Rg4/8/8/8/3Kw4 g 0 1",          # gold's rook may take black's or white's king
        "3Kb4/8/8/3Rw4/Kg7/8/8/3Kw3Rg g 0 1",       # gold's rook takes white's king on d1
        "Kb7/2Qw5/1Rw6/8/8/Kg7/8/3Kw4 w 0 1",        # white mates (Qb7) or stalemates black
        "7Kb/5Pg2/8/8/Kg7/8/2Pw5/3Kw4 g 0 1",        # gold's pawn promotes on h7... by taking
    ],
    "cross": [
        "**2Ky3**/*8*/10/Kb9/10/4Rr5/10/10/*8*/**1Kr3Kg** r 0 1",    # red's rook takes yellow's king
        "**2Ky3**/*8*/Kb9/10/10/1Pr8/4Pb5/10/*Rg7*/**1Kr3Kg** b 0 1",  # promotions; a hole ends b2's rank
        "**Ky5**/*1Rr6*/10/10/10/Kb9/10/10/*8*/**1Kr3Kg** g 0 1",    # yellow checked in its corner
    ],
}

FACING = {"north": (0, 1), "east": (1, 0), "south": (0, -1), "west": (-1, 0)}


def rotate(dx, dy, facing):
    """A step of the first side's frame turned to face `facing` (docs/variants.md)."""
    if facing == "east":
        return dy, -dx
    if facing == "south":
        return -dx, -dy
    if facing == "west":
        return -dy, dx
    return dx, dy


class Rules:
    """One variant's rules as the reference reads them from its definition text."""

    def __init__(self, section):
        lines = [ln for ln in section.strip().splitlines()[1:] if ln.strip() and ln[0] not in "#;"]
        kv = dict(ln.split(" = ", 1) for ln in lines)
        self.w = int(kv.get("maxFile", 8))
        self.h = int(kv.get("maxRank", 8))
        self.names = kv["sideNames"].split()
        self.facing = kv["sideFacing"].split()
        self.tags = [n[0] for n in self.names]
        self.holes = {self.sq(s) for s in kv.get("holes", "").split()}
        self.double = kv.get("doubleStep", "true") == "true"
        self.promo_rank = int(kv.get("promotionRank", 8)) - 1
        self.promo = kv["promotionPieceTypes"].upper()
        self.stalemate_out = kv.get("stalemateValue", "draw") == "loss"

    def sq(self, name):
        return (ord(name[0]) - ord("a"), int(name[1:]) - 1)

    def on(self, f, r):
        return 0 <= f < self.w and 0 <= r < self.h and (f, r) not in self.holes

    def rel_rank(self, side, f, r):
        face = self.facing[side]
        return {"north": r, "south": self.h - 1 - r, "east": f, "west": self.w - 1 - f}[face]


class Pos:
    """Board {(file, rank): (side, letter)}, the side to move, and the rules."""

    def __init__(self, rules, board, stm):
        self.rules, self.board, self.stm = rules, board, stm

    @classmethod
    def parse(cls, rules, text):
        fields = text.split()
        return cls(rules, tagged_board(fields[0], rules.h, rules.tags), rules.tags.index(fields[1]))

    def alive(self):
        return {s for (s, p) in self.board.values() if p == "K"}

    def king(self, side):
        for sq, (s, p) in self.board.items():
            if s == side and p == "K":
                return sq
        return None

    def targets(self, sq):
        """(target, can move there quietly, can capture there) of the piece on sq."""
        side, p = self.board[sq]
        rules, (f, r) = self.rules, sq
        face = rules.facing[side]
        out = []

        def ray(dx, dy, limit=99):
            x, y = f, r
            for _ in range(limit):
                x, y = x + dx, y + dy
                if not rules.on(x, y):
                    return
                out.append(((x, y), True, True))
                if (x, y) in self.board:
                    return

        if p == "P":
            fx, fy = FACING[face]
            if rules.on(f + fx, r + fy) and (f + fx, r + fy) not in self.board:
                out.append(((f + fx, r + fy), True, False))
                two = (f + 2 * fx, r + 2 * fy)
                if rules.double and rules.rel_rank(side, f, r) == 1 and rules.on(*two) and two not in self.board:
                    out.append((two, True, False))
            for side_step in (-1, 1):
                dx, dy = rotate(side_step, 1, face)
                if rules.on(f + dx, r + dy):
                    out.append(((f + dx, r + dy), False, True))
            return out
        if p in "KN":
            steps = [(1, 2), (2, 1)] if p == "N" else [(1, 0), (1, 1)]
            for a, b in steps:
                for dx, dy in ((a, b), (-b, a), (-a, -b), (b, -a)):
                    if rules.on(f + dx, r + dy):
                        out.append(((f + dx, r + dy), True, True))
            return out
        dirs = []
        if p in "RQ":
            dirs += [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if p in "BQ":
            dirs += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        for dx, dy in dirs:
            ray(dx, dy)
        return out

    def attacked(self, target, by_not):
        """Whether a piece of a side other than by_not captures onto target."""
        for sq, (s, _) in list(self.board.items()):
            if s != by_not and any(t == target and cap for t, _, cap in self.targets(sq)):
                return True
        return False

    def in_check(self):
        k = self.king(self.stm)
        return k is not None and self.attacked(k, self.stm)

    def legal(self):
        if len(self.alive()) <= 1:
            return []
        moves = []
        for sq, (s, p) in list(self.board.items()):
            if s != self.stm:
                continue
            for to, quiet, cap in self.targets(sq):
                victim = self.board.get(to)
                if (victim is None and not quiet) or (victim is not None and (not cap or victim[0] == s)):
                    continue
                promos = [None]
                if p == "P" and self.rules.rel_rank(s, *to) == self.rules.promo_rank:
                    promos = list(self.rules.promo)
                for promo in promos:
                    after = dict(self.board)
                    del after[sq]
                    after[to] = (s, promo or p)
                    k = to if p == "K" else self.king(s)
                    if not Pos(self.rules, after, s).attacked(k, s):
                        moves.append((sq, to, promo))
        return moves

    def remove(self, side):
        self.board = {sq: v for sq, v in self.board.items() if v[0] != side}

    def pass_turn(self, frm):
        alive, n = self.alive(), len(self.rules.names)
        self.stm = next(((frm + i) % n for i in range(1, n + 1) if (frm + i) % n in alive), frm)

    def settle(self):
        while len(self.alive()) > 1 and not self.legal() and (self.in_check() or self.rules.stalemate_out):
            out = self.stm
            self.remove(out)
            self.pass_turn(out)

    def play(self, move):
        sq, to, promo = move
        s, p = self.board.pop(sq)
        victim = self.board.get(to)
        self.board[to] = (s, promo or p)
        if victim is not None and victim[1] == "K":
            self.remove(victim[0])
            self.board[to] = (s, promo or p)
        self.pass_turn(s)
        self.settle()

    def perft(self, depth):
        moves = self.legal()
        if depth == 1:
            return len(moves)
        total = 0
        for m in moves:
            child = Pos(self.rules, dict(self.board), self.stm)
            child.play(m)
            total += child.perft(depth - 1)
        return total


class TestSidesReference(unittest.TestCase):
    def check_variant(self, name, games, seed):
        vset = boardgames.define_variants(DEFINITIONS, register=False)
        section = next(s for s in DEFINITIONS.split("\n[") if s.lstrip("[").startswith(name + ":"))
        rules = Rules(section)
        rng = random.Random(seed)
        seen = {"positions": 0, "eliminated": 0, "three_alive": 0}
        positions = [Position(vset[name], fen) for fen in TACTICS[name]]
        for _ in range(games):
            pos = Position(vset[name])
            for _ in range(rng.randrange(4, 90)):
                moves = list(pos.legal_moves)
                if not moves:
                    break
                pos.push(rng.choice(moves))
            positions.append(pos)
        for pos in positions:
            ref = Pos.parse(rules, pos.fen)
            alive = len(ref.alive())
            seen["eliminated"] += alive < len(rules.names)
            seen["three_alive"] += alive >= 3
            depth = 3 if len(ref.board) < 14 else 2
            self.assertEqual(pos.perft(depth), ref.perft(depth), f"{name} {pos.fen} depth {depth}")
            seen["positions"] += 1
        return seen

    def test_three_sides(self):
        seen = self.check_variant("tri", GAMES, 3)
        self.assertGreaterEqual(seen["three_alive"], GAMES // 4)
        self.assertGreaterEqual(seen["eliminated"], 1)

    def test_four_sides_with_holes(self):
        seen = self.check_variant("cross", GAMES, 4)
        self.assertGreaterEqual(seen["three_alive"], GAMES // 4)
        self.assertGreaterEqual(seen["eliminated"], 1)


GAMES = 10
if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1].isdigit():
        GAMES = int(sys.argv.pop(1))
    unittest.main()
