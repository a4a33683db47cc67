"""The shogi family's seed options and small games through the Python binding and bgtool: options
listed with their values, old shogi on 9x8 reporting its board, micro shogi's turning pieces,
Judkins shogi's zone, Tori's seed rules, records read back.

Run with PYTHONPATH=python, BOARDGAMES_LIBRARY=<libboardgames.so> and BGTOOL=<bgtool>.
"""

import json
import os
import subprocess
import unittest

import boardgames
from boardgames import Game, Position

BGTOOL = os.environ.get("BGTOOL")


def bgtool(*args):
    return subprocess.run([BGTOOL, *args], capture_output=True, text=True, timeout=60)


class TestOptions(unittest.TestCase):
    def test_listed(self):
        want = {
            "shogi": {"dropmate": ("pawn", "any"), "impasse": ("27", "24", "try", "none")},
            "shoshogi": {"promotion": ("optional", "mandatory")},
            "heianshogi": {"promotion": ("mandatory", "optional"), "bareking": ("true", "false"),
                           "board": ("9x9", "9x8")},
            "torishogi": {"repetition": ("fourfold", "threefold"), "rules": ("standard", "seed")},
        }
        for vid, options in want.items():
            self.assertEqual(boardgames.variant(vid).options, options, vid)

    def test_dropmate(self):
        fen = "k8/pp7/9/9/9/9/9/9/8K b R 1"
        self.assertTrue(Position("shogi", fen).is_legal(Position("shogi", fen).parse("R*5a", "usi")))
        p = Position("shogi", fen, options={"dropmate": "any"})
        with self.assertRaises(boardgames.IllegalMoveError):
            p.parse("R*5a", "usi")
        with self.assertRaises(boardgames.BoardGamesError):
            Position("shogi", options="dropmate=never")

    def test_sho_mandatory(self):
        with Game("shoshogi", options="promotion=mandatory") as g:
            for m in ("7g7f", "3c3d"):
                g.play(m, "usi")
            with self.assertRaises(boardgames.IllegalMoveError):
                g.play("8h2b", "usi")
            g.play("8h2b+", "usi")
            self.assertIn("+B", g.position.text())

    def test_heian_9x8(self):
        p = Position("heianshogi", options="board=9x8")
        v = p.variant
        self.assertEqual((v.id, v.width, v.height), ("heianshogi", 9, 8))
        self.assertEqual(boardgames.variant("heianshogi").height, 9)
        self.assertEqual(p.text(), "lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1")
        self.assertEqual(p.perft(4), 432957)
        with self.assertRaises(ValueError):
            v.square(0, 8)
        with Game("heianshogi", options="board=9x8") as g:
            for m in ("7f7e", "3c3d", "7e7d", "3d3e", "7d7c+"):
                g.play(m, "usi")
            kif = g.export("kif")
        back = boardgames.read_game(kif, "heianshogi", "kif", options="board=9x8")
        self.assertEqual(back.position.text(), "lnsgkgsnl/9/pp+Pppp1pp/9/6p2/PP1PPPPPP/9/LNSGKGSNL w - 6")

    def test_tori_seed(self):
        p = Position("torishogi", options="rules=seed")
        self.assertEqual(p.text(), "rpckcpl/3f3/sssssss/1s3S1/SSSSSSS/3F3/LPCKCPR b - 1")
        self.assertEqual(p.variant.start_text, p.text())
        self.assertEqual(p.perft(3), 8840)
        self.assertTrue(p.is_legal(p.parse("6g6d", "usi")))  # the pheasant's cannon capture


class TestSmallGames(unittest.TestCase):
    def test_catalogue(self):
        ids = [v.id for v in boardgames.variants()]
        self.assertEqual(ids[ids.index("minishogi") + 1:ids.index("minishogi") + 3],
                         ["microshogi", "judkinsshogi"])
        self.assertEqual(ids[-1], "sevenkingdoms")
        micro, judkins = boardgames.variant("microshogi"), boardgames.variant("judkinsshogi")
        self.assertEqual((micro.width, micro.height, judkins.width, judkins.height), (4, 5, 6, 6))
        self.assertIn(("+L", "silver"), micro.pieces)
        self.assertIn("csa", micro.record_formats)

    def test_micro_turns_over(self):
        with Game("microshogi") as g:
            for m in ("1e2d", "4b4c", "2e4c+", "2a3b"):
                g.play(m, "usi")
            move = g.position.parse("4c3b-", "usi")
            self.assertEqual(g.position.format(move, "japanese"), "▲3二と")
            g.play(move)
            self.assertEqual(g.position.text(), "kb1+l/1B2/4/2KP/+L+R2 w RP 6")
        self.assertEqual(Position("microshogi").perft(6), 748638)

    def test_judkins(self):
        p = Position("judkinsshogi")
        self.assertEqual(p.perft(4), 118345)
        with Game("judkinsshogi") as g:
            for m in ("6e6d", "1b1c", "6d6c", "1c1d"):
                g.play(m, "usi")
            self.assertEqual(g.position.format(g.position.parse("6c6b", "usi"), "japanese"),
                             "▲6二歩不成")


@unittest.skipUnless(BGTOOL, "BGTOOL not set")
class TestBgtool(unittest.TestCase):
    def test_variants(self):
        lines = bgtool("variants").stdout.splitlines()
        self.assertIn("microshogi\tMicro shogi (4x5)\t2\t4 x 5", lines)
        self.assertIn("judkinsshogi\tJudkins shogi (6x6)\t2\t6 x 6", lines)

    def test_play_json(self):
        r = bgtool("play", "shogi", "--fen", "4k4/9/4P4/9/9/9/9/p8/4K4 w G 1", "--json",
                   "9h9i+", "G*5b")
        self.assertEqual(json.loads(r.stdout)["reason"], "checkmate")
        r = bgtool("play", "shogi", "--option", "dropmate=any", "--fen",
                   "4k4/9/4P4/9/9/9/9/p8/4K4 w G 1", "9h9i+", "G*5b")
        self.assertEqual(r.returncode, 2)
        self.assertIn("G*5b", r.stderr)
        r = bgtool("perft", "heianshogi", "3", "--option", "board=9x8")
        self.assertEqual(r.stdout.split()[-1], "17108")
        r = bgtool("perft", "microshogi", "5")
        self.assertEqual(r.stdout.split()[-1], "71328")


if __name__ == "__main__":
    unittest.main()
