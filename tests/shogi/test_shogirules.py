"""Shogi family endings through the Python binding and bgtool: sennichite, perpetual check, the
impasse declaration (won, failed, never with a move), the 24-point count, the try rule, Sho's
prince, old shogi's bare king, minishogi and Tori repetition.

Run with PYTHONPATH=python, BOARDGAMES_LIBRARY=<libboardgames.so> and BGTOOL=<bgtool>.
"""

import ctypes
import json
import os
import subprocess
import unittest

import boardgames
from boardgames import Game

BGTOOL = os.environ.get("BGTOOL")

ROOK_SHUFFLE = "2h3h 8b7b 3h2h 7b8b".split()
PERPETUAL_FEN = "8k/9/9/9/9/9/9/7R1/K8 b - 1"
PERPETUAL = "2h1h 1a2a 1h2h 2a1a".split()
DECLARE_28 = "+R+BGGSS3/+P+P+P+P5/9/4K4/9/9/8k/9/9 b B5Pr2g2s4n4l9p 1"
DECLARE_27 = "+R+BGGSS3/+P+P+P+P5/9/4K4/9/9/8k/9/9 b B4Pr2g2s4n4l10p 1"
TORI_WALK = "4g3f 4a3b 3f4g 3b4a".split()
TORI_CHECKS_FEN = "6k/7/5C1/7/7/7/K6 b - 1"
TORI_CHECKS = "2c2b 1a1b 2b2c 1b1a".split()


def score(game, side):
    """bg_game_score through the raw prototype table (the binding has no method for it)."""
    return boardgames._lib.lib.bg_game_score(ctypes.c_void_p(game._handle()), side)


def play(game, moves):
    for m in moves:
        game.play(m, "usi")


class TestBinding(unittest.TestCase):
    def assertResult(self, game, outcome, winners, reason):
        r = game.result()
        self.assertEqual((r.outcome, r.winners, r.reason), (outcome, winners, reason))

    def test_sennichite(self):
        with Game("shogi") as g:
            play(g, ROOK_SHUFFLE * 2 + ROOK_SHUFFLE[:3])
            self.assertFalse(g.is_over())
            play(g, ROOK_SHUFFLE[3:])
            self.assertResult(g, "draw", [], "repetition")
            with self.assertRaises(boardgames.GameOverError):
                g.play("7g7f", "usi")
            g.undo()
            self.assertFalse(g.is_over())

    def test_perpetual_check(self):
        with Game("shogi", fen=PERPETUAL_FEN) as g:
            play(g, PERPETUAL * 3)
            self.assertEqual(g.ply, 12)
            self.assertResult(g, "win", ["gote"], "perpetual-check")

    def test_uchifuzume(self):
        with Game("shogi", fen="7lk/7g1/8S/9/4B4/9/9/9/K8 b P 1") as g:
            with self.assertRaises(boardgames.IllegalMoveError):
                g.play("P*1b", "usi")
            self.assertEqual(g.ply, 0)
            self.assertNotIn("P*1b", [g.format(m, "usi") for m in g.legal_moves])

    def test_impasse_declaration(self):
        with Game("shogi", fen=DECLARE_28) as g:
            self.assertEqual(g.claims(), [])
            self.assertEqual(g.claims_after("5d5c"), [])
            play(g, ["5d5c", "1g1f"])
            self.assertEqual(g.claims(), ["impasse"])
            self.assertEqual(score(g, 0), 280)
            self.assertTrue(g.claim("impasse"))
            self.assertResult(g, "win", ["sente"], "impasse")
        with Game("shogi", fen=DECLARE_27) as g:
            play(g, ["5d5c", "1g1f"])
            self.assertEqual(g.claims(), [])
            # The CSA rule: a failed declaration loses (the claim still ends the game).
            self.assertTrue(g.claim("impasse"))
            self.assertResult(g, "win", ["gote"], "impasse")
        with Game("shogi", fen=DECLARE_28) as g:
            # A declaration is made on one's own turn: with a move it is refused, nothing played.
            self.assertFalse(g.claim("impasse", "5d5c"))
            self.assertEqual(g.ply, 0)
            self.assertFalse(g.is_over())

    def test_impasse_24(self):
        fen = "9/9/9/4K4/9/4k4/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1"
        with Game("shogi", fen=fen, options="impasse=24") as g:
            play(g, ["5d5c"])
            self.assertFalse(g.claim("impasse"))  # gote's king is still out: refused, no penalty
            self.assertFalse(g.is_over())
            play(g, ["5f5g"])
            self.assertEqual(g.claims(), ["impasse"])
            self.assertEqual((score(g, 0), score(g, 1)), (270, 270))
            self.assertTrue(g.claim("impasse"))
            self.assertResult(g, "draw", [], "impasse")

    def test_try_rule(self):
        moves = "5d5c 9a9b 5c5b 9b9a 5b5a".split()
        with Game("shogi", fen="k8/9/9/4K4/9/9/9/9/9 b - 1", options="impasse=try") as g:
            play(g, moves)
            self.assertResult(g, "win", ["sente"], "try")
        with Game("shogi", fen="k8/9/9/4K4/9/9/9/9/9 b - 1") as g:
            play(g, moves)
            self.assertFalse(g.is_over())

    def test_sho_prince(self):
        with Game("shoshogi", fen="k3r3r/9/9/9/8g/9/P8/8+E/4K4 b - 1") as g:
            play(g, ["9g9f", "5a5i"])  # the king is taken; the prince plays on
            self.assertFalse(g.is_over())
            with self.assertRaises(boardgames.IllegalMoveError):
                g.play("1h1i", "usi")
            play(g, ["9f9e", "1e1f", "9e9d", "1f1g"])
            self.assertResult(g, "win", ["gote"], "checkmate")

    def test_bare_king(self):
        fen = "4k4/9/9/9/9/9/4s4/4G4/4K4 b - 1"
        with Game("heianshogi", fen=fen) as g:
            play(g, ["5h5g"])
            self.assertResult(g, "win", ["sente"], "bare-king")
        with Game("heianshogi", fen=fen, options="bareking=false") as g:
            play(g, ["5h5g"])
            self.assertFalse(g.is_over())

    def test_minishogi(self):
        with Game("minishogi") as g:
            play(g, "1e1d 5a5b 1d1e 5b5a".split() * 3)
            self.assertResult(g, "win", ["gote"], "repetition")

    def test_tori(self):
        with Game("torishogi") as g:
            play(g, TORI_WALK * 3)
            self.assertResult(g, "win", ["sente"], "repetition")
        with Game("torishogi", options="repetition=threefold") as g:
            play(g, TORI_WALK * 2)
            self.assertEqual(g.ply, 8)
            self.assertResult(g, "win", ["sente"], "repetition")
        with Game("torishogi", fen=TORI_CHECKS_FEN, options="repetition=threefold") as g:
            play(g, TORI_CHECKS * 2)
            self.assertResult(g, "win", ["gote"], "perpetual-check")


