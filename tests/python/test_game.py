"""Games through the binding: playing, undo, results, claims, actions, tags, handle lifetime, PGN."""

import gc
import unittest
import warnings

import boardgames
from boardgames import (BoardGamesError, Game, GameOverError, IllegalMoveError, NoMoveError,
                        ParseError, Position, read_game, read_games)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
SCHOLAR = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]


class TestPlay(unittest.TestCase):
    def test_fools_mate(self):
        with Game("chess") as g:
            for text in ("f3", "e5", "g4", "Qh4#"):
                self.assertFalse(g.is_over())
                g.play(text)
            r = g.result()
            self.assertEqual(r.outcome, "win")
            self.assertEqual(r.winners, ["black"])
            self.assertEqual(r.reason, "checkmate")
            self.assertTrue(r.is_over)
            self.assertEqual(str(r), "win black by checkmate")
            self.assertTrue(g.is_check())
            self.assertEqual(g.legal_moves, [])
            self.assertEqual(g.move_text(), ["f3", "e5", "g4", "Qh4#"])
            with self.assertRaises(GameOverError) as cm:
                g.play("a3")
            self.assertTrue(cm.exception.message)
            self.assertEqual(g.ply, 4)

    def test_scholars_mate_in_mixed_notations(self):
        g = Game("chess")
        g.play("e2e4")              # UCI
        g.play("e5")                # SAN
        g.play("Qd1-h5", "lan")     # LAN, named
        for text in SCHOLAR[3:]:
            g.play(text)
        self.assertEqual(g.result(), ("win", ["white"], "checkmate"))
        self.assertEqual(g.move_text("san"), SCHOLAR)
        self.assertEqual(g.move_text("uci")[:2], ["e2e4", "e7e5"])
        g.close()

    def test_play_returns_move_and_san(self):
        g = Game("chess")
        sans = sorted(g.san(m) for m in g.legal_moves)
        self.assertEqual(len(sans), 20)
        self.assertIn("Nc3", sans)
        m = g.play("Nf3")
        self.assertIsInstance(m, boardgames.Move)
        self.assertEqual(g.moves, [m])
        self.assertEqual(g.start_position.san(m), "Nf3")
        self.assertEqual(g.turn_id, "black")
        reply = g.legal_moves[0]
        self.assertEqual(g.play(reply), reply)
        self.assertEqual(g.ply, 2)

    def test_illegal_move(self):
        g = Game("chess")
        g.play("e4")
        before = g.fen
        with self.assertRaises(IllegalMoveError) as cm:
            g.play("e4")  # black has no pawn that reaches e4
        e = cm.exception
        self.assertEqual(e.code, boardgames.errors.E_ILLEGAL_MOVE)
        self.assertTrue(e.message)
        self.assertEqual(g.fen, before)
        self.assertEqual(g.ply, 1)
        with self.assertRaises(IllegalMoveError) as cm:
            g.play(boardgames.Move.make(12, 28))  # e2e4 again, white's move, not black's
        self.assertIn("ply 2", cm.exception.message)
        with self.assertRaises(ParseError):
            g.play("xyzzy")
        self.assertEqual(g.fen, before)

    def test_undo(self):
        g = Game("chess")
        with self.assertRaises(NoMoveError):
            g.undo()
        m = g.play("e4")
        reply = g.play("c5")
        self.assertEqual(g.undo(), reply)
        self.assertEqual(g.undo(), m)
        self.assertEqual(g.fen, START)
        self.assertEqual(g.ply, 0)

    def test_undo_reopens_finished_game(self):
        g = Game("chess")
        for text in ("f3", "e5", "g4", "Qh4#"):
            g.play(text)
        g.undo()
        self.assertEqual(g.result().outcome, "ongoing")
        g.play("Qh4")
        self.assertEqual(g.result().reason, "checkmate")

    def test_from_fen(self):
        fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
        g = Game("chess", fen=fen)
        self.assertEqual(g.fen, fen)
        self.assertEqual(g.perft(2), Position("chess", fen).perft(2))
        bad = "4k3/8/8/8/8/8/8/4K2Z w K - 0 1"
        with self.assertRaises(ParseError) as cm:
            Game("chess", fen=bad)
        self.assertEqual(cm.exception.offset, bad.index("Z"))

    def test_copy(self):
        g = Game("chess")
        g.play("d4")
        h = g.copy()
        h.play("d5")
        self.assertEqual((g.ply, h.ply), (1, 2))
        g.close()
        self.assertEqual(h.move_text(), ["d4", "d5"])


