"""boardgames — Python binding of libboardgames (ctypes; no compiler needed).

    >>> import boardgames
    >>> with boardgames.Game("chess") as g:
    ...     g.play("e4")
    ...     print(g.fen, [g.san(m) for m in g.legal_moves][:3])

The library is found through $BOARDGAMES_LIBRARY (full path), then ctypes.util.find_library,
then its SONAME libboardgames.so.0.
"""

from . import _lib
from .errors import (AmbiguousMoveError, BoardGamesError, ClaimRejectedError, EncodingError,
                     GameOverError, IllegalMoveError, InputError, InvalidArgumentError,
                     InvalidPositionError, LimitError, NoMemoryError, NoMoveError, ParseError,
                     UnknownOptionError, UnknownVariantError, UnsupportedError, strerror)
from .game import Game, Result, Tags, reason_name
from .move import Move
from .position import Piece, Position, start
from .records import RecordReader, RecordWarning, read_game, read_games
from .variant import (Variant, VariantSet, define_parents, define_variants, variant,
                      variants)


def version():
    """Version string of the loaded library ("0.2.0")."""
    return _lib.lib.bg_version().decode()


def version_number():
    """Version of the loaded library as major * 10000 + minor * 100 + patch."""
    return _lib.lib.bg_version_number()


library_path = _lib.path  # where the library was loaded from

__all__ = [
    "AmbiguousMoveError", "BoardGamesError", "ClaimRejectedError", "EncodingError",
    "GameOverError", "IllegalMoveError", "InputError", "InvalidArgumentError", "InvalidPositionError",
    "LimitError", "NoMemoryError", "NoMoveError", "ParseError", "UnknownOptionError",
    "UnknownVariantError", "UnsupportedError", "strerror",
    "Game", "Result", "Tags", "reason_name", "Move", "Piece", "Position", "start",
    "RecordReader", "RecordWarning", "read_game", "read_games", "Variant", "VariantSet",
    "define_parents", "define_variants", "variant", "variants",
    "version", "version_number", "library_path",
]
