#!/usr/bin/env python3
"""tests/xiangqi — WXF, Chinese and xiangqi PGN through the Python binding and bgtool (TAP).

Environment: PYTHONPATH (the binding), BOARDGAMES_LIBRARY, BGTOOL.
"""
import json
import os
import subprocess
import sys
import unittest

import boardgames

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "common"))
from bgtest import run_tap  # noqa: E402

BGTOOL = os.environ.get("BGTOOL", "bgtool")

FEN_A = "4k4/9/9/1R7/9/9/9/1R7/9/3K5 w - - 0 1"             # chariots b7 (front), b3
FEN_G = "4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1"       # pawns on files 3 (x3) and 7 (x2)
FEN_I = "4k4/9/9/9/9/6p2/2p3p2/2p3p2/9/3K5 b - - 0 1"       # black pawns on files 3 and 7
FEN_E = "4k1P2/6P2/6P2/6P2/6P2/9/9/9/9/3K5 w - - 0 1"       # five red pawns on file 3
FEN_N = "4k6/11/P10/P9P/P9P/11/11/11/11/5K5 w - - 0 1"      # lion chess, files 11 and 1

PGN = """[Game "Chinese Chess"]
[Event "Python"]
[Red "紅方"]
[Black "黑方"]
[Format "Chinese"]

1. 炮二平五 馬8進7 {屏風馬} 2. 馬二進三 車9平8 3. 車一平二 1-0

[Game "Chinese Chess"]
[Format "WXF"]
1. C2.5 H8+7 2. H2.3 *

[Game "Chinese Chess"]
[Format "ICCS"]
1. H2-E2 H9-G7 *
"""


def bgtool(*args, stdin=None):
    return subprocess.run([BGTOOL] + list(args), input=stdin, capture_output=True, text=True,
                          timeout=120)


class PythonTest(unittest.TestCase):
    def test_start_moves_both_ways(self):
        pos = boardgames.Position("xiangqi")
        for m in pos.legal_moves:
            for notation in ("wxf", "chinese", "iccs", "uci"):
                text = pos.format(m, notation)
                self.assertEqual(pos.parse(text, notation), m, text)
                if notation != "iccs":  # lowercase ICCS reads as uci when no notation is named
                    self.assertEqual(pos.parse(text), m, text)
        self.assertEqual(pos.format(pos.parse("h3e3", "uci"), "chinese"), "炮二平五")
        self.assertEqual(pos.format(pos.parse("h3e3", "uci"), "wxf"), "C2.5")

    def test_stacks(self):
        cases = [
            ("xiangqi", FEN_G, {"g8f8": ("3+.4", "前三平四"), "g7f7": ("33.4", "中三平四"),
                                "g6f6": ("3-.4", "後三平四"), "c7d7": ("7+.6", "前七平六")}),
            ("xiangqi", FEN_I, {"g4f4": ("77.6", "中7平6"), "c3d3": ("3+.4", "前3平4")}),
            ("xiangqi", FEN_E, {"g10f10": ("++.4", "前兵平四"), "g9f9": ("P+.4", "二兵平四"),
                                "g8f8": ("P3.4", "三兵平四"), "g6f6": ("--.4", "五兵平四")}),
            ("xiangqi", FEN_A, {"b7b8": ("R++1", "前車進一"), "b3c3": ("R-.7", "後車平七")}),
            ("lionchess", FEN_N, {"a7b7": ("1111.10", "中十一平十"), "a8b8": ("11+.10", "前十一平十")}),
        ]
        for variant, fen, moves in cases:
            pos = boardgames.Position(variant, fen)
            for uci, (wxf, chinese) in moves.items():
                m = pos.parse(uci, "uci")
                self.assertEqual(pos.format(m, "wxf"), wxf)
                self.assertEqual(pos.format(m, "chinese"), chinese)
                self.assertEqual(pos.parse(wxf, "wxf"), m)
                self.assertEqual(pos.parse(chinese, "chinese"), m)

    def test_errors(self):
        pos = boardgames.Position("xiangqi")
        with self.assertRaises(boardgames.ParseError) as cm:
            pos.parse("C2*5", "wxf")
        self.assertEqual(cm.exception.offset, 2)
        with self.assertRaises(boardgames.ParseError) as cm:
            pos.parse("炮二走五", "chinese")
        self.assertEqual(cm.exception.offset, 6)  # bytes of UTF-8
        with self.assertRaises(boardgames.IllegalMoveError):
            pos.parse("R1.2", "wxf")
        with self.assertRaises(boardgames.ParseError):
            pos.parse("炮2平5", "chinese")
        self.assertEqual(pos.parse("炮2平5", "chinese", lenient=True), pos.parse("h3e3", "uci"))
        with self.assertRaises(boardgames.AmbiguousMoveError):
            boardgames.Position("xiangqi", FEN_A).parse("R8+1", "wxf")

    def test_game_pgn(self):
        games = list(boardgames.read_games(PGN, variant="xiangqi", errors="yield"))
        self.assertEqual(len(games), 3)
        g = games[0]
        self.assertEqual(g.tags["Red"], "紅方")
        self.assertEqual(g.comment(2), "屏風馬")
        self.assertEqual(g.move_text("wxf"), ["C2.5", "H8+7", "H2+3", "R9.8", "R1.2"])
        text = g.export("pgn")
        self.assertIn('[Format "Chinese"]', text)
        self.assertIn("1. 炮二平五 馬8進7 {屏風馬} 2. 馬二進三 車9平8 3. 車一平二\n1-0", text)
        again = boardgames.read_game(text, variant="xiangqi")
        self.assertEqual(again.moves, g.moves)
        err = games[1]
        self.assertIsInstance(err, boardgames.ParseError)
        self.assertEqual((err.game_index, err.ply), (1, 3))
        self.assertEqual(err.line, 11)
        self.assertEqual(games[2].move_text("chinese"), ["炮二平五", "馬8進7"])

    def test_play_and_export_every_format(self):
        with boardgames.Game("lionchess") as g:
            for text in ("炮十平十一", "C2.1", "R11+1", "獅9進10"):
                g.play(text)
            for fmt, want in (("WXF", "1. C10.11 C2.1 2. R11+1 L9+10"),
                              ("Chinese", "1. 炮十平十一 炮2平1 2. 車十一進一 獅9進10"),
                              ("ICCS", "1. B2-A2 B7-A7 2. A0-A1 I9-J8")):
                g.tags["Format"] = fmt
                text = g.export("pgn")
                self.assertIn(want, text)
                self.assertIn('[Game "Lion Chess"]', text)
                self.assertEqual(boardgames.read_game(text, variant="lionchess").moves, g.moves)