class TestResults(unittest.TestCase):
    SHUFFLE = ["Nf3", "Nf6", "Ng1", "Ng8"]

    def test_threefold_claim(self):
        g = Game("chess")
        for text in self.SHUFFLE:
            g.play(text)
        self.assertEqual(g.claims(), [])
        self.assertFalse(g.claim("threefold-repetition"))  # second occurrence only
        self.assertEqual(g.result().outcome, "ongoing")
        for text in self.SHUFFLE[:3]:
            g.play(text)
        self.assertIn("threefold-repetition", g.claims_after("Ng8"))
        self.assertNotIn("threefold-repetition", g.claims_after("Nc6"))
        g.play("Ng8")
        self.assertIn("threefold-repetition", g.claims())
        self.assertTrue(g.claim("threefold-repetition"))
        self.assertEqual(g.result(), ("draw", [], "threefold-repetition"))

    def test_claim_by_the_next_move(self):
        g = Game("chess")
        for text in self.SHUFFLE + self.SHUFFLE[:3]:
            g.play(text)
        self.assertTrue(g.claim("threefold-repetition", "Ng8"))
        self.assertEqual(g.ply, 8)
        self.assertEqual(g.result().outcome, "draw")

    def test_fifty_moves(self):
        g = Game("chess", fen="4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
        self.assertNotIn("fifty-moves", g.claims())
        g.play("Ra2")
        self.assertIn("fifty-moves", g.claims())
        self.assertTrue(g.claim("fifty-moves"))
        self.assertEqual(g.result().reason, "fifty-moves")

    def test_fifty_moves_automatic(self):
        self.assertEqual(boardgames.variant("chess").options["fiftymove"], ("claim", "automatic"))
        g = Game("chess", fen="4k3/8/8/8/8/8/8/R3K3 w - - 99 80",
                 options={"fiftymove": "automatic"})
        self.assertFalse(g.is_over())
        g.play("Ra2")
        self.assertEqual(g.result(), ("draw", [], "fifty-moves"))
        self.assertEqual(g.claims(), [])
        with self.assertRaises(GameOverError):
            g.play("Kd8")
        mate = Game("chess", fen="7k/8/6K1/8/8/8/8/R7 w - - 99 80",
                    options={"fiftymove": "automatic"})
        mate.play("Ra8")
        self.assertEqual(mate.result(), ("win", ["white"], "checkmate"))

    def test_resign_and_agreement(self):
        g = Game("chess")
        g.play("e4")
        g.resign()  # the side to move: black
        self.assertEqual(g.result(), ("win", ["white"], "resignation"))
        with self.assertRaises(GameOverError):
            g.play("e5")
        h = Game("chess")
        h.resign("white")
        self.assertEqual(h.result().winners, ["black"])
        d = Game("chess")
        d.agree_draw()
        self.assertEqual(d.result(), ("draw", [], "agreement"))
        with self.assertRaises(ValueError):
            Game("chess").resign("green")

    def test_stalemate_and_insufficient_material(self):
        g = Game("chess", fen="7k/8/6Q1/8/8/8/8/K7 w - - 0 1")
        g.play("Qf7")
        self.assertEqual(g.result(), ("draw", [], "stalemate"))
        h = Game("chess", fen="7k/8/8/8/8/8/6r1/K6B w - - 0 1")
        h.play("Bxg2")
        self.assertEqual(h.result(), ("draw", [], "insufficient-material"))


class TestHandles(unittest.TestCase):
    def test_context_manager_closes(self):
        with Game("chess") as g:
            g.play("e4")
            self.assertFalse(g.closed)
        self.assertTrue(g.closed)
        self.assertFalse(g._finalizer.alive)  # freed, and will never be freed again
        with self.assertRaises(BoardGamesError):
            g.fen
        with self.assertRaises(BoardGamesError):
            g.play("e5")
        g.close()  # idempotent

    def test_garbage_collection_frees(self):
        g = Game("chess")
        fin = g._finalizer
        self.assertTrue(fin.alive)
        del g
        gc.collect()
        self.assertFalse(fin.alive)

    def test_borrowed_position_is_not_freed(self):
        g = Game("chess")
        view = g.position
        self.assertTrue(view.is_borrowed)
        self.assertEqual(view.fen, START)
        view.close()  # detaches only: the game's position must survive
        del view
        gc.collect()
        self.assertEqual(g.fen, START)
        g.play("e4")
        self.assertEqual(g.position.piece_at("e4").name, "pawn")

    def test_borrowed_position_goes_stale(self):
        g = Game("chess")
        view = g.position
        snapshot = view.copy()
        g.play("e4")
        with self.assertRaises(BoardGamesError) as cm:
            view.fen
        self.assertIn("changed", str(cm.exception))
        self.assertEqual(snapshot.fen, START)  # an owned copy stays valid
        fresh = g.position
        g.close()
        with self.assertRaises(BoardGamesError):
            fresh.legal_moves
        self.assertEqual(len(snapshot.legal_moves), 20)

    def test_borrowed_position_is_read_only(self):
        g = Game("chess")
        with self.assertRaises(BoardGamesError):
            g.position.play("e4")
        self.assertEqual(g.ply, 0)

    def test_memory(self):
        g = Game("chess")
        before = g.memory
        for text in SCHOLAR[:4]:
            g.play(text)
        self.assertGreater(before, 0)
        self.assertGreaterEqual(g.memory, before)


class TestTags(unittest.TestCase):
    def test_dict_like(self):
        g = Game("chess")
        g.tags["Event"] = "Binding test"
        g.tags["Annotator"] = "unittest"
        self.assertEqual(g.tags["Event"], "Binding test")
        self.assertIn("Annotator", g.tags)
        self.assertEqual(list(g.tags)[-1], "Annotator")  # insertion order
        del g.tags["Annotator"]
        self.assertNotIn("Annotator", g.tags)
        with self.assertRaises(KeyError):
            g.tags["Annotator"]
        with self.assertRaises(KeyError):
            del g.tags["Annotator"]
        self.assertEqual(len(g.tags), len(dict(g.tags)))


PGN_TWO_GAMES = """[Event "First"]
[Site "?"]
[Date "2024.01.01"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "0-1"]

1. f3 {weak} e5 $2 2. g4 (2. e4) Qh4# 0-1

[Event "Second"]
[Result "*"]

1. e4 e5 2. Ke3 *

[Event "Third"]
[Result "1/2-1/2"]

1. d4 d5 1/2-1/2
"""


class TestRecords(unittest.TestCase):
    def test_pgn_round_trip(self):
        g = Game("chess")
        for text in SCHOLAR:
            g.play(text)
        g.tags["Event"] = "Round trip"
        g.tags["White"] = "Python"
        pgn = g.export("pgn")
        self.assertTrue(pgn.startswith('[Event "Round trip"]'), pgn)
        self.assertIn('[Result "1-0"]', pgn)
        self.assertIn("4. Qxf7#", pgn)
        self.assertTrue(all(len(line) < 80 for line in pgn.splitlines()))
        back = read_game(pgn)
        self.assertEqual(back.moves, g.moves)
        self.assertEqual(back.result(), g.result())
        self.assertEqual(back.tags["White"], "Python")
        self.assertEqual(back.export("pgn"), pgn)

    def test_read_several_games(self):
        games = list(read_games(PGN_TWO_GAMES, errors="skip"))
        self.assertEqual([g.tags["Event"] for g in games], ["First", "Third"])
        first = games[0]
        self.assertEqual(first.move_text(), ["f3", "e5", "g4", "Qh4#"])
        self.assertEqual(first.result().winners, ["black"])
        self.assertEqual(first.comment(1), "weak")
        self.assertEqual(first.nags(2), [2])
        self.assertEqual(len(first.variations(3)), 1)
        self.assertIn("e4", first.variations(3)[0])

    def test_keep_moves(self):
        # keep_moves: the game with an illegal move (ply 3, 'Ke3') comes with the 2 moves before
        # it, and its error is still reported; the reader goes on.
        seen = []
        games = list(read_games(PGN_TWO_GAMES, keep_moves=True, on_error=seen.append))
        self.assertEqual([g.tags["Event"] for g in games], ["First", "Second", "Third"])
        self.assertEqual(games[1].ply, 2)
        self.assertEqual(len(seen), 1)
        self.assertIsInstance(seen[0], IllegalMoveError)
        self.assertEqual((seen[0].game_index, seen[0].ply), (1, 3))
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            self.assertEqual(len(list(read_games(PGN_TWO_GAMES, keep_moves=True))), 3)
        self.assertEqual(len(w), 1)

    def test_error_names_game_ply_offset(self):
        reader = read_games(PGN_TWO_GAMES, errors="raise")
        self.assertEqual(next(reader).tags["Event"], "First")
        with self.assertRaises(IllegalMoveError) as cm:
            next(reader)
        e = cm.exception
        self.assertEqual(e.game_index, 1)
        self.assertEqual(e.ply, 3)
        self.assertEqual(e.offset, PGN_TWO_GAMES.index("Ke3"))
        self.assertIn("game 2", str(e))
        # The reader goes on after the faulty game.
        self.assertEqual(next(reader).tags["Event"], "Third")
        self.assertIsNone(next(reader, None))

    def test_errors_yielded(self):
        items = list(read_games(PGN_TWO_GAMES.encode(), errors="yield"))
        self.assertEqual(len(items), 3)
        self.assertIsInstance(items[1], IllegalMoveError)
        self.assertIsInstance(items[2], Game)

    def test_bom_crlf_bytes(self):
        data = b"\xef\xbb\xbf" + PGN_TWO_GAMES.split("\n\n[Event \"Second\"]")[0].replace(
            "\n", "\r\n").encode() + b"\r\n"
        games = list(read_games(data))
        self.assertEqual(len(games), 1)
        self.assertEqual(games[0].tags["Event"], "First")
        self.assertEqual(games[0].result().reason, "checkmate")

    def test_bad_arguments(self):
        with self.assertRaises(boardgames.UnsupportedError):
            read_games("1. e4 *", format="kif")
        with self.assertRaises(ValueError):
            read_games("1. e4 *", errors="ignore")


class TestEveryVariantGame(unittest.TestCase):
    def test_play_undo_export(self):
        for v in boardgames.variants():
            with self.subTest(variant=v.id), Game(v) as g:
                played = []
                for ply in range(4):
                    moves = g.legal_moves
                    played.append(g.play(g.format(moves[(5 * ply) % len(moves)], v.notations[0])))
                self.assertEqual(g.moves, played)
                self.assertEqual(g.result().outcome, "ongoing")
                self.assertEqual(g.undo(), played[-1])
                self.assertEqual(g.moves, played[:-1])
                for fmt in v.record_formats:
                    back = read_game(g.export(fmt), v, fmt)
                    self.assertEqual(back.moves, g.moves, fmt)


class TestScoresAndStats(unittest.TestCase):
    def test_janggi_counting_scores(self):
        with Game("janggi") as g:
            # chariots 2x13, cannons 2x7, horses 2x5, elephants 2x3, guards 2x3, soldiers 5x2 = 72
            self.assertEqual(g.score("cho"), 72.0)
            self.assertEqual(g.score("han"), 73.5)  # plus 1.5 for Han
            g.play("a4a5")
            self.assertEqual(g.score("han"), 73.5)

    def test_chess_has_no_score(self):
        with Game("chess") as g:
            self.assertIsNone(g.score("white"))

    def test_chess_capture_statistics(self):
        with Game("chess") as g:
            for m in ["e4", "d5", "exd5", "Qxd5"]:
                g.play(m)
            self.assertEqual(g.stat("white", "captured"), 1)
            self.assertEqual(g.stat("black", "captured"), 1)
            self.assertEqual(g.stat("white", "lost"), 1)
            with self.assertRaises(ValueError):
                g.stat("white", "nonsense")


if __name__ == "__main__":
    unittest.main()
