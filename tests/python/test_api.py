"""The Pythonic API of issue 16: enums, move text and repr, squares by name, editing, batch text, views, errors."""

import copy
import enum
import pickle
import random
import unittest

import boardgames
from boardgames import (Game, IllegalMoveError, InvalidPositionError, Move, MoveList, Outcome,
                        Position, Reason, Side, variant)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def walk(v, plies, seed):
    """Positions of a game of variant v with pseudo-random moves (the position after each ply)."""
    rnd = random.Random(seed)
    p = Position(v)
    out = [p.copy()]
    for _ in range(plies):
        moves = p.legal_moves
        if not moves:
            break
        p.play(rnd.choice(moves))
        out.append(p.copy())
    return out


class TestEnums(unittest.TestCase):
    def test_turn_is_an_enum_member(self):
        p = Position("chess")
        self.assertIsInstance(p.turn, enum.Enum)
        self.assertIsInstance(p.turn, Side)
        self.assertIs(p.turn, variant("chess").Side.WHITE)
        self.assertEqual(p.turn, 0)  # still the side index
        self.assertEqual(str(p.turn), "white")
        self.assertEqual(f"{p.turn:>6}", " white")
        self.assertEqual(p.turn.id, "white")
        p.play("e4")
        self.assertIs(p.turn, variant("chess").Side.BLACK)
        self.assertEqual([str(s) for s in variant("shogi").Side], ["sente", "gote"])
        self.assertEqual(len(variant("sevenkingdoms").Side), 8)  # seven kingdoms and 周
        self.assertEqual(variant("sevenkingdoms").Side.NEUTRAL, 7)

    def test_results_and_reasons(self):
        g = Game("chess")
        for text in ("f3", "e5", "g4", "Qh4#"):
            g.play(text)
        r = g.result()
        self.assertIs(r.outcome, Outcome.WIN)
        self.assertIs(r.reason, Reason.CHECKMATE)
        self.assertEqual(r, ("win", ["black"], "checkmate"))  # equal to the old strings
        self.assertEqual(r.winner_sides, (variant("chess").Side.BLACK,))
        self.assertEqual(str(r), "win black by checkmate")
        self.assertEqual(Reason.from_code(5), Reason.THREEFOLD_REPETITION)
        self.assertEqual(Reason.THREEFOLD_REPETITION.code, 5)
        # The enum and the library agree on every reason.
        for reason in Reason:
            self.assertEqual(boardgames.reason_name(reason.code), reason.value)
        g = Game("chess")
        for text in ["Nf3", "Nf6", "Ng1", "Ng8"] * 2:
            g.play(text)
        self.assertEqual(g.claims(), [Reason.THREEFOLD_REPETITION])
        self.assertIsInstance(g.claims()[0], Reason)


