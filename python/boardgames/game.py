"""Game: a start position plus the moves played, with undo, results, claims, actions, tags and export."""

import ctypes
import weakref
from collections.abc import MutableMapping
from typing import NamedTuple

from . import _lib
from . import errors
from ._util import dec, enc, flags, options_text, text_call
from .move import Move
from .position import Position
from .variant import _wrap, owner_of, variant as find_variant

_lib_ = _lib.lib

OUTCOMES = ("ongoing", "win", "draw")


def reason_name(reason):
    """Name of a bg_reason value ("checkmate", ...; "" for none)."""
    name = _lib_.bg_reason_name(reason)
    if name is None:
        raise ValueError(f"unknown reason {reason}")
    return dec(name)


def reason_value(reason):
    """bg_reason value for a name or a value."""
    if isinstance(reason, int):
        reason_name(reason)  # validates
        return reason
    value = _lib_.bg_reason_find(enc(reason))
    if value < 0:
        raise ValueError(f"unknown reason {reason!r}")
    return value


def _reason_names(mask):
    return [reason_name(i) for i in range(64) if mask >> i & 1]


class Result(NamedTuple):
    """Adjudication of a game: outcome "ongoing" | "win" | "draw", the winning side ids, the reason."""

    outcome: str
    winners: list
    reason: str

    @property
    def is_over(self):
        return self.outcome != "ongoing"

    def __str__(self):
        if not self.is_over:
            return "ongoing"
        who = " " + ", ".join(self.winners) if self.winners else ""
        return f"{self.outcome}{who} by {self.reason}" if self.reason else f"{self.outcome}{who}"


class Tags(MutableMapping):
    """The game's tags (PGN tag pairs) as a dict-like view in insertion order."""

    def __init__(self, game):
        self._game = game

    def __getitem__(self, key):
        value = _lib_.bg_game_tag(self._game._handle(), enc(key))
        if value is None:
            raise KeyError(key)
        return dec(value)

    def __setitem__(self, key, value):
        self._game._change(_lib_.bg_game_set_tag, enc(key), enc(value))

    def __delitem__(self, key):
        if key not in self:
            raise KeyError(key)
        self._game._change(_lib_.bg_game_set_tag, enc(key), None)

    def __contains__(self, key):
        return isinstance(key, str) and _lib_.bg_game_tag(self._game._handle(), enc(key)) is not None

    def __len__(self):
        return _lib_.bg_game_tag_count(self._game._handle())

    def __iter__(self):
        g = self._game._handle()
        return iter([dec(_lib_.bg_game_tag_key(g, i)) for i in range(_lib_.bg_game_tag_count(g))])

    def __repr__(self):
        return f"Tags({dict(self.items())!r})"


