"""Seven Kingdoms reference rules: a deliberately simple, separately written model of the game.

It reads a position from the library only through the binding's board view (bg_position_piece_at
for every point) and the position text (which it parses itself, see docs/sevenkingdoms.md), then
generates moves and plays them by the rules of docs/rules.md §10 without sharing any code with the
C engine: points are (file, rank) pairs, every step is bounds-checked, nothing is precomputed.
The tests compare its move sets, perft counts and positions after moves with the library's.
"""

import os
import sys

from boardgames import _lib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "common"))
from bgtest import tagged_board  # noqa: E402  (tests/common, beside this folder)

KINGDOMS = ("qin", "han", "chu", "wei", "qi", "yan", "zhao")
LETTERS = "qhcwiyz"
KIND_LETTERS = " GRBCTDSAXHZ"  # public kind numbers 1..11
START_COUNT = {"G": 1, "R": 1, "B": 1, "C": 1, "T": 1, "D": 2, "S": 4, "A": 1, "X": 1, "H": 4}
SIZE = 19
ORTHO = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAG = ((1, 1), (-1, 1), (1, -1), (-1, -1))
PRESETS = {
    "3": "qin+han+zhao,chu+wei,qi+yan",
    "4": "qin+han,chu+wei,qi+yan,zhao",
    "5": "qin+han,chu+wei,qi,yan,zhao",
    "6": "qin+han,chu,wei,qi,yan,zhao",
    "7": "qin,han,chu,wei,qi,yan,zhao",
}
PASS = "pass"
# The start position of all seven armies (docs/sevenkingdoms.md).
START = ("2HzSzBzGzRzSzHz1HySyByGyRySyHy2/3HzSzCzSzHz3HySyCySyHy3/4DzXzDz5DyXyDy3Hi/5Az7Ay3HiSi/"
         "5Tz7Ty2DiSiBi/14TiAiXiCiGi/Hq15DiSiRi/SqHq15HiSi/RqSqDq15Hi/GqCqXqAqTq4Z9/BqSqDq15Hw/"
         "SqHq15HwSw/Hq15DwSwBw/14TwAwXwCwGw/5Th7Tc2DwSwRw/5Ah7Ac3HwSw/4DhXhDh5DcXcDc3Hw/"
         "3HhShChShHh3HcScCcScHc3/2HhShRhGhBhShHh1HcScRcGcBcScHc2 q - - 0 1")


def players(option):
    """Player number of each kingdom from a `players` option value; None for an empty kingdom."""
    text = PRESETS.get(option or "7", option)
    player = {}
    for i, group in enumerate(text.split(",")):
        for name in group.split("+"):
            assert KINGDOMS.index(name) not in player, text
            player[KINGDOMS.index(name)] = i
    return [player.get(k) for k in range(7)]


def start_text(option):
    """The start position of a `players` option: the standard one without the empty armies."""
    player = players(option)
    fields = START.split()
    rows = []
    for row in fields[0].split("/"):
        out, empty, j = "", 0, 0
        while j < len(row):
            if row[j].isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                empty, j = empty + int(row[j:k]), k
                continue
            size = 1 if row[j] == "Z" else 2
            if size == 2 and player[LETTERS.index(row[j + 1])] is None:
                empty += 1
            else:
                out += (str(empty) if empty else "") + row[j:j + size]
                empty = 0
            j += size
        rows.append(out + (str(empty) if empty else ""))
    first = next(k for k in range(7) if player[k] is not None)
    return " ".join(["/".join(rows), LETTERS[first]] + fields[2:])


def name(point):
    f, r = point
    return "abcdefghijklmnopqrs"[f] + str(r + 1)


