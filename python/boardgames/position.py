"""Position: a board of some variant — set up, read, query, edit, list and play moves, count perft.

A Position either owns its handle (freed exactly once, by close(), the with-block or garbage
collection) or is a read-only view of a Game's current position (game.position). A view reads
the game's position live: it stays valid through changes that leave the position as it was
(tags, comments, a resignation, a rejected claim) and refuses to be used once a move was played
or taken back, or the game closed (take copy() to keep a position).
"""

from __future__ import annotations

import array
import ctypes
import weakref
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Mapping, Optional, Tuple, Union

from . import _lib
from . import errors
from ._util import (_tls, enc, flags, index, move_buffer, name, options_text, text_buffer,
                    text_call)
from .enums import Side
from .move import FLAG_CASTLE, Move, MoveList, _move_classes
from .variant import (RIGHT_CASTLING, RIGHT_EN_PASSANT, RIGHT_HANDS, Piece, SideLike, SquareLike,
                      Variant, _wrap, owner_of, picture_options, variant as find_variant)

if TYPE_CHECKING:
    from .game import Game

_lib_ = _lib.lib

# BG_FLAG_* of move.h
FLAG_CAPTURE = 0x01
FLAG_CHECK = 0x02
FLAG_EN_PASSANT = 0x08
FLAG_MATE = 0x10
WING_KING, WING_QUEEN = 0, 1
_MAX_MOVES = max(int(_lib_.bg_limit(6)), 4096) if "bg_limit" not in _lib.missing else 4096

MoveLike = Union[Move, int, str]
PieceLike = Union[Piece, str, None]


def _new_handle(fn: Any, *args: Any) -> int:
    """Call a constructor `fn(&out, *args, err)` and return the new handle or raise."""
    out = ctypes.c_void_p()
    err = _lib.new_error()
    errors.check(fn(ctypes.byref(out), *args, ctypes.byref(err)), err)
    return out.value or 0


def _is_chess960(options: Any) -> bool:
    text = (options_text(options) or "").replace(" ", "").lower()
    return "chess960=true" in text.split(";")


def _free_all(handles: List[int]) -> None:
    for h in handles:
        _lib_.bg_position_free(h)
    handles.clear()


