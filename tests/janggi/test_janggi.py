"""Janggi through the Python binding and bgtool: setups, rulesets, notations, results, scores, .gib.

Run with PYTHONPATH=python, BOARDGAMES_LIBRARY=<libboardgames.so> and BGTOOL=<bgtool>.
"""

import ctypes
import json
import os
import subprocess
import unittest

import boardgames
from boardgames import Game, Position, read_game, read_games

START = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
BGTOOL = os.environ.get("BGTOOL")


def score(game, side):
    """bg_game_score through the raw prototype table (the binding has no method for it yet)."""
    return boardgames._lib.lib.bg_game_score(ctypes.c_void_p(game._handle()), side)


class TestBinding(unittest.TestCase):
    def test_variant(self):
        v = boardgames.variant("janggi")
        self.assertEqual(v.sides, ("cho", "han"))
        self.assertEqual(v.notations, ("uci", "korean"))
        self.assertEqual(v.record_formats, ("gib",))
        self.assertEqual(v.options["ruleset"][0], "standard")
        self.assertEqual(v.start_text, START)

    def test_perft_and_setups(self):
        # Fairy-Stockfish's bikjang rule (the default, standard, and tournament) refuses replies
        # that keep the generals facing; the seed's allows them and ends the game: depth 3
        # counts them all, depth 4 nothing below them.
        self.assertEqual(Position("janggi", options={"ruleset": "tournament"}).perft(3), 33000)
        self.assertEqual(Position("janggi").perft(3), 33000)
        seed = {"ruleset": "seed"}
        self.assertEqual(Position("janggi", options=seed).perft(3), 33316)
        self.assertEqual(Position("janggi", options=seed).perft(4), 1072171)
        self.assertEqual(Position("janggi", options={"ruleset": "casual"}).perft(3), 33316)
        p = Position("janggi", options={"setup": "RBNA1ANBR/rbna1abnr", "ruleset": "tournament"})
        self.assertEqual(p.text(), START.replace("RNBA1ABNR w", "RBNA1ANBR w")
                         .replace("rnba1abnr/", "rbna1abnr/", 1))
        self.assertEqual(p.perft(3), 33336)
        with self.assertRaises(boardgames.UnknownOptionError):
            Position("janggi", options={"setup": "RNBA1ABNR"})

    def test_notations(self):
        p = Position("janggi")
        m = p.parse("02馬83", "korean")
        self.assertEqual(p.format(m, "uci"), "b1c3")
        self.assertEqual(p.format(m, "korean"), "02마83")
        passing = p.parse("한수쉼", "korean")
        self.assertTrue(passing.is_pass)
        self.assertEqual(p.format(passing, "uci"), "e2e2")
        for move in p.legal_moves:
            for notation in ("uci", "korean"):
                self.assertEqual(p.parse(p.format(move, notation), notation), move)
        with self.assertRaises(boardgames.ParseError):
            p.parse("02말83", "korean")

    def test_double_pass_counting(self):
        with Game("janggi") as g:
            for m in ["c4c5", "c7c6", "c5c6", "e9e9", "e2e2"]:
                g.play(m, "uci")
            r = g.result()
            self.assertEqual((r.outcome, r.winners, r.reason), ("win", ["cho"], "double-pass"))
            self.assertEqual((score(g, 0), score(g, 1)), (720, 715))
            back = read_game(g.export("gib"), "janggi", "gib")
            self.assertEqual(back.moves, g.moves)
            self.assertEqual(str(back.result()), "win cho by double-pass")

    def test_bikjang(self):
        with Game("janggi", options="ruleset=tournament") as g:
            for m in ["e4d4", "e7d7"]:
                g.play(m, "uci")
            with self.assertRaises(boardgames.IllegalMoveError):
                g.play("a4a5", "uci")
            g.play("한수쉼", "korean")
            r = g.result()
            self.assertEqual((r.outcome, r.winners, r.reason), ("win", ["han"], "bikjang"))
        # The seed's rule: playing on is legal and accepts the bikjang; stepping the general off
        # the file does not.
        with Game("janggi", options="ruleset=seed") as g:
            for m in ["e4d4", "e7d7", "a4a5"]:
                g.play(m, "uci")
            r = g.result()
            self.assertEqual((r.outcome, r.winners, r.reason), ("win", ["han"], "bikjang"))
            self.assertEqual(g.legal_moves, [])
        with Game("janggi", options="ruleset=seed") as g:
            for m in ["e4d4", "e7d7", "e2d2"]:
                g.play(m, "uci")
            self.assertFalse(g.is_over())
        with Game("janggi", options="ruleset=traditional") as g:
            for m in ["e4d4", "e7d7", "e2e2"]:
                g.play(m, "uci")
            self.assertEqual(g.result().outcome, "draw")

    def test_real_gib(self):
        with open(os.path.join(DATA, "real.gib"), encoding="utf-8") as f:
            text = f.read()
        games = list(read_games(text + "\n" + text, "janggi", "gib"))
        self.assertEqual([len(g.moves) for g in games], [73, 73])
        self.assertEqual(games[0].tags["한대국자"], "전동하")
        self.assertEqual(games[0].move_text("korean")[:3], ["71졸72", "49병48", "08마87"])


