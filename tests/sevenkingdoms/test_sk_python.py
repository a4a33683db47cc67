"""Seven Kingdoms through Python and bgtool, cross-checked by the independent reference model.

- perft of the start position to depth 3: library vs reference.py (and per root move at depth 2);
- positions of random games (capture-happy, every alliance preset) and random placements: move
  sets compared move by move, the position after each move compared text by text;
- scenarios through the binding's Game (winners, reasons, statistics) and through bgtool
  (perft, moves, play --json, convert).
Environment: PYTHONPATH with the binding, BOARDGAMES_LIBRARY, BGTOOL (path of bgtool);
SK_RANDOM_GAMES / SK_PLACEMENTS scale the random parts and SK_REFERENCE_DEPTH the start perft
(the slow suite runs more and deeper: depth 4 is 72 million leaves, minutes in Python).
"""

import json
import os
import random
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import boardgames  # noqa: E402
from boardgames import Game, Position, _lib, read_game  # noqa: E402
from reference import (PASS, Ref, check_view, library_moves, move_name, players,  # noqa: E402
                       start_text, to_library)

LETTERS = "qhcwiyz"
KINGDOMS = ("qin", "han", "chu", "wei", "qi", "yan", "zhao")
ARMY = "G R B C T X A D D S S S S H H H H".split()
RANDOM_GAMES = int(os.environ.get("SK_RANDOM_GAMES", "10"))
PLACEMENTS = int(os.environ.get("SK_PLACEMENTS", "300"))
REFERENCE_DEPTH = int(os.environ.get("SK_REFERENCE_DEPTH", "3"))
BGTOOL = os.environ.get("BGTOOL")
STAT_CAPTURED, STAT_LOST, STAT_ELIMINATED, STAT_CONQUERED, STAT_COMMANDER = 1, 2, 3, 4, 5


def compare(test, pos, ref, where):
    """Library and reference agree on the board view and the legal moves."""
    test.assertTrue(check_view(ref, pos), f"{where}: board view differs\n{pos.text()}")
    lib_moves, ref_moves = library_moves(pos), ref.moves()
    if sorted(lib_moves) != sorted(ref_moves):
        only_lib = sorted(move_name(m) for m in set(lib_moves) - set(ref_moves))
        only_ref = sorted(move_name(m) for m in set(ref_moves) - set(lib_moves))
        test.fail(f"{where}: moves differ\n{pos.text()}\nlibrary only: {only_lib}\n"
                  f"reference only: {only_ref}")
    test.assertEqual(len(lib_moves), len(set(lib_moves)), f"{where}: duplicate moves")
    return ref_moves


def random_placement(rng):
    """A random legal position text and its players option: scattered armies, some conquered."""
    option = rng.choice(["7", "6", "5", "4", "3", "qin+wei,han+qi,chu,yan+zhao"])  # last: free
    player = players(option)
    conqueror = [None] * 7
    # Up to two kingdoms out, each conquered by a different kingdom still in play.
    for v in rng.sample(range(7), rng.randint(0, 2)):
        choices = [k for k in range(7) if k != v and player[k] != player[v]
                   and conqueror[k] is None and k not in conqueror]
        if choices and v not in conqueror:
            conqueror[v] = rng.choice(choices)
    live = [k for k in range(7) if conqueror[k] is None]
    taken = {}
    for v in range(7):
        if conqueror[v] is not None:
            taken[(conqueror[v], v)] = rng.randint(1, 5)
    for _ in range(rng.randint(0, 6)):
        c, v = rng.sample(live, 2)
        if player[c] != player[v]:
            taken[(c, v)] = taken.get((c, v), 0) + 1
    # Keep every kingdom in play under 10 losses and everyone short of hegemony.
    for v in live:
        while sum(n for (c, w), n in taken.items() if w == v) >= 10:
            key = next(k for k in taken if k[1] == v)
            taken[key] -= 1
            if not taken[key]:
                del taken[key]
    points = [(f, r) for f in range(19) for r in range(19) if (f, r) != (9, 9)]
    rng.shuffle(points)
    board = {(9, 9): "Z"}
    for k in range(7):
        for kind in ARMY:
            keep = kind == "G" and conqueror[k] is None or (kind != "G" and rng.random() < 0.45)
            if keep:
                board[points.pop()] = kind + LETTERS[k]
    if sum(taken.values()) > 119 - (len(board) - 1):
        taken.clear()
        for v in range(7):
            if conqueror[v] is not None:
                taken[(conqueror[v], v)] = 1
    rows = []
    for r in range(18, -1, -1):
        row, empty = "", 0
        for f in range(19):
            if (f, r) in board:
                row += (str(empty) if empty else "") + board[(f, r)]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    elim = ",".join(f"{LETTERS[v]}>{LETTERS[c]}" for v, c in enumerate(conqueror)
                    if c is not None) or "-"
    caps = ",".join(f"{LETTERS[c]}{LETTERS[v]}{n}" for (c, v), n in sorted(taken.items())) or "-"
    return f"{'/'.join(rows)} {LETTERS[rng.choice(live)]} {elim} {caps} 0 1", option


