"""Variants, positions and moves through the binding: setup, FEN, queries, notation, perft, errors."""

import gc
import unittest
from pathlib import Path

import boardgames
from boardgames import (AmbiguousMoveError, IllegalMoveError, InvalidPositionError, Move,
                        ParseError, Position, UnknownVariantError)

ROOT = Path(__file__).resolve().parents[2]
PERFTSUITE = ROOT / "tests" / "data" / "perft" / "chess-perftsuite.epd"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def perftsuite_rows():
    """[(fen, {depth: nodes})] from the EPD suite (`FEN ;D1 n ;D2 n ...`)."""
    rows = []
    for line in PERFTSUITE.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split(";")]
        counts = {}
        for f in fields[1:]:
            depth, nodes = f.split()
            counts[int(depth[1:])] = int(nodes)
        rows.append((fields[0], counts))
    return rows


class TestVariants(unittest.TestCase):
    def test_catalogue(self):
        vs = boardgames.variants()
        self.assertEqual(len(vs), boardgames._lib.lib.bg_variant_count())
        ids = [v.id for v in vs]
        self.assertIn("chess", ids)
        self.assertEqual(len(set(ids)), len(ids))

    def test_chess(self):
        v = boardgames.variant("chess")
        self.assertIs(v, boardgames.variant("chess"))
        self.assertEqual((v.width, v.height), (8, 8))
        self.assertEqual(v.sides, ("white", "black"))
        self.assertEqual(v.notations[0], "san")
        self.assertTrue({"san", "uci", "lan"} <= set(v.notations))
        self.assertIn("pgn", v.record_formats)
        self.assertEqual(v.options["chess960"][0], "false")
        self.assertIn("true", v.options["chess960"])
        self.assertEqual(v.start_text, START)
        self.assertFalse(v.has_drops)
        self.assertFalse(v.has_pass)
        self.assertGreaterEqual(v.max_moves, 218)
        self.assertEqual([letter for letter, _ in v.pieces], list("PNBRQK"))
        self.assertGreater(v.position_size, 0)

    def test_squares(self):
        v = boardgames.variant("chess")
        self.assertEqual(v.parse_square("a1"), 0)
        self.assertEqual(v.parse_square("e4"), 28)
        self.assertEqual(v.parse_square("h8"), 63)
        self.assertEqual(v.square_name(28), "e4")
        self.assertEqual(v.square(4, 3), 28)
        for bad in ("i1", "a9", "a0", "e", "44"):
            with self.assertRaises(ValueError, msg=bad):
                v.parse_square(bad)

    def test_unknown_variant(self):
        with self.assertRaises(UnknownVariantError) as cm:
            boardgames.variant("checkers")
        self.assertIn("checkers", str(cm.exception))
        with self.assertRaises(UnknownVariantError):
            Position("checkers")


