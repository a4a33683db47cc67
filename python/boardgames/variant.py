"""Variants: the catalogue of games with their geometry, sides, pieces, squares, notations and options; variants defined from text."""

from __future__ import annotations

import ctypes
import weakref
from typing import (TYPE_CHECKING, Any, Dict, Iterator, List, NamedTuple, Optional, Tuple, Type,
                    Union)

from . import _lib
from . import errors
from ._util import dec, enc, index
from .enums import Side, make_side_enum

if TYPE_CHECKING:
    from .move import Move

_lib_ = _lib.lib
_FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"  # up to BG_MAX_DEFINED_FILES (26) files

# bg_text_form (variant.h) and bg_region.
TEXT_FORMS = ("english", "native", "symbol", "reading")
REGIONS = {"palace": 1, "territory": 2, "promotion": 3, "home": 4}
RIGHT_CASTLING, RIGHT_EN_PASSANT, RIGHT_HANDS = 1, 2, 4

SquareLike = Union[int, str]
SideLike = Union[int, str]


class Piece(NamedTuple):
    """A piece: its side (a Side member) and kind, with the variant's names for them."""

    side: int
    kind: int
    side_id: Optional[str]  # None for a neutral piece (周 in Seven Kingdoms)
    letter: str  # uppercase FEN/SFEN letter of the kind ("N", "+P")
    name: str  # English name ("knight")

    @property
    def symbol(self) -> str:
        """FEN-style symbol: uppercase for the first side, lowercase for the others."""
        return self.letter if self.side == 0 else self.letter.lower()

    def __str__(self) -> str:
        return self.symbol


