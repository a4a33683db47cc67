"""Variants: the catalogue of games with their geometry, sides, pieces, notations and options."""

import ctypes

from . import _lib
from . import errors
from ._util import dec, enc

_lib_ = _lib.lib
_FILE_LETTERS = "abcdefghijklmnopqrs"  # up to BG_MAX_FILES (19) files


class Variant:
    """One game of the catalogue (immutable). Get them from variants() or variant("chess").

    Attributes: id, name, width, height, sides (tuple of side ids), pieces (tuple of
    (letter, name) by kind, kind 1 first), notations, record_formats, options (dict name -> tuple
    of allowed values, default first), start_text, has_drops, has_pass, max_moves.
    """

    __slots__ = ("_ptr", "id", "name", "width", "height", "sides", "pieces", "notations",
                 "record_formats", "options", "start_text", "has_drops", "has_pass", "max_moves",
                 "_move_buffer_type")

    def __init__(self, ptr):
        v = ptr
        self._ptr = ptr
        self.id = dec(_lib_.bg_variant_id(v))
        self.name = dec(_lib_.bg_variant_name(v))
        self.width = _lib_.bg_variant_width(v)
        self.height = _lib_.bg_variant_height(v)
        self.sides = tuple(dec(_lib_.bg_variant_side_id(v, i))
                           for i in range(_lib_.bg_variant_sides(v)))
        self.pieces = tuple((dec(_lib_.bg_variant_piece_letter(v, k)),
                             dec(_lib_.bg_variant_piece_name(v, k)))
                            for k in range(1, _lib_.bg_variant_piece_kinds(v) + 1))
        self.notations = tuple(dec(_lib_.bg_variant_notation_at(v, i))
                               for i in range(_lib_.bg_variant_notation_count(v)))
        self.record_formats = tuple(dec(_lib_.bg_variant_record_format_at(v, i))
                                    for i in range(_lib_.bg_variant_record_format_count(v)))
        self.options = {dec(_lib_.bg_variant_option_name(v, i)):
                        tuple(dec(_lib_.bg_variant_option_values(v, i)).split("|"))
                        for i in range(_lib_.bg_variant_option_count(v))}
        self.start_text = dec(_lib_.bg_variant_start_text(v))
        self.has_drops = bool(_lib_.bg_variant_has_drops(v))
        self.has_pass = bool(_lib_.bg_variant_has_pass(v))
        self.max_moves = _lib_.bg_variant_max_moves(v)
        self._move_buffer_type = ctypes.c_uint32 * max(self.max_moves, 1)

    def __repr__(self):
        return f"<Variant {self.id!r}: {self.name}, {self.width}x{self.height}, {len(self.sides)} sides>"

    def __eq__(self, other):
        return isinstance(other, Variant) and other._ptr == self._ptr

    def __hash__(self):
        return hash(self._ptr)

    @property
    def position_size(self):
        """Bytes of one position handle of this variant."""
        return _lib_.bg_position_size(self._ptr)

    # Geometry: square = rank * width + file (file 0 = "a", rank 0 = the first side's home rank).

    def square(self, file, rank):
        """Square number of (file, rank), both 0-based; ValueError off the board."""
        sq = _lib_.bg_square(self._ptr, file, rank)
        if sq < 0:
            raise ValueError(f"({file}, {rank}) is off the {self.width}x{self.height} board")
        return sq

    def square_file(self, square):
        return self._coordinate(_lib_.bg_square_file(self._ptr, square), square)

    def square_rank(self, square):
        return self._coordinate(_lib_.bg_square_rank(self._ptr, square), square)

    def _coordinate(self, value, square):
        if value < 0:
            raise ValueError(f"square {square} is off the {self.width}x{self.height} board")
        return value

    def square_name(self, square):
        """Coordinate name of a square: file letter then 1-based rank ("e4", "a10")."""
        return _FILE_LETTERS[self.square_file(square)] + str(self.square_rank(square) + 1)

    def parse_square(self, name):
        """Square number of a coordinate name such as "e4"; ValueError if it is not on the board."""
        if not isinstance(name, str) or len(name) < 2 or not name[1:].isdigit():
            raise ValueError(f"{name!r} is not a square name")
        file = _FILE_LETTERS.find(name[0].lower())
        if file < 0:
            raise ValueError(f"{name!r} is not a square name")
        return self.square(file, int(name[1:]) - 1)

    def side_index(self, side):
        """Side index for an index or a side id ("white", "black", ...)."""
        if isinstance(side, str):
            i = _lib_.bg_variant_side_find(self._ptr, enc(side))
            if i < 0:
                raise ValueError(f"{self.id} has no side {side!r}; sides: {', '.join(self.sides)}")
            return i
        if not 0 <= side < len(self.sides):
            raise ValueError(f"{self.id} has no side {side}")
        return int(side)

    def piece_kind(self, letter_or_name):
        """Piece kind (1-based) for a letter ("N") or a name ("knight")."""
        for kind, (letter, name) in enumerate(self.pieces, 1):
            if letter_or_name in (letter, name) or letter_or_name.upper() == letter:
                return kind
        raise ValueError(f"{self.id} has no piece {letter_or_name!r}")


_cache = {}


def _wrap(ptr):
    """The (cached) Variant object for a bg_variant pointer; variants are static data."""
    if not ptr:
        return None
    v = _cache.get(ptr)
    if v is None:
        v = _cache.setdefault(ptr, Variant(ptr))
    return v


def variants():
    """Every variant the library provides, in the stable order of spec/RULES.md."""
    return [_wrap(_lib_.bg_variant_at(i)) for i in range(_lib_.bg_variant_count())]


def variant(id_or_variant):
    """The variant with this id (a Variant passes through); UnknownVariantError if none."""
    if isinstance(id_or_variant, Variant):
        return id_or_variant
    ptr = _lib_.bg_variant_find(enc(id_or_variant))
    if not ptr:
        known = ", ".join(v.id for v in variants())
        raise errors.UnknownVariantError(f"unknown variant {id_or_variant!r} (known: {known})",
                                         code=errors.E_UNKNOWN_VARIANT)
    return _wrap(ptr)