@unittest.skipUnless(BGTOOL, "BGTOOL is not set")
class TestBgtool(unittest.TestCase):
    def run_tool(self, *args, stdin=None):
        return subprocess.run([BGTOOL, *args], input=stdin, capture_output=True, text=True,
                              check=False)

    def test_perft(self):
        r = self.run_tool("perft", "janggi", "3", "--option", "ruleset=tournament")
        self.assertEqual((r.returncode, r.stdout.strip()), (0, "33000"))
        r = self.run_tool("perft", "janggi", "4")  # the default: Fairy-Stockfish's bikjang
        self.assertEqual((r.returncode, r.stdout.strip()), (0, "1065277"))
        r = self.run_tool("perft", "janggi", "4", "--option", "ruleset=seed")
        self.assertEqual((r.returncode, r.stdout.strip()), (0, "1072171"))
        r = self.run_tool("perft", "janggi", "3", "--option", "ruleset=casual")
        self.assertEqual(r.stdout.strip(), "33316")
        r = self.run_tool("perft", "janggi", "1", "--divide")
        self.assertIn("e2e2\t1", r.stdout)

    def test_moves_korean(self):
        r = self.run_tool("moves", "janggi", "--notation", "korean")
        self.assertEqual(r.returncode, 0, r.stderr)
        moves = r.stdout.split()
        self.assertEqual(len(moves), 32)
        self.assertIn("79졸78", moves)
        self.assertIn("한수쉼", moves)

    def test_play_json(self):
        r = self.run_tool("play", "janggi", "--json", "--notation", "korean", "79졸78",
                          "한수쉼", "한수쉼")
        self.assertEqual(r.returncode, 0, r.stderr)
        j = json.loads(r.stdout)
        self.assertEqual((j["result"], j["winners"], j["reason"]), ("win", ["han"], "double-pass"))
        r = self.run_tool("play", "janggi", "e2e2", "e9e9", "a1a2")
        self.assertNotEqual(r.returncode, 0)

    def test_convert(self):
        with open(os.path.join(DATA, "real.gib"), encoding="utf-8") as f:
            text = f.read()
        r = self.run_tool("convert", "janggi", "--from", "gib", "--to", "uci", stdin=text)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.split()[:3], ["a4b4", "i7h7", "h1g3"])
        r = self.run_tool("convert", "janggi", "--from", "gib", "--to", "gib", stdin=text)
        self.assertIn("62. 85포55장군", r.stdout)
        bad = text.replace("3. 08마87", "3. 08마88")
        r = self.run_tool("convert", "janggi", "--from", "gib", "--to", "gib", stdin=bad)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("line 13", r.stderr)


if __name__ == "__main__":
    unittest.main()