@unittest.skipUnless(BGTOOL, "BGTOOL is not set")
class TestBgtool(unittest.TestCase):
    def play(self, variant, moves, fen=None, options=()):
        args = [BGTOOL, "play", variant, "--json"]
        if fen:
            args += ["--fen", fen]
        for o in options:
            args += ["--option", o]
        out = subprocess.run(args + list(moves), capture_output=True, text=True, check=True)
        return json.loads(out.stdout)

    def check(self, doc, result, winners, reason, claims=()):
        self.assertEqual((doc["result"], doc["winners"], doc["reason"], doc["claims"]),
                         (result, winners, reason, list(claims)))

    def test_sennichite(self):
        self.check(self.play("shogi", ROOK_SHUFFLE * 3), "draw", [], "repetition")
        self.check(self.play("shogi", PERPETUAL * 3, PERPETUAL_FEN), "win", ["gote"],
                   "perpetual-check")

    def test_impasse_claims(self):
        self.check(self.play("shogi", ["5d5c", "1g1f"], DECLARE_28), "ongoing", [], "",
                   ["impasse"])
        self.check(self.play("shogi", ["5d5c", "1g1f"], DECLARE_27), "ongoing", [], "")
        self.check(self.play("shogi", ["5d5c", "1g1f"], DECLARE_28, ["impasse=none"]),
                   "ongoing", [], "")

    def test_try(self):
        doc = self.play("shogi", "5d5c 9a9b 5c5b 9b9a 5b5a".split(), "k8/9/9/4K4/9/9/9/9/9 b - 1",
                        ["impasse=try"])
        self.check(doc, "win", ["sente"], "try")

    def test_other_games(self):
        self.check(self.play("minishogi", "1e1d 5a5b 1d1e 5b5a".split() * 3), "win", ["gote"],
                   "repetition")
        self.check(self.play("heianshogi", ["5g5h+"], "4k4/9/9/9/9/9/4s4/4G4/4K4 w - 1"), "win",
                   ["gote"], "bare-king")
        self.check(self.play("torishogi", TORI_WALK * 2, options=["repetition=threefold"]), "win",
                   ["sente"], "repetition")
        self.check(self.play("torishogi", TORI_CHECKS * 3, TORI_CHECKS_FEN), "win", ["gote"],
                   "perpetual-check")
        self.check(self.play("shoshogi", "9g9f 5a5i 9f9e 1e1f 9e9d 1f1g".split(),
                             "k3r3r/9/9/9/8g/9/P8/8+E/4K4 b - 1"), "win", ["gote"], "checkmate")

    def test_moves_after_the_end(self):
        args = [BGTOOL, "play", "shogi"] + ROOK_SHUFFLE * 3 + ["7g7f"]
        out = subprocess.run(args, capture_output=True, text=True)
        self.assertEqual(out.returncode, 2)
        self.assertIn("7g7f", out.stderr)


if __name__ == "__main__":
    unittest.main()