class TestPerft(unittest.TestCase):
    def test_start_perft_against_reference(self):
        pos = Position("sevenkingdoms")
        ref = Ref(pos.text())
        self.assertEqual(ref.text(), pos.text())
        compare(self, pos, ref, "start")
        for depth in range(1, REFERENCE_DEPTH + 1):
            self.assertEqual(pos.perft(depth), ref.perft(depth), f"perft {depth}")
        # Per root move at depth 2: the same counts move by move.
        divide = pos.divide(2)
        for m in ref.moves():
            child = ref.copy()
            child.play(m)
            self.assertEqual(divide[boardgames.Move(to_library(m))], child.perft(1), move_name(m))


class TestRandomPositions(unittest.TestCase):
    def test_random_games(self):
        rng = random.Random(20261129)
        positions = eliminations = moves_seen = 0
        endings = set()
        for game in range(RANDOM_GAMES):
            option = str(3 + game % 5)
            bias = (0.8, 0.5, 0.2)[game % 3]
            pos = Position("sevenkingdoms", options={"players": option})
            ref = Ref(pos.text(), option)
            for ply in range(2000):
                ref_moves = compare(self, pos, ref, f"game {game} ply {ply}")
                positions += 1
                moves_seen += len(ref_moves)
                if not ref_moves:
                    endings.add(ref.reason)
                    break
                captures = [m for m in ref_moves if m[0] != PASS and m[1] in ref.board]
                m = rng.choice(captures) if captures and rng.random() < bias else rng.choice(ref_moves)
                before = sum(c is not None for c in ref.conqueror)
                ref.play(m)
                pos.play(to_library(m))
                eliminations += sum(c is not None for c in ref.conqueror) - before
                self.assertEqual(pos.text(), ref.text(), f"game {game} after {move_name(m)}")
                if ply % 40 == 0:
                    self.assertEqual(pos.perft(2), ref.perft(2), f"game {game} ply {ply} perft 2")
        self.assertGreater(positions, 200 * min(RANDOM_GAMES, 5) // 5)
        self.assertGreater(eliminations, RANDOM_GAMES)
        self.assertIn("hegemony", endings)
        print(f"\n  random games: {positions} positions, {moves_seen} moves compared, "
              f"{eliminations} eliminations, endings {sorted(endings)}", file=sys.stderr)

    def test_random_placements(self):
        rng = random.Random(7)
        compared = passes = 0
        for i in range(PLACEMENTS):
            text, option = random_placement(rng)
            pos = Position("sevenkingdoms", text, options={"players": option, "alliances": "free"})
            self.assertEqual(pos.text(), text)
            ref = Ref(text, option)
            ref_moves = compare(self, pos, ref, f"placement {i}")
            compared += len(ref_moves)
            passes += ref_moves[0][0] == PASS if ref_moves else 0
            for m in rng.sample(ref_moves, min(4, len(ref_moves))):
                child, after = ref.copy(), pos.copy()
                child.play(m)
                after.play(to_library(m))
                self.assertEqual(after.text(), child.text(), f"placement {i} {move_name(m)}")
            if i % 10 == 0:
                self.assertEqual(pos.perft(2), ref.perft(2), f"placement {i} perft 2\n{text}")
        print(f"\n  placements: {PLACEMENTS} positions, {compared} moves compared",
              file=sys.stderr)


class TestEmptyKingdoms(unittest.TestCase):
    """Option players with fewer kingdoms (seed 002: 「也可以玩家各佔一國,而空其餘國」)."""

    OPTIONS = ["qin,chu,qi", "wei,han", "zhao,yan,qi,wei,chu,han", "qin+han,chu", "yan,qin"]

    def position(self, option, text=None):
        return Position("sevenkingdoms", text,
                        options={"players": option, "alliances": "free"})

    def test_start_and_perft(self):
        for option in self.OPTIONS:
            with self.subTest(option):
                pos = self.position(option)
                # The reference builds the start itself: the standard one less the empty armies.
                self.assertEqual(pos.text(), start_text(option))
                ref = Ref(pos.text(), option)
                compare(self, pos, ref, f"{option} start")
                for depth in (1, 2):
                    self.assertEqual(pos.perft(depth), ref.perft(depth), f"{option} perft {depth}")

    def test_random_games(self):
        rng = random.Random(20261201)
        positions = 0
        endings = set()
        for game in range(max(RANDOM_GAMES // 2, 3)):
            option = self.OPTIONS[game % len(self.OPTIONS)]
            pos = self.position(option)
            ref = Ref(pos.text(), option)
            for ply in range(1500):
                ref_moves = compare(self, pos, ref, f"{option} game {game} ply {ply}")
                positions += 1
                if not ref_moves:
                    endings.add(ref.reason)
                    break
                captures = [m for m in ref_moves if m[0] != PASS and m[1] in ref.board]
                m = rng.choice(captures) if captures and rng.random() < 0.8 else rng.choice(ref_moves)
                ref.play(m)
                pos.play(to_library(m))
                self.assertEqual(pos.text(), ref.text(), f"{option} game {game} {move_name(m)}")
                # The position text reads back with the same options.
                self.assertEqual(self.position(option, pos.text()).text(), pos.text())
                if ply % 50 == 0:
                    self.assertEqual(pos.perft(2), ref.perft(2), f"{option} game {game} ply {ply}")
        self.assertTrue(endings, "no game ended")
        self.assertLessEqual(endings, {"hegemony", "elimination"})
        print(f"\n  empty kingdoms: {positions} positions, endings {sorted(endings)}",
              file=sys.stderr)

    def test_record_and_game(self):
        with Game("sevenkingdoms", options={"players": "chu,qin,qi"}) as g:
            g.play("e10e13")
            self.assertEqual(g.turn_id, "chu")
            text = g.export("skr")
            self.assertIn('[Players "qin,chu,qi"]', text)
            self.assertNotIn("[Position", text)
            back = read_game(text, "sevenkingdoms", "skr")
            self.assertEqual(back.moves, g.moves)
            self.assertEqual(back.text(), g.text())
        self.assertEqual(boardgames.variant("sevenkingdoms").options["alliances"], ("seed", "free"))
        with self.assertRaises(boardgames.UnknownOptionError) as cm:
            Game("sevenkingdoms", options={"players": "qin+chu,han,wei,qi,yan,zhao"})
        self.assertIn("6人對局時", str(cm.exception))


GENERALS = {"Gq": "a10", "Gh": "f1", "Gc": "n1", "Gw": "s6", "Gi": "s14", "Gy": "n19", "Gz": "f19"}


def text_of(pieces, rest):
    """Position text from {"Rq": "f5", ...} style pairs (several of a kind: a list)."""
    board = {(9, 9): "Z"}
    for piece, where in pieces:
        board[(ord(where[0]) - 97, int(where[1:]) - 1)] = piece
    rows = []
    for r in range(18, -1, -1):
        row, empty = "", 0
        for f in range(19):
            if (f, r) in board:
                row += (str(empty) if empty else "") + board[(f, r)]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " " + rest


def stat(game, side, which):
    return _lib.lib.bg_game_stat(game._handle(), side, which)


class TestScenarios(unittest.TestCase):
    def test_general_capture_and_transfer(self):
        pieces = list(GENERALS.items()) + [("Rq", "f5"), ("Sh", "h1")]
        g = Game("sevenkingdoms", text_of(pieces, "q - - 0 1"))
        g.play("f5f1")
        self.assertEqual(g.turn_id, "chu")
        self.assertEqual(g.position.piece_at("h1").side_id, "qin")
        self.assertEqual(g.position.piece_at("j10").name, "zhou")
        self.assertIsNone(g.position.piece_at("j10").side_id)
        self.assertEqual(stat(g, 1, STAT_ELIMINATED), 1)
        self.assertEqual(stat(g, 0, STAT_CAPTURED), 1)
        self.assertEqual(stat(g, 1, STAT_COMMANDER), 0)
        for m in ("n1n2", "s6s7", "s14s15", "n19n18", "f19f18"):
            g.play(m)
        self.assertEqual(g.turn_id, "qin")
        g.play("h1h2")
        self.assertEqual(g.turn_id, "chu")
        ref = Ref(g.start_position.text())
        for m in g.moves:
            ref.play(((m.from_square % 19, m.from_square // 19), (m.to_square % 19, m.to_square // 19)))
        self.assertEqual(ref.text(), g.text())

    def test_alliance_hegemony_and_record(self):
        pieces = [(k, v) for k, v in GENERALS.items() if k != "Gw"] + [("Rq", "n5")]
        g = Game("sevenkingdoms", text_of(pieces, "q w>q qw1 0 1"), options={"players": "6"})
        g.play("n5n1")
        r = g.result()
        self.assertEqual(r.outcome, "win")
        self.assertEqual(sorted(r.winners), ["han", "qin"])
        self.assertEqual(r.reason, "hegemony")
        self.assertEqual(g.legal_moves, [])
        back = read_game(g.export("skr"), "sevenkingdoms", "skr")
        self.assertEqual(back.moves, g.moves)
        self.assertEqual(back.result(), r)


@unittest.skipUnless(BGTOOL, "BGTOOL not set")
class TestBgtool(unittest.TestCase):
    def run_tool(self, *args, ok=True):
        p = subprocess.run([BGTOOL, *args], capture_output=True, text=True, timeout=120)
        if ok:
            self.assertEqual(p.returncode, 0, p.stderr)
        return p

    def test_empty_kingdoms(self):
        out = self.run_tool("perft", "sevenkingdoms", "2", "--option", "players=qin,chu,qi")
        ref = Ref(start_text("qin,chu,qi"), "qin,chu,qi")
        self.assertEqual(int(out.stdout.split()[-1]), ref.perft(2))
        p = self.run_tool("play", "sevenkingdoms", "--option", "players=qin+han,chu", "e10e11",
                          ok=False)
        self.assertEqual(p.returncode, 2)
        self.assertIn("也可以玩家各佔一國", p.stderr)
        out = json.loads(self.run_tool("play", "sevenkingdoms", "--option", "players=qin+han,chu",
                                       "--option", "alliances=free", "--json", "e10e11").stdout)
        self.assertEqual(out["to_move"], "han")

    def test_perft_and_moves(self):
        ref = Ref(Position("sevenkingdoms").text())
        out = self.run_tool("perft", "sevenkingdoms", "2").stdout.split()
        self.assertEqual(int(out[-1]), ref.perft(2))
        lines = self.run_tool("perft", "sevenkingdoms", "2", "--divide").stdout.splitlines()
        self.assertEqual(len(lines), len(ref.moves()) + 1)
        moves = self.run_tool("moves", "sevenkingdoms").stdout.split()
        self.assertEqual(sorted(moves), sorted(move_name(m) for m in ref.moves()))

    def test_play_json_winners(self):
        pieces = [(k, v) for k, v in GENERALS.items() if k != "Gh"] + [("Rq", "n5")]
        fen = text_of(pieces, "q h>q qh1 0 1")
        out = json.loads(self.run_tool("play", "sevenkingdoms", "--fen", fen, "--json",
                                       "n5n1").stdout)
        self.assertEqual(out["result"], "win")
        self.assertEqual(out["winners"], ["qin"])
        self.assertEqual(out["reason"], "hegemony")
        ref = Ref(fen)
        ref.play(((13, 4), (13, 0)))
        self.assertEqual(out["position"], ref.text())
        # Alliances through --option; an illegal move is refused with its ply.
        pieces = [(k, v) for k, v in GENERALS.items() if k != "Gw"] + [("Rq", "n5")]
        fen = text_of(pieces, "q w>q qw1 0 1")
        out = json.loads(self.run_tool("play", "sevenkingdoms", "--fen", fen, "--option",
                                       "players=6", "--json", "n5n1").stdout)
        self.assertEqual(out["winners"], ["qin", "han"])
        p = self.run_tool("play", "sevenkingdoms", "e10e11", "e10e12", ok=False)
        self.assertEqual(p.returncode, 2)
        self.assertIn("ply 2", p.stderr)
        start = json.loads(self.run_tool("play", "sevenkingdoms", "--json", "e10e11").stdout)
        self.assertEqual(start["to_move"], "han")
        self.assertEqual(start["result"], "ongoing")

    def test_convert(self):
        record = "[Players \"3\"]\n\n1. q:e10e11 h:f5f6 c:n5n6\n"
        p = subprocess.run([BGTOOL, "convert", "sevenkingdoms", "--from", "skr", "--to", "uci"],
                           input=record, capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(), "e10e11 f5f6 n5n6")
        p = subprocess.run([BGTOOL, "convert", "sevenkingdoms", "--from", "skr", "--to", "skr"],
                           input=record, capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("[Players \"qin+han+zhao,chu+wei,qi+yan\"]", p.stdout)
        self.assertIn("1. q:e10e11 h:f5f6 c:n5n6", p.stdout)
        bad = subprocess.run([BGTOOL, "convert", "sevenkingdoms", "--from", "skr", "--to", "uci"],
                             input="1. q:e10e11\nh:e10e12\n", capture_output=True, text=True,
                             timeout=60)
        self.assertEqual(bad.returncode, 1)
        self.assertIn("line 2", bad.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
