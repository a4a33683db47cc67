"""Game: a start position plus the moves played, with undo, results, claims, actions, tags and export."""

from __future__ import annotations

import array
import ctypes
import weakref
from collections.abc import MutableMapping
from typing import Any, Iterator, List, Mapping, NamedTuple, Optional, Tuple, Union

from . import _lib
from . import errors
from ._util import dec, enc, flags, index, name, options_text, text_call
from .enums import Outcome, Reason, Side
from .move import Move, MoveList, _move_classes
from .position import MoveLike, Position, _is_chess960
from .variant import SideLike, Variant, _wrap, owner_of, variant as find_variant

_lib_ = _lib.lib

OUTCOMES = ("ongoing", "win", "draw")
_OUTCOME = (Outcome.ONGOING, Outcome.WIN, Outcome.DRAW)


def reason_name(reason: int) -> str:
    """Name of a bg_reason value ("checkmate", ...; "" for none)."""
    text = _lib_.bg_reason_name(index(reason, "reason"))
    if text is None:
        raise ValueError(f"unknown reason {reason}")
    return dec(text) or ""


def reason_value(reason: Union[int, str]) -> int:
    """bg_reason value for a name (a Reason member is one) or a value."""
    if isinstance(reason, str):
        value = _lib_.bg_reason_find(enc(reason.lower()))
        if value < 0:
            raise ValueError(f"unknown reason {reason!r}")
        return int(value)
    reason_name(reason)  # validates
    return int(reason)


def _reasons(mask: int) -> List[Reason]:
    return [Reason.from_code(i) for i in range(64) if mask >> i & 1]


class _ResultTuple(NamedTuple):
    outcome: Outcome
    winners: List[str]
    reason: Reason


class Result(_ResultTuple):
    """Adjudication of a game: its outcome (Outcome), the winning side ids and the reason (Reason).

    It compares equal to a plain tuple of strings, ``("win", ["white"], "checkmate")``;
    winner_sides gives the winners as Side members.
    """

    _sides: Tuple[Side, ...]

    @property
    def is_over(self) -> bool:
        return self.outcome != Outcome.ONGOING

    @property
    def winner_sides(self) -> Tuple[Side, ...]:
        """The winners as members of the variant's Side enum."""
        return self._sides

    def __str__(self) -> str:
        if not self.is_over:
            return "ongoing"
        who = " " + ", ".join(self.winners) if self.winners else ""
        return f"{self.outcome}{who} by {self.reason}" if self.reason else f"{self.outcome}{who}"


def _result(outcome: Outcome, winners: List[str], reason: Reason, sides: Tuple[Side, ...]) -> Result:
    r = Result(outcome, winners, reason)
    r._sides = sides
    return r


class Tags(MutableMapping):  # type: ignore[type-arg]
    """The game's tags (PGN tag pairs) as a dict-like view in insertion order."""

    def __init__(self, game: "Game") -> None:
        self._game = game

    def __getitem__(self, key: str) -> str:
        value = _lib_.bg_game_tag(self._game._handle(), enc(key, "tag"))
        if value is None:
            raise KeyError(key)
        return dec(value) or ""

    def __setitem__(self, key: str, value: str) -> None:
        self._game._change(_lib_.bg_game_set_tag, enc(key, "tag"), enc(value, "tag value"),
                           moves=False)

    def __delitem__(self, key: str) -> None:
        if key not in self:
            raise KeyError(key)
        self._game._change(_lib_.bg_game_set_tag, enc(key, "tag"), None, moves=False)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and _lib_.bg_game_tag(self._game._handle(), enc(key)) is not None

    def __len__(self) -> int:
        return int(_lib_.bg_game_tag_count(self._game._handle()))

    def __iter__(self) -> Iterator[str]:
        g = self._game._handle()
        return iter([dec(_lib_.bg_game_tag_key(g, i)) or ""
                     for i in range(_lib_.bg_game_tag_count(g))])

    def __repr__(self) -> str:
        return f"Tags({dict(self.items())!r})"