class BgtoolTest(unittest.TestCase):
    def test_moves_in_notations(self):
        for variant in ("xiangqi", "lionchess"):
            pos = boardgames.Position(variant)
            for notation in ("wxf", "chinese"):
                r = bgtool("moves", variant, "--notation", notation)
                self.assertEqual(r.returncode, 0, r.stderr)
                lines = r.stdout.split()
                self.assertEqual(sorted(lines), sorted(pos.format(m, notation)
                                                       for m in pos.legal_moves))
                self.assertEqual(len(set(lines)), len(lines))
        r = bgtool("moves", "xiangqi", "--fen", FEN_G, "--notation", "wxf")
        self.assertIn("33.4", r.stdout.split())
        self.assertIn("3+.4", r.stdout.split())

    def test_convert(self):
        r = bgtool("convert", "xiangqi", "--from", "wxf", "--to", "chinese",
                   stdin="1. C2.5 H8+7 2. H2+3 R9.8\n")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, "炮二平五 馬8進7 馬二進三 車9平8\n")
        r = bgtool("convert", "xiangqi", "--from", "chinese", "--to", "iccs",
                   stdin="炮二平五 马8进7\n")
        self.assertEqual(r.stdout, "h2e2 h9g7\n")
        r = bgtool("convert", "xiangqi", "--from", "pgn", "--to", "wxf", stdin=PGN)
        self.assertEqual(r.returncode, 1)
        self.assertEqual(r.stdout.splitlines()[0], "C2.5 H8+7 H2+3 R9.8 R1.2")
        self.assertIn("-: game 2, line 11: ply 3: ", r.stderr)
        r = bgtool("convert", "xiangqi", "--from", "wxf", "--to", "pgn",
                   stdin="C2.5 H8+7 H2+3 R9.8\n")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('[Format "ICCS"]', r.stdout)
        self.assertIn("1. H2-E2 H9-G7 2. H0-G2 I9-H9 *", r.stdout)
        back = bgtool("convert", "xiangqi", "--from", "pgn", "--to", "chinese", stdin=r.stdout)
        self.assertEqual(back.stdout, "炮二平五 馬8進7 馬二進三 車9平8\n")

    def test_convert_past_perpetual_check(self):
        # CCPD Dataset/中局/00000249.pgn as a WXF move list: black's perpetual check at ply 11
        # (車４進１ / 車４退１) that the arbiter let pass; every move is read, as in the record.
        fen = "2r1kab2/4a4/2n1b1n2/1Rp1p3p/3c5/C1PN2R2/P3P3P/C3B1c2/6r2/2BAKA3 b - - 0 1"
        wxf = ("R7.4 C-.3 R4+1 K5+1 R4-1 K5-1 R4+1 K5+1 R4-1 K5-1 R4+1 K5+1 H7+8 R3.2 P5+1 "
               "H6-4 R3.4 R8-4 C4.1 K5.4 R-+3 C3-2 R+-3 A4+5 R+.5 H4-2 R5.1 P7+1 R4.6 A5+4 "
               "R1+2\n")
        r = bgtool("convert", "xiangqi", "--fen", fen, "--from", "wxf", "--to", "iccs", stdin=wxf)
        self.assertEqual(r.returncode, 0, r.stderr)
        moves = r.stdout.split()
        self.assertEqual(len(moves), 31)
        self.assertEqual(moves[:3], ["g1d1", "a2g2", "d1d0"])
        self.assertEqual(moves[-1], "a3a1")

    def test_play(self):
        r = bgtool("play", "xiangqi", "--json", "炮二平五", "馬8進7", "C2.5")
        self.assertEqual(r.returncode, 2)
        self.assertIn("C2.5", r.stderr)
        r = bgtool("play", "xiangqi", "--json", "炮二平五", "馬8進7", "H2+3")
        self.assertEqual(r.returncode, 0, r.stderr)
        out = json.loads(r.stdout)
        self.assertEqual(out["ply"], 3)
        self.assertEqual(out["position"],
                         "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2")
        r = bgtool("play", "xiangqi", "--notation", "wxf", "C2.5", "H2.3")
        self.assertEqual(r.returncode, 2)
        self.assertIn("ply 2", r.stderr)


def main():
    return run_tap(PythonTest, BgtoolTest)


if __name__ == "__main__":
    sys.exit(main())
