"""Game records: the games of a record file (PGN, KIF, CSA, ...) read lazily, in constant memory.

The source may be a path, an open binary file, bytes, or the record text itself; compressed
files (gzip, bzip2, xz, zstd) are read as they are decompressed. A game with an error is reported
(a warning by default, or a callback) and reading goes on with the next one.
"""

import bz2
import ctypes
import gzip
import io
import lzma
import os
import shutil
import subprocess
import warnings
import weakref
from typing import IO, Any, Callable, List, Mapping, Optional, Tuple, Union, cast

from . import _lib
from . import errors as bgerrors  # the name `errors` is read_games()'s keyword, as in str.decode
from ._util import enc, options_text
from .game import Game
from .variant import Variant, owner_of, variant as find_variant

# A record: a path, an open binary file, bytes, or the record text itself.
Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes]]
Options = Union[str, Mapping[str, Any], None]

_lib_ = _lib.lib

LENIENT = 1      # BG_RECORD_LENIENT: the dialects real files carry
MOVES_ONLY = 2   # BG_RECORD_MOVES_ONLY: main line, start and result only
KEEP_MOVES = 4   # BG_RECORD_KEEP_MOVES: a game with a bad move keeps the moves before it

_READ_FN = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)
_SEEK_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_uint64)


class RecordWarning(UserWarning):
    """A game of a record file was skipped; `.error` is the BoardGamesError saying where and why."""

    def __init__(self, error: bgerrors.BoardGamesError) -> None:
        super().__init__(str(error))
        self.error = error


_MAGIC = (
    (b"\x1f\x8b", "gzip"),
    (b"BZh", "bzip2"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"\x28\xb5\x2f\xfd", "zstd"),
)


def _compression(head: bytes) -> Optional[str]:
    for magic, name in _MAGIC:
        if head.startswith(magic):
            return name
    return None