class Game:
    """A game of a variant: Game("chess"), or from a position: Game("chess", fen="...").

    Use it in a with-block or call close() to free it at once; otherwise it is freed when
    collected. Failed calls raise BoardGamesError subclasses with the library's message.
    """

    def __init__(self, variant: Union[str, Variant] = "chess", text: Optional[str] = None, *,
                 fen: Optional[str] = None, format: Optional[str] = None,
                 options: Union[str, Mapping[str, Any], None] = None, lenient: bool = False) -> None:
        if text is not None and fen is not None:
            raise TypeError("give the position as text or fen, not both")
        text = fen if text is None else text
        v = find_variant(variant)
        opts = options_text(options)
        out = ctypes.c_void_p()
        err = _lib.new_error()
        if text is None:
            status = _lib_.bg_game_new(ctypes.byref(out), v._ptr, enc(opts, "options"), None,
                                       ctypes.byref(err))
        else:
            status = _lib_.bg_game_new_from_text(ctypes.byref(out), v._ptr,
                                                 enc(text, "position text"),
                                                 name(format, "format"), enc(opts, "options"),
                                                 flags(lenient), None, ctypes.byref(err))
        errors.check(status, err)
        self._init(out.value or 0, v, opts)

    def _init(self, ptr: int, v: Variant, options: Optional[str]) -> None:
        self._ptr: Optional[int] = ptr
        self._variant = _wrap(_lib_.bg_game_variant(ptr))  # a twin when options change the board
        self._options = options
        self._c960 = _is_chess960(options)
        self._keep = owner_of(_lib_.bg_game_variant(ptr))  # a defined variant's set
        self._finalizer = weakref.finalize(self, _lib_.bg_game_free, ptr)
        self._stamp = 0  # bumped by every move played or taken back: position views check it

    @classmethod
    def _adopt(cls, ptr: int, v: Optional[Variant] = None, options: Optional[str] = None) -> "Game":
        obj = cls.__new__(cls)
        obj._init(ptr, v if v is not None else _wrap(_lib_.bg_game_variant(ptr)), options)
        return obj

    # ---- lifetime ----

    def _handle(self) -> int:
        if self._ptr is None:
            raise errors.BoardGamesError("game used after close()")
        return self._ptr

    def close(self) -> None:
        """Free the game now. Idempotent; views of its positions become unusable."""
        self._finalizer()
        self._ptr = None

    @property
    def closed(self) -> bool:
        return self._ptr is None

    def __enter__(self) -> "Game":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def copy(self) -> "Game":
        """An independent copy of the game (history, tags, result)."""
        out = ctypes.c_void_p()
        errors.check(_lib_.bg_game_clone(ctypes.byref(out), self._handle()))
        return Game._adopt(out.value or 0, self._variant, self._options)

    __copy__ = copy

    def __repr__(self) -> str:
        if self.closed:
            return "<Game closed>"
        return f"<Game {self._variant.id} ply={self.ply} {self.fen!r} {self.result()}>"

    # ---- pictures ----

    def svg(self, **options: Any) -> str:
        """The current position as SVG (Position.svg), its last move highlighted unless
        lastmove= is given."""
        g = self._handle()
        n = _lib_.bg_game_ply_count(g)
        if "lastmove" not in options and n > 0:
            m = _lib_.bg_game_move_at(g, n - 1)
            v = self._variant
            if not _lib_.bg_move_is_pass(m):
                to = v.square_names[_lib_.bg_move_to(m)]
                options["lastmove"] = ("X*" + to if _lib_.bg_move_is_drop(m)
                                       else v.square_names[_lib_.bg_move_from(m)] + to)
        return self.position.svg(**options)

    def _repr_svg_(self) -> str:
        """Jupyter shows games as the picture of their current position."""
        return self.svg()

    # ---- errors ----

    def _raise(self, status: int) -> None:
        err_ptr = _lib_.bg_game_error(self._ptr)
        err = err_ptr.contents if err_ptr else None
        raise errors.make_error(status, err, dec(_lib_.bg_game_errmsg(self._ptr)))

    def _change(self, fn: Any, *args: Any, moves: bool = True) -> int:
        """Call a mutating function; one that plays or takes back moves ends position views."""
        g = self._handle()
        status = fn(g, *args)
        if moves and (status >= 0 or self._position_changed_anyway(fn)):
            self._stamp += 1
        if status < 0:
            self._raise(status)
        return int(status)

    def _position_changed_anyway(self, fn: Any) -> bool:
        # A claim "by the next move" plays the move even when the claim is rejected.
        return fn is _lib_.bg_game_claim

    # ---- state ----

    @property
    def variant(self) -> Variant:
        return self._variant

    @property
    def position(self) -> Position:
        """The current position: a read-only live view, valid until a move is played or taken
        back (copy() to keep it). Its legal moves are the rules' moves, also once the game is over."""
        self._handle()
        return Position._borrow(self)

    @property
    def start_position(self) -> Position:
        """The position the game started from (a read-only view, valid while the game is open)."""
        self._handle()
        return Position._borrow(self, start=True)

    @property
    def fen(self) -> str:
        return self.text()

    def text(self, format: Optional[str] = None) -> str:
        return text_call(_lib_.bg_position_text, _lib_.bg_game_position(self._handle()),
                         name(format, "format"))

    @property
    def turn(self) -> Side:
        """The side to move (a member of variant.Side)."""
        return self._variant.Side(_lib_.bg_position_side_to_move(
            _lib_.bg_game_position(self._handle())))

    @property
    def turn_id(self) -> str:
        return self._variant.sides[self.turn]

    def is_check(self) -> bool:
        return bool(_lib_.bg_position_in_check(_lib_.bg_game_position(self._handle())))

    @property
    def legal_moves(self) -> MoveList:
        """The moves that may be played now: empty once the game is over (checkmate, a claim, a
        resignation...); game.position.legal_moves still lists the rules' moves."""
        g = self._handle()
        if _lib_.bg_game_outcome(g) != 0:
            plain, castle = _move_classes(self._variant)
            return MoveList(array.array("I"), plain, castle)
        return self.position._move_list(int(_lib_.bg_game_position(g)))

    @property
    def ply(self) -> int:
        """Number of plies played."""
        return int(_lib_.bg_game_ply_count(self._handle()))

    @property
    def moves(self) -> List[Move]:
        """The moves of the main line, as a list of Move."""
        g = self._handle()
        n = _lib_.bg_game_ply_count(g)
        values = [_lib_.bg_game_move_at(g, i) for i in range(n)]
        plain, castle = _move_classes(self._variant)
        cands = self._variant._castle_candidates
        if not cands or self._c960 or not any(v in cands for v in values):
            return [plain(v) for v in values]
        # Castling is known from the moves' text (the king's own square, not the rook's).
        texts = self.move_text("uci")
        return [castle(v) if v in cands and t != plain(v).text() else plain(v)
                for v, t in zip(values, texts)]

    def move_text(self, notation: Optional[str] = "san") -> List[str]:
        """The main line as a list of move texts in `notation` (one library call)."""
        text = text_call(_lib_.bg_game_line_text, self._handle(), name(notation, "notation"))
        return text.split(" ") if text else []

    # ---- notation (on the current position) ----

    def san(self, move: MoveLike) -> str:
        return self.position.san(move)

    def uci(self, move: MoveLike) -> str:
        return self.position.uci(move)

    def format(self, move: MoveLike, notation: Optional[str] = None) -> str:
        return self.position.format(move, notation)

    def parse(self, text: str, notation: Optional[str] = None, lenient: bool = False) -> Move:
        return self.position.parse(text, notation, lenient)

    def legal_moves_text(self, notation: Optional[str] = None) -> List[str]:
        """The texts of legal_moves in a notation (empty once the game is over)."""
        if _lib_.bg_game_outcome(self._handle()) != 0:
            return []
        return self.position.legal_moves_text(notation)

    def perft(self, depth: int) -> int:
        return self.position.perft(depth)

    # ---- playing ----

    def play(self, move: MoveLike, notation: Optional[str] = None, lenient: bool = False) -> Move:
        """Play a Move or move text in any notation the variant knows; returns the Move played.

        Raises IllegalMoveError (naming the move), ParseError, AmbiguousMoveError or
        GameOverError with the library's message; the game is unchanged then. TypeError for a
        move that is neither a Move (int) nor text.
        """
        g = self._handle()
        if isinstance(move, str):
            self._change(_lib_.bg_game_play_text, enc(move), name(notation, "notation"),
                         flags(lenient))
            value = _lib_.bg_game_move_at(g, _lib_.bg_game_ply_count(g) - 1)
            return self._bind_played(value)
        if isinstance(move, bool) or not isinstance(move, int):
            raise TypeError(f"a move is a Move (an int) or move text, not {type(move).__name__}")
        value = int(move)
        if not isinstance(move, Move) or move.variant is not self._variant:
            move = self.position._bind(int(_lib_.bg_game_position(g)), value)
        status = _lib_.bg_game_play(g, value)
        if status < 0:
            self._raise(status)
        self._stamp += 1
        return move

    def _bind_played(self, value: int) -> Move:
        """The Move just played (castling known from the position before it)."""
        plain, castle = _move_classes(self._variant)
        if value in self._variant._castle_candidates and not self._c960:
            return self.moves[-1]
        return plain(value)  # type: ignore[no-any-return]

    def undo(self) -> Optional[Move]:
        """Take back the last move; returns it. NoMoveError when there is none."""
        g = self._handle()
        n = _lib_.bg_game_ply_count(g)
        last = self._bind_played(_lib_.bg_game_move_at(g, n - 1)) if n > 0 else None
        self._change(_lib_.bg_game_undo)
        return last

    # ---- results, claims, actions ----

    def result(self) -> Result:
        g = self._handle()
        outcome = _OUTCOME[_lib_.bg_game_outcome(g)]
        mask = _lib_.bg_game_winners(g)
        v = self._variant
        sides = tuple(v.Side(i) for i in range(len(v.sides)) if mask >> i & 1)
        return _result(outcome, [v.sides[s] for s in sides], Reason.from_code(_lib_.bg_game_reason(g)),
                       sides)

    def is_over(self) -> bool:
        return _lib_.bg_game_outcome(self._handle()) != 0

    def claims(self) -> List[Reason]:
        """Reasons the side to move may claim now (e.g. [Reason.THREEFOLD_REPETITION])."""
        return _reasons(_lib_.bg_game_claims(self._handle()))

    def claims_after(self, move: MoveLike) -> List[Reason]:
        """Reasons that playing `move` (Move or text) would allow claiming."""
        m = self.parse(move) if isinstance(move, str) else self.position._value(move)
        return _reasons(_lib_.bg_game_claims_after(self._handle(), m))

    def claim(self, reason: Union[int, str], move: Optional[MoveLike] = None) -> bool:
        """Claim a draw by `reason` (name, Reason or value), optionally "by the next move".

        With a move, the move is played first and stands even if the claim fails (FIDE 9.2/9.3).
        Returns True if the claim ended the game, False if the rules reject it.
        """
        r = reason_value(reason)
        m = 0 if move is None else (self.parse(move) if isinstance(move, str)
                                    else self.position._value(move))
        try:
            self._change(_lib_.bg_game_claim, r, m, moves=m != 0)
        except errors.ClaimRejectedError:
            return False
        return True

    # Per-side statistics of bg_game_stat(), by name.
    STATS = {"captured": 1, "lost": 2, "eliminated": 3, "conquered": 4, "commander": 5}

    def score(self, side: SideLike) -> Optional[float]:
        """`side`'s score by the variant's counting rule (janggi, shogi impasse points) as a
        float, or None for a variant without counting."""
        r = _lib_.bg_game_score(self._handle(), self._variant.side_index(side))
        if r == errors.E_UNSUPPORTED:
            return None
        if r < 0:
            raise errors.make_error(r)
        return float(r) / 10

    def stat(self, side: SideLike, which: str) -> int:
        """A per-side statistic: "captured", "lost", "eliminated", "conquered" or "commander"."""
        if which not in self.STATS:
            raise ValueError("unknown statistic %r (one of %s)" % (which, ", ".join(self.STATS)))
        r = _lib_.bg_game_stat(self._handle(), self._variant.side_index(side), self.STATS[which])
        if r < 0:
            raise errors.make_error(r)
        return int(r)

    def resign(self, side: Optional[SideLike] = None) -> None:
        """`side` (index, Side or id; default the side to move) resigns."""
        s = self.turn if side is None else self._variant.side_index(side)
        self._change(_lib_.bg_game_resign, int(s), moves=False)

    def agree_draw(self) -> None:
        self._change(_lib_.bg_game_agree_draw, moves=False)

    # ---- tags and annotations ----

    @property
    def tags(self) -> Tags:
        return Tags(self)

    def comment(self, ply: Optional[int] = None) -> Optional[str]:
        """Comment after ply `ply` (0 = before the first move; default the last ply), or None."""
        ply = self.ply if ply is None else index(ply, "ply")
        return dec(_lib_.bg_game_comment(self._handle(), ply))

    def set_comment(self, ply: int, text: str) -> None:
        self._change(_lib_.bg_game_set_comment, index(ply, "ply"), enc(text, "comment"),
                     moves=False)

    def nags(self, ply: int) -> List[int]:
        g = self._handle()
        ply = index(ply, "ply")
        return [_lib_.bg_game_nag_at(g, ply, i) for i in range(_lib_.bg_game_nag_count(g, ply))]

    def add_nag(self, ply: int, nag: int) -> None:
        self._change(_lib_.bg_game_add_nag, index(ply, "ply"), index(nag, "nag"), moves=False)

    def variations(self, ply: int) -> List[str]:
        g = self._handle()
        ply = index(ply, "ply")
        return [dec(_lib_.bg_game_variation_at(g, ply, i)) or ""
                for i in range(_lib_.bg_game_variation_count(g, ply))]

    def add_variation(self, ply: int, text: str) -> None:
        self._change(_lib_.bg_game_add_variation, index(ply, "ply"), enc(text, "variation"),
                     moves=False)

    # ---- records ----

    def export(self, format: str = "pgn") -> str:
        """The game as a record in `format` (export PGN for chess)."""
        return text_call(_lib_.bg_game_export, self._handle(), name(format, "format"))

    @property
    def memory(self) -> int:
        """Bytes the game handle uses now."""
        return int(_lib_.bg_game_memory(self._handle()))


__all__ = ["Game", "Result", "Tags", "reason_name", "Outcome", "Reason"]