class Variant:
    """One game of the catalogue (immutable). Get them from variants() or variant("chess").

    Attributes: id, name, width, height, sides (tuple of side ids), Side (the enum of its sides),
    pieces (tuple of (letter, name) by kind, kind 1 first), notations, record_formats, options
    (dict name -> tuple of allowed values, default first), start_text, has_drops, has_pass,
    max_moves, square_names (tuple of every square's name, by square number).
    """

    __slots__ = ("_ptr", "id", "name", "width", "height", "sides", "pieces", "notations",
                 "record_formats", "options", "start_text", "has_drops", "has_pass", "max_moves",
                 "Side", "square_names", "_square_of", "rights", "_move_cls", "_castle_cls",
                 "_castle_candidates", "_pieces")

    def __init__(self, ptr: int) -> None:
        v = ptr
        self._ptr = ptr
        self.id: str = dec(_lib_.bg_variant_id(v)) or ""
        self.name: str = dec(_lib_.bg_variant_name(v)) or ""
        self.width: int = _lib_.bg_variant_width(v)
        self.height: int = _lib_.bg_variant_height(v)
        self.sides: Tuple[str, ...] = tuple(dec(_lib_.bg_variant_side_id(v, i)) or ""
                                            for i in range(_lib_.bg_variant_sides(v)))
        self.pieces: Tuple[Tuple[str, str], ...] = tuple(
            (dec(_lib_.bg_variant_piece_letter(v, k)) or "", dec(_lib_.bg_variant_piece_name(v, k)) or "")
            for k in range(1, _lib_.bg_variant_piece_kinds(v) + 1))
        self.notations: Tuple[str, ...] = tuple(dec(_lib_.bg_variant_notation_at(v, i)) or ""
                                                for i in range(_lib_.bg_variant_notation_count(v)))
        self.record_formats: Tuple[str, ...] = tuple(
            dec(_lib_.bg_variant_record_format_at(v, i)) or ""
            for i in range(_lib_.bg_variant_record_format_count(v)))
        self.options: Dict[str, Tuple[str, ...]] = {
            dec(_lib_.bg_variant_option_name(v, i)) or "":
            tuple((dec(_lib_.bg_variant_option_values(v, i)) or "").split("|"))
            for i in range(_lib_.bg_variant_option_count(v))}
        self.start_text: str = dec(_lib_.bg_variant_start_text(v)) or ""
        self.has_drops: bool = bool(_lib_.bg_variant_has_drops(v))
        self.has_pass: bool = bool(_lib_.bg_variant_has_pass(v))
        self.max_moves: int = _lib_.bg_variant_max_moves(v)
        neutral = _lib_.bg_variant_side_text(v, len(self.sides), 0) is not None
        self.Side: Type[Side] = make_side_enum(self.id, self.sides, neutral)
        self.square_names: Tuple[str, ...] = tuple(self._square_name_c(sq)
                                                   for sq in range(self.width * self.height))
        self._square_of: Dict[str, int] = {n: sq for sq, n in enumerate(self.square_names)}
        snap = _lib.new_snapshot()
        self.rights = 0
        tmp = ctypes.c_void_p()
        if _lib_.bg_position_new(ctypes.byref(tmp), v, None, None, None) == 0:
            if _lib_.bg_position_snapshot(tmp, ctypes.byref(snap)) == 0:
                self.rights = snap.rights
            _lib_.bg_position_free(tmp)
        self._pieces: Dict[Tuple[int, int], Piece] = {}
        # Move classes are made by move.py (it imports this module, not the reverse).
        self._move_cls: Any = None
        self._castle_cls: Any = None
        self._castle_candidates: Tuple[int, ...] = ()

    def __repr__(self) -> str:
        return f"<Variant {self.id!r}: {self.name}, {self.width}x{self.height}, {len(self.sides)} sides>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Variant) and other._ptr == self._ptr

    def __hash__(self) -> int:
        return hash(self._ptr)

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        # Variants are static data of the library: pickle (multiprocessing) by id.
        return (variant, (self.id,))

    @property
    def position_size(self) -> int:
        """Bytes of one position handle of this variant."""
        return int(_lib_.bg_position_size(self._ptr))

    # ---- squares: square = rank * width + file (file 0 = "a", rank 0 = the first side's home) ----

    def _square_name_c(self, square: int) -> str:
        buf = ctypes.create_string_buffer(16)
        n = _lib_.bg_variant_square_name(self._ptr, square, None, buf, 16)
        return (dec(buf.value) or "") if n > 0 else str(square)

    def square(self, file: int, rank: int) -> int:
        """Square number of (file, rank), both 0-based; ValueError off the board."""
        sq = _lib_.bg_square(self._ptr, index(file, "file"), index(rank, "rank"))
        if sq < 0:
            raise ValueError(f"({file}, {rank}) is off the {self.width}x{self.height} board")
        return int(sq)

    def square_index(self, square: SquareLike) -> int:
        """The square number of a square given by number or by its name in the game.

        Names are the game's own coordinates ("e4" in chess, "7g" in shogi, "e2" in xiangqi,
        "a10" in Seven Kingdoms); chess-style letter-and-rank names ("c3") are also read on
        shogi boards, as earlier versions did. TypeError for anything but an int or a str,
        ValueError for a square off the board or a name that is none.
        """
        if isinstance(square, str):
            sq = self._square_of.get(square)
            if sq is None:
                sq = self._square_of.get(square.lower())
            if sq is None:
                sq = self._chess_style(square)
            if sq is None:
                raise ValueError(f"{square!r} is not a square of {self.id} "
                                 f"({self.square_names[0]} .. {self.square_names[-1]})")
            return sq
        sq = index(square, "square")
        if not 0 <= sq < self.width * self.height:
            raise ValueError(f"square {sq} is off the {self.width}x{self.height} board")
        return sq

    def _chess_style(self, name: str) -> Optional[int]:
        if len(name) < 2 or not name[1:].isdigit():
            return None
        file = _FILE_LETTERS.find(name[0].lower())
        rank = int(name[1:]) - 1
        if not 0 <= file < self.width or not 0 <= rank < self.height:
            return None
        return rank * self.width + file

    def square_name(self, square: int) -> str:
        """The game's name of a square ("e4", "7g", "a10")."""
        return self.square_names[self.square_index(square)]

    def parse_square(self, name: str) -> int:
        """Square number of a square name; ValueError if it is not one on the board."""
        if not isinstance(name, str):
            raise ValueError(f"{name!r} is not a square name")
        return self.square_index(name)

    def square_file(self, square: int) -> int:
        return int(_lib_.bg_square_file(self._ptr, self.square_index(square)))

    def square_rank(self, square: int) -> int:
        return int(_lib_.bg_square_rank(self._ptr, self.square_index(square)))

    # ---- sides and pieces ----

    def side_index(self, side: SideLike) -> int:
        """Side index for an index, a Side member or a side id ("white", "black", ...)."""
        if isinstance(side, str):
            i = _lib_.bg_variant_side_find(self._ptr, enc(side.lower()))
            if i < 0:
                raise ValueError(f"{self.id} has no side {side!r}; sides: {', '.join(self.sides)}")
            return int(i)
        side = index(side, "side")
        if not 0 <= side < len(self.sides):
            raise ValueError(f"{self.id} has no side {side}")
        return side

    def side(self, side: SideLike) -> Side:
        """The Side member for an index or an id."""
        return self.Side(self.side_index(side))

    def piece_kind(self, letter_or_name: Union[int, str]) -> int:
        """Piece kind (1-based) for a kind, a letter ("N", "+P") or a name ("knight")."""
        if isinstance(letter_or_name, int) and not isinstance(letter_or_name, bool):
            if not 1 <= letter_or_name <= len(self.pieces):
                raise ValueError(f"{self.id} has no piece kind {letter_or_name}")
            return int(letter_or_name)
        if not isinstance(letter_or_name, str):
            raise TypeError(f"a piece kind is an int or a str, not {type(letter_or_name).__name__}")
        for kind, (letter, pname) in enumerate(self.pieces, 1):
            if letter_or_name in (letter, pname) or letter_or_name.upper() == letter:
                return kind
        raise ValueError(f"{self.id} has no piece {letter_or_name!r}")

    def piece(self, kind: Union[int, str], side: Optional[SideLike] = None) -> Piece:
        """The Piece of a kind (number, letter or name) and a side (default: the first).

        A FEN/SFEN symbol alone also names the side: "n" is a second-side knight, "+p" a gote
        tokin. Seven Kingdoms names pieces by kind and kingdom: piece("G", "qin"); 周 is
        piece("Z", "neutral").
        """
        k = self.piece_kind(kind)
        if side is None:
            lower = isinstance(kind, str) and kind.upper() == self.pieces[k - 1][0] and \
                kind != kind.upper()
            side = 1 if lower and len(self.sides) == 2 else 0
        if side == "neutral" or (isinstance(side, int) and side == len(self.sides)):
            if not self._neutral():
                raise ValueError(f"{self.id} has no neutral pieces")
            return self._piece(len(self.sides), k)
        return self._piece(self.side_index(side), k)

    def _neutral(self) -> bool:
        return len(self.Side) > len(self.sides)

    def _piece(self, side: int, kind: int) -> Piece:
        p = self._pieces.get((side, kind))
        if p is None:
            letter, pname = self.pieces[kind - 1]
            member = self.Side(side)
            p = self._pieces.setdefault((side, kind), Piece(
                member, kind, self.sides[side] if side < len(self.sides) else None, letter, pname))
        return p

    # ---- notations ----

    def notation(self, name: str) -> str:
        """The variant's notation id for a name in any case ("SAN" -> "san"); UnsupportedError if none."""
        if not isinstance(name, str):
            raise TypeError(f"a notation name is a str, not {type(name).__name__}")
        low = name.lower()
        if low not in self.notations:
            raise errors.UnsupportedError(
                f"{self.id} has no notation {name!r} (it has {', '.join(self.notations)})",
                code=errors.E_UNSUPPORTED)
        return low

    # ---- metadata (experimental C calls, node BOARDGAMES_EXPERIMENTAL) ----

    TEXT_FORMS = TEXT_FORMS
    REGIONS = REGIONS

    def _form(self, form: Union[int, str]) -> int:
        if isinstance(form, str):
            if form not in TEXT_FORMS:
                raise ValueError(f"text form must be one of {', '.join(TEXT_FORMS)}, not {form!r}")
            return TEXT_FORMS.index(form)
        return index(form, "text form")

    def _kind(self, kind: Union[int, str]) -> int:
        return self.piece_kind(kind) if isinstance(kind, str) else index(kind, "kind")

    def _side_or_neutral(self, side: SideLike) -> int:
        """A side index, allowing len(sides) for neutral pieces (Seven Kingdoms' 周)."""
        if isinstance(side, int) and not isinstance(side, bool) and side == len(self.sides):
            return int(side)
        return self.side_index(side)

    def piece_text(self, kind: Union[int, str], side: SideLike = 0,
                   form: Union[int, str] = "native") -> str:
        """Name of a piece kind for a side: form "english", "native" (俥, 飛車), "symbol" (♘, 飛)
        or "reading" (jū, 차, ひしゃ)."""
        text = _lib_.bg_variant_piece_text(self._ptr, self._kind(kind), self._side_or_neutral(side),
                                           self._form(form))
        if text is None:
            raise ValueError(f"{self.id} has no piece {kind!r} / side {side!r} / form {form!r}")
        return dec(text) or ""

    def piece_notation(self, kind: Union[int, str], notation: str, side: SideLike = 0) -> Optional[str]:
        """The text naming a kind in a notation ("san" -> "N", "csa" -> "FU"); None if it names none."""
        return dec(_lib_.bg_variant_piece_notation(self._ptr, self._kind(kind),
                                                   self._side_or_neutral(side), enc(notation)))

    def is_royal(self, kind: Union[int, str]) -> bool:
        return bool(_lib_.bg_variant_piece_is_royal(self._ptr, self._kind(kind)))

    def piece_base(self, kind: Union[int, str]) -> int:
        """The kind a promoted kind came from (itself for unpromoted kinds)."""
        base = _lib_.bg_variant_piece_base(self._ptr, self._kind(kind))
        if base <= 0:
            raise ValueError(f"{self.id} has no piece {kind!r}")
        return int(base)

    def promotions(self, kind: Union[int, str]) -> Tuple[int, ...]:
        """The kinds a kind may promote to, as a tuple of kind numbers."""
        mask = _lib_.bg_variant_piece_promotions(self._ptr, self._kind(kind))
        return tuple(k for k in range(1, 64) if mask >> k & 1)

    def side_text(self, side: SideLike, form: Union[int, str] = "english") -> Optional[str]:
        """Name of a side: "english" (Red), "native" (紅方), "symbol" (▲) or "reading"."""
        return dec(_lib_.bg_variant_side_text(self._ptr, self._side_or_neutral(side),
                                              self._form(form)))

    def side_color(self, side: SideLike) -> Optional[str]:
        """The side's colour in pictures, "#rrggbb"."""
        return dec(_lib_.bg_variant_side_color(self._ptr, self._side_or_neutral(side)))

    @property
    def on_points(self) -> bool:
        """True if pieces stand on the points where lines cross (xiangqi, janggi, ...)."""
        return bool(_lib_.bg_variant_on_points(self._ptr))

    def square_text(self, square: SquareLike, notation: Optional[str] = None) -> str:
        """A square's name in a notation (None = the game's coordinates: "e4", "7g", "a10")."""
        sq = self.square_index(square)
        if notation is None:
            return self.square_names[sq]
        n = _lib_.bg_variant_square_name(self._ptr, sq, enc(notation.lower()), None, 0)
        if n < 0:
            errors.check(n, message=f"{self.id}: no name for square {square!r} in {notation!r}")
        buf = ctypes.create_string_buffer(n + 1)
        _lib_.bg_variant_square_name(self._ptr, sq, enc(notation.lower()), buf, n + 1)
        return dec(buf.value) or ""

    def square_from_text(self, text: str, notation: Optional[str] = None) -> int:
        """The square a name denotes in a notation (None = the game's coordinates); ValueError if none."""
        sq = _lib_.bg_variant_square_parse(self._ptr, enc(text),
                                           enc(notation.lower()) if notation else None)
        if sq == errors.E_UNSUPPORTED:
            errors.check(sq, message=f"{self.id} has no square names in {notation!r}")
        if sq < 0:
            raise ValueError(f"{text!r} is not a square of {self.id}")
        return int(sq)

    def region(self, region: Union[int, str], side: SideLike = 0) -> List[int]:
        """The squares of a region ("palace", "territory", "promotion", "home") of a side, in order."""
        code = REGIONS.get(region, -1) if isinstance(region, str) else index(region, "region")
        if code not in REGIONS.values():
            raise ValueError(f"region must be one of {', '.join(REGIONS)}, not {region!r}")
        s = self.side_index(side)
        buf = (ctypes.c_int * (self.width * self.height))()
        n = errors.check(_lib_.bg_variant_region_squares(self._ptr, code, s, buf, len(buf)))
        return list(buf[:n])

    def check_picture_options(self, options: Optional[str]) -> None:
        """Raise (UnknownOptionError / ParseError with .offset) if picture options are bad."""
        err = _lib.new_error()
        errors.check(_lib_.bg_picture_options_check(self._ptr, enc(options), ctypes.byref(err)), err)


