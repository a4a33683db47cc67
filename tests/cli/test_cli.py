#!/usr/bin/env python3
"""tests/cli — the bgtool command-line contract of docs/cli.md, checked on real cases (TAP output)."""
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "common"))
from bgtest import assert_bgtool_error, run_tap  # noqa: E402

BGTOOL = None
PERFT_DIR = None

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
UCI_MOVE = re.compile(r"^[a-h][1-8][a-h][1-8][qrbn]?$")

PGN = """[Event "first"]
[Site "?"]
[Date "????.??.??"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "*"]

1. e4 {king's pawn} e5 2. Nf3 $1 (2. f4 exf4) Nc6 3. Bb5 *

[Event "second"]
[Site "?"]
[Date "????.??.??"]
[Round "2"]
[White "C"]
[Black "D"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "third"]
[Site "?"]
[Date "????.??.??"]
[Round "3"]
[White "E"]
[Black "F"]
[Result "*"]

*
"""


def bgtool(*args, stdin=None):
    return subprocess.run([BGTOOL] + list(args), input=stdin, capture_output=True, text=True,
                          timeout=120)


def perftsuite(fen):
    """{depth: nodes} for a position of chess-perftsuite.epd."""
    with open(os.path.join(PERFT_DIR, "chess-perftsuite.epd")) as f:
        for line in f:
            fields = line.strip().split(";")
            if fields[0].strip() == fen:
                return {int(x.split()[0][1:]): int(x.split()[1]) for x in fields[1:]}
    raise AssertionError("no %s in chess-perftsuite.epd" % fen)


def first_chess960():
    """(fen, {depth: nodes}) of the first position of chess960.perft (full FEN)."""
    fen, counts = None, {}
    with open(os.path.join(PERFT_DIR, "chess960.perft")) as f:
        for line in f:
            parts = line.split()
            if parts and parts[0] == "epd":
                if fen:
                    break
                fen = " ".join(parts[1:]) + " 0 1"
            elif parts and parts[0] == "perft" and fen:
                counts[int(parts[1])] = int(parts[2])
    return fen, counts