class Ref:
    """A position: board {(f, r): (army, letter)} ('Z' for 周 has army None), counts, turn."""

    def __init__(self, text, option=None):
        self.player = players(option)
        fields = text.split()
        assert len(fields) == 6, text
        assert len(fields[0].split("/")) == SIZE
        self.board = tagged_board(fields[0], SIZE, LETTERS, untagged="Z", hole="", width=SIZE)
        self.turn = LETTERS.index(fields[1])
        self.conqueror = [None] * 7
        if fields[2] != "-":
            for item in fields[2].split(","):
                self.conqueror[LETTERS.index(item[0])] = LETTERS.index(item[2])
        self.taken = [[0] * 7 for _ in range(7)]  # taken[c][v]
        if fields[3] != "-":
            for item in fields[3].split(","):
                self.taken[LETTERS.index(item[0])][LETTERS.index(item[1])] = int(item[2:])
        self.quiet = int(fields[4])
        self.round = int(fields[5])
        self.winners, self.reason = self.judge(self.previous(self.turn))

    # ---- derived facts ----

    def owner(self, army):
        while self.conqueror[army] is not None:
            army = self.conqueror[army]
        return army

    def alive(self, k):
        """In play: seated (named by `players`) and not conquered."""
        return self.conqueror[k] is None and self.player[k] is not None

    def allies(self, a, b):
        return self.player[a] == self.player[b]

    def team(self, k):
        return sum(1 << j for j in range(7) if self.allies(j, k))

    def captured(self, k):
        return sum(self.taken[k])

    def lost(self, k):
        return sum(self.taken[c][k] for c in range(7))

    def conquests(self, k):
        return sum(1 for v in range(7) if self.conqueror[v] == k)

    def previous(self, k):
        for i in range(1, 7):
            j = (k - i) % 7
            if self.alive(j):
                return j
        return k

    def judge(self, first):
        for i in range(7):
            k = (first + i) % 7
            if self.alive(k) and (self.conquests(k) >= 2 or self.captured(k) >= 30):
                return self.team(k), "hegemony"
        live = [k for k in range(7) if self.alive(k)]
        if all(self.allies(k, live[0]) for k in live):
            return self.team(live[0]), "elimination"
        return 0, ""

    # ---- moves ----

    def enemy_at(self, point, k):
        """True if kingdom k may capture what stands on point."""
        army, letter = self.board[point]
        return letter not in ("Z", "T") and not self.allies(self.owner(army), k)

    def line(self, start, step, limit, can_capture, k):
        out = []
        f, r = start
        for _ in range(limit):
            f, r = f + step[0], r + step[1]
            if not (0 <= f < SIZE and 0 <= r < SIZE):
                break
            if (f, r) not in self.board:
                out.append((f, r))
                continue
            if can_capture and self.enemy_at((f, r), k):
                out.append((f, r))
            break
        return out

    def piece_moves(self, point, letter, k):
        targets = []
        if letter in "GT":
            for step in ORTHO + DIAG:
                targets += self.line(point, step, 18, letter == "G", k)
        elif letter == "R":
            for step in ORTHO:
                targets += self.line(point, step, 18, True, k)
        elif letter == "B":
            for step in DIAG:
                targets += self.line(point, step, 18, True, k)
        elif letter in "AX":
            for step in ORTHO + DIAG:
                targets += self.line(point, step, 4 if letter == "A" else 5, True, k)
        elif letter == "D":
            for step in DIAG:
                targets += self.line(point, step, 1, True, k)
        elif letter == "S":
            for step in ORTHO:
                targets += self.line(point, step, 1, True, k)
        elif letter == "C":
            for step in ORTHO:
                f, r = point
                screen = False
                while True:
                    f, r = f + step[0], r + step[1]
                    if not (0 <= f < SIZE and 0 <= r < SIZE):
                        break
                    if (f, r) not in self.board:
                        if not screen:
                            targets.append((f, r))
                        continue
                    if not screen:
                        screen = True
                        continue
                    if self.enemy_at((f, r), k):
                        targets.append((f, r))
                    break
        elif letter == "H":
            for step in ORTHO:
                leg = (point[0] + step[0], point[1] + step[1])
                if not (0 <= leg[0] < SIZE and 0 <= leg[1] < SIZE) or leg in self.board:
                    continue
                for diag in DIAG:
                    # Outward: the diagonal keeps the orthogonal step's direction.
                    if (step[0] and diag[0] != step[0]) or (step[1] and diag[1] != step[1]):
                        continue
                    targets += self.line(leg, diag, 3, True, k)
        return targets

    def general(self, k):
        for point, (army, letter) in self.board.items():
            if army == k and letter == "G":
                return point
        return None

    def moves(self):
        """Legal moves as (from, to) point pairs, or [('pass', general)], or [] once over."""
        if self.winners:
            return []
        k = self.turn
        out = []
        for point, (army, letter) in sorted(self.board.items()):
            if letter != "Z" and self.owner(army) == k:
                out += [(point, t) for t in self.piece_moves(point, letter, k)]
        return out or [(PASS, self.general(k))]

    def play(self, move):
        k = self.turn
        if move[0] == PASS:
            self.quiet += 1
        else:
            src, dst = move
            victim = self.board.get(dst)
            self.board[dst] = self.board.pop(src)
            if victim:
                self.quiet = 0
                army, letter = victim
                v = self.owner(army)
                self.taken[k][v] += 1
                if letter == "G" and army == v:
                    self.conqueror[v] = k
                elif self.lost(v) >= 10:
                    best, most = None, -1
                    for i in range(7):  # turn order from the mover: ties go to the mover, then on
                        c = (k + i) % 7
                        if c != v and self.alive(c) and self.taken[c][v] > most:
                            best, most = c, self.taken[c][v]
                    self.conqueror[v] = best
                self.winners, self.reason = self.judge(k)
            else:
                self.quiet += 1
        nxt = next((k + i) % 7 for i in range(1, 8) if self.alive((k + i) % 7))
        if nxt <= k:
            self.round += 1
        self.turn = nxt

    def text(self):
        rows = []
        for r in range(SIZE - 1, -1, -1):
            row, empty = "", 0
            for f in range(SIZE):
                piece = self.board.get((f, r))
                if piece is None:
                    empty += 1
                    continue
                if empty:
                    row, empty = row + str(empty), 0
                army, letter = piece
                row += letter + ("" if army is None else LETTERS[army])
            rows.append(row + (str(empty) if empty else ""))
        elim = ",".join(f"{LETTERS[v]}>{LETTERS[c]}" for v, c in enumerate(self.conqueror)
                        if c is not None) or "-"
        caps = ",".join(f"{LETTERS[c]}{LETTERS[v]}{n}" for c in range(7) for v in range(7)
                        if (n := self.taken[c][v])) or "-"
        return f"{'/'.join(rows)} {LETTERS[self.turn]} {elim} {caps} {self.quiet} {self.round}"

    def copy(self):
        other = Ref.__new__(Ref)
        other.__dict__.update(self.__dict__)
        other.board = dict(self.board)
        other.conqueror = list(self.conqueror)
        other.taken = [list(row) for row in self.taken]
        return other

    def perft(self, depth):
        if depth == 0:
            return 1
        moves = self.moves()
        if depth == 1:
            return len(moves)
        total = 0
        for m in moves:
            child = self.copy()
            child.play(m)
            total += child.perft(depth - 1)
        return total


