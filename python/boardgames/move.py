"""Move: the library's 32-bit move value as an immutable int that knows its game's coordinates.

``str(move)`` is the move in the variant's usual coordinate notation (``e2e4``, ``e1g1`` for
castling, ``e7e8q``, ``7g7f``, ``8h2b+``, ``P*5e``, ``h3e3``, janggi's pass ``e2e2``), and
``repr(move)`` is an expression that gives the move back: ``Move.from_text('e2e4', 'chess')``.
Moves compare and hash as the integers they are, so they can be stored in sets and dicts and
passed straight back to the library. A move made from a bare int (``Move(6156)``) knows no game;
moves from positions and games do (each variant has a Move subclass).

Position.legal_moves returns a MoveList: the values in one array, a Move object made only for the
moves looked at, so that listing moves costs one library call and no Python object per move.
"""

from __future__ import annotations

import array
from typing import Any, ClassVar, Iterator, Optional, Sequence, Tuple, Union, overload

from . import _lib
from ._util import index
from .variant import RIGHT_CASTLING, Variant, variant as find_variant

_lib_ = _lib.lib

# bg_move bits (move.h).
DROP = 1 << 24
PROMOTION = 1 << 25
PASS = 1 << 26
FLAG_CASTLE = 0x04


def _make(frm: int, to: int) -> int:
    return frm | to << 9


class Move(int):
    """A bg_move value. Chess castling is the king moving onto its own rook's square."""

    __slots__ = ()
    variant: ClassVar[Optional[Variant]] = None  # set on each variant's subclass
    castling: ClassVar[bool] = False  # set on the subclass of standard-chess castling moves
    NONE: ClassVar["Move"]

    # ---- making moves ----

    @classmethod
    def make(cls, from_square: int, to_square: int, promotion: Optional[int] = None) -> "Move":
        """A board move, optionally promoting to piece kind `promotion`."""
        return cls._checked(_lib_.bg_move_make(index(from_square, "from_square"),
                                               index(to_square, "to_square"),
                                               index(promotion or 0, "promotion")),
                            f"from {from_square} to {to_square}")

    @classmethod
    def make_drop(cls, kind: int, to_square: int) -> "Move":
        """A drop of piece kind `kind` on `to_square` (shogi family)."""
        return cls._checked(_lib_.bg_move_make_drop(index(kind, "kind"), index(to_square, "to_square")),
                            f"drop {kind} on {to_square}")

    @classmethod
    def make_pass(cls, royal_square: int) -> "Move":
        """A pass, encoded with the square of the passing side's royal piece (janggi)."""
        return cls._checked(_lib_.bg_move_make_pass(index(royal_square, "royal_square")),
                            f"pass at {royal_square}")

    @classmethod
    def _checked(cls, value: int, what: str) -> "Move":
        if not value:
            raise ValueError(f"no such move: {what}")
        return cls(value)

    @classmethod
    def from_text(cls, text: str, variant: Union[str, Variant]) -> "Move":
        """The move written in the variant's coordinates, as str() and repr() write it.

        Read without a position, so the text must say everything the value holds: ``e2e4``,
        ``e7e8q``, ``P*5e``, ``7g7f``, ``h3e3``, janggi's pass ``e2e2``; chess castling as the
        king taking its own rook (``e1h1``, as repr() writes it); a shogi promotion with the
        promoted kind's letter (``8h2b+B``: ``8h2b+`` alone does not say which piece moves).
        To read a move as players write it, use Position.parse().
        """
        v = find_variant(variant)
        if not isinstance(text, str):
            raise TypeError(f"move text must be a str, not {type(text).__name__}")
        moves = _move_classes(v)
        value = _read_coordinates(v, text)
        return moves[0](value)

    # ---- fields ----

    @property
    def from_square(self) -> int:
        """Origin square (0 for drops and passes)."""
        return int(self) & 0x1FF

    @property
    def to_square(self) -> int:
        """Target square (a pass: the passing side's royal piece)."""
        return int(self) >> 9 & 0x1FF

    @property
    def kind(self) -> int:
        """Raw piece-kind field: the promotion kind or the dropped kind, 0 otherwise."""
        return int(self) >> 18 & 0x3F

    @property
    def promotion(self) -> Optional[int]:
        """Piece kind promoted to, or None."""
        return self.kind if int(self) & PROMOTION else None

    @property
    def drop(self) -> Optional[int]:
        """Piece kind dropped, or None."""
        return self.kind if int(self) & DROP else None

    @property
    def is_drop(self) -> bool:
        return bool(int(self) & DROP)

    @property
    def is_promotion(self) -> bool:
        return bool(int(self) & PROMOTION)

    @property
    def is_pass(self) -> bool:
        return bool(int(self) & PASS)

    @property
    def is_castling(self) -> bool:
        """True for chess castling when the move came from a position or game (else unknown: False)."""
        return self.castling

    # ---- text ----

    def text(self) -> str:
        """The exact coordinate text of the value, as Move.from_text() reads it."""
        if self.variant is None:
            return f"#{int(self)}"
        return _coordinates(self.variant, int(self), exact=True, castling=False)

    def __str__(self) -> str:
        if self.variant is None:
            return self._bare()
        return _coordinates(self.variant, int(self), exact=False, castling=self.castling)

    def __repr__(self) -> str:
        if self.variant is None:
            return f"Move({int(self)})"
        return f"Move.from_text({self.text()!r}, {self.variant.id!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec) if not spec or spec[-1:] not in "bcdoxXn" else \
            format(int(self), spec)

    def _bare(self) -> str:
        if self.is_pass:
            return f"Move(pass at {self.to_square})"
        if self.is_drop:
            return f"Move(drop kind {self.drop} to {self.to_square})"
        promo = f", promotion={self.promotion}" if self.is_promotion else ""
        return f"Move({self.from_square}->{self.to_square}{promo})"

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        if self.variant is None:
            return (Move, (int(self),))
        return (_restore, (int(self), self.variant.id, self.castling))


