#!/usr/bin/env python3
"""tests/shogi — shogi family notations and KIF/KI2/CSA records through the Python binding and bgtool (TAP).

Environment: PYTHONPATH (the binding), BOARDGAMES_LIBRARY, BGTOOL, SN_DATA (tests/shogi/data).
"""
import os
import subprocess
import sys
import tempfile
import unittest

import boardgames

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "common"))
from bgtest import run_tap  # noqa: E402

BGTOOL = os.environ.get("BGTOOL", "bgtool")
DATA = os.environ.get("SN_DATA", os.path.join(os.path.dirname(__file__), "data"))

CSA = """V2.2
N+Sente
N-Gote
PI
+
+7776FU
T12
-3334FU
T6
+8822UM
-3122GI
'recapture
+0045KA
%TORYO
"""


def bgtool(*args, stdin=None, text=True):
    return subprocess.run([BGTOOL] + list(args), input=stdin, capture_output=True, text=text,
                          timeout=120)


class PythonTest(unittest.TestCase):
    def test_notations_on_every_start_move(self):
        for variant in ("shogi", "minishogi", "torishogi", "shoshogi", "heianshogi"):
            pos = boardgames.Position(variant)
            notations = [n for n in pos.variant.notations if n != "uci"]
            self.assertIn("japanese", notations)
            self.assertIn("western", notations)
            self.assertEqual("csa" in notations, variant in ("shogi", "minishogi", "heianshogi"))
            for m in pos.legal_moves:
                for notation in notations:
                    text = pos.format(m, notation)
                    self.assertEqual(pos.parse(text, notation), m, text)
                    self.assertEqual(pos.parse(text), m, text)

    def test_jsa_example(self):
        pos = boardgames.Position("shogi", "4k4/9/9/9/9/9/9/9/+P+P+P1K4 b - 1")
        m = pos.parse("8i8h", "usi")
        self.assertEqual(pos.format(m, "japanese"), "▲8八と直")
        self.assertEqual(pos.format(pos.parse("9i8h", "usi"), "japanese"), "▲8八と左")
        self.assertEqual(pos.format(m, "ki2"), "▲８八と直")
        self.assertEqual(pos.format(m, "kif"), "８八と(89)")
        self.assertEqual(pos.format(m, "western"), "+P8i-8h")
        self.assertEqual(pos.format(m, "csa"), "+8988TO")
        with self.assertRaises(boardgames.AmbiguousMoveError):
            pos.parse("▲8八と", "japanese", lenient=True)
        with self.assertRaises(boardgames.ParseError) as cm:
            pos.parse("▲8八X", "japanese")
        self.assertEqual(cm.exception.offset, 7)

    def test_read_games_csa_and_kif(self):
        g = boardgames.read_game(CSA, variant="shogi", format="csa")
        self.assertEqual(g.tags["先手"], "Sente")
        self.assertEqual(g.tags["Termination"], "TORYO")
        self.assertEqual(g.move_text("japanese"), ["▲7六歩", "△3四歩", "▲2二角成", "△2二銀", "▲4五角"])
        self.assertEqual(g.result().outcome, "win")
        self.assertEqual(g.result().winners, ["sente"])
        self.assertEqual(g.result().reason, "resignation")
        self.assertEqual(g.comment(1), "[%emt 0:00:12]")
        self.assertEqual(g.comment(4), "recapture")
        kif = g.export("kif")
        self.assertIn("   4 同　銀(31)\n*recapture\n", kif)
        self.assertIn("まで5手で先手の勝ち", kif)
        again = boardgames.read_game(kif, variant="shogi", format="kif")
        self.assertEqual(again.moves, g.moves)
        self.assertEqual(again.export("csa"), g.export("csa"))
        with open(os.path.join(DATA, "sample.kifu"), "rb") as f:
            data = f.read()
        utf8 = boardgames.read_game(data, variant="shogi", format="kif")
        sjis = boardgames.read_game(data.decode("utf-8").encode("cp932"), variant="shogi",
                                    format="kif")
        self.assertEqual(sjis.moves, utf8.moves)
        self.assertEqual(sjis.tags["先手"], "先手太郎")
        self.assertEqual(sjis.variations(3)[1], "１八香(19)")

    def test_record_errors(self):
        games = list(boardgames.read_games("PI\n+\n+7776FU\n/\nPI\n+\n+7775FU\n/\nPI\n+\n-3334FU\n",
                                           variant="shogi", format="csa", errors="yield"))
        self.assertEqual(len(games), 3)
        self.assertEqual(len(games[0].moves), 1)
        err = games[1]
        self.assertIsInstance(err, boardgames.IllegalMoveError)
        self.assertEqual((err.game_index, err.ply, err.line), (1, 1, 7))
        self.assertIsInstance(games[2], boardgames.IllegalMoveError)