class CliTest(unittest.TestCase):
    def assert_usage_error(self, r, *needles):
        """Exit 2, one line 'bgtool: ...' on stderr naming the needles."""
        assert_bgtool_error(self, r, needles, stdout_empty=False)

    def test_variants_format(self):
        r = bgtool("variants")
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertGreaterEqual(len(lines), 1)
        for line in lines:
            self.assertRegex(line, r"^[a-z0-9]+\t[^\t]+\t[1-7]\t\d+ x \d+$")
        chess = [l.split("\t") for l in lines if l.startswith("chess\t")]
        self.assertEqual(len(chess), 1)
        self.assertEqual(chess[0][2:], ["2", "8 x 8"])

    def test_perft_start(self):
        counts = perftsuite(START)
        for depth in (1, 2, 3):
            r = bgtool("perft", "chess", str(depth))
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(r.stdout.splitlines()[-1], str(counts[depth]))

    def test_perft_depth_zero(self):
        r = bgtool("perft", "chess", "0")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, "1\n")

    def test_perft_fen(self):
        counts = perftsuite(KIWIPETE)
        r = bgtool("perft", "chess", "2", "--fen", KIWIPETE)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.strip(), str(counts[2]))

    def test_perft_option_chess960(self):
        fen, counts = first_chess960()
        r = bgtool("perft", "chess", "2", "--fen", fen, "--option", "chess960=true")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.strip(), str(counts[2]))

    def test_divide_sums_to_total(self):
        counts = perftsuite(KIWIPETE)
        r = bgtool("perft", "chess", "3", "--fen", KIWIPETE, "--divide")
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertEqual(lines[-1], str(counts[3]))
        root = [l.split("\t") for l in lines[:-1]]
        self.assertEqual(len(root), counts[1])
        for move, nodes in root:
            self.assertRegex(move, UCI_MOVE)
            self.assertRegex(nodes, r"^\d+$")
        self.assertEqual(len({m for m, _ in root}), counts[1])
        self.assertEqual(sum(int(n) for _, n in root), counts[3])
        # Kiwipete's castling moves are shown the UCI way: king two squares.
        self.assertIn("e1g1", [m for m, _ in root])
        self.assertIn("e1c1", [m for m, _ in root])

    def test_moves_start(self):
        counts = perftsuite(START)
        r = bgtool("moves", "chess")
        self.assertEqual(r.returncode, 0, r.stderr)
        moves = r.stdout.splitlines()
        self.assertEqual(len(moves), counts[1])
        self.assertEqual(len(set(moves)), counts[1])
        for m in moves:
            self.assertRegex(m, UCI_MOVE)
        self.assertIn("e2e4", moves)

    def test_moves_san_match_uci(self):
        uci = bgtool("moves", "chess", "--fen", KIWIPETE).stdout.splitlines()
        san = bgtool("moves", "chess", "--fen", KIWIPETE, "--notation", "san").stdout.splitlines()
        self.assertEqual(len(uci), perftsuite(KIWIPETE)[1])
        self.assertEqual(len(san), len(uci))
        self.assertIn("O-O", san)
        self.assertIn("O-O-O", san)
        # Each SAN move converts to the UCI move on the same line (same order).
        r = bgtool("convert", "chess", "--from", "san", "--to", "uci", "--lines", "--fen", KIWIPETE,
                   stdin="\n".join(san) + "\n")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.splitlines(), uci)

    def test_play_fools_mate_json(self):
        r = bgtool("play", "chess", "--json", "f3", "e5", "g4", "Qh4")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.count("\n"), 1)
        j = json.loads(r.stdout)
        self.assertEqual(list(j.keys()), ["variant", "position", "ply", "to_move", "result",
                                          "winners", "reason", "claims"])
        self.assertEqual(j["variant"], "chess")
        self.assertEqual(j["result"], "win")
        self.assertEqual(j["winners"], ["black"])
        self.assertEqual(j["reason"], "checkmate")
        self.assertEqual(j["claims"], [])
        self.assertEqual(j["ply"], 4)
        self.assertEqual(j["to_move"], "white")
        # The position is the one `play` reached: the same FEN its moves lead to from --fen.
        self.assertTrue(j["position"].startswith("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w"))

    def test_play_ongoing_json(self):
        r = bgtool("play", "chess", "--json", "e2e4")
        self.assertEqual(r.returncode, 0, r.stderr)
        j = json.loads(r.stdout)
        self.assertEqual((j["result"], j["winners"], j["ply"], j["to_move"]),
                         ("ongoing", [], 1, "black"))
        # The reached position, replayed as --fen, has the 20 black replies of the perft file.
        r = bgtool("moves", "chess", "--fen", j["position"])
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(len(r.stdout.splitlines()), perftsuite(START)[2] // perftsuite(START)[1])

    def test_play_text(self):
        r = bgtool("play", "chess", "f3", "e5", "g4", "Qh4#")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w", r.stdout)
        self.assertIn("checkmate", r.stdout)
        self.assertIn("black", r.stdout)

    def test_play_illegal_move(self):
        r = bgtool("play", "chess", "--json", "e4", "e5", "Ke3")
        self.assert_usage_error(r, "Ke3", "ply 3")
        self.assertEqual(r.stdout, "")

    def test_play_after_mate(self):
        r = bgtool("play", "chess", "f3", "e5", "g4", "Qh4", "a3")
        self.assert_usage_error(r, "a3", "ply 5")

    def test_play_claims(self):
        shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"] * 2
        j = json.loads(bgtool("play", "chess", "--json", *shuffle).stdout)
        self.assertEqual((j["result"], j["claims"]), ("ongoing", ["threefold-repetition"]))
        r = bgtool("play", "chess", "--json", "--claim", "threefold-repetition", *shuffle)
        self.assertEqual(r.returncode, 0, r.stderr)
        j = json.loads(r.stdout)
        self.assertEqual((j["result"], j["winners"], j["reason"], j["ply"]),
                         ("draw", [], "threefold-repetition", 8))
        # One shuffle short, the claim is rejected; an unknown reason is bad usage.
        self.assert_usage_error(bgtool("play", "chess", "--claim", "threefold-repetition",
                                       *shuffle[:4]), "threefold-repetition", "ply 4")
        self.assert_usage_error(bgtool("play", "chess", "--claim", "teatime", "e4"), "teatime")

    def test_play_bad_notation(self):
        self.assert_usage_error(bgtool("play", "chess", "--notation", "iccs", "e4"), "iccs")
        self.assert_usage_error(bgtool("play", "chess", "--notation", "uci", "e4"), "e4", "ply 1")

    def test_malformed_fen(self):
        for fen in ("rnbqkbnr/pppppppp/8/8 w", "xyz", "", KIWIPETE.replace(" w ", " x ")):
            self.assert_usage_error(bgtool("perft", "chess", "1", "--fen", fen), "fen")
            self.assert_usage_error(bgtool("moves", "chess", "--fen", fen), "fen")
            self.assert_usage_error(bgtool("play", "chess", "--json", "--fen", fen), "fen")

    def test_unknown_variant(self):
        for args in (["perft", "nosuchgame", "1"], ["moves", "nosuchgame"],
                     ["play", "nosuchgame", "e4"], ["bench", "nosuchgame"]):
            self.assert_usage_error(bgtool(*args), "nosuchgame")

    def test_bad_usage(self):
        for args in ([], ["frobnicate"], ["perft", "chess"], ["perft", "chess", "x"],
                     ["perft", "chess", "-1"], ["perft", "chess", "2", "3"],
                     ["perft", "chess", "1", "--bogus"], ["perft", "chess", "1", "--fen"],
                     ["moves", "chess", "--notation", "nosuch"],
                     ["perft", "chess", "1", "--option", "chess960"],
                     ["perft", "chess", "1", "--option", "nosuch=1"],
                     ["convert", "chess", "--from", "san"],
                     ["convert", "chess", "--from", "nosuch", "--to", "uci"],
                     ["convert", "chess", "--from", "san", "--to", "uci", "/nonexistent/file"],
                     ["variants", "extra"]):
            self.assert_usage_error(bgtool(*args))

    def test_convert_san_to_uci(self):
        r = bgtool("convert", "chess", "--from", "san", "--to", "uci",
                   stdin="1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. O-O\n")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, "e2e4 e7e5 g1f3 b8c6\nf1b5 a7a6 e1g1\n")
        back = bgtool("convert", "chess", "--from", "uci", "--to", "san", stdin=r.stdout)
        self.assertEqual(back.returncode, 0, back.stderr)
        self.assertEqual(back.stdout, "e4 e5 Nf3 Nc6\nBb5 a6 O-O\n")

    def test_convert_lines(self):
        r = bgtool("convert", "chess", "--from", "san", "--to", "uci", "--lines",
                   stdin="e4 e5\n\nd4 d5\n")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, "e2e4 e7e5\n\nd2d4 d7d5\n")

    def test_convert_illegal_move(self):
        r = bgtool("convert", "chess", "--from", "san", "--to", "uci", stdin="e4 e5\nKe3\n")
        self.assert_usage_error(r, "Ke3", "ply 3", "line 2")

    def test_convert_pgn_to_san(self):
        r = bgtool("convert", "chess", "--from", "pgn", "--to", "san", stdin=PGN)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, "e4 e5 Nf3 Nc6 Bb5\nf3 e5 g4 Qh4#\n\n")

    def test_convert_pgn_to_uci_from_file(self):
        with tempfile.NamedTemporaryFile("w", suffix=".pgn") as f:
            f.write(PGN)
            f.flush()
            r = bgtool("convert", "chess", "--from", "pgn", "--to", "uci", f.name)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, "e2e4 e7e5 g1f3 b8c6 f1b5\nf2f3 e7e5 g2g4 d8h4\n\n")

    def test_convert_pgn_round_trip(self):
        r = bgtool("convert", "chess", "--from", "pgn", "--to", "pgn", stdin=PGN)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.count("[Event "), 3)
        again = bgtool("convert", "chess", "--from", "pgn", "--to", "san", stdin=r.stdout)
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertEqual(again.stdout, "e4 e5 Nf3 Nc6 Bb5\nf3 e5 g4 Qh4#\n\n")

    def test_convert_san_to_pgn(self):
        r = bgtool("convert", "chess", "--from", "san", "--to", "pgn", stdin="f3 e5 g4 Qh4#\n")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('[Result "0-1"]', r.stdout)
        self.assertIn("1. f3 e5 2. g4 Qh4#", r.stdout)

    def test_convert_bad_pgn(self):
        bad = PGN.replace("2. g4 Qh4#", "2. g4 Qh5#")
        r = bgtool("convert", "chess", "--from", "pgn", "--to", "san", stdin=bad)
        # The bad game keeps the moves before its bad one, with one warning line naming it, its
        # line, ply and move; the others are read; the last line counts them; exit status 1.
        self.assertEqual(r.returncode, 1, r.stderr)
        lines = r.stderr.splitlines()
        self.assertEqual(lines[-1], "read 3 games, skipped 0")
        self.assertEqual(len(lines), 2, r.stderr)
        self.assertRegex(lines[0], r"^-: game 2, line \d+: ply 4: .*Qh5.*\(the 3 plies before it kept\)$")
        self.assertEqual(r.stdout.splitlines(), ["e4 e5 Nf3 Nc6 Bb5", "f3 e5 g4", ""])
        # --whole-games: the game is skipped instead.
        r = bgtool("convert", "chess", "--from", "pgn", "--to", "san", "--whole-games", stdin=bad)
        self.assertEqual(r.returncode, 1, r.stderr)
        lines = r.stderr.splitlines()
        self.assertEqual(lines[-1], "read 2 games, skipped 1")
        self.assertRegex(lines[0], r"^-: game 2, line \d+: ply 4: 'Qh5#' is not a legal move here$")
        self.assertEqual(r.stdout.splitlines(), ["e4 e5 Nf3 Nc6 Bb5", ""])

    def test_show_text_diagrams(self):
        r = bgtool("show", "chess")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(r.stdout.startswith("8 r n b q k b n r\n"), r.stdout)
        self.assertTrue(r.stdout.endswith("  a b c d e f g h\nWhite to move\n"), r.stdout)
        r = bgtool("show", "xiangqi")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn(" 俥 傌 相 仕 帥 仕 相 傌 俥\n", r.stdout)
        self.assertIn("楚 河", r.stdout)
        r = bgtool("show", "janggi", "--option", "setup=RBNA1ANBR/rnba1abnr")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("0   車 象 馬 士 ・ 士 馬 象 車\n", r.stdout)
        # Shogi: a KIF board with both hands.
        r = bgtool("show", "shogi", "--fen",
                   "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/9/PP1PPPPPP/7R1/LNSGKGSNL w Bp 4")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(r.stdout.startswith("後手の持駒：歩\n"), r.stdout)
        self.assertIn("先手の持駒：角\n後手番\n", r.stdout)
        self.assertIn("|v香v桂v銀v金v玉v金v銀v桂v香|一\n", r.stdout)
        r = bgtool("show", "sevenkingdoms")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("10 秦將秦砲秦弩秦弓秦行", r.stdout)

    def test_show_svg(self):
        r = bgtool("show", "shogi", "--svg", "--picture", "flip=true,lastmove=7g7f,size=300")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(r.stdout.startswith("<svg xmlns=\"http://www.w3.org/2000/svg\""), r.stdout[:80])
        self.assertTrue(r.stdout.endswith("</svg>\n"))
        self.assertIn('width="300"', r.stdout)
        self.assertIn(">飛</text>", r.stdout)

    def test_show_errors(self):
        self.assert_usage_error(bgtool("show", "chess", "--picture", "flip=maybe"), "offset 5",
                                "'maybe'")
        self.assert_usage_error(bgtool("show", "chess", "--picture", "colour=red"), "offset 0",
                                "unknown picture option")
        self.assert_usage_error(bgtool("show", "chess", "--fen", "8/8 w"), "bad --fen")
        self.assert_usage_error(bgtool("show", "nochess"), "unknown variant")
        self.assert_usage_error(bgtool("show", "chess", "extra"), "wrong number of arguments")