class TestMoveText(unittest.TestCase):
    def test_str_is_coordinates_and_repr_round_trips(self):
        cases = {
            "chess": [("e2e4", None)], "shogi": [("7g7f", None)], "xiangqi": [("h3e3", None)],
        }
        for vid, moves in cases.items():
            for text, _ in moves:
                m = Position(vid).parse(text)
                self.assertEqual(str(m), text)
                self.assertEqual(eval(repr(m), {"Move": Move}), m)
        # Every legal move of games of every variant: str() is the variant's coordinate notation
        # (uci / USI), repr() gives the move back, and pickling keeps it.
        for v in boardgames.variants():
            coordinates = "usi" if "usi" in v.notations else "uci"
            for p in walk(v, 12, 5):
                texts = p.legal_moves_text(coordinates)
                for m, text in zip(p.legal_moves, texts):
                    self.assertEqual(str(m), text, f"{v.id} {p.fen}")
                    back = eval(repr(m), {"Move": Move})
                    self.assertEqual(back, m, repr(m))
                    self.assertEqual(pickle.loads(pickle.dumps(m)), m)
                    self.assertEqual(str(pickle.loads(pickle.dumps(m))), text)

    def test_castling_promotion_drop_pass(self):
        p = Position("chess", "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
        oo = p.parse("O-O")
        self.assertEqual(str(oo), "e1g1")
        self.assertTrue(oo.is_castling)
        self.assertEqual(repr(oo), "Move.from_text('e1h1', 'chess')")
        self.assertEqual(Move.from_text("e1h1", "chess"), oo)
        self.assertEqual(str(p.parse("b8=Q")), "b7b8q")
        self.assertEqual([str(m) for m in p.legal_moves if m.castling], ["e1g1", "e1c1"])
        c960 = Position("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", options="chess960=true")
        self.assertEqual(str(c960.parse("O-O")), "e1h1")  # Chess960 UCI: king takes rook
        s = Position("shogi", "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
        promo = s.parse("8h2b+")
        self.assertEqual(str(promo), "8h2b+")
        self.assertEqual(repr(promo), "Move.from_text('8h2b+B', 'shogi')")
        with self.assertRaises(ValueError) as cm:
            Move.from_text("8h2b+", "shogi")
        self.assertIn("8h2b+B", str(cm.exception))
        drop = Position("shogi", "4k4/9/9/9/9/9/9/9/4K4 b P 1").parse("P*5e")
        self.assertEqual((str(drop), drop.drop, drop.from_square), ("P*5e", 1, 0))
        j = Position("janggi")
        pass_move = j.parse("e2e2")
        self.assertTrue(pass_move.is_pass)
        self.assertEqual(str(pass_move), "e2e2")
        self.assertEqual(Move.from_text("e2e2", "janggi"), pass_move)
        self.assertEqual(str(Position("sevenkingdoms").legal_moves[0])[:1].isalpha(), True)
        with self.assertRaises(ValueError):
            Move.from_text("z9z8", "chess")
        with self.assertRaises(TypeError):
            Move.from_text(42, "chess")
        # A bare int knows no game.
        self.assertEqual(repr(Move(6156)), "Move(6156)")
        self.assertEqual(str(Move(6156)), "Move(12->12)")

    def test_move_list_is_lazy_and_list_like(self):
        p = Position("chess")
        moves = p.legal_moves
        self.assertIsInstance(moves, MoveList)
        self.assertEqual(len(moves), 20)
        self.assertEqual(moves, list(moves))
        self.assertEqual(len(moves.values), 20)
        self.assertIn(p.parse("e4"), moves)
        self.assertNotIn(Move.make(12, 36), moves)
        self.assertEqual(moves.index(moves[3]), 3)
        self.assertEqual(moves[-1], list(moves)[-1])
        self.assertEqual(list(moves[2:4]), list(moves)[2:4])
        p.play("e4")
        self.assertEqual(len(moves), 20)  # a list of that moment
        self.assertNotEqual(moves, p.legal_moves)


class TestBatchText(unittest.TestCase):
    def test_equals_one_format_per_move(self):
        for v in boardgames.variants():
            for p in walk(v, 8, 3):
                moves = p.legal_moves
                for notation in v.notations:
                    texts = p.legal_moves_text(notation)
                    self.assertEqual(texts, [p.format(m, notation) for m in moves],
                                     f"{v.id} {notation} {p.fen}")
        self.assertEqual(Position("chess").legal_moves_text("SAN")[:2], ["Na3", "Nc3"])
        self.assertEqual(Position("chess").legal_moves_text()[:2], ["Na3", "Nc3"])
        with self.assertRaises(boardgames.UnsupportedError):
            Position("chess").legal_moves_text("kif")
        with self.assertRaises(TypeError):
            Position("chess").legal_moves_text(3)

    def test_game_over_has_no_moves(self):
        g = Game("chess")
        for text in ("f3", "e5", "g4", "Qh4#"):
            g.play(text)
        self.assertEqual(g.legal_moves_text("san"), [])
        r = Game("chess")
        r.resign()
        self.assertEqual(r.legal_moves, [])
        self.assertEqual(r.legal_moves_text(), [])
        self.assertEqual(len(r.position.legal_moves), 20)  # the rules' moves stay on the position


class TestSquares(unittest.TestCase):
    def test_game_names(self):
        self.assertEqual(Position("shogi").piece_at("7g").name, "pawn")
        self.assertEqual(Position("xiangqi").piece_at("h3").name, "cannon")
        self.assertEqual(Position("sevenkingdoms").piece_at("j10").name, "zhou")
        self.assertEqual(Position("chess").piece_at("E1").name, "king")  # any case
        v = variant("shogi")
        self.assertEqual(v.square_name(20), "7g")
        self.assertEqual(v.square_index("7g"), 20)
        self.assertEqual(v.square_index("c3"), 20)  # chess-style names still read
        self.assertEqual(len(v.square_names), 81)

    def test_errors(self):
        p = Position("chess")
        with self.assertRaises(ValueError):
            p.piece_at(99)
        with self.assertRaises(ValueError):
            p.piece_at(-1)
        with self.assertRaises(ValueError):
            p.piece_at("z9")
        with self.assertRaises(TypeError):
            p.piece_at(3.5)
        with self.assertRaises(TypeError):
            p.piece_at(None)
        with self.assertRaises(TypeError):
            p.piece_at(True)


class TestErrors(unittest.TestCase):
    def test_wrong_types(self):
        g = Game("chess")
        with self.assertRaises(TypeError):
            g.play(3.5)
        with self.assertRaises(TypeError):
            g.play(None)
        with self.assertRaises(TypeError):
            Position("chess").play([12])
        with self.assertRaises(TypeError):
            Position(42)
        with self.assertRaises(TypeError):
            Position("chess", 42)
        with self.assertRaises(TypeError):
            Position("chess").format(Position("chess").legal_moves[0], 5)
        with self.assertRaises(TypeError):
            Position("chess").parse(b"e4")
        self.assertEqual(g.ply, 0)

    def test_illegal_move_names_the_move(self):
        g = Game("chess")
        g.play("e4")
        with self.assertRaises(IllegalMoveError) as cm:
            g.play(Move.make(12, 28))
        self.assertIn("e2e4", str(cm.exception))
        with self.assertRaises(IllegalMoveError) as cm:
            Position("chess").play(Move.make(12, 36))
        self.assertIn("e2e5", str(cm.exception))
        with self.assertRaises(IllegalMoveError) as cm:
            Position("chess").parse("e5")
        self.assertIn("e5", str(cm.exception))

    def test_names_without_case(self):
        p = Position("chess")
        self.assertEqual(p.format(p.legal_moves[0], "UCI"), p.uci(p.legal_moves[0]))
        self.assertEqual(p.parse("Nf3", "SAN"), p.parse("g1f3"))
        self.assertEqual(Position("Chess").variant.id, "chess")
        g = Game("shogi")
        g.play("7g7f", "USI")
        self.assertEqual(g.export("KIF"), g.export("kif"))
        self.assertEqual(g.move_text("Usi"), ["7g7f"])


class TestPositionObject(unittest.TestCase):
    def test_copy_eq_hash(self):
        a = Position("chess")
        b = a.copy()
        self.assertEqual(a, b)
        self.assertEqual(hash(a), hash(b))
        self.assertEqual(len({a, b}), 1)
        b.play("e4")
        self.assertNotEqual(a, b)
        self.assertEqual(copy.copy(a), a)
        self.assertEqual(copy.deepcopy(a), a)
        self.assertEqual(pickle.loads(pickle.dumps(b)), b)
        self.assertEqual(eval(repr(b), {"Position": Position}), b)

    def test_str_is_a_diagram_and_piece_map(self):
        p = Position("chess")
        self.assertEqual(str(p), p.diagram())
        self.assertIn("\n", str(p))
        pm = p.piece_map()
        self.assertEqual(len(pm), 32)
        self.assertEqual(pm["e1"].name, "king")
        self.assertEqual(pm["e8"].symbol, "k")
        self.assertEqual(list(pm)[:2], ["a1", "b1"])
        self.assertEqual(len(list(p.pieces())), 32)
        sh = Position("shogi", "4k4/9/9/9/9/9/9/9/4K4 b 2Pb 1")
        self.assertEqual(sh.hands(), {variant("shogi").Side.SENTE: {"P": 2},
                                      variant("shogi").Side.GOTE: {"B": 1}})

    def test_push_pop(self):
        p = Position("chess")
        m = p.push("e4")
        p.push("e5")
        self.assertEqual(p.move_stack, [m, p.move_stack[1]])
        self.assertEqual(str(p.pop()), "e7e5")
        self.assertEqual(p.pop(), m)
        self.assertEqual(p.fen, START)
        with self.assertRaises(IndexError):
            p.pop()
        with self.assertRaises(IllegalMoveError):
            p.push(Move.make(12, 36))
        self.assertEqual(p.fen, START)

        def perft(pos, depth):
            if depth == 0:
                return 1
            n = 0
            for move in pos.legal_moves:
                pos.push(move)
                n += perft(pos, depth - 1)
                pos.pop()
            return n

        self.assertEqual(perft(p, 3), p.perft(3))
        self.assertEqual(p.fen, START)


class TestEditing(unittest.TestCase):
    def test_set_and_remove(self):
        p = Position("chess")
        king = p.remove_piece_at("e1")
        self.assertEqual(king.name, "king")
        self.assertFalse(p.is_valid())
        with self.assertRaises(InvalidPositionError) as cm:
            p.validate()
        self.assertIn("0 kings", str(cm.exception))
        with self.assertRaises(InvalidPositionError):
            p.legal_moves
        with self.assertRaises(InvalidPositionError):
            p.play("e4")
        with self.assertRaises(InvalidPositionError):
            p.perft(1)
        self.assertEqual(p.fen, START.replace("RNBQKBNR w", "RNBQ1BNR w"))
        p.set_piece_at("e1", king)
        self.assertTrue(p.is_valid())
        self.assertEqual(p, Position("chess"))
        p.set_piece_at("e4", "N")
        p.set_piece_at(35, "q")
        self.assertEqual(p.piece_at("d5").symbol, "q")
        self.assertEqual(p.piece_at("e4").symbol, "N")
        p.set_piece_at("d5", None)
        self.assertIsNone(p.piece_at("d5"))
        with self.assertRaises(ValueError):
            p.set_piece_at("e4", "X")
        with self.assertRaises(TypeError):
            p.set_piece_at("e4", 3)

    def test_edited_equals_read_from_text(self):
        for v in boardgames.variants():
            rnd = random.Random(v.id)
            for p in walk(v, 10, 9):
                e = p.copy()
                sq = rnd.randrange(v.width * v.height)
                e.remove_piece_at(sq)
                if not e.is_valid():
                    continue
                q = Position(v, e.fen)
                self.assertEqual(e, q)
                self.assertEqual(e.hash, q.hash, v.id)
                self.assertEqual(e.legal_moves, q.legal_moves, v.id)
                self.assertEqual(e.perft(2), q.perft(2), v.id)

    def test_rights_turn_hands(self):
        p = Position("chess")
        self.assertEqual(p.castling_rights, {variant("chess").Side.WHITE: ("h1", "a1"),
                                             variant("chess").Side.BLACK: ("h8", "a8")})
        p.set_castling("white", 0, None)
        self.assertTrue(p.fen.endswith("w Qkq - 0 1"))
        self.assertIsNone(p.castling("white", 0))
        p.turn = "black"
        self.assertIs(p.turn, variant("chess").Side.BLACK)
        p.turn = variant("chess").Side.WHITE
        e = Position("chess", "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")
        e.en_passant = "e3"
        self.assertEqual(e.en_passant, "e3")
        self.assertEqual(e.fen, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1")
        with self.assertRaises(boardgames.InvalidArgumentError):
            e.en_passant = "e4"
        with self.assertRaises(boardgames.UnsupportedError):
            Position("xiangqi").en_passant = "e3"
        e.set_counters(5, 30)
        self.assertEqual((e.halfmove_clock, e.fullmove_number), (5, 30))
        s = Position("shogi", "4k4/9/9/9/9/9/9/9/4K4 b - 1")
        s.set_hand_count("sente", "R", 1)
        s.set_hand_count("gote", "pawn", 2)
        self.assertEqual(s.fen, "4k4/9/9/9/9/9/9/9/4K4 b R2p 1")
        self.assertEqual(s.hand_count("gote", "P"), 2)
        with self.assertRaises(boardgames.InvalidArgumentError):
            s.set_hand_count("sente", "+R", 1)
        s.clear()
        self.assertEqual(s.fen, "9/9/9/9/9/9/9/9/9 b - 1")
        self.assertTrue(s.is_valid())  # shogi set-ups may lack kings (tsume problems)
        s.set_piece_at("5a", "k")
        s.set_piece_at("1a", "k")
        self.assertFalse(s.is_valid())  # two gote kings
        c = Position("chess")
        c.clear()
        self.assertFalse(c.is_valid())
        snap = Position("shogi").snapshot()
        s.load(snap)
        self.assertEqual(s, Position("shogi"))

    def test_views_are_read_only(self):
        g = Game("chess")
        with self.assertRaises(boardgames.BoardGamesError):
            g.position.set_piece_at("e4", "N")
        with self.assertRaises(boardgames.BoardGamesError):
            g.position.push("e4")


class TestViews(unittest.TestCase):
    def test_view_survives_changes_that_keep_the_position(self):
        g = Game("chess")
        view = g.position
        g.tags["Event"] = "test"
        g.set_comment(0, "before the first move")
        self.assertEqual(view.fen, START)
        g.play("e4")
        with self.assertRaises(boardgames.BoardGamesError) as cm:
            view.fen
        self.assertIn("move", str(cm.exception))
        view = g.position
        g.resign()
        self.assertEqual(view.piece_at("e4").name, "pawn")  # a resignation moves nothing
        start = g.start_position
        g.undo()  # takes back the resignation and the move
        self.assertEqual(start.fen, START)  # the start position never changes


class TestLimits(unittest.TestCase):
    def test_limits_and_struct_sizes(self):
        lib = boardgames._lib.lib
        import ctypes
        self.assertEqual(lib.bg_limit(20), ctypes.sizeof(boardgames._lib.BgSnapshot))
        self.assertEqual(lib.bg_limit(18), ctypes.sizeof(boardgames._lib.BgError))
        self.assertEqual(lib.bg_limit(3), 361)
        self.assertEqual(lib.bg_limit(999), -1)
        self.assertGreaterEqual(lib.bg_limit(6), max(v.max_moves for v in boardgames.variants()))


if __name__ == "__main__":
    unittest.main()
