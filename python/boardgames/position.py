"""Position: a board of some variant — set up, read, query, list and play moves, count perft.

A Position either owns its handle (freed exactly once, by close(), the with-block or garbage
collection) or is a read-only view borrowed from a Game (game.position): such a view is never
freed by Python and refuses to be used once the game has changed or been closed.
"""

import ctypes
import weakref
from typing import NamedTuple

from . import _lib
from . import errors
from ._util import enc, flags, options_text, text_call
from .move import Move
from .variant import _wrap, picture_options, variant as find_variant

_lib_ = _lib.lib

# BG_FLAG_* of move.h
FLAG_CAPTURE = 0x01
FLAG_CHECK = 0x02
FLAG_CASTLE = 0x04
FLAG_EN_PASSANT = 0x08
FLAG_MATE = 0x10


class Piece(NamedTuple):
    """A piece on the board: side index and kind, with the variant's names for them."""

    side: int
    kind: int
    side_id: str  # None for a neutral piece (周 in Seven Kingdoms)
    letter: str  # uppercase FEN/SFEN letter of the kind
    name: str

    @property
    def symbol(self):
        """FEN-style symbol: uppercase for the first side, lowercase for the others."""
        return self.letter if self.side == 0 else self.letter.lower()


def _new_handle(fn, *args):
    """Call a constructor `fn(&out, *args, err)` and return the new handle or raise."""
    out = ctypes.c_void_p()
    err = _lib.new_error()
    errors.check(fn(ctypes.byref(out), *args, ctypes.byref(err)), err)
    return out.value


