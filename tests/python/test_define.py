"""Variants defined from text through the binding: define_variants, VariantSet, lifetime, errors with lines."""

import gc
import unittest
from pathlib import Path

import boardgames
from boardgames import BoardGamesError, Game, ParseError, Position, UnsupportedError

ROOT = Path(__file__).resolve().parents[2]
DEFS = ROOT / "data" / "variants"


class TestDefine(unittest.TestCase):
    def test_shipped_definitions(self):
        s = boardgames.define_variants(DEFS.joinpath("makruk.ini").read_text(), register=False)
        self.assertEqual(s.ids, ["makruk"])
        v = s["makruk"]
        self.assertEqual((v.width, v.height, v.sides), (8, 8, ("white", "black")))
        self.assertEqual(v.notations, ("san", "uci"))
        self.assertEqual(Position(v).perft(3), 12012)
        self.assertIn("makruk", s)
        self.assertNotIn("chess", s)
        with self.assertRaises(KeyError):
            s["chess"]

    def test_registered_sets_are_found_by_id(self):
        s = boardgames.define_variants(DEFS.joinpath("dobutsu.ini").read_text())
        try:
            self.assertIs(boardgames.variant("dobutsu"), s["dobutsu"])
            g = Game("dobutsu")
            g.play("b2b3", notation="uci")
            self.assertEqual(g.position.turn_id, "gote")
        finally:
            s.unregister()
        with self.assertRaises(boardgames.UnknownVariantError):
            boardgames.variant("dobutsu")

    def test_error_has_line(self):
        with self.assertRaises(UnsupportedError) as cm:
            boardgames.define_variants("[v:chess]\n\ngating = true\n", register=False)
        self.assertEqual(cm.exception.line, 3)
        self.assertIn("gating", str(cm.exception))
        with self.assertRaises(ParseError) as cm:
            boardgames.define_variants("[v:chess]\ncustomPiece1 = a:Qz\n", register=False)
        self.assertEqual(cm.exception.line, 2)

    def test_define_adds_and_inherits(self):
        s = boardgames.define_variants("[a:chess]\ncastling = false\n"
                                       "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n",
                                       register=False)
        added = s.define("[b:a]\ndoubleStep = false\n")
        self.assertEqual([v.id for v in added], ["b"])
        self.assertEqual(len(s), 2)
        self.assertEqual(Position(s["b"]).perft(1), 12)  # 8 single pawn steps, 4 knight moves
        with self.assertRaises(BoardGamesError):
            s.define("[b:a]\n")
        self.assertEqual(len(s), 2)

    def test_more_than_two_sides(self):
        s = boardgames.define_variants(DEFS.joinpath("fourplayerchess.ini").read_text(), register=False)
        v = s["fourplayerchess"]
        self.assertEqual(v.sides, ("red", "blue", "yellow", "green"))
        self.assertEqual((v.width, v.height), (14, 14))
        self.assertEqual(Position(v).perft(2), 395)
        q = boardgames.define_variants(
            "[quad:chess]\nsides = 4\nsideNames = red blue yellow green\n"
            "sideFacing = north east south west\ncastling = false\ndoubleStep = false\n"
            "startFen = Kb2RyKyRy2/Rg7/8/7Kg/8/8/1Rr6/2Rr1Kr1NyRg r 0 1\n", register=False)["quad"]
        g = Game(q)
        g.play("c1a1", notation="uci")  # blue is mated and out: yellow moves next
        self.assertEqual(g.position.turn_id, "yellow")
        g.play("g1h3", notation="uci")
        g.play("h1e1", notation="uci")  # green takes red's king; yellow, mated, is out too
        self.assertEqual(g.result(), ("win", ["green"], "elimination"))
        with self.assertRaises(UnsupportedError) as cm:
            boardgames.define_variants("[v:chess]\nsides = 3\nsideNames = a b c\n"
                                       "sideFacing = north east south\n", register=False)
        self.assertEqual(cm.exception.line, 2)
        self.assertIn("castling", str(cm.exception))

    def test_set_outlives_its_positions(self):
        s = boardgames.define_variants(DEFS.joinpath("shatranj.ini").read_text(), register=False)
        p = Position(s["shatranj"])
        g = Game(s["shatranj"])
        copy = p.copy()
        del s
        gc.collect()
        self.assertEqual(p.perft(2), 256)
        self.assertEqual(copy.perft(1), 16)
        g.play("e3")
        self.assertEqual(g.position.variant.id, "shatranj")

    def test_parents(self):
        parents = boardgames.define_parents()
        for name in ("chess", "shogi", "xiangqi", "minishogi", "makruk", "grand"):
            self.assertIn(name, parents)


if __name__ == "__main__":
    unittest.main()
