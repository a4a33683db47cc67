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


    # ---- metadata (experimental C calls, node BOARDGAMES_EXPERIMENTAL) ----

    TEXT_FORMS = ("english", "native", "symbol", "reading")
    REGIONS = {"palace": 1, "territory": 2, "promotion": 3, "home": 4}

    def _form(self, form):
        if isinstance(form, str):
            if form not in self.TEXT_FORMS:
                raise ValueError(f"text form must be one of {', '.join(self.TEXT_FORMS)}, not {form!r}")
            return self.TEXT_FORMS.index(form)
        return int(form)

    def _kind(self, kind):
        return self.piece_kind(kind) if isinstance(kind, str) else int(kind)

    def _side_or_neutral(self, side):
        """A side index, allowing len(sides) for neutral pieces (Seven Kingdoms' 周)."""
        if isinstance(side, int) and side == len(self.sides):
            return side
        return self.side_index(side)

    def piece_text(self, kind, side=0, form="native"):
        """Name of a piece kind for a side: form "english", "native" (俥, 飛車), "symbol" (♘, 飛)
        or "reading" (jū, 차, ひしゃ)."""
        text = _lib_.bg_variant_piece_text(self._ptr, self._kind(kind), self._side_or_neutral(side),
                                           self._form(form))
        if text is None:
            raise ValueError(f"{self.id} has no piece {kind!r} / side {side!r} / form {form!r}")
        return dec(text)

    def piece_notation(self, kind, notation, side=0):
        """The text naming a kind in a notation ("san" -> "N", "csa" -> "FU"); None if it names none."""
        return dec(_lib_.bg_variant_piece_notation(self._ptr, self._kind(kind),
                                                   self._side_or_neutral(side), enc(notation)))

    def is_royal(self, kind):
        return bool(_lib_.bg_variant_piece_is_royal(self._ptr, self._kind(kind)))

    def piece_base(self, kind):
        """The kind a promoted kind came from (itself for unpromoted kinds)."""
        base = _lib_.bg_variant_piece_base(self._ptr, self._kind(kind))
        if base <= 0:
            raise ValueError(f"{self.id} has no piece {kind!r}")
        return base

    def promotions(self, kind):
        """The kinds a kind may promote to, as a tuple of kind numbers."""
        mask = _lib_.bg_variant_piece_promotions(self._ptr, self._kind(kind))
        return tuple(k for k in range(1, 64) if mask >> k & 1)

    def side_text(self, side, form="english"):
        """Name of a side: "english" (Red), "native" (紅方), "symbol" (▲) or "reading"."""
        return dec(_lib_.bg_variant_side_text(self._ptr, self._side_or_neutral(side),
                                              self._form(form)))

    def side_color(self, side):
        """The side's colour in pictures, "#rrggbb"."""
        return dec(_lib_.bg_variant_side_color(self._ptr, self._side_or_neutral(side)))

    @property
    def on_points(self):
        """True if pieces stand on the points where lines cross (xiangqi, janggi, ...)."""
        return bool(_lib_.bg_variant_on_points(self._ptr))

    def square_text(self, square, notation=None):
        """A square's name in a notation (None = the game's coordinates: "e4", "7g", "a10")."""
        n = _lib_.bg_variant_square_name(self._ptr, int(square), enc(notation), None, 0)
        if n < 0:
            errors.check(n, message=f"{self.id}: no name for square {square!r} in {notation!r}")
        buf = ctypes.create_string_buffer(n + 1)
        _lib_.bg_variant_square_name(self._ptr, int(square), enc(notation), buf, n + 1)
        return dec(buf.value)

    def square_from_text(self, text, notation=None):
        """The square a name denotes in a notation (None = the game's coordinates); ValueError if none."""
        sq = _lib_.bg_variant_square_parse(self._ptr, enc(text), enc(notation))
        if sq == errors.E_UNSUPPORTED:
            errors.check(sq, message=f"{self.id} has no square names in {notation!r}")
        if sq < 0:
            raise ValueError(f"{text!r} is not a square of {self.id}")
        return sq

    def region(self, region, side=0):
        """The squares of a region ("palace", "territory", "promotion", "home") of a side, in order."""
        code = self.REGIONS.get(region, region) if isinstance(region, str) else int(region)
        if code not in self.REGIONS.values():
            raise ValueError(f"region must be one of {', '.join(self.REGIONS)}, not {region!r}")
        side = self.side_index(side)
        buf = (ctypes.c_int * (self.width * self.height))()
        n = errors.check(_lib_.bg_variant_region_squares(self._ptr, code, side, buf, len(buf)))
        return list(buf[:n])

    def check_picture_options(self, options):
        """Raise (UnknownOptionError / ParseError with .offset) if picture options are bad."""
        err = _lib.new_error()
        errors.check(_lib_.bg_picture_options_check(self._ptr, enc(options), ctypes.byref(err)), err)


def picture_options(options):
    """Picture options from keyword arguments: booleans as true/false, lists joined by spaces."""
    parts = []
    for name, value in options.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            value = " ".join(str(v) for v in value)
        parts.append(f"{name}={value}")
    return ",".join(parts)


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