class Game:
    """A game of a variant: Game("chess"), or from a position: Game("chess", fen="...").

    Use it in a with-block or call close() to free it at once; otherwise it is freed when
    collected. Failed calls raise BoardGamesError subclasses with the library's message.
    """

    def __init__(self, variant="chess", text=None, *, fen=None, format=None, options=None,
                 lenient=False):
        if text is not None and fen is not None:
            raise TypeError("give the position as text or fen, not both")
        text = fen if text is None else text
        v = find_variant(variant)
        out = ctypes.c_void_p()
        err = _lib.new_error()
        if text is None:
            status = _lib_.bg_game_new(ctypes.byref(out), v._ptr, enc(options_text(options)),
                                       None, ctypes.byref(err))
        else:
            status = _lib_.bg_game_new_from_text(ctypes.byref(out), v._ptr, enc(text), enc(format),
                                                 enc(options_text(options)), flags(lenient),
                                                 None, ctypes.byref(err))
        errors.check(status, err)
        self._init(out.value)

    def _init(self, ptr):
        self._ptr = ptr
        self._keep = owner_of(_lib_.bg_game_variant(ptr))  # a defined variant's set
        self._finalizer = weakref.finalize(self, _lib_.bg_game_free, ptr)
        self._stamp = 0  # bumped by every change: borrowed positions check it

    @classmethod
    def _adopt(cls, ptr):
        obj = cls.__new__(cls)
        obj._init(ptr)
        return obj

    # ---- lifetime ----

    def _handle(self):
        if self._ptr is None:
            raise errors.BoardGamesError("game used after close()")
        return self._ptr

    def close(self):
        """Free the game now. Idempotent; views of its positions become unusable."""
        self._finalizer()
        self._ptr = None

    @property
    def closed(self):
        return self._ptr is None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def copy(self):
        """An independent copy of the game (history, tags, result)."""
        out = ctypes.c_void_p()
        errors.check(_lib_.bg_game_clone(ctypes.byref(out), self._handle()))
        return Game._adopt(out.value)

    __copy__ = copy

    def __repr__(self):
        if self.closed:
            return "<Game closed>"
        return f"<Game {self.variant.id} ply={self.ply} {self.fen!r} {self.result()}>"

    # ---- pictures ----

    def svg(self, **options):
        """The current position as SVG (Position.svg), its last move highlighted unless
        lastmove= is given."""
        g = self._handle()
        n = _lib_.bg_game_ply_count(g)
        if "lastmove" not in options and n > 0:
            m = _lib_.bg_game_move_at(g, n - 1)
            v = self.variant
            if not _lib_.bg_move_is_pass(m):
                to = v.square_text(_lib_.bg_move_to(m))
                options["lastmove"] = ("X*" + to if _lib_.bg_move_is_drop(m)
                                       else v.square_text(_lib_.bg_move_from(m)) + to)
        return self.position.svg(**options)

    def _repr_svg_(self):
        """Jupyter shows games as the picture of their current position."""
        return self.svg()

    # ---- errors ----

    def _raise(self, status):
        err_ptr = _lib_.bg_game_error(self._ptr)
        err = err_ptr.contents if err_ptr else None
        raise errors.make_error(status, err, dec(_lib_.bg_game_errmsg(self._ptr)))

    def _change(self, fn, *args):
        """Call a mutating function; any change invalidates borrowed position views."""
        g = self._handle()
        self._stamp += 1
        status = fn(g, *args)
        if status < 0:
            self._raise(status)
        return status

    # ---- state ----

    @property
    def variant(self):
        return _wrap(_lib_.bg_game_variant(self._handle()))

    @property
    def position(self):
        """The current position: a read-only view, valid until the game changes (copy() to keep)."""
        return Position._borrow(_lib_.bg_game_position(self._handle()), self)

    @property
    def start_position(self):
        """The position the game started from (read-only view, like .position)."""
        return Position._borrow(_lib_.bg_game_start_position(self._handle()), self)

    @property
    def fen(self):
        return self.position.text()

    def text(self, format=None):
        return self.position.text(format)

    @property
    def turn(self):
        return self.position.turn

    @property
    def turn_id(self):
        return self.position.turn_id

    def is_check(self):
        return self.position.is_check()

    @property
    def legal_moves(self):
        """Legal moves of the current position by the rules of movement.

        Empty after checkmate or stalemate; after a resignation, an agreement or a claim they
        are still listed, but play() raises GameOverError (see result()).
        """
        return self.position.legal_moves

    @property
    def ply(self):
        """Number of plies played."""
        return _lib_.bg_game_ply_count(self._handle())

    @property
    def moves(self):
        """The moves of the main line, as a list of Move."""
        g = self._handle()
        return [Move(_lib_.bg_game_move_at(g, i)) for i in range(_lib_.bg_game_ply_count(g))]

    def move_text(self, notation="san"):
        """The main line as a list of move texts in `notation`."""
        with self.start_position.copy() as p:
            out = []
            for m in self.moves:
                out.append(p.format(m, notation))
                p.play(m)
            return out

    # ---- notation (on the current position) ----

    def san(self, move):
        return self.position.san(move)

    def uci(self, move):
        return self.position.uci(move)

    def format(self, move, notation=None):
        return self.position.format(move, notation)

    def parse(self, text, notation=None, lenient=False):
        return self.position.parse(text, notation, lenient)

    def perft(self, depth):
        return self.position.perft(depth)

    # ---- playing ----

    def play(self, move, notation=None, lenient=False):
        """Play a Move or move text in any notation the variant knows; returns the Move played.

        Raises IllegalMoveError, ParseError, AmbiguousMoveError or GameOverError with the
        library's message; the game is unchanged then.
        """
        if isinstance(move, str):
            self._change(_lib_.bg_game_play_text, enc(move), enc(notation), flags(lenient))
        else:
            self._change(_lib_.bg_game_play, int(move))
        return Move(_lib_.bg_game_move_at(self._ptr, self.ply - 1))

    def undo(self):
        """Take back the last move; returns it. NoMoveError when there is none."""
        g = self._handle()
        n = _lib_.bg_game_ply_count(g)
        last = Move(_lib_.bg_game_move_at(g, n - 1)) if n > 0 else None
        self._change(_lib_.bg_game_undo)
        return last

    # ---- results, claims, actions ----

    def result(self):
        g = self._handle()
        outcome = _lib_.bg_game_outcome(g)
        mask = _lib_.bg_game_winners(g)
        sides = self.variant.sides
        winners = [sides[i] for i in range(len(sides)) if mask >> i & 1]
        return Result(OUTCOMES[outcome], winners, reason_name(_lib_.bg_game_reason(g)))

    def is_over(self):
        return _lib_.bg_game_outcome(self._handle()) != 0

    def claims(self):
        """Reasons the side to move may claim now (e.g. ["threefold-repetition"])."""
        return _reason_names(_lib_.bg_game_claims(self._handle()))

    def claims_after(self, move):
        """Reasons that playing `move` (Move or text) would allow claiming."""
        m = self.parse(move) if isinstance(move, str) else int(move)
        return _reason_names(_lib_.bg_game_claims_after(self._handle(), m))

    def claim(self, reason, move=None):
        """Claim a draw by `reason` (name or value), optionally "by the next move".

        With a move, the move is played first and stands even if the claim fails (FIDE 9.2/9.3).
        Returns True if the claim ended the game, False if the rules reject it.
        """
        r = reason_value(reason)
        m = 0 if move is None else (self.parse(move) if isinstance(move, str) else int(move))
        try:
            self._change(_lib_.bg_game_claim, r, m)
        except errors.ClaimRejectedError:
            return False
        return True

    # Per-side statistics of bg_game_stat(), by name.
    STATS = {"captured": 1, "lost": 2, "eliminated": 3, "conquered": 4, "commander": 5}

    def score(self, side):
        """`side`'s score by the variant's counting rule (janggi, shogi impasse points) as a
        float, or None for a variant without counting."""
        r = _lib_.bg_game_score(self._handle(), self.variant.side_index(side))
        if r == -7:  # BG_E_UNSUPPORTED
            return None
        if r < 0:
            raise errors.make_error(r)
        return r / 10

    def stat(self, side, which):
        """A per-side statistic: "captured", "lost", "eliminated", "conquered" or "commander"."""
        if which not in self.STATS:
            raise ValueError("unknown statistic %r (one of %s)" % (which, ", ".join(self.STATS)))
        r = _lib_.bg_game_stat(self._handle(), self.variant.side_index(side), self.STATS[which])
        if r < 0:
            raise errors.make_error(r)
        return r

    def resign(self, side=None):
        """`side` (index or id; default the side to move) resigns."""
        s = self.turn if side is None else self.variant.side_index(side)
        self._change(_lib_.bg_game_resign, s)

    def agree_draw(self):
        self._change(_lib_.bg_game_agree_draw)

    # ---- tags and annotations ----

    @property
    def tags(self):
        return Tags(self)

    def comment(self, ply=None):
        """Comment after ply `ply` (0 = before the first move; default the last ply), or None."""
        ply = self.ply if ply is None else ply
        return dec(_lib_.bg_game_comment(self._handle(), ply))

    def set_comment(self, ply, text):
        self._change(_lib_.bg_game_set_comment, ply, enc(text))

    def nags(self, ply):
        g = self._handle()
        return [_lib_.bg_game_nag_at(g, ply, i) for i in range(_lib_.bg_game_nag_count(g, ply))]

    def add_nag(self, ply, nag):
        self._change(_lib_.bg_game_add_nag, ply, nag)

    def variations(self, ply):
        g = self._handle()
        return [dec(_lib_.bg_game_variation_at(g, ply, i))
                for i in range(_lib_.bg_game_variation_count(g, ply))]

    def add_variation(self, ply, text):
        self._change(_lib_.bg_game_add_variation, ply, enc(text))

    # ---- records ----

    def export(self, format="pgn"):
        """The game as a record in `format` (export PGN for chess)."""
        return text_call(_lib_.bg_game_export, self._handle(), enc(format))

    @property
    def memory(self):
        """Bytes the game handle uses now."""
        return _lib_.bg_game_memory(self._handle())