class TestPosition(unittest.TestCase):
    def test_start(self):
        with Position("chess") as p:
            self.assertEqual(p.fen, START)
            self.assertEqual(p.turn, 0)
            self.assertEqual(p.turn_id, "white")
            self.assertFalse(p.is_check())
            self.assertEqual(len(p.legal_moves), 20)
            self.assertEqual(p.hash, 0x463B96181691FC9C)
            self.assertEqual((p.halfmove_clock, p.fullmove_number), (0, 1))
            king = p.piece_at("e1")
            self.assertEqual((king.side_id, king.name, king.symbol), ("white", "king", "K"))
            self.assertEqual(p.piece_at(p.variant.parse_square("d8")).symbol, "q")
            self.assertIsNone(p.piece_at("e4"))

    def test_play_and_hash(self):
        p = Position("chess")
        m = p.play("e4")
        self.assertEqual(p.hash, 0x823C9B50FD114196)
        self.assertEqual((m.from_square, m.to_square), (12, 28))
        self.assertEqual(p.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        self.assertEqual(p.turn_id, "black")

    def test_from_fen_round_trip(self):
        for fen, _ in perftsuite_rows()[:20]:
            with self.subTest(fen=fen):
                full = fen if len(fen.split()) == 6 else fen + " 0 1"
                with Position("chess", full) as p:
                    self.assertEqual(p.fen, full)

    def test_copy_is_independent(self):
        p = Position("chess")
        q = p.copy()
        self.assertEqual(p, q)
        q.play("d4")
        self.assertNotEqual(p, q)
        self.assertEqual(p.fen, START)
        p.close()
        self.assertEqual(q.piece_at("d4").name, "pawn")  # the copy outlives the original

    def test_close_is_idempotent(self):
        p = Position("chess")
        p.close()
        p.close()
        self.assertTrue(p.closed)
        with self.assertRaises(boardgames.BoardGamesError):
            p.fen
        del p
        gc.collect()

    def test_notation(self):
        p = Position("chess")
        moves = {p.san(m): m for m in p.legal_moves}
        self.assertEqual(len(moves), 20)
        self.assertIn("Nf3", moves)
        self.assertIn("e4", moves)
        nf3 = moves["Nf3"]
        self.assertEqual(p.uci(nf3), "g1f3")
        self.assertEqual(p.parse("g1f3"), nf3)
        self.assertEqual(p.parse("Nf3", "san"), nf3)
        self.assertIsInstance(nf3, Move)
        self.assertIsInstance(nf3, int)
        # Every move formats and parses back to itself in every notation.
        for notation in p.variant.notations:
            for m in p.legal_moves:
                self.assertEqual(p.parse(p.format(m, notation), notation), m)

    def test_san_suffixes_and_flags(self):
        p = Position("chess", "rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
        mate = p.parse("Qh5")
        self.assertEqual(p.san(mate), "Qh5#")
        self.assertTrue(p.gives_check(mate))
        self.assertFalse(p.is_capture(mate))

    def test_castling_and_promotion(self):
        p = Position("chess", "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
        sans = {p.san(m) for m in p.legal_moves}
        self.assertTrue({"O-O", "O-O-O", "b8=Q+", "bxa8=N", "Rxa8+"} <= sans, sans)
        oo = p.parse("O-O")
        self.assertTrue(p.is_castling(oo))
        # Castling is the king moving onto its own rook's square.
        self.assertEqual(oo.to_square, p.variant.parse_square("h1"))
        promo = p.parse("b8=Q")  # the '+' may be omitted
        self.assertEqual(promo.promotion, p.variant.piece_kind("Q"))
        self.assertTrue(promo.is_promotion)
        self.assertIsNone(promo.drop)

    def test_illegal_move(self):
        p = Position("chess")
        with self.assertRaises(IllegalMoveError) as cm:
            p.parse("e5")
        self.assertTrue(cm.exception.message)
        e2e5 = Move.make(12, 36)
        with self.assertRaises(IllegalMoveError):
            p.play(e2e5)
        self.assertEqual(p.fen, START)
        with self.assertRaises(IllegalMoveError) as cm:
            p.san(e2e5)
        self.assertIn(START, str(cm.exception))
        with self.assertRaises(boardgames.UnsupportedError) as cm:
            p.format(p.legal_moves[0], "kif")
        self.assertIn("kif", str(cm.exception))

    def test_malformed_move_text(self):
        p = Position("chess")
        with self.assertRaises(ParseError) as cm:
            p.parse("Nf3??x", "san")
        self.assertEqual(cm.exception.offset, 5)  # the 'x'
        self.assertIn("'x'", cm.exception.message)
        with self.assertRaises(ParseError):
            p.parse("hello")

    def test_ambiguous_and_lenient(self):
        q = Position("chess", "4k3/8/8/8/8/8/4K3/R6R w - - 0 1")
        with self.assertRaises(AmbiguousMoveError) as cm:
            q.parse("Rf1", "san")
        self.assertIn("Rf1", str(cm.exception))
        self.assertEqual(q.san(q.parse("Rhf1")), "Rhf1")
        # Redundant disambiguation: an error in strict mode, accepted in lenient mode.
        with self.assertRaises(ParseError) as cm:
            q.parse("Rh1f1", "san")
        self.assertIsNotNone(cm.exception.offset)
        self.assertEqual(q.san(q.parse("Rh1f1", "san", lenient=True)), "Rhf1")
        # A wrong check suffix never turns into the move without it.
        with self.assertRaises(IllegalMoveError):
            q.parse("Rhf1+", "san", lenient=True)

    def test_malformed_fen_has_offset(self):
        bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"
        with self.assertRaises(ParseError) as cm:
            Position("chess", bad)
        e = cm.exception
        self.assertEqual(e.code, boardgames.errors.E_PARSE)
        self.assertEqual(e.offset, bad.index("X"))
        self.assertIn("X", e.message)
        self.assertIn(f"offset {bad.index('X')}", str(e))
        bad_turn = START.replace(" w ", " x ")
        with self.assertRaises(ParseError) as cm:
            Position("chess", bad_turn)
        self.assertEqual(cm.exception.offset, bad_turn.index(" x ") + 1)

    def test_impossible_position(self):
        with self.assertRaises(InvalidPositionError) as cm:
            Position("chess", "4k3/8/8/8/8/8/8/8 w - - 0 1")  # no white king
        self.assertIsInstance(cm.exception, ParseError)
        self.assertTrue(cm.exception.message)

    def test_lenient_fen(self):
        short = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
        with self.assertRaises(ParseError):
            Position("chess", short)
        self.assertEqual(Position("chess", short, lenient=True).fen, START)

    def test_options(self):
        with self.assertRaises(boardgames.UnknownOptionError):
            Position("chess", options="nosuchoption=true")
        p = Position("chess", options={"chess960": True})
        self.assertEqual(len(p.legal_moves), 20)


class TestPerft(unittest.TestCase):
    def test_start_position_from_suite(self):
        fen, counts = perftsuite_rows()[0]
        self.assertEqual(fen.split()[0], START.split()[0])
        with Position("chess", fen) as p:
            for depth in (1, 2, 3):
                self.assertEqual(p.perft(depth), counts[depth], f"depth {depth}")
            self.assertEqual(p.perft(0), 1)

    def test_suite_shallow(self):
        for fen, counts in perftsuite_rows()[:12]:
            with self.subTest(fen=fen), Position("chess", fen) as p:
                self.assertEqual(p.perft(2), counts[2])

    def test_divide_sums_to_perft(self):
        fen, counts = perftsuite_rows()[1]
        with Position("chess", fen) as p:
            d = p.divide(2)
            self.assertEqual(sorted(d), sorted(p.legal_moves))
            self.assertEqual(sum(d.values()), counts[2])
            for m, n in list(d.items())[:5]:
                q = p.copy()
                q.play(m)
                self.assertEqual(q.perft(1), n)

    def test_bad_depth(self):
        with self.assertRaises(ValueError):
            Position("chess").perft(-1)
        with self.assertRaises(ValueError):
            Position("chess").divide(0)


class TestEveryVariant(unittest.TestCase):
    """The binding is generic: whatever the catalogue holds must work through the same calls."""

    def test_walk(self):
        for v in boardgames.variants():
            with self.subTest(variant=v.id), Position(v) as p:
                self.assertEqual(p.text(), v.start_text)
                self.assertEqual(Position(v, v.start_text).text(), v.start_text)
                defaults = {name: values[0] for name, values in v.options.items()}
                self.assertEqual(Position(v, options=defaults).text(), v.start_text)
                for ply in range(6):
                    moves = p.legal_moves
                    self.assertTrue(moves)
                    self.assertEqual(p.perft(1), len(moves))
                    self.assertEqual(list(p.divide(1).values()), [1] * len(moves))
                    for notation in v.notations:
                        for m in moves:
                            self.assertEqual(p.parse(p.format(m, notation), notation), m,
                                             f"{notation} {p.format(m, notation)} in {p.text()}")
                    p.play(moves[(7 * ply) % len(moves)])
                    self.assertEqual(p.variant, v)


class TestMove(unittest.TestCase):
    def test_value_type(self):
        m = Move.make(12, 28)
        self.assertEqual((m.from_square, m.to_square), (12, 28))
        self.assertFalse(m.is_promotion or m.is_drop or m.is_pass)
        self.assertEqual(m, Move(int(m)))
        self.assertEqual(len({m, Move.make(12, 28)}), 1)
        d = Move.make_drop(1, 40)
        self.assertEqual((d.drop, d.to_square, d.from_square), (1, 40, 0))
        self.assertTrue(Move.make_pass(4).is_pass)
        self.assertFalse(Move.NONE)
        with self.assertRaises(ValueError):
            Move.make(-1, 5)


if __name__ == "__main__":
    unittest.main()