# ---- the library side, through the binding's board view ----

def board_view(position):
    """{(f, r): (side, kind letter)} from bg_position_piece_at over every point."""
    lib, handle = _lib.lib, position._handle()
    out = {}
    for point in range(SIZE * SIZE):
        p = lib.bg_position_piece_at(handle, point)
        if p:
            out[(point % SIZE, point // SIZE)] = (p >> 8, KIND_LETTERS[p & 0xFF])
    return out


def check_view(ref, position):
    """The reference's board (with owners resolved) equals the library's board view."""
    mine = {pt: (7 if army is None else ref.owner(army), letter)
            for pt, (army, letter) in ref.board.items()}
    return mine == board_view(position)


def library_moves(position):
    """The library's legal moves as reference tuples."""
    out = []
    for m in position.legal_moves:
        to = (m.to_square % SIZE, m.to_square // SIZE)
        if m.is_pass:
            out.append((PASS, to))
        else:
            out.append(((m.from_square % SIZE, m.from_square // SIZE), to))
    return out


def to_library(move):
    """A reference move as a bg_move value."""
    if move[0] == PASS:
        return _lib.lib.bg_move_make_pass(move[1][1] * SIZE + move[1][0])
    (f1, r1), (f2, r2) = move
    return _lib.lib.bg_move_make(r1 * SIZE + f1, r2 * SIZE + f2, 0)


def move_name(move):
    return "pass" if move[0] == PASS else name(move[0]) + name(move[1])


__all__ = ["Ref", "board_view", "check_view", "library_moves", "to_library", "move_name",
           "players", "start_text", "PASS", "START"]
