"""Pictures and metadata through the binding: Position.svg / diagram / _repr_svg_, Game.svg, Variant metadata."""

import unittest
import xml.dom.minidom

import boardgames
from boardgames import Game, Position, variant


class PictureTest(unittest.TestCase):
    def test_every_variant_draws_valid_xml(self):
        for v in boardgames.variants():
            with Position(v.id) as p:
                svg = p.svg()
                doc = xml.dom.minidom.parseString(svg.encode())
                self.assertEqual(doc.documentElement.tagName, "svg", v.id)
                self.assertEqual(p._repr_svg_(), svg)
                self.assertIn("\n", p.diagram())

    def test_options_from_keywords(self):
        p = Position("chess")
        svg = p.svg(flip=True, coordinates=False, marks=["e4", "d5"], arrows=["g1f3"], size=200,
                    lastmove="e2e4")
        self.assertIn('width="200"', svg)
        self.assertEqual(svg.count('stroke="#d7263d"'), 2)
        self.assertNotIn(">a</text>", svg)
        self.assertNotEqual(svg, p.svg())
        self.assertTrue(p.diagram(flip=True).startswith("1 R N B K Q B N R\n"))

    def test_bad_options_raise_with_offset(self):
        p = Position("chess")
        with self.assertRaises(boardgames.UnknownOptionError):
            p.svg(colour="red")
        with self.assertRaises(boardgames.ParseError) as cm:
            p.svg(marks=["e4", "z9"])
        self.assertEqual(cm.exception.offset, 9)
        self.assertIn("'z9'", str(cm.exception))
        with self.assertRaises(boardgames.ParseError):
            p.svg(size=5)

    def test_game_svg_shows_the_last_move(self):
        with Game("shogi") as g:
            self.assertEqual(g._repr_svg_(), g.position.svg())
            g.play("7g7f")
            self.assertEqual(g.svg(), g.position.svg(lastmove="7g7f"))
            g.play("3c3d")
            g.play("8h2b+")
            g.play("3a2b")
            g.play("B*5e")
            self.assertEqual(g._repr_svg_(), g.position.svg(lastmove="B*5e"))
            self.assertIn(">角</text>", g.svg())
        with Game("janggi") as j:
            j.play("e2e2")  # a pass: nothing to highlight
            self.assertEqual(j.svg(), j.position.svg())


class MetadataTest(unittest.TestCase):
    def test_piece_texts(self):
        x = variant("xiangqi")
        self.assertEqual(x.piece_text("chariot", "red"), "俥")
        self.assertEqual(x.piece_text("chariot", "black"), "車")
        self.assertEqual(x.piece_text("R", 1, "reading"), "jū")
        self.assertEqual(x.piece_text(5, 0, "english"), "chariot")
        s = variant("shogi")
        self.assertEqual(s.piece_text("rook"), "飛車")
        self.assertEqual(s.piece_text("+R", 0, "symbol"), "龍")
        self.assertEqual(s.piece_notation("P", "csa"), "FU")
        self.assertIsNone(s.piece_notation("P", "wxf"))
        self.assertTrue(s.is_royal("K"))
        self.assertFalse(s.is_royal("G"))
        self.assertEqual(s.piece_base("+R"), s.piece_kind("R"))
        self.assertEqual(s.promotions("R"), (s.piece_kind("+R"),))
        self.assertEqual(variant("chess").promotions("P"), (2, 3, 4, 5))
        sk = variant("sevenkingdoms")
        self.assertEqual(sk.piece_text("general", "zhao", "symbol"), "趙")
        self.assertEqual(sk.piece_text("zhou", 7, "symbol"), "周")
        self.assertEqual(sk.side_text(7), "Zhou")
        self.assertEqual(sk.side_color("chu"), "#c8102e")
        with self.assertRaises(ValueError):
            x.piece_text("chariot", 0, "poetic")

    def test_sides_squares_regions(self):
        j = variant("janggi")
        self.assertEqual(j.side_text("cho", "native"), "楚")
        self.assertEqual(j.side_text(1, "reading"), "한")
        self.assertTrue(j.on_points)
        self.assertFalse(variant("chess").on_points)
        s = variant("shogi")
        sq = s.square_from_text("7g")
        self.assertEqual(s.square_text(sq), "7g")
        self.assertEqual(s.square_text(sq, "japanese"), "７七")
        self.assertEqual(s.square_from_text("７七", "kif"), sq)
        self.assertEqual(s.square_text(sq, "csa"), "77")
        with self.assertRaises(ValueError):
            s.square_from_text("e4")
        with self.assertRaises(boardgames.UnsupportedError):
            variant("xiangqi").square_text(0, "wxf")
        x = variant("xiangqi")
        self.assertEqual([x.square_text(q) for q in x.region("palace", "black")],
                         ["d8", "e8", "f8", "d9", "e9", "f9", "d10", "e10", "f10"])
        self.assertEqual(len(x.region("territory", 0)), 45)
        self.assertEqual(len(s.region("promotion", "gote")), 27)
        self.assertEqual(len(variant("sevenkingdoms").region("home", "qin")), 17)
        self.assertEqual(j.region("territory"), [])
        with self.assertRaises(ValueError):
            x.region("moat")


if __name__ == "__main__":
    unittest.main()
