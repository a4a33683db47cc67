"""Game records: iterate over the games of a record file (PGN, ...) with located errors."""

import ctypes
import weakref

from . import _lib
from . import errors as bgerrors  # the name `errors` is read_games()'s keyword, as in str.decode
from ._util import enc, options_text
from .game import Game
from .variant import owner_of, variant as find_variant

_lib_ = _lib.lib


class RecordReader:
    """Iterator over the games of a record file; see read_games()."""

    def __init__(self, data, variant="chess", format="pgn", options=None, errors="raise"):
        if errors not in ("raise", "yield", "skip"):
            raise ValueError("errors must be 'raise', 'yield' or 'skip'")
        self._errors = errors
        if isinstance(data, str):
            data = data.encode("utf-8")
        data = bytes(data)
        v = find_variant(variant)
        out = ctypes.c_void_p()
        err = _lib.new_error()
        status = _lib_.bg_record_reader_new(ctypes.byref(out), v._ptr, enc(format), data,
                                            len(data), enc(options_text(options)), None,
                                            ctypes.byref(err))
        bgerrors.check(status, err)
        self._ptr = out.value
        self._keep = owner_of(v._ptr)  # a defined variant's set
        self._finalizer = weakref.finalize(self, _lib_.bg_record_reader_free, self._ptr)
        self._last_error = None

    def __iter__(self):
        return self

    def __next__(self):
        """The next Game. An error is raised (errors="raise"; iteration may go on with the next
        game), returned as the item (errors="yield") or passed over (errors="skip")."""
        while True:
            if self._ptr is None:
                raise StopIteration
            out = ctypes.c_void_p()
            err = _lib.new_error()
            status = _lib_.bg_record_reader_next(self._ptr, ctypes.byref(out), ctypes.byref(err))
            if status == bgerrors.E_END:
                self.close()
                raise StopIteration
            if status >= 0:
                self._last_error = None
                return Game._adopt(out.value)
            exc = bgerrors.make_error(status, err)
            where = (status, err.game_index, err.offset, err.line)
            if where == self._last_error:
                # The reader promises to skip a faulty game; never spin if it does not.
                self.close()
                raise exc
            self._last_error = where
            if self._errors == "raise":
                raise exc
            if self._errors == "yield":
                return exc

    def close(self):
        self._finalizer()
        self._ptr = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def read_games(data, variant="chess", format="pgn", options=None, errors="raise"):
    """Iterate over the games of a record file (str or bytes), e.g. a PGN file's contents.

    Errors carry game_index, ply, line and offset. errors="raise" raises them (the iterator can
    be resumed for the games after), "yield" yields the exception in place of the game, "skip"
    passes over faulty games.
    """
    return RecordReader(data, variant, format, options, errors)


def read_game(data, variant="chess", format="pgn", options=None):
    """The first game of a record, or None if it holds none."""
    with RecordReader(data, variant, format, options) as reader:
        return next(reader, None)