class Position:
    """A position of a variant.

    Position("chess") is the start position; Position("chess", "<FEN>") parses text (strict
    unless lenient=True). `options` are rule options: "chess960=true" or {"chess960": True}.
    """

    def __init__(self, variant="chess", text=None, *, format=None, options=None, lenient=False):
        v = find_variant(variant)
        if text is None:
            ptr = _new_handle(_lib_.bg_position_new, v._ptr, enc(options_text(options)), None)
        else:
            ptr = _new_handle(_lib_.bg_position_from_text, v._ptr, enc(text), enc(format),
                              enc(options_text(options)), flags(lenient), None)
        self._init_owned(ptr)

    def _init_owned(self, ptr):
        self._ptr = ptr
        self._finalizer = weakref.finalize(self, _lib_.bg_position_free, ptr)
        self._owner = None
        self._stamp = None

    @classmethod
    def _adopt(cls, ptr):
        obj = cls.__new__(cls)
        obj._init_owned(ptr)
        return obj

    @classmethod
    def _borrow(cls, ptr, owner):
        """A read-only view of a game's position, valid while owner._stamp is unchanged."""
        obj = cls.__new__(cls)
        obj._ptr = ptr
        obj._finalizer = None
        obj._owner = owner
        obj._stamp = owner._stamp
        return obj

    # ---- lifetime ----

    def _handle(self):
        if self._owner is not None:
            if self._owner._ptr is None:
                raise errors.BoardGamesError("position view used after its game was closed")
            if self._owner._stamp != self._stamp:
                raise errors.BoardGamesError(
                    "position view used after its game changed; take game.position again "
                    "or keep a copy()")
        elif self._ptr is None:
            raise errors.BoardGamesError("position used after close()")
        return self._ptr

    def _writable(self):
        if self._owner is not None:
            raise errors.BoardGamesError(
                "a game's position is read-only: play moves through the game, or copy() it")
        return self._handle()

    @property
    def is_borrowed(self):
        """True for a view of a game's position (not owned, never freed by Python)."""
        return self._owner is not None

    def close(self):
        """Free the handle now (owned positions); a borrowed view is just detached."""
        if self._finalizer is not None:
            self._finalizer()  # frees once; later calls do nothing
        self._ptr = None
        self._owner = None

    @property
    def closed(self):
        return self._ptr is None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def copy(self):
        """An independent, owned copy (also of a game's position)."""
        out = ctypes.c_void_p()
        errors.check(_lib_.bg_position_clone(ctypes.byref(out), self._handle()))
        return Position._adopt(out.value)

    __copy__ = copy

    # ---- description ----

    @property
    def variant(self):
        return _wrap(_lib_.bg_position_variant(self._handle()))

    def text(self, format=None):
        """Position text in `format` (None = the variant's own, FEN for chess)."""
        return text_call(_lib_.bg_position_text, self._handle(), enc(format))

    @property
    def fen(self):
        return self.text()

    def __str__(self):
        return self.text() if not self.closed else "<closed position>"

    def __repr__(self):
        if self.closed:
            return "<Position closed>"
        return f"<Position {self.variant.id} {self.text()!r}>"

    def __eq__(self, other):
        if not isinstance(other, Position):
            return NotImplemented
        return self.variant == other.variant and self.text() == other.text()

    __hash__ = None  # mutable; use .hash for the Zobrist key

    @property
    def turn(self):
        """Index of the side to move (0 = the first side, e.g. white)."""
        return errors.check(_lib_.bg_position_side_to_move(self._handle()))

    @property
    def turn_id(self):
        """Id of the side to move ("white", "black", ...)."""
        return self.variant.sides[self.turn]

    def _square(self, square):
        return self.variant.parse_square(square) if isinstance(square, str) else square

    def piece_at(self, square):
        """The Piece on a square (number or name like "e4"), or None if empty."""
        p = _lib_.bg_position_piece_at(self._handle(), self._square(square))
        if not p:
            return None
        v = self.variant
        side, kind = p >> 8, p & 0xFF
        letter, name = v.pieces[kind - 1]
        # A neutral piece (Seven Kingdoms' 周) reports side len(v.sides): it has no side id.
        return Piece(side, kind, v.sides[side] if side < len(v.sides) else None, letter, name)

    def hand_count(self, side, kind):
        """Pieces of `kind` (number, letter or name) in `side`'s hand (shogi family)."""
        v = self.variant
        if isinstance(kind, str):
            kind = v.piece_kind(kind)
        return _lib_.bg_position_hand_count(self._handle(), v.side_index(side), kind)

    def is_check(self):
        """True if the side to move is in check."""
        return bool(_lib_.bg_position_in_check(self._handle()))

    @property
    def hash(self):
        """Zobrist hash (the Polyglot key for chess)."""
        return _lib_.bg_position_hash(self._handle())

    @property
    def halfmove_clock(self):
        return errors.check(_lib_.bg_position_halfmove_clock(self._handle()))

    @property
    def fullmove_number(self):
        return errors.check(_lib_.bg_position_fullmove_number(self._handle()))

    # ---- pictures (experimental C calls, node BOARDGAMES_EXPERIMENTAL) ----

    def _picture(self, fn, options):
        text = picture_options(options)
        ptr = self._handle()
        self.variant.check_picture_options(text)  # raises with the option's offset
        return text_call(fn, ptr, enc(text))

    def svg(self, **options):
        """The position as an SVG image (str): flip=True, coordinates=False, lastmove="e2e4",
        marks=["e4", "d5"], arrows=["g1f3"], check=False, size=400 (see bg_position_svg)."""
        return self._picture(_lib_.bg_position_svg, options)

    def diagram(self, **options):
        """The position as a text diagram in the game's own script (flip, coordinates)."""
        return self._picture(_lib_.bg_position_diagram, options)

    def _repr_svg_(self):
        """Jupyter shows positions as pictures."""
        return self.svg()

    # ---- moves ----

    @property
    def legal_moves(self):
        """Every legal move, as a list of Move, in the library's stable order."""
        ptr = self._handle()
        buf = self.variant._move_buffer_type()
        n = errors.check(_lib_.bg_position_legal_moves(ptr, buf, len(buf)))
        if n > len(buf):  # cannot happen by the header's promise; keep the result whole anyway
            buf = (ctypes.c_uint32 * n)()
            n = errors.check(_lib_.bg_position_legal_moves(ptr, buf, n))
        return [Move(m) for m in buf[:n]]

    def is_legal(self, move):
        return bool(_lib_.bg_position_is_legal(self._handle(), int(move)))

    def move_flags(self, move):
        """BG_FLAG_* bits of a legal move (0 for an illegal one)."""
        return _lib_.bg_position_move_flags(self._handle(), int(move))

    def is_capture(self, move):
        return bool(self.move_flags(move) & FLAG_CAPTURE)

    def gives_check(self, move):
        return bool(self.move_flags(move) & FLAG_CHECK)

    def is_castling(self, move):
        return bool(self.move_flags(move) & FLAG_CASTLE)

    def is_en_passant(self, move):
        return bool(self.move_flags(move) & FLAG_EN_PASSANT)

    def parse(self, text, notation=None, lenient=False):
        """The legal Move that `text` names (notation None = any the variant knows).

        Raises ParseError (with .offset), IllegalMoveError, AmbiguousMoveError, UnsupportedError.
        """
        out = ctypes.c_uint32()
        err = _lib.new_error()
        errors.check(_lib_.bg_move_parse(self._handle(), enc(text), enc(notation), flags(lenient),
                                         ctypes.byref(out), ctypes.byref(err)), err)
        return Move(out.value)

    def _move(self, move, notation=None, lenient=False):
        if isinstance(move, str):
            return self.parse(move, notation, lenient)
        return Move(move)

    def format(self, move, notation=None):
        """A legal move as text in `notation` (None = the variant's first, SAN for chess)."""
        ptr = self._handle()
        return text_call(_lib_.bg_move_format, ptr, int(move), enc(notation),
                         message=lambda code: self._format_error(code, move, notation))

    def _format_error(self, code, move, notation):
        if code == errors.E_ILLEGAL_MOVE:
            return f"{Move(move)!r} is not a legal move in {self.text()}"
        if code == errors.E_UNSUPPORTED:
            return f"{self.variant.id} has no notation {notation!r}"
        return None

    def san(self, move):
        return self.format(move, "san")

    def uci(self, move):
        return self.format(move, "uci")

    def lan(self, move):
        return self.format(move, "lan")

    def play(self, move, notation=None, lenient=False):
        """Play a Move or move text; returns the Move. IllegalMoveError leaves the position as is."""
        ptr = self._writable()
        m = self._move(move, notation, lenient)
        status = _lib_.bg_position_play(ptr, m)
        if status == errors.E_ILLEGAL_MOVE:
            raise errors.IllegalMoveError(f"illegal move {m!r} in {self.text()}", code=status)
        errors.check(status)
        return m

    def copy_from(self, other):
        """Overwrite this position with `other` (same variant), without allocating."""
        errors.check(_lib_.bg_position_copy(self._writable(), other._handle()))

    # ---- counting ----

    def perft(self, depth):
        """Leaf nodes `depth` plies below this position."""
        if depth < 0:
            raise ValueError("perft depth must be >= 0")
        return _lib_.bg_position_perft(self._handle(), depth)

    def divide(self, depth):
        """Perft per legal root move: a dict {Move: nodes} in move order (depth >= 1)."""
        if depth < 1:
            raise ValueError("divide depth must be >= 1")
        ptr = self._handle()
        cap = len(self.variant._move_buffer_type())
        moves = (ctypes.c_uint32 * cap)()
        counts = (ctypes.c_uint64 * cap)()
        n = errors.check(_lib_.bg_position_divide(ptr, depth, moves, counts, cap))
        return {Move(moves[i]): counts[i] for i in range(min(n, cap))}


def start(variant="chess", options=None):
    """The start position of a variant."""
    return Position(variant, options=options)


__all__ = ["Position", "Piece", "start"]