def _zstd_reader(f: Any) -> Tuple[Any, Any]:
    """A zstd stream: the zstandard module if it is there, else the zstd program."""
    try:
        import zstandard  # type: ignore  # Debian: python3-zstandard
        return zstandard.ZstdDecompressor().stream_reader(f, read_across_frames=True), None
    except ImportError:
        pass
    exe = shutil.which("zstd")
    if not exe:
        raise bgerrors.UnsupportedError("a zstd file needs the zstandard module or the zstd program")
    try:
        fd = f.fileno()
        pos = f.tell()
    except (OSError, AttributeError, io.UnsupportedOperation):
        fd = None
    if fd is not None:
        os.lseek(fd, pos, os.SEEK_SET)  # where the buffered file really is
        proc = subprocess.Popen([exe, "-dcq"], stdin=fd, stdout=subprocess.PIPE)
        return proc.stdout, proc
    proc = subprocess.Popen([exe, "-dcq"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    stdin: Any = proc.stdin

    def pump() -> None:
        try:
            shutil.copyfileobj(f, stdin)
        except (BrokenPipeError, OSError):
            pass
        finally:
            stdin.close()

    import threading
    threading.Thread(target=pump, daemon=True).start()
    return proc.stdout, proc


def _decompressed(f: Any, kind: str) -> Tuple[Any, Any]:
    if kind == "gzip":
        return gzip.GzipFile(fileobj=f, mode="rb"), None
    if kind == "bzip2":
        return bz2.BZ2File(f, mode="rb"), None
    if kind == "xz":
        return lzma.LZMAFile(f, mode="rb"), None
    return _zstd_reader(f)


def _peek(f: Any, n: int = 8) -> Tuple[bytes, Any]:
    """The first bytes of a binary file, without losing them (seek back or a peek buffer)."""
    if hasattr(f, "peek"):
        return f.peek(n)[:n], f
    if f.seekable():
        pos = f.tell()
        head = f.read(n)
        f.seek(pos)
        return head, f
    head = f.read(n)
    return head, io.BufferedReader(_Prefixed(head, f))


class _Prefixed(io.RawIOBase):
    """A raw stream: some bytes already read, then the rest of a file."""

    def __init__(self, head: bytes, f: Any) -> None:
        self._head, self._f = head, f

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        if self._head:
            n = min(len(b), len(self._head))
            b[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._f.read(len(b))
        b[:len(data)] = data
        return len(data)


def _is_path(source: Any) -> bool:
    if isinstance(source, os.PathLike):
        return True
    if isinstance(source, str):
        # Record text has line breaks or brackets; a path names a file that is there.
        return "\n" not in source and os.path.isfile(source)
    return False


class RecordReader:
    """Iterator over the games of a record file; see read_games()."""

    def __init__(self, source: Source, variant: Union[str, Variant] = "chess",
                 format: Optional[str] = None, options: Options = None, errors: str = "warn",
                 on_error: Optional[Callable[[bgerrors.BoardGamesError], Any]] = None,
                 lenient: bool = True, moves_only: bool = False,
                 byte_range: Optional[Tuple[int, Optional[int]]] = None,
                 keep_moves: bool = False) -> None:
        if errors not in ("raise", "warn", "yield", "skip"):
            raise ValueError("errors must be 'raise', 'warn', 'yield' or 'skip'")
        if on_error is not None and not callable(on_error):
            raise TypeError("on_error must be callable")
        self._errors, self._on_error = errors, on_error
        self._keep: List[Any] = []        # what the C reader reads from: must outlive it
        self._closers: List[Callable[[], Any]] = []
        self._callback_error: Optional[BaseException] = None
        self._ptr: Optional[int] = None
        v = find_variant(variant)
        self._variant, self._options_text = v, options_text(options)
        flags = ((LENIENT if lenient else 0) | (MOVES_ONLY if moves_only else 0) |
                 (KEEP_MOVES if keep_moves else 0))
        out = ctypes.c_void_p()
        err = _lib.new_error()
        try:
            status = self._open(source, v, format, options, flags, out, err)
            bgerrors.check(status, err)
            self._ptr = out.value
            self._keep.append(owner_of(v._ptr))  # a defined variant's set
            self._finalizer = weakref.finalize(self, _free, cast(int, out.value), list(self._closers))
            if byte_range is not None:
                start, end = byte_range
                if start < 0 or (end is not None and end < start):
                    raise ValueError("byte_range must be (start, end) with 0 <= start <= end")
                if end is not None and end == start:
                    self.close()  # an empty range holds no game
                else:
                    bgerrors.check(_lib_.bg_record_reader_set_range(self._ptr, int(start),
                                                                    int(end or 0)))
        except BaseException:
            if self._ptr:
                self.close()
            else:
                for c in self._closers:
                    c()
            raise
        self._last_error: Any = None

    def _open(self, source: Source, v: Variant, format: Optional[str], options: Options,
              flags: int, out: Any, err: Any) -> int:
        fmt, opts = enc(format), enc(options_text(options))
        if isinstance(source, (bytes, bytearray, memoryview)) or (
                isinstance(source, str) and not _is_path(source)):
            data = source.encode("utf-8") if isinstance(source, str) else bytes(source)
            self._keep.append(data)
            return _lib_.bg_record_reader_open_memory(ctypes.byref(out), v._ptr, fmt, data,
                                                      len(data), opts, flags, None,
                                                      ctypes.byref(err))
        if _is_path(source):
            fd = os.open(os.fspath(cast(Any, source)), os.O_RDONLY)
            head = os.pread(fd, 8, 0)
            if not _compression(head):
                # A plain file: the reader reads the descriptor itself (fast, and it can seek).
                self._closers.append(lambda: os.close(fd))
                return _lib_.bg_record_reader_open_fd(ctypes.byref(out), v._ptr, fmt, fd, opts,
                                                      flags, None, ctypes.byref(err))
            f: Any = os.fdopen(fd, "rb")
            self._closers.append(f.close)
        elif hasattr(source, "read"):
            f = source
            if isinstance(f, io.TextIOBase):
                raise TypeError("read_games needs a binary file (open it with 'rb')")
        else:
            raise TypeError(f"read_games takes a path, a binary file, bytes or text, "
                            f"not {type(source).__name__}")
        head, f = _peek(f)
        kind = _compression(head)
        if kind:
            f, proc = _decompressed(f, kind)
            self._closers.append(f.close)
            if proc is not None:
                self._closers.append(proc.wait)
        self._keep.append(f)
        read = _READ_FN(self._reader(f))
        seek = _SEEK_FN(self._seeker(f)) if not kind and f.seekable() else None
        self._keep += [read, seek]
        return _lib_.bg_record_reader_open(ctypes.byref(out), v._ptr, fmt,
                                           ctypes.cast(read, ctypes.c_void_p),
                                           ctypes.cast(seek, ctypes.c_void_p) if seek else None,
                                           None, opts, flags, None, ctypes.byref(err))

    def _reader(self, f: Any) -> Callable[[Any, Any, int], int]:
        def read(_user: Any, buf: Any, cap: int) -> int:
            try:
                view = memoryview((ctypes.c_char * cap).from_address(buf)).cast("B")
                # One read of the underlying file at most: games come as soon as they are there.
                if hasattr(f, "readinto1"):
                    return f.readinto1(view) or 0
                if hasattr(f, "readinto"):
                    return f.readinto(view) or 0
                data = f.read(cap)
                ctypes.memmove(buf, data, len(data))
                return len(data)
            except BaseException as e:  # reported after the C call returns
                self._callback_error = e
                return -1
        return read

    def _seeker(self, f: Any) -> Callable[[Any, int], int]:
        def seek(_user: Any, offset: int) -> int:
            try:
                f.seek(offset)
                return 0
            except BaseException as e:
                self._callback_error = e
                return -1
        return seek

    def __iter__(self) -> "RecordReader":
        return self

    def __next__(self) -> Any:
        """The next Game; a game with an error is reported as errors= and on_error= say."""
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
                game = Game._adopt(cast(int, out.value), self._variant, self._options_text)
                if err.code != 0:  # keep_moves: cut before a bad move; reported, not skipped
                    exc = bgerrors.make_error(err.code, err)
                    if self._on_error is not None:
                        self._on_error(exc)
                    elif self._errors == "warn":
                        warnings.warn(RecordWarning(exc), stacklevel=2)
                return game
            if self._callback_error is not None:
                e, self._callback_error = self._callback_error, None
                self.close()
                raise e
            exc = bgerrors.make_error(status, err)
            if status == bgerrors.E_IO:
                self.close()
                raise exc
            where = (status, err.game_index, err.offset, err.line)
            if where == self._last_error:
                # The reader promises to skip a faulty game; never spin if it does not.
                self.close()
                raise exc
            self._last_error = where
            if self._on_error is not None:
                self._on_error(exc)
                continue
            if self._errors == "raise":
                raise exc
            if self._errors == "yield":
                return exc
            if self._errors == "warn":
                warnings.warn(RecordWarning(exc), stacklevel=2)

    @property
    def offset(self) -> int:
        """Input bytes read up to the end of the last game (for progress)."""
        return _lib_.bg_record_reader_offset(self._ptr) if self._ptr else 0

    @property
    def games_seen(self) -> int:
        """Games read or skipped so far."""
        return _lib_.bg_record_reader_games(self._ptr) if self._ptr else 0

    def close(self) -> None:
        if self._ptr is not None:
            self._finalizer()
        self._ptr = None
        self._keep = []

    def __enter__(self) -> "RecordReader":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _free(ptr: int, closers: List[Callable[[], Any]]) -> None:
    _lib_.bg_record_reader_free(ptr)
    for c in closers:
        try:
            c()
        except Exception:  # closing a file must not hide the real error
            pass


def read_games(source: Source, variant: Union[str, Variant] = "chess",
               format: Optional[str] = None, options: Options = None, errors: str = "warn", *,
               on_error: Optional[Callable[[bgerrors.BoardGamesError], Any]] = None,
               lenient: bool = True, moves_only: bool = False,
               byte_range: Optional[Tuple[int, Optional[int]]] = None,
               keep_moves: bool = False) -> RecordReader:
    """Iterate lazily over the games of a record file.

    source: a path (str or os.PathLike), an open binary file, bytes, or the record text itself;
    gzip, bzip2, xz and zstd files are decompressed as they are read. format: the record format
    ("pgn", "kif", "csa", "gib", ...; None = the variant's first). A game with an error (its
    game_index, ply, line and offset on the exception) is skipped: errors="warn" (default) warns
    with a RecordWarning, "raise" raises (iteration may go on with the next game), "yield"
    yields the exception in place of the game, "skip" is silent; on_error=callable(exc) takes
    precedence. lenient reads the dialects real files carry; moves_only keeps only the main line
    (faster); byte_range=(start, end) reads only the games starting in that byte range, so that
    ranges of one file can be read in parallel (end None = to the end). keep_moves: a game with
    an illegal or unreadable move is not skipped but yielded with the moves before it; its error
    is still reported (on_error, or a RecordWarning with errors="warn").
    """
    return RecordReader(source, variant, format, options, errors, on_error, lenient, moves_only,
                        byte_range, keep_moves)


def read_game(source: Source, variant: Union[str, Variant] = "chess",
              format: Optional[str] = None, options: Options = None) -> Optional[Game]:
    """The first game of a record, or None if it holds none (errors are raised)."""
    with RecordReader(source, variant, format, options, errors="raise") as reader:
        return next(reader, None)