class BgtoolTest(unittest.TestCase):
    def test_moves_in_notations(self):
        for variant, notation in (("shogi", "japanese"), ("shogi", "csa"), ("minishogi", "western"),
                                  ("torishogi", "western"), ("torishogi", "ki2"),
                                  ("shoshogi", "kif")):
            pos = boardgames.Position(variant)
            r = bgtool("moves", variant, "--notation", notation)
            self.assertEqual(r.returncode, 0, r.stderr)
            lines = r.stdout.split()
            self.assertEqual(sorted(lines), sorted(pos.format(m, notation) for m in pos.legal_moves))
            self.assertEqual(len(set(lines)), len(lines))

    def test_convert_between_records(self):
        r = bgtool("convert", "shogi", "--from", "csa", "--to", "kif", stdin=CSA)
        self.assertEqual(r.returncode, 0, r.stderr)
        kif = r.stdout
        self.assertIn("   3 ２二角成(88)", kif)
        r = bgtool("convert", "shogi", "--from", "kif", "--to", "csa", stdin=kif)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.strip(), boardgames.read_game(CSA, "shogi", "csa").export("csa").strip())
        r = bgtool("convert", "shogi", "--from", "kif", "--to", "ki2", stdin=kif)
        self.assertIn("▲２二角成 △同　銀", r.stdout)
        r = bgtool("convert", "shogi", "--from", "ki2", "--to", "usi", stdin=r.stdout)
        self.assertEqual(r.stdout.split(), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"])
        r = bgtool("convert", "shogi", "--from", "csa", "--to", "western", stdin=CSA)
        self.assertEqual(r.stdout.split(), ["P-7f", "P-3d", "Bx2b+", "Sx2b", "B*4e"])
        r = bgtool("convert", "shogi", "--from", "usi", "--to", "japanese", stdin="7g7f 3c3d 8h2b+\n")
        self.assertEqual(r.stdout.split(), ["▲7六歩", "△3四歩", "▲2二角成"])
        # A Shift_JIS .kif file from disk.
        with open(os.path.join(DATA, "sample.kifu"), "rb") as f:
            sjis = f.read().decode("utf-8").encode("cp932")
        with tempfile.NamedTemporaryFile(suffix=".kif") as f:
            f.write(sjis)
            f.flush()
            r = bgtool("convert", "shogi", "--from", "kif", "--to", "csa", f.name)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("N+先手太郎", r.stdout)
        self.assertIn("%TORYO", r.stdout)

    def test_errors(self):
        r = bgtool("convert", "shogi", "--from", "kif", "--to", "csa",
                   stdin="   1 ７六歩(77)\n   2 ７六歩(77)\n")
        self.assertEqual(r.returncode, 1)
        self.assertIn("line 2: ply 2: ", r.stderr)
        r = bgtool("convert", "torishogi", "--from", "csa", "--to", "kif", stdin="PI\n+\n")
        self.assertEqual(r.returncode, 2)  # tori shogi has no CSA
        r = bgtool("play", "shogi", "--notation", "japanese", "▲7六歩", "△3四歩", "▲2二角不成")
        self.assertEqual(r.returncode, 0, r.stderr)


def main():
    return run_tap(PythonTest, BgtoolTest)


if __name__ == "__main__":
    sys.exit(main())