class Position:
    """A position of a variant.

    Position("chess") is the start position; Position("chess", "<FEN>") parses text (strict
    unless lenient=True). `options` are rule options: "chess960=true" or {"chess960": True}.
    Squares are numbers or the game's names ("e4", "7g", "a10"); moves are Move values or text in
    any notation of the variant.
    """

    def __init__(self, variant: Union[str, Variant] = "chess", text: Optional[str] = None, *,
                 format: Optional[str] = None, options: Union[str, Mapping[str, Any], None] = None,
                 lenient: bool = False) -> None:
        v = find_variant(variant)
        opts = options_text(options)
        if text is None:
            ptr = _new_handle(_lib_.bg_position_new, v._ptr, enc(opts, "options"), None)
        else:
            ptr = _new_handle(_lib_.bg_position_from_text, v._ptr, enc(text, "position text"),
                              name(format, "format"), enc(opts, "options"), flags(lenient), None)
        self._init_owned(ptr, v, opts)

    def _init_owned(self, ptr: int, v: Variant, options: Optional[str]) -> None:
        self._ptr: Optional[int] = ptr
        self._keep = owner_of(_lib_.bg_position_variant(ptr))  # a defined variant's set
        self._variant = _wrap(_lib_.bg_position_variant(ptr))  # a twin when options change the board
        self._options = options
        self._c960 = _is_chess960(options)
        self._handles = [ptr]  # every handle this object owns: the current one, push() stack
        self._finalizer: Optional[weakref.finalize] = weakref.finalize(self, _free_all,
                                                                        self._handles)
        self._owner: Optional["Game"] = None
        self._stamp = 0
        self._gen = 0  # bumped by every change (MoveList checks it, see _generation)
        self._stack: List[Tuple[int, Move]] = []  # (previous handle, move) per push()
        self._spare: List[int] = []

    @classmethod
    def _adopt(cls, ptr: int, v: Variant, options: Optional[str] = None) -> "Position":
        obj = cls.__new__(cls)
        obj._init_owned(ptr, v, options)
        return obj

    @classmethod
    def _borrow(cls, owner: "Game", start: bool = False) -> "Position":
        """A read-only live view of a game's current (or start) position."""
        obj = cls.__new__(cls)
        obj._ptr = None
        obj._variant = owner.variant
        obj._options = owner._options
        obj._c960 = owner._c960
        obj._handles = []
        obj._finalizer = None
        obj._owner = owner
        obj._stamp = -1 if start else owner._stamp  # the start position never changes
        obj._gen = 0
        obj._stack = []
        obj._spare = []
        return obj

    # ---- lifetime ----

    def _handle(self) -> int:
        owner = self._owner
        if owner is not None:
            if owner._ptr is None:
                raise errors.BoardGamesError("position view used after its game was closed")
            if self._stamp < 0:
                return int(_lib_.bg_game_start_position(owner._ptr))
            if owner._stamp != self._stamp:
                raise errors.BoardGamesError(
                    "position view used after a move changed its game; take game.position again "
                    "or keep a copy()")
            return int(_lib_.bg_game_position(owner._ptr))
        if self._ptr is None:
            raise errors.BoardGamesError("position used after close()")
        return self._ptr

    def _writable(self) -> int:
        if self._owner is not None:
            raise errors.BoardGamesError(
                "a game's position is read-only: play moves through the game, or copy() it")
        return self._handle()

    @property
    def is_borrowed(self) -> bool:
        """True for a view of a game's position (not owned, never freed by Python)."""
        return self._owner is not None

    def close(self) -> None:
        """Free the handle now (owned positions); a borrowed view is just detached."""
        if self._finalizer is not None:
            self._finalizer()  # frees once; later calls do nothing
        self._ptr = None
        self._owner = None
        self._stack = []
        self._spare = []

    @property
    def closed(self) -> bool:
        return self._ptr is None and self._owner is None

    def __enter__(self) -> "Position":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def copy(self) -> "Position":
        """An independent, owned copy (also of a game's position)."""
        out = ctypes.c_void_p()
        errors.check(_lib_.bg_position_clone(ctypes.byref(out), self._handle()))
        return Position._adopt(out.value or 0, self._variant, self._options)

    __copy__ = copy

    def __deepcopy__(self, memo: Any) -> "Position":
        return self.copy()

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        return (_unpickle, (self._variant.id, self.text(), self._options))

    # ---- description ----

    @property
    def variant(self) -> Variant:
        return self._variant

    def text(self, format: Optional[str] = None) -> str:
        """Position text in `format` (None = the variant's own, FEN for chess)."""
        return text_call(_lib_.bg_position_text, self._handle(), name(format, "format"))

    @property
    def fen(self) -> str:
        return self.text()

    def __str__(self) -> str:
        """The position as a text diagram in the game's own script (see diagram())."""
        if self.closed:
            return "<closed position>"
        return self.diagram()

    def __repr__(self) -> str:
        if self.closed:
            return "<Position closed>"
        opts = f", options={self._options!r}" if self._options else ""
        return f"Position({self._variant.id!r}, {self.text()!r}{opts})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._variant == other._variant and self.text() == other.text()

    def __hash__(self) -> int:
        """Hash of what == compares (the variant and the position's Zobrist key).

        Positions change: a position used as a dict key must not be changed afterwards.
        """
        return hash((self._variant.id, self.hash))

    @property
    def turn(self) -> Side:
        """The side to move, a member of variant.Side (equal to its index: 0 = the first side)."""
        return self._variant.Side(errors.check(_lib_.bg_position_side_to_move(self._handle())))

    @turn.setter
    def turn(self, side: SideLike) -> None:
        self._edit(_lib_.bg_position_set_side_to_move, self._variant.side_index(side))

    @property
    def turn_id(self) -> str:
        """Id of the side to move ("white", "black", ...)."""
        return self._variant.sides[self.turn]

    def _square(self, square: SquareLike) -> int:
        return self._variant.square_index(square)

    def piece_at(self, square: SquareLike) -> Optional[Piece]:
        """The Piece on a square (number or name like "e4", "7g"), or None if empty.

        TypeError for a square that is neither an int nor a str, ValueError off the board.
        """
        p = _lib_.bg_position_piece_at(self._handle(), self._square(square))
        return self._variant._piece(p >> 8, p & 0xFF) if p else None

    def piece_map(self) -> Dict[str, Piece]:
        """Every piece on the board by square name, in square order (one library call)."""
        snap = self.snapshot()
        v = self._variant
        names = v.square_names
        board = snap.board[:v.width * v.height]
        return {names[sq]: v._piece(p >> 8, p & 0xFF) for sq, p in enumerate(board) if p}

    def pieces(self) -> Iterator[Tuple[int, Piece]]:
        """(square number, Piece) for every piece, in square order."""
        v = self._variant
        snap = self.snapshot()
        for sq, p in enumerate(snap.board[:v.width * v.height]):
            if p:
                yield sq, v._piece(p >> 8, p & 0xFF)

    def hand_count(self, side: SideLike, kind: Union[int, str]) -> int:
        """Pieces of `kind` (number, letter or name) in `side`'s hand (shogi family)."""
        v = self._variant
        return int(_lib_.bg_position_hand_count(self._handle(), v.side_index(side),
                                                v.piece_kind(kind)))

    def hands(self) -> Dict[Side, Dict[str, int]]:
        """Pieces in hand: {side: {letter: count}} with the kinds held (empty without drops)."""
        v = self._variant
        snap = self.snapshot()
        out: Dict[Side, Dict[str, int]] = {}
        for side in range(len(v.sides)):
            held = {v.pieces[k - 1][0]: snap.hand[side][k] for k in range(1, len(v.pieces) + 1)
                    if snap.hand[side][k]}
            out[v.Side(side)] = held
        return out

    def snapshot(self) -> _lib.BgSnapshot:
        """The whole position in one call: the bg_snapshot struct (board, hand, rights, ...)."""
        snap = _lib.new_snapshot()
        errors.check(_lib_.bg_position_snapshot(self._handle(), ctypes.byref(snap)))
        return snap

    def is_check(self) -> bool:
        """True if the side to move is in check."""
        return bool(_lib_.bg_position_in_check(self._handle()))

    @property
    def hash(self) -> int:
        """Zobrist hash (the Polyglot key for chess)."""
        return int(_lib_.bg_position_hash(self._handle()))

    @property
    def halfmove_clock(self) -> int:
        return errors.check(_lib_.bg_position_halfmove_clock(self._handle()))

    @property
    def fullmove_number(self) -> int:
        return errors.check(_lib_.bg_position_fullmove_number(self._handle()))

    # ---- editing ----

    def _edit(self, fn: Any, *args: Any) -> None:
        ptr = self._writable()
        self._gen += 1
        status = fn(ptr, *args)
        if status < 0:
            raise errors.make_error(status, message=f"{fn.__name__}{args}: {errors.strerror(status)}")

    def _piece_value(self, piece: PieceLike) -> int:
        if piece is None:
            return 0
        v = self._variant
        if isinstance(piece, str):
            piece = v.piece(piece)
        if not isinstance(piece, Piece):
            raise TypeError(f"a piece is a Piece, a symbol str or None, not {type(piece).__name__}")
        return int(piece.side) << 8 | int(piece.kind)

    def set_piece_at(self, square: SquareLike, piece: PieceLike) -> None:
        """Put a piece (a Piece, a symbol such as "N" / "n" / "+P", or None) on a square.

        The position may become one that cannot arise (see is_valid()); it can then be edited
        further and written as text, but not played on.
        """
        self._edit(_lib_.bg_position_set_piece, self._square(square), self._piece_value(piece))

    def remove_piece_at(self, square: SquareLike) -> Optional[Piece]:
        """Empty a square; returns the piece that stood there (or None)."""
        sq = self._square(square)
        old = self.piece_at(sq)
        self._edit(_lib_.bg_position_set_piece, sq, 0)
        return old

    def set_hand_count(self, side: SideLike, kind: Union[int, str], count: int) -> None:
        """Set how many pieces of an (unpromoted) kind a side holds in hand (drop variants)."""
        v = self._variant
        self._edit(_lib_.bg_position_set_hand_count, v.side_index(side), v.piece_kind(kind),
                   index(count, "count"))

    def castling(self, side: SideLike, wing: int = WING_KING) -> Optional[int]:
        """The rook square of a castling right (wing 0 = king side, 1 = queen side), or None."""
        sq = _lib_.bg_position_castling(self._handle(), self._variant.side_index(side),
                                        index(wing, "wing"))
        return None if sq < 0 else int(sq)

    @property
    def castling_rights(self) -> Dict[Side, Tuple[str, ...]]:
        """The rook squares each side may castle with, by name ({} without castling)."""
        v = self._variant
        if not v.rights & RIGHT_CASTLING:
            return {}
        out: Dict[Side, Tuple[str, ...]] = {}
        for side in range(len(v.sides)):
            rooks = [self.castling(side, w) for w in (WING_KING, WING_QUEEN)]
            out[v.Side(side)] = tuple(v.square_names[r] for r in rooks if r is not None)
        return out

    def set_castling(self, side: SideLike, wing: int, rook_square: Optional[SquareLike]) -> None:
        """Give (the castling rook's square) or take away (None) a castling right."""
        sq = -1 if rook_square is None else self._square(rook_square)
        self._edit(_lib_.bg_position_set_castling, self._variant.side_index(side),
                   index(wing, "wing"), sq)

    @property
    def en_passant(self) -> Optional[str]:
        """The en-passant square's name, or None."""
        sq = _lib_.bg_position_en_passant(self._handle())
        return None if sq < 0 else self._variant.square_names[sq]

    @en_passant.setter
    def en_passant(self, square: Optional[SquareLike]) -> None:
        self._edit(_lib_.bg_position_set_en_passant, -1 if square is None else self._square(square))

    def set_counters(self, halfmove_clock: Optional[int] = None,
                     fullmove_number: Optional[int] = None) -> None:
        """Set the halfmove clock and/or the move number."""
        self._edit(_lib_.bg_position_set_counters,
                   -1 if halfmove_clock is None else index(halfmove_clock, "halfmove_clock"),
                   -1 if fullmove_number is None else index(fullmove_number, "fullmove_number"))

    def clear(self) -> None:
        """Empty the board and the hands, drop every right (the side to move stays)."""
        self._edit(_lib_.bg_position_clear)

    def load(self, snapshot: _lib.BgSnapshot) -> None:
        """Replace the whole position with a snapshot's (see snapshot())."""
        if not isinstance(snapshot, _lib.BgSnapshot):
            raise TypeError(f"load() takes a snapshot, not {type(snapshot).__name__}")
        self._edit(_lib_.bg_position_load, ctypes.byref(snapshot))

    def is_valid(self) -> bool:
        """True if the position is one the library's readers accept (an edit may break that)."""
        return _lib_.bg_position_validate(self._handle(), None) == 0

    def validate(self) -> None:
        """Raise InvalidPositionError (or ParseError) saying why the position is not valid."""
        err = _lib.new_error()
        errors.check(_lib_.bg_position_validate(self._handle(), ctypes.byref(err)), err)

    # ---- pictures (experimental C calls, node BOARDGAMES_EXPERIMENTAL) ----

    def _picture(self, fn: Any, options: Dict[str, Any]) -> str:
        text = picture_options(options)
        ptr = self._handle()
        self._variant.check_picture_options(text)  # raises with the option's offset
        return text_call(fn, ptr, enc(text))

    def svg(self, **options: Any) -> str:
        """The position as an SVG image (str): flip=True, coordinates=False, lastmove="e2e4",
        marks=["e4", "d5"], arrows=["g1f3"], check=False, size=400 (see bg_position_svg)."""
        return self._picture(_lib_.bg_position_svg, options)

    def diagram(self, **options: Any) -> str:
        """The position as a text diagram in the game's own script (flip, coordinates)."""
        return self._picture(_lib_.bg_position_diagram, options)

    def _repr_svg_(self) -> str:
        """Jupyter shows positions as pictures."""
        return self.svg()

    # ---- moves ----

    def _invalid(self) -> errors.BoardGamesError:
        err = _lib.new_error()
        _lib_.bg_position_validate(self._handle(), ctypes.byref(err))
        return errors.make_error(errors.E_INVALID_POSITION, err,
                                 "the position is not valid: see validate()")

    def _move_list(self, ptr: int) -> MoveList:
        v = self._variant
        cap = v.max_moves
        buf = getattr(_tls, "moves", None) or move_buffer(_MAX_MOVES)  # always the largest size
        n = _lib_.bg_position_legal_moves(ptr, buf, cap)
        if n < 0:
            if n == errors.E_INVALID_POSITION:
                raise self._invalid()
            errors.check(n)
        values = array.array("I")
        values.frombytes(memoryview(buf).cast("B")[:4 * n])
        plain = v._move_cls or _move_classes(v)[0]
        cands = () if self._c960 else v._castle_candidates
        return MoveList(values, plain, v._castle_cls, cands, self, self._generation())

    def _generation(self) -> int:
        """Changes whenever the position may have (MoveList asks before trusting it)."""
        return self._owner._stamp if self._owner is not None else self._gen

    def _is_castling(self, value: int) -> bool:
        try:
            ptr = self._handle()
        except errors.BoardGamesError:
            return False
        return bool(_lib_.bg_position_move_flags(ptr, value) & FLAG_CASTLE)

    @property
    def legal_moves(self) -> MoveList:
        """Every legal move, in the library's stable order (a MoveList: a Sequence of Move)."""
        ptr = self._ptr if self._owner is None else None
        return self._move_list(ptr if ptr is not None else self._handle())

    def _bind(self, ptr: int, value: int) -> Move:
        """A Move of this variant for a value; castling known from the position."""
        plain, castle = _move_classes(self._variant)
        if (value in self._variant._castle_candidates and not self._c960 and
                _lib_.bg_position_move_flags(ptr, value) & FLAG_CASTLE):
            return castle(value)  # type: ignore[no-any-return]
        return plain(value)  # type: ignore[no-any-return]

    def legal_moves_text(self, notation: Optional[str] = None) -> List[str]:
        """Every legal move's text in a notation (None = the variant's first), one library call,
        in the order of legal_moves."""
        ptr = self._handle()
        nt = name(notation, "notation")
        buf = text_buffer()
        cap = len(buf)
        n = _lib_.bg_position_legal_moves_text(ptr, nt, 0, buf, cap)
        if n < 0:
            if n == errors.E_INVALID_POSITION:
                raise self._invalid()
            errors.check(n, message=self._format_error(n, None, notation))
        if n >= cap:
            buf = ctypes.create_string_buffer(n + 1)
            n = errors.check(_lib_.bg_position_legal_moves_text(ptr, nt, 0, buf, n + 1))
        return ctypes.string_at(buf, n).decode("utf-8", "replace").split("\0") if n else []

    def _value(self, move: Any) -> int:
        """The int value of a move argument: TypeError for anything but an int (or Move)."""
        if isinstance(move, int) and not isinstance(move, bool):
            return int(move)
        raise TypeError(f"a move is a Move (an int) or move text, not {type(move).__name__}")

    def is_legal(self, move: MoveLike) -> bool:
        if isinstance(move, str):
            try:
                self.parse(move)
                return True
            except (errors.IllegalMoveError, errors.ParseError, errors.AmbiguousMoveError):
                return False
        return bool(_lib_.bg_position_is_legal(self._handle(), self._value(move)))

    def move_flags(self, move: MoveLike) -> int:
        """BG_FLAG_* bits of a legal move (0 for an illegal one)."""
        ptr = self._handle()
        return int(_lib_.bg_position_move_flags(ptr, self._move(move)))

    def is_capture(self, move: MoveLike) -> bool:
        return bool(self.move_flags(move) & FLAG_CAPTURE)

    def gives_check(self, move: MoveLike) -> bool:
        return bool(self.move_flags(move) & FLAG_CHECK)

    def is_castling(self, move: MoveLike) -> bool:
        return bool(self.move_flags(move) & FLAG_CASTLE)

    def is_en_passant(self, move: MoveLike) -> bool:
        return bool(self.move_flags(move) & FLAG_EN_PASSANT)

    def parse(self, text: str, notation: Optional[str] = None, lenient: bool = False) -> Move:
        """The legal Move that `text` names (notation None = any the variant knows; any case).

        Raises ParseError (with .offset), IllegalMoveError, AmbiguousMoveError, UnsupportedError.
        """
        if not isinstance(text, str):
            raise TypeError(f"move text must be a str, not {type(text).__name__}")
        ptr = self._handle()
        out = ctypes.c_uint32()
        err = _lib.new_error()
        status = _lib_.bg_move_parse(ptr, enc(text), name(notation, "notation"), flags(lenient),
                                     ctypes.byref(out), ctypes.byref(err))
        if status == errors.E_INVALID_POSITION:
            raise self._invalid()
        errors.check(status, err)
        return self._bind(ptr, out.value)

    def _move(self, move: MoveLike, notation: Optional[str] = None, lenient: bool = False) -> int:
        if isinstance(move, str):
            return int(self.parse(move, notation, lenient))
        return self._value(move)

    def format(self, move: MoveLike, notation: Optional[str] = None) -> str:
        """A legal move as text in `notation` (None = the variant's first, SAN for chess)."""
        ptr = self._handle()
        value = self._move(move)
        return text_call(_lib_.bg_move_format, ptr, value, name(notation, "notation"),
                         message=lambda code: self._format_error(code, value, notation))

    def _format_error(self, code: int, move: Optional[int], notation: Optional[str]) -> Optional[str]:
        if code == errors.E_ILLEGAL_MOVE and move is not None:
            return f"{self._bind(self._handle(), move)} is not a legal move in {self.text()}"
        if code == errors.E_UNSUPPORTED:
            return (f"{self._variant.id} has no notation {notation!r} "
                    f"(it has {', '.join(self._variant.notations)})")
        if code == errors.E_INVALID_POSITION:
            return "the position is not valid: see validate()"
        return None

    def san(self, move: MoveLike) -> str:
        return self.format(move, "san")

    def uci(self, move: MoveLike) -> str:
        return self.format(move, "uci")

    def lan(self, move: MoveLike) -> str:
        return self.format(move, "lan")

    def _illegal(self, status: int, value: int) -> errors.BoardGamesError:
        if status == errors.E_INVALID_POSITION:
            return self._invalid()
        m = self._variant._move_cls(value) if self._variant._move_cls else Move(value)
        return errors.make_error(status, message=f"illegal move {m} ({m!r}) in {self.text()}")

    def play(self, move: MoveLike, notation: Optional[str] = None, lenient: bool = False) -> Move:
        """Play a Move or move text; returns the Move. IllegalMoveError leaves the position as is."""
        ptr = self._ptr if self._owner is None else None
        if ptr is None:
            ptr = self._writable()  # raises the right error
        if isinstance(move, Move) and move.variant is self._variant:
            m = move  # from this game's moves: it knows its text already
        elif isinstance(move, str):
            m = self.parse(move, notation, lenient)
        else:
            m = self._bind(ptr, self._value(move))
        self._gen += 1
        status = _lib_.bg_position_play(ptr, m)
        if status < 0:
            raise self._illegal(status, m)
        return m

    def push(self, move: MoveLike, notation: Optional[str] = None, lenient: bool = False) -> Move:
        """Play a move so that pop() can take it back (python-chess's push/pop).

        The position before the move is kept as it was in a handle of its own, so pop() costs
        no library call; the handles are reused and freed with the position.
        """
        ptr = self._writable()
        value = self._move(move, notation, lenient)
        dst = self._spare.pop() if self._spare else self._clone_handle(ptr)
        status = _lib_.bg_position_play_into(dst, ptr, value)
        if status < 0:
            self._spare.append(dst)
            raise self._illegal(status, value)
        m = move if isinstance(move, Move) and move.variant is self._variant else \
            self._bind(ptr, value)
        self._stack.append((ptr, m))
        self._ptr = dst
        self._gen += 1
        return m

    def _clone_handle(self, ptr: int) -> int:
        out = ctypes.c_void_p()
        errors.check(_lib_.bg_position_clone(ctypes.byref(out), ptr))
        h = out.value or 0
        self._handles.append(h)
        return h

    def pop(self) -> Move:
        """Take back the last push(); returns its move. IndexError if nothing was pushed."""
        self._writable()
        if not self._stack:
            raise IndexError("pop() without a push()")
        prev, m = self._stack.pop()
        assert self._ptr is not None
        self._spare.append(self._ptr)
        self._ptr = prev
        self._gen += 1
        return m

    @property
    def move_stack(self) -> List[Move]:
        """The moves pushed and not yet popped, oldest first."""
        return [m for _, m in self._stack]

    def copy_from(self, other: "Position") -> None:
        """Overwrite this position with `other` (same variant), without allocating."""
        if not isinstance(other, Position):
            raise TypeError(f"copy_from() takes a Position, not {type(other).__name__}")
        ptr = self._writable()
        self._gen += 1
        errors.check(_lib_.bg_position_copy(ptr, other._handle()))

    # ---- counting ----

    def perft(self, depth: int) -> int:
        """Leaf nodes `depth` plies below this position."""
        if index(depth, "depth") < 0:
            raise ValueError("perft depth must be >= 0")
        ptr = self._handle()
        if not self.is_valid():
            raise self._invalid()
        return int(_lib_.bg_position_perft(ptr, depth))

    def divide(self, depth: int) -> Dict[Move, int]:
        """Perft per legal root move: a dict {Move: nodes} in move order (depth >= 1)."""
        if index(depth, "depth") < 1:
            raise ValueError("divide depth must be >= 1")
        ptr = self._handle()
        cap = max(self._variant.max_moves, 1)
        moves = (ctypes.c_uint32 * cap)()
        counts = (ctypes.c_uint64 * cap)()
        n = _lib_.bg_position_divide(ptr, depth, moves, counts, cap)
        if n == errors.E_INVALID_POSITION:
            raise self._invalid()
        errors.check(n)
        return {self._bind(ptr, moves[i]): counts[i] for i in range(min(n, cap))}


def _unpickle(variant_id: str, text: str, options: Optional[str]) -> Position:
    return Position(variant_id, text, options=options)


def start(variant: Union[str, Variant] = "chess",
          options: Union[str, Mapping[str, Any], None] = None) -> Position:
    """The start position of a variant."""
    return Position(variant, options=options)


__all__ = ["Position", "Piece", "start"]
