"""Xiangqi / lion chess endings through the Python binding and `bgtool play --json` (results, winners, reasons, options).

Run with PYTHONPATH=python, BOARDGAMES_LIBRARY=<libboardgames.so> and BGTOOL=<bgtool>.
"""

import json
import os
import subprocess
import unittest

import boardgames
from boardgames import Game
from boardgames.errors import BoardGamesError

BGTOOL = os.environ.get("BGTOOL")

PCHECK = ("4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1",
          "a8a10 e10e9 a10a9 e9e10 a9a10 e10e9 a10a9 e9e10 a9a10".split())
PCHASE = ("5k3/9/9/2c6/9/9/9/9/1R7/4K4 w - - 0 1", "b2c2 c7b7 c2b2 b7c7".split() * 2)
CHECK_VS_CHASE = ("9/4c4/3a1k3/4P4/9/5r3/9/9/4N4/2RK5 w - - 0 1",
                  "e7f7 f8e8 f7e7 e8f8".split() * 2)
STALEMATE = ("3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1", ["a8a9"])
MATE = ("4k4/5P3/9/9/9/R8/9/9/9/3K5 w - - 0 1", ["a5e5"])
BARE = ("4k4/R8/9/9/9/9/9/9/9/3K1A3 w - - 0 1", ["a9e9", "e10e9"])
LIMIT = ("4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1", ["a8a7", "e10e9", "a7a6", "e9e10"])
LION_CHASE = ("4k6/11/11/11/3c7/11/11/11/1L9/5K5 w - - 0 1", "b2a3 d6f6 a3b2 f6d6".split() * 2)
# Option checklimit=3: red's only move would be its fourth check in a row, so red has none.
CHECKLIMIT = ("3k5/9/R8/9/9/r8/9/3A5/3K5/2pCp4 w - - 0 1",
              "a8a10 d10d9 a10a9 d9d10 a9a10 a5a10".split())

# (name, variant, (fen, moves), options, outcome, winners, reason)
CASES = [
    ("perpetual check", "xiangqi", PCHECK, None, "win", ["black"], "perpetual-check"),
    ("perpetual check, plain", "xiangqi", PCHECK, {"ruleset": "plain"}, "draw", [], "repetition"),
    ("perpetual chase", "xiangqi", PCHASE, None, "win", ["black"], "perpetual-chase"),
    ("perpetual chase, plain", "xiangqi", PCHASE, {"ruleset": "plain"}, "draw", [], "repetition"),
    ("check against chase", "xiangqi", CHECK_VS_CHASE, None, "win", ["black"], "perpetual-check"),
    ("stalemate", "xiangqi", STALEMATE, None, "win", ["red"], "stalemate"),
    ("checkmate", "xiangqi", MATE, None, "win", ["red"], "checkmate"),
    ("no attacking material", "xiangqi", BARE, None, "draw", [], "insufficient-material"),
    ("movelimit=2", "xiangqi", LIMIT, {"movelimit": "2"}, "draw", [], "move-limit"),
    ("movelimit=0", "xiangqi", LIMIT, {"movelimit": "0"}, "ongoing", [], ""),
    ("lion chase", "lionchess", LION_CHASE, None, "win", ["black"], "perpetual-chase"),
    ("checklimit=3, no move but a fourth check", "xiangqi", CHECKLIMIT, {"checklimit": "3"},
     "win", ["black"], "stalemate"),
    ("checklimit=none", "xiangqi", CHECKLIMIT, {"checklimit": "none"}, "ongoing", [], ""),
]


def options_arg(options):
    return ";".join(f"{k}={v}" for k, v in options.items())


class TestPython(unittest.TestCase):
    def test_cases(self):
        for name, variant, (fen, moves), options, outcome, winners, reason in CASES:
            with self.subTest(name), Game(variant, fen=fen, options=options) as g:
                for i, m in enumerate(moves):
                    self.assertFalse(g.is_over(), f"{name}: over before ply {i + 1}")
                    g.play(m, "uci")
                r = g.result()
                self.assertEqual((r.outcome, r.winners, r.reason), (outcome, winners, reason))
                self.assertEqual(g.claims(), [])

    def test_game_over_and_undo(self):
        fen, moves = PCHASE
        with Game("xiangqi", fen=fen) as g:
            for m in moves:
                g.play(m)
            self.assertTrue(g.is_over())
            with self.assertRaises(BoardGamesError):
                g.play("b2c2")
            g.undo()
            self.assertEqual(g.result().outcome, "ongoing")

    def test_checklimit(self):
        for variant in ("xiangqi", "lionchess"):
            self.assertEqual(boardgames.variant(variant).options["checklimit"], ("none", "3"))
        fen, moves = PCHECK
        with Game("xiangqi", fen=fen, options={"checklimit": 3}) as g:
            for m in moves[:6]:
                g.play(m, "uci")
            self.assertNotIn("a10a9", [g.uci(m) for m in g.legal_moves])
            with self.assertRaises(BoardGamesError):
                g.play("a10a9", "uci")
            self.assertEqual(g.ply, 6)
            g.play("a10a8", "uci")
        with self.assertRaises(BoardGamesError):
            Game("xiangqi", options={"checklimit": "4"})

    def test_start_default_options(self):
        with Game("xiangqi") as g:
            self.assertEqual(g.result().outcome, "ongoing")
        with self.assertRaises(BoardGamesError):
            Game("xiangqi", options={"ruleset": "wxf"})
        with self.assertRaises(BoardGamesError):
            Game("lionchess", options={"movelimit": "-3"})


@unittest.skipUnless(BGTOOL, "BGTOOL not set")
class TestBgtool(unittest.TestCase):
    def play(self, variant, fen, moves, options=None):
        args = [BGTOOL, "play", variant, "--fen", fen, "--json"]
        if options:
            args += ["--option", options_arg(options)]
        p = subprocess.run(args + moves, capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        return json.loads(p.stdout)

    def test_cases(self):
        for name, variant, (fen, moves), options, outcome, winners, reason in CASES:
            with self.subTest(name):
                out = self.play(variant, fen, moves, options)
                self.assertEqual(out["ply"], len(moves))
                self.assertEqual((out["result"], out["winners"], out["reason"]),
                                 (outcome, winners, reason))
                self.assertEqual(out["claims"], [])

    def test_move_after_the_end(self):
        fen, moves = PCHECK
        p = subprocess.run([BGTOOL, "play", "xiangqi", "--fen", fen, "--json"] + moves + ["e10e9"],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 2)
        self.assertIn("perpetual-check", p.stderr)

    def test_flying_general_refused(self):
        p = subprocess.run([BGTOOL, "play", "xiangqi", "--fen",
                            "4k4/9/9/9/9/R8/9/9/4A4/4K4 w - - 0 1", "e2d3"],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 2)
        self.assertIn("e2d3", p.stderr)

    def test_checklimit_refuses_the_fourth_check(self):
        fen, moves = PCHECK
        p = subprocess.run([BGTOOL, "play", "xiangqi", "--fen", fen, "--option", "checklimit=3"]
                           + moves[:7], capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 2)
        self.assertIn("a10a9", p.stderr)
        self.assertIn("ply 7", p.stderr)

    def test_bad_option(self):
        p = subprocess.run([BGTOOL, "play", "xiangqi", "--option", "ruleset=wxf", "h3e3"],
                           capture_output=True, text=True, timeout=60)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("ruleset", p.stderr)


if __name__ == "__main__":
    unittest.main()