def picture_options(options: Dict[str, Any]) -> str:
    """Picture options from keyword arguments: booleans as true/false, lists joined by spaces."""
    parts = []
    for key, value in options.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            value = " ".join(str(v) for v in value)
        parts.append(f"{key}={value}")
    return ",".join(parts)


_cache: Dict[int, Variant] = {}
# bg_variant pointer -> the VariantSet that defined it (variants defined from text only).
_owners: Dict[int, "VariantSet"] = {}
# VariantSets whose variants boardgames.variant(id) finds, newest first.
_registered: List["VariantSet"] = []


def owner_of(variant_ptr: Optional[int]) -> Optional["VariantSet"]:
    """The VariantSet owning a defined variant (None for built-in ones). Handles of a defined
    variant keep it in an attribute, so that the set outlives every position and game of it."""
    return _owners.get(variant_ptr) if variant_ptr else None


def _wrap(ptr: Optional[int]) -> Variant:
    """The (cached) Variant object for a bg_variant pointer; variants are static data."""
    if not ptr:
        raise errors.BoardGamesError("no variant")
    v = _cache.get(ptr)
    if v is None:
        v = _cache.setdefault(ptr, Variant(ptr))
    return v


class VariantSet:
    """Variants defined from Fairy-Stockfish variants.ini text (docs/variants.md).

    define_variants(text) returns one; s.define(more_text) adds to it. Iterate it for its
    Variant objects, or index it by id: s["makruk"]. Its variants work everywhere a built-in one
    does (Position, Game, read_games), and boardgames.variant(id) finds them too while the set
    is registered (the default). The set lives as long as any of its positions or games.
    """

    def __init__(self, register: bool = True) -> None:
        out = ctypes.c_void_p()
        err = _lib.new_error()
        errors.check(_lib_.bg_variant_set_new(ctypes.byref(out), None, ctypes.byref(err)), err)
        self._ptr: int = out.value or 0
        self._variants: List[Variant] = []
        # Free the set only after the Variant objects drop out of the caches.
        self._finalizer = weakref.finalize(self, VariantSet._free, self._ptr, self._variants)
        if register:
            _registered.insert(0, self)

    @staticmethod
    def _free(ptr: int, variants: List[Variant]) -> None:
        for v in variants:
            _cache.pop(v._ptr, None)
            _owners.pop(v._ptr, None)
        _lib_.bg_variant_set_free(ptr)

    def define(self, text: Union[str, bytes]) -> List[Variant]:
        """Define the sections of `text` (str or bytes). All or nothing: a bad definition raises
        a BoardGamesError whose .line names the line, and nothing is added."""
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        err = _lib.new_error()
        before = _lib_.bg_variant_set_count(self._ptr)
        errors.check(_lib_.bg_variant_define(self._ptr, data, len(data), ctypes.byref(err)), err)
        added: List[Variant] = []
        for i in range(before, _lib_.bg_variant_set_count(self._ptr)):
            ptr = _lib_.bg_variant_set_at(self._ptr, i)
            _owners[ptr] = self
            v = _wrap(ptr)
            self._variants.append(v)
            added.append(v)
        return added

    def unregister(self) -> None:
        """boardgames.variant(id) no longer finds this set's variants (the set stays usable)."""
        if self in _registered:
            _registered.remove(self)

    def find(self, id: str) -> Optional[Variant]:
        ptr = _lib_.bg_variant_set_find(self._ptr, enc(id))
        return _wrap(ptr) if ptr else None

    def __getitem__(self, key: Union[int, str]) -> Variant:
        if isinstance(key, int):
            return self._variants[key]
        v = self.find(key)
        if v is None:
            raise KeyError(key)
        return v

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.find(key) is not None

    def __iter__(self) -> Iterator[Variant]:
        return iter(list(self._variants))

    def __len__(self) -> int:
        return len(self._variants)

    @property
    def ids(self) -> List[str]:
        return [v.id for v in self._variants]

    def __repr__(self) -> str:
        return f"<VariantSet {self.ids!r}>"


