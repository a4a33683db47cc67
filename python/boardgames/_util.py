"""Small helpers shared by the modules: strict string conversion, reusable buffers, snprintf-style calls."""

from __future__ import annotations

import ctypes
import threading
from typing import Any, Callable, Mapping, Optional, Union

from . import errors

# Buffers reused by the text and move calls. One set per thread: ctypes releases the GIL during a
# call, so two threads must never write into the same buffer.
_tls = threading.local()
_TEXT_CAP = 1 << 16


def enc(text: Union[str, bytes, None], what: str = "text") -> Optional[bytes]:
    """str -> UTF-8 bytes for a `const char *` argument; None stays None (NULL).

    Anything else is a TypeError: a number passed where a name belongs is a bug, not a name.
    """
    if text is None or isinstance(text, bytes):
        return text
    if isinstance(text, str):
        return text.encode("utf-8")
    raise TypeError(f"{what} must be a str, not {type(text).__name__}")


def dec(raw: Optional[bytes]) -> Optional[str]:
    """bytes from the library -> str (the library's text is UTF-8); None stays None."""
    if raw is None:
        return None
    return raw.decode("utf-8", "replace")


def name(value: Optional[str], what: str) -> Optional[bytes]:
    """A notation or format name for the library: matched without case ("SAN" is "san")."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    return value.lower().encode("ascii", "replace")


def text_buffer() -> Any:
    buf = getattr(_tls, "text", None)
    if buf is None:
        buf = _tls.text = ctypes.create_string_buffer(_TEXT_CAP)
    return buf


def move_buffer(size: int) -> Any:
    """A thread's reusable bg_move array of at least `size` entries."""
    buf = getattr(_tls, "moves", None)
    if buf is None or len(buf) < size:
        buf = _tls.moves = (ctypes.c_uint32 * max(size, 256))()
    return buf


def text_call(fn: Callable[..., int], *args: Any,
              message: Optional[Callable[[int], Optional[str]]] = None) -> str:
    """Call an snprintf-convention function `fn(*args, buf, cap)` and return the whole text.

    The thread's 64 KiB buffer covers almost every text; the returned full length sizes a second
    call when it did not fit. A negative return raises the matching exception, with the text
    `message(code)` when a message function is given.
    """
    buf = text_buffer()
    n = fn(*args, buf, _TEXT_CAP)
    if n < 0:
        errors.check(n, message=message(n) if message else None)
    if n < _TEXT_CAP:
        return ctypes.string_at(buf, n).decode("utf-8", "replace")
    big = ctypes.create_string_buffer(n + 1)
    m = fn(*args, big, n + 1)
    if m != n:
        raise errors.BoardGamesError("text length changed between two calls")
    return ctypes.string_at(big, n).decode("utf-8", "replace")


def options_text(options: Union[str, Mapping[str, Any], None]) -> Optional[str]:
    """Rule options as the library wants them: "name=value;..." from a str, dict or None.

    Booleans become "true"/"false", so `{"chess960": True}` works.
    """
    if options is None or isinstance(options, str):
        return options
    if not isinstance(options, Mapping):
        raise TypeError(f"options must be a str or a dict, not {type(options).__name__}")
    parts = []
    for key, value in options.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        parts.append(f"{key}={value}")
    return ";".join(parts)


def flags(lenient: bool) -> int:
    """BG_PARSE_LENIENT when asked for."""
    return 1 if lenient else 0


def index(value: Any, what: str) -> int:
    """An int argument (a square, a ply, a kind): bool and float are TypeErrors, not 0/1 or 3."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    return int(value)