def _restore(value: int, variant_id: str, castling: bool) -> Move:
    plain, castle = _move_classes(find_variant(variant_id))
    return (castle if castling else plain)(value)


Move.NONE = Move(0)


def _move_classes(v: Variant) -> Tuple[Any, Any]:
    """The variant's Move subclass and its subclass for standard-chess castling."""
    if v._move_cls is None:
        plain = type("Move", (Move,), {"__slots__": (), "variant": v})
        plain.__qualname__ = "Move"
        castle = type("Move", (plain,), {"__slots__": (), "castling": True})
        castle.__qualname__ = "Move"
        v._move_cls, v._castle_cls = plain, castle
        if v.rights & RIGHT_CASTLING and v.width == 8:
            # Standard castling from the king's square onto a corner rook: what the list is
            # searched for before any flag is asked (Chess960 castling is written as it is).
            w = v.width
            top = (v.height - 1) * w
            v._castle_candidates = (_make(4, 7), _make(4, 0), _make(top + 4, top + 7),
                                    _make(top + 4, top))
    return v._move_cls, v._castle_cls


def _coordinates(v: Variant, m: int, exact: bool, castling: bool) -> str:
    names = v.square_names
    to = m >> 9 & 0x1FF
    if m & DROP:
        return v.pieces[(m >> 18 & 0x3F) - 1][0] + "*" + names[to]  # micro shogi drops either face
    if m & PASS:
        return names[to] + names[to]
    frm = m & 0x1FF
    if castling and not exact:
        # O-O / O-O-O: the king's own target square, the g- or c-file of its rank.
        rank = frm // v.width
        to = rank * v.width + (6 if to > frm else 2)
    text = names[frm] + names[to]
    if m & PROMOTION:
        letter = v.pieces[(m >> 18 & 0x3F) - 1][0]
        if letter.startswith("+"):
            text += letter if exact else "+"
        elif v.notations[:1] == ("usi",) and not exact:
            text += "-"  # USI: a turn back to a base face (micro shogi's flips) ends in "-"
        else:
            text += letter.lower()
    return text


