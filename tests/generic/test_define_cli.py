#!/usr/bin/env python3
"""tests/generic — bgtool --define FILE (docs/cli.md): defined variants in every command, errors as 'bgtool: FILE: line L: message' (TAP)."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "common"))
from bgtest import assert_bgtool_error, run_tap  # noqa: E402

BGTOOL = None
DEFS = None
PERFT_DIR = None


def bgtool(*args, stdin=None):
    return subprocess.run([BGTOOL] + list(args), input=stdin, capture_output=True, text=True,
                          timeout=120)


def shipped(name):
    return os.path.join(DEFS, name + ".ini")


class DefineCliTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, text):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def assert_error_line(self, r, *needles):
        assert_bgtool_error(self, r, needles)

    def test_perft_of_each_shipped_definition(self):
        # Depth 3 from the start, every shipped definition: the counts of tests/data/perft/defined.tsv.
        expected = {}
        with open(os.path.join(PERFT_DIR, "defined.tsv")) as f:
            for line in f:
                cells = line.rstrip("\n").split("\t")
                if not line.startswith("#") and len(cells) >= 4 and cells[1:3] == ["startpos", "3"]:
                    expected[cells[0]] = int(cells[3])
        shipped_names = sorted(n[:-4] for n in os.listdir(DEFS) if n.endswith(".ini"))
        self.assertEqual(sorted(expected), shipped_names)
        for name, nodes in expected.items():
            r = bgtool("--define", shipped(name), "perft", name, "3")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(r.stdout.strip(), str(nodes), name)

    def test_variants_lists_defined_first(self):
        r = bgtool("--define", shipped("makruk"), "--define", shipped("grand"), "variants")
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertEqual(lines[0], "makruk\tmakruk\t2\t8 x 8")
        self.assertEqual(lines[1], "grand\tgrand\t2\t10 x 10")
        self.assertIn("chess\t", lines[2])

    def test_second_file_inherits_from_first(self):
        a = self.write("a.ini", "[mine:chess]\nqueen = -\ncustomPiece1 = a:BN\n"
                       "startFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1\n"
                       "promotionPieceTypes = arbn\n")
        b = self.write("b.ini", "[mine-nocastle:mine]\ncastling = false\n"
                       "startFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1\n")
        r = bgtool("--define", a, "--define", b, "perft", "mine-nocastle", "2")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.strip(), "484")  # 20 moves + two archbishop jumps, each side

    def test_bad_definition_names_file_and_line(self):
        bad = self.write("bad.ini", "[v:chess]\n# a comment\nfoo = 1\n")
        r = bgtool("--define", bad, "variants")
        self.assert_error_line(r, bad + ": line 3:", "unknown key 'foo'")
        bad = self.write("betza.ini", "[v:chess]\ncustomPiece1 = a:Xq\n")
        self.assert_error_line(bgtool("--define", bad, "perft", "v", "1"), "line 2:", "Betza")

    def test_missing_file_and_flag(self):
        r = bgtool("--define", os.path.join(self.tmp.name, "none.ini"), "variants")
        self.assertEqual(r.returncode, 2)
        self.assertTrue(r.stderr.startswith("bgtool: "), r.stderr)
        self.assert_error_line(bgtool("--define"), "--define")

    def test_play_json(self):
        r = bgtool("--define", shipped("generic-chess"), "play", "generic-chess", "--json",
                   "f3", "e5", "g4", "Qh4#")
        self.assertEqual(r.returncode, 0, r.stderr)
        j = json.loads(r.stdout)
        self.assertEqual(j["variant"], "generic-chess")
        self.assertEqual(j["result"], "win")
        self.assertEqual(j["winners"], ["black"])
        self.assertEqual(j["reason"], "checkmate")

    def test_moves_in_notations(self):
        r = bgtool("--define", shipped("kyotoshogi"), "moves", "kyotoshogi", "--notation", "uci")
        self.assertEqual(r.returncode, 0, r.stderr)
        moves = r.stdout.split()
        self.assertEqual(len(moves), 12)
        # Every move of a piece that can flip flips: '+' (promote) or '-' (demote).
        self.assertTrue(all(m[-1] in "+-" or m.startswith("c1") for m in moves), moves)
        r = bgtool("--define", shipped("kyotoshogi"), "moves", "kyotoshogi", "--notation", "usi")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("5e5d-", r.stdout.split())  # the promoted lance on a1 turns back

    def test_convert_pgn(self):
        r = bgtool("--define", shipped("capablanca"), "convert", "capablanca", "--from", "san",
                   "--to", "pgn", stdin="e4 e5 Ci3 Ci6\n")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('[Variant "capablanca"]', r.stdout)
        self.assertIn("1. e4 e5 2. Ci3 Ci6", r.stdout)
        back = bgtool("--define", shipped("capablanca"), "convert", "capablanca", "--from", "pgn",
                      "--to", "uci", stdin=r.stdout)
        self.assertEqual(back.returncode, 0, back.stderr)
        self.assertEqual(back.stdout, "e2e4 e7e5 h1i3 h8i6\n")


def main():
    global BGTOOL, DEFS, PERFT_DIR
    if len(sys.argv) != 4:
        sys.exit("usage: test_define_cli.py BGTOOL DEFS_DIR PERFT_DATA_DIR")
    BGTOOL, DEFS, PERFT_DIR = sys.argv[1], sys.argv[2], sys.argv[3]
    return run_tap(DefineCliTest, class_in_name=False)


if __name__ == "__main__":
    sys.exit(main())
