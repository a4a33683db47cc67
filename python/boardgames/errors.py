"""Exceptions raised by the binding: one class per library status code, carrying its text and position."""

from __future__ import annotations

from typing import Any, Dict, Optional, Type

from . import _lib

# Status codes of base.h (bg_status); values never change.
OK = 0
E_INVALID_ARGUMENT = -1
E_NO_MEMORY = -2
E_UNKNOWN_VARIANT = -3
E_PARSE = -4
E_ILLEGAL_MOVE = -5
E_AMBIGUOUS_MOVE = -6
E_UNSUPPORTED = -7
E_GAME_OVER = -8
E_NO_MOVE = -9
E_INVALID_POSITION = -10
E_CLAIM_REJECTED = -11
E_LIMIT = -12
E_UNKNOWN_OPTION = -13
E_ENCODING = -14
E_END = -15
E_IO = -16


class BoardGamesError(Exception):
    """A library failure.

    Attributes: code (negative bg_status), message (the library's text), and where it is known
    offset (0-based byte offset in the input), line and column (1-based, 0 = unknown),
    game_index (0-based game in a record file, -1 = unknown) and ply (1-based, 0 = unknown).
    """

    def __init__(self, message: str, code: Optional[int] = None, offset: Optional[int] = None,
                 line: int = 0, column: int = 0, game_index: int = -1, ply: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.offset = offset
        self.line = line
        self.column = column
        self.game_index = game_index
        self.ply = ply

    def __str__(self) -> str:
        # Location facts the library's message does not already state ("game 0, ply 3, ...").
        where = []
        if self.game_index is not None and self.game_index >= 0:
            where.append(f"game {self.game_index}")
        if self.ply:
            where.append(f"ply {self.ply}")
        if self.line:
            where.append(f"line {self.line}")
        if self.column:
            where.append(f"column {self.column}")
        if self.offset:  # 0 is as often "unknown" as "the first byte": not worth printing
            where.append(f"offset {self.offset}")
        where = [w for w in where if w not in self.message]
        return self.message + (f" ({', '.join(where)})" if where else "")


class InvalidArgumentError(BoardGamesError, ValueError):
    """BG_E_INVALID_ARGUMENT: a bad handle, square or value."""


class NoMemoryError(BoardGamesError, MemoryError):
    """BG_E_NO_MEMORY."""


class UnknownVariantError(BoardGamesError, LookupError):
    """BG_E_UNKNOWN_VARIANT: no variant with that id."""


class ParseError(BoardGamesError, ValueError):
    """BG_E_PARSE: malformed text (position, move, record); `offset` points at the fault."""


class InvalidPositionError(ParseError):
    """BG_E_INVALID_POSITION: the text parsed but the position cannot arise."""


class EncodingError(ParseError):
    """BG_E_ENCODING: the text is not valid in the expected encoding."""


class IllegalMoveError(BoardGamesError, ValueError):
    """BG_E_ILLEGAL_MOVE: a well-formed move that is not legal in the position."""


class AmbiguousMoveError(BoardGamesError, ValueError):
    """BG_E_AMBIGUOUS_MOVE: move text that matches several legal moves."""


class UnsupportedError(BoardGamesError, ValueError):
    """BG_E_UNSUPPORTED: a notation, format or option the variant does not have."""


class GameOverError(BoardGamesError):
    """BG_E_GAME_OVER: the game already has a result."""


class NoMoveError(BoardGamesError, IndexError):
    """BG_E_NO_MOVE: nothing to undo, or no such ply."""


class ClaimRejectedError(BoardGamesError):
    """BG_E_CLAIM_REJECTED: a claim the rules do not support here."""


class LimitError(BoardGamesError, ValueError):
    """BG_E_LIMIT: input beyond a documented limit."""


class UnknownOptionError(BoardGamesError, ValueError):
    """BG_E_UNKNOWN_OPTION: option name or value not known for the variant."""


class InputError(BoardGamesError, OSError):
    """BG_E_IO: reading the input failed."""


_CLASSES: Dict[int, Type[BoardGamesError]] = {
    E_INVALID_ARGUMENT: InvalidArgumentError,
    E_NO_MEMORY: NoMemoryError,
    E_UNKNOWN_VARIANT: UnknownVariantError,
    E_PARSE: ParseError,
    E_ILLEGAL_MOVE: IllegalMoveError,
    E_AMBIGUOUS_MOVE: AmbiguousMoveError,
    E_UNSUPPORTED: UnsupportedError,
    E_GAME_OVER: GameOverError,
    E_NO_MOVE: NoMoveError,
    E_INVALID_POSITION: InvalidPositionError,
    E_CLAIM_REJECTED: ClaimRejectedError,
    E_LIMIT: LimitError,
    E_UNKNOWN_OPTION: UnknownOptionError,
    E_ENCODING: EncodingError,
    E_IO: InputError,
}


def strerror(code: int) -> str:
    """The library's static text for a status code."""
    return _lib.lib.bg_strerror(code).decode("utf-8", "replace")


def error_class(code: int) -> Type[BoardGamesError]:
    """The exception class for a status code."""
    return _CLASSES.get(code, BoardGamesError)


def make_error(code: int, err: Any = None, message: Optional[str] = None) -> BoardGamesError:
    """The exception for status `code`, with details from a bg_error (if given and filled in).

    Text preference: the bg_error's message, then `message` (e.g. bg_game_errmsg), then
    bg_strerror(code).
    """
    text = ""
    fields: Dict[str, Any] = {}
    if err is not None:
        text = bytes(err.message).split(b"\0", 1)[0].decode("utf-8", "replace")
        fields = dict(line=err.line, column=err.column, game_index=err.game_index, ply=err.ply)
        # An offset of 0 with no message means "not filled in", not "at the first byte".
        if text or err.offset:
            fields["offset"] = err.offset
    if not text:
        text = message or strerror(code)
    return error_class(code)(text, code=code, **fields)


def check(code: int, err: Any = None, message: Optional[str] = None) -> int:
    """Raise for a negative status; return non-negative values (counts, lengths) unchanged."""
    if code < 0:
        raise make_error(code, err, message)
    return int(code)