def _read_coordinates(v: Variant, text: str) -> int:
    """The value of exact coordinate text (see Move.from_text)."""
    def square(s: str) -> Optional[int]:
        return v._square_of.get(s)

    if "*" in text:
        letter, _, target = text.partition("*")
        sq = square(target)
        kind = next((k for k, (lt, _) in enumerate(v.pieces, 1) if lt == letter.upper()), 0)
        if sq is None or not kind or not v.has_drops:
            raise ValueError(f"{text!r} is not a drop in {v.id} (like P*5e)")
        return int(_lib_.bg_move_make_drop(kind, sq))
    # Two square names run together ("a10a9" on a 10-rank board): try each split.
    for cut in range(len(text) - 1, 0, -1):
        frm = square(text[:cut])
        if frm is None:
            continue
        for end in range(len(text), cut, -1):
            to = square(text[cut:end])
            if to is None:
                continue
            rest = text[end:]
            if not rest:
                if frm == to and v.has_pass:
                    return int(_lib_.bg_move_make_pass(frm))
                return _make(frm, to)
            kind = next((k for k, (lt, _) in enumerate(v.pieces, 1)
                         if lt == rest or (not lt.startswith("+") and lt == rest.upper())), 0)
            if kind:
                return int(_lib_.bg_move_make(frm, to, kind))
            if rest == "+":
                raise ValueError(f"{text!r}: the promoted piece is not known without a position; "
                                 f"write it ({text}B) or read the move with Position.parse()")
    raise ValueError(f"{text!r} is not a move in {v.id}'s coordinates")


class MoveList(Sequence[Move]):
    """The legal moves of a position at one moment, in the library's order (a Sequence of Move).

    The values sit in one array; a Move object is made for each move looked at. The list does
    not change when the position does.
    """

    __slots__ = ("_values", "_cls", "_castle_cls", "_cands", "_src", "_gen", "_castling")

    def __init__(self, values: "array.array[int]", cls: Any, castle_cls: Any = None,
                 cands: Tuple[int, ...] = (), src: Any = None, gen: int = 0) -> None:
        self._values = values
        self._cls = cls
        self._castle_cls = castle_cls
        # Standard-chess castling looks like a king move onto a corner (four values): for those
        # only, the source position is asked, once, whether the move castles — if it has not
        # changed since the list was made (its generation); nothing is asked for other moves.
        self._cands = cands
        self._src = src
        self._gen = gen
        self._castling: Optional[Tuple[int, ...]] = None

    def _castles(self) -> Tuple[int, ...]:
        if self._castling is None:
            found: Tuple[int, ...] = ()
            src = self._src
            present = [c for c in self._cands if c in self._values]
            if present and src is not None and src._generation() == self._gen:
                found = tuple(c for c in present if src._is_castling(c))
            self._castling = found
        return self._castling

    def __len__(self) -> int:
        return len(self._values)

    @overload
    def __getitem__(self, i: int) -> Move: ...

    @overload
    def __getitem__(self, i: slice) -> "MoveList": ...

    def __getitem__(self, i: Union[int, slice]) -> Union[Move, "MoveList"]:
        if isinstance(i, slice):
            out = MoveList(self._values[i], self._cls, self._castle_cls)
            out._castling = self._castles() if self._cands else ()
            return out
        value = self._values[i]
        if self._cands and value in self._cands and value in self._castles():
            return self._castle_cls(value)  # type: ignore[no-any-return]
        return self._cls(value)  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[Move]:
        cls = self._cls
        if self._cands:
            castles = self._castles()
            if castles:
                ccls = self._castle_cls
                return (ccls(v) if v in castles else cls(v) for v in self._values)
        return map(cls, self._values)

    def __contains__(self, move: object) -> bool:
        return isinstance(move, int) and not isinstance(move, bool) and int(move) in self._values

    def index(self, move: Any, start: int = 0, stop: int = 2**62) -> int:
        return self._values.index(int(move), start, min(stop, len(self._values)))

    def count(self, move: Any) -> int:
        return self._values.count(int(move))

    @property
    def values(self) -> "array.array[int]":
        """The raw bg_move values (an array of uint32)."""
        return self._values

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MoveList):
            return self._values == other._values
        if isinstance(other, (list, tuple)):
            return list(self._values) == list(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))

    def __str__(self) -> str:
        return "[" + ", ".join(str(m) for m in self) + "]"


__all__ = ["Move", "MoveList"]