def define_variants(text: Union[str, bytes], register: bool = True) -> VariantSet:
    """A new VariantSet holding the variants of `text` (Fairy-Stockfish variants.ini format)."""
    s = VariantSet(register=register)
    s.define(text)
    return s


def define_parents() -> List[str]:
    """Names usable as parents ("[mine:makruk]") without defining them first."""
    return [dec(_lib_.bg_variant_define_parent_at(i)) or ""
            for i in range(_lib_.bg_variant_define_parent_count())]


def variants() -> List[Variant]:
    """Every variant the library provides, in the stable order of docs/rules.md."""
    return [_wrap(_lib_.bg_variant_at(i)) for i in range(_lib_.bg_variant_count())]


def variant(id_or_variant: Union[str, Variant]) -> Variant:
    """The variant with this id (a Variant passes through); UnknownVariantError if none."""
    if isinstance(id_or_variant, Variant):
        return id_or_variant
    if not isinstance(id_or_variant, str):
        raise TypeError(f"a variant is a Variant or an id str, not {type(id_or_variant).__name__}")
    for vs in _registered:
        found = vs.find(id_or_variant)
        if found is not None:
            return found
    ptr = _lib_.bg_variant_find(enc(id_or_variant.lower()))
    if not ptr:
        known = ", ".join(v.id for v in variants())
        raise errors.UnknownVariantError(f"unknown variant {id_or_variant!r} (known: {known})",
                                         code=errors.E_UNKNOWN_VARIANT)
    return _wrap(ptr)


__all__ = ["Piece", "Variant", "VariantSet", "define_parents", "define_variants",
           "variant", "variants"]