def bgtool_bytes(*args, stdin=None, env=None):
    return subprocess.run([BGTOOL] + list(args), input=stdin, capture_output=True, timeout=300,
                          env=dict(os.environ, **(env or {})))


def collection(n, bad_every):
    """n chess games; game i (1-based) with i % bad_every == 0 has an illegal move (ply 3)."""
    replies = ["a6", "Nf6", "d6", "f5", "Bc5", "g6"]
    parts = []
    for i in range(1, n + 1):
        moves = ("1. e4 e5 2. Ke3 *" if i % bad_every == 0
                 else f"1. e4 e5 2. Nf3 Nc6 3. Bb5 {replies[i % 6]} *")
        parts.append(f'[Event "g{i}"]\n[Round "{i}"]\n\n{moves}\n\n')
    return "".join(parts)


class ConvertCollectionTest(unittest.TestCase):
    """convert on real collections: several files, stdin, compression, skipped games, --jobs."""

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp()
        cls.text = collection(600, 25)
        cls.path = os.path.join(cls.dir, "games.pgn")
        with open(cls.path, "w") as f:
            f.write(cls.text)
        ref = bgtool("convert", "chess", "--from", "pgn", "--to", "uci", cls.path)
        cls.ref = ref

    @classmethod
    def tearDownClass(cls):
        import shutil
        shutil.rmtree(cls.dir)

    def test_skipped_games_warned_and_counted(self):
        # A game with an illegal move keeps the moves before it, with a warning (exit status 1).
        r = self.ref
        self.assertEqual(r.returncode, 1, r.stderr)
        out = r.stdout.splitlines()
        self.assertEqual(len(out), 600)
        self.assertEqual(out[24], "e2e4 e7e5")
        lines = r.stderr.splitlines()
        self.assertEqual(lines[-1], "read 600 games, skipped 0")
        self.assertEqual(len(lines), 25)
        # game 25 starts on line 121 (5 lines a game); its bad move is on line 124
        self.assertEqual(lines[0].split(":", 1)[0], self.path)
        self.assertRegex(lines[0], r": game 25, line 124: ply 3: .*Ke3.*\(the 2 plies before it kept\)$")
        self.assertRegex(lines[-2], r": game 600, line 2999: ply 3: ")
        # --whole-games skips them.
        w = bgtool("convert", "chess", "--from", "pgn", "--to", "uci", "--whole-games", self.path)
        self.assertEqual(w.returncode, 1, w.stderr)
        self.assertEqual(len(w.stdout.splitlines()), 576)
        lines = w.stderr.splitlines()
        self.assertEqual(lines[-1], "read 576 games, skipped 24")
        self.assertRegex(lines[0], r": game 25, line 124: ply 3: 'Ke3' is not a legal move here$")

    def test_clean_file_exit_zero(self):
        good = collection(30, 1000)
        r = bgtool("convert", "chess", "--from", "pgn", "--to", "uci", stdin=good)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, "read 30 games, skipped 0\n")

    def test_several_files_and_stdin(self):
        with open(self.path, "rb") as f:
            data = f.read()
        r = bgtool_bytes("convert", "chess", "--from", "pgn", "--to", "uci", self.path, "-",
                         self.path, stdin=data)
        self.assertEqual(r.returncode, 1)
        self.assertEqual(r.stdout.decode(), self.ref.stdout * 3)
        err = r.stderr.decode().splitlines()
        self.assertEqual(err[-1], "read 1800 games, skipped 0")
        self.assertTrue(any(line.startswith("-: game 25, line 124:") for line in err))

    def test_compressed_input(self):
        import shutil
        for tool, ext in (("gzip", "gz"), ("zstd", "zst"), ("bzip2", "bz2"), ("xz", "xz")):
            if not shutil.which(tool):
                print(f"# {tool} not installed: .{ext} not tested")
                continue
            out = os.path.join(self.dir, "games.pgn." + ext)
            with open(out, "wb") as f:
                subprocess.run([tool, "-c", self.path], stdout=f, check=True)
            r = bgtool("convert", "chess", "--from", "pgn", "--to", "uci", out)
            self.assertEqual(r.stdout, self.ref.stdout, ext)
            self.assertEqual(r.stderr.replace(out, self.path), self.ref.stderr, ext)
            with open(out, "rb") as f:
                r = bgtool_bytes("convert", "chess", "--from", "pgn", "--to", "uci", stdin=f.read())
            self.assertEqual(r.stdout.decode(), self.ref.stdout, ext + " on stdin")

    def test_jobs_same_output(self):
        for jobs, size in (("2", "3000"), ("3", "777"), ("2", "1")):
            r = bgtool_bytes("convert", "chess", "--from", "pgn", "--to", "uci", "--jobs", jobs,
                             self.path, env={"BGTOOL_RANGE_BYTES": size})
            self.assertEqual(r.stdout.decode(), self.ref.stdout, (jobs, size))
            self.assertEqual(r.stderr.decode(), self.ref.stderr, (jobs, size))
            self.assertEqual(r.returncode, 1)
        r = bgtool("convert", "chess", "--from", "pgn", "--to", "pgn", "--jobs", "2", self.path)
        self.assertEqual(r.stdout.count("[Event "), 600)
        r = bgtool("convert", "chess", "--from", "pgn", "--to", "pgn", "--jobs", "2",
                   "--whole-games", self.path)
        self.assertEqual(r.stdout.count("[Event "), 576)

    def test_usage_and_io_errors(self):
        r = bgtool("convert", "chess", "--from", "pgn", "--to", "uci", "--jobs", "0", self.path)
        self.assertEqual(r.returncode, 2)
        r = bgtool("convert", "chess", "--from", "pgn", "--to", "uci",
                   os.path.join(self.dir, "missing.pgn"))
        self.assertEqual(r.returncode, 2)
        self.assertIn("cannot open", r.stderr)
        bad = os.path.join(self.dir, "broken.gz")
        with open(bad, "wb") as f:
            f.write(b"\x1f\x8b\x08\x00garbage")
        r = bgtool("convert", "chess", "--from", "pgn", "--to", "uci", bad)
        self.assertEqual(r.returncode, 2, r.stderr)


def main():
    global BGTOOL, PERFT_DIR
    if len(sys.argv) != 3:
        sys.exit("usage: test_cli.py BGTOOL PERFT_DATA_DIR")
    BGTOOL, PERFT_DIR = sys.argv[1], sys.argv[2]
    return run_tap(CliTest, ConvertCollectionTest, class_in_name=False)


if __name__ == "__main__":
    sys.exit(main())
