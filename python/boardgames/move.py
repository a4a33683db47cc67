"""Move: the library's 32-bit move value as an immutable int, with readable accessors.

A Move knows nothing about notation: text needs a position (position.san(move),
position.uci(move), game.san(move)). Moves compare and hash as the integers they are, so they
can be stored in sets and dicts, and passed straight back to the library.
"""

from . import _lib

_lib_ = _lib.lib


class Move(int):
    """A bg_move value. Chess castling is the king moving onto its own rook's square."""

    __slots__ = ()

    @classmethod
    def make(cls, from_square, to_square, promotion=None):
        """A board move, optionally promoting to piece kind `promotion`."""
        return cls._checked(_lib_.bg_move_make(from_square, to_square, promotion or 0),
                            f"from {from_square} to {to_square}")

    @classmethod
    def make_drop(cls, kind, to_square):
        """A drop of piece kind `kind` on `to_square` (shogi family)."""
        return cls._checked(_lib_.bg_move_make_drop(kind, to_square), f"drop {kind} on {to_square}")

    @classmethod
    def make_pass(cls, royal_square):
        """A pass, encoded with the square of the passing side's royal piece (janggi)."""
        return cls._checked(_lib_.bg_move_make_pass(royal_square), f"pass at {royal_square}")

    @classmethod
    def _checked(cls, value, what):
        if not value:
            raise ValueError(f"no such move: {what}")
        return cls(value)

    @property
    def from_square(self):
        """Origin square (0 for drops and passes)."""
        return _lib_.bg_move_from(self)

    @property
    def to_square(self):
        return _lib_.bg_move_to(self)

    @property
    def kind(self):
        """Raw piece-kind field: the promotion kind or the dropped kind, 0 otherwise."""
        return _lib_.bg_move_kind(self)

    @property
    def promotion(self):
        """Piece kind promoted to, or None."""
        return _lib_.bg_move_kind(self) if _lib_.bg_move_is_promotion(self) else None

    @property
    def drop(self):
        """Piece kind dropped, or None."""
        return _lib_.bg_move_kind(self) if _lib_.bg_move_is_drop(self) else None

    @property
    def is_drop(self):
        return bool(_lib_.bg_move_is_drop(self))

    @property
    def is_promotion(self):
        return bool(_lib_.bg_move_is_promotion(self))

    @property
    def is_pass(self):
        return bool(_lib_.bg_move_is_pass(self))

    def __repr__(self):
        if self.is_pass:
            return f"Move(pass at {self.to_square})"
        if self.is_drop:
            return f"Move(drop kind {self.drop} to {self.to_square})"
        promo = f", promotion={self.promotion}" if self.is_promotion else ""
        return f"Move({self.from_square}->{self.to_square}{promo})"

    __str__ = __repr__


Move.NONE = Move(0)
