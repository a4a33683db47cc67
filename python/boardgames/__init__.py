"""boardgames — Python binding of libboardgames (ctypes; no compiler needed).

    >>> import boardgames
    >>> with boardgames.Game("chess") as g:
    ...     g.play("e4")
    ...     print(g.fen, g.legal_moves_text("san")[:3])

Chess, xiangqi, lion chess, janggi, the shogi family and Seven Kingdoms, played exactly by their
rules: positions (set up, read, edit, list and play moves, perft), games (history, results,
claims, records), move text in every notation of each game, and pictures.

The library is found through $BOARDGAMES_LIBRARY (full path), then the loader's search path,
then pkg-config.
"""

from . import _lib
from .enums import Outcome, Reason, Side
from .errors import (AmbiguousMoveError, BoardGamesError, ClaimRejectedError, EncodingError,
                     GameOverError, IllegalMoveError, InputError, InvalidArgumentError,
                     InvalidPositionError, LimitError, NoMemoryError, NoMoveError, ParseError,
                     UnknownOptionError, UnknownVariantError, UnsupportedError, strerror)
from .game import Game, Result, Tags, reason_name
from .move import Move, MoveList
from .position import Position, start
from .records import RecordReader, RecordWarning, read_game, read_games
from .variant import (Piece, Variant, VariantSet, define_parents, define_variants, variant,
                      variants)

__version__ = "0.2.0"  # the binding's version; version() is the loaded library's


def version() -> str:
    """Version string of the loaded library ("0.2.0")."""
    return _lib.lib.bg_version().decode()


def version_number() -> int:
    """Version of the loaded library as major * 10000 + minor * 100 + patch."""
    return int(_lib.lib.bg_version_number())


library_path = _lib.path  # where the library was loaded from

__all__ = [
    "AmbiguousMoveError", "BoardGamesError", "ClaimRejectedError", "EncodingError",
    "GameOverError", "IllegalMoveError", "InputError", "InvalidArgumentError", "InvalidPositionError",
    "LimitError", "NoMemoryError", "NoMoveError", "ParseError", "UnknownOptionError",
    "UnknownVariantError", "UnsupportedError", "strerror",
    "Game", "Result", "Tags", "reason_name", "Move", "MoveList", "Piece", "Position", "start",
    "RecordReader", "RecordWarning", "read_game", "read_games", "Variant", "VariantSet",
    "define_parents", "define_variants", "variant", "variants",
    "Outcome", "Reason", "Side", "version", "version_number", "library_path", "__version__",
]
