"""Small helpers shared by the modules: string conversion, snprintf-style calls, option lists."""

import ctypes

from . import errors


def enc(text):
    """str -> UTF-8 bytes for a `const char *` argument; None stays None (NULL)."""
    if text is None:
        return None
    if isinstance(text, bytes):
        return text
    return str(text).encode("utf-8")


def dec(raw):
    """bytes from the library -> str (the library's text is UTF-8); None stays None."""
    if raw is None:
        return None
    return raw.decode("utf-8", "replace")


def text_call(fn, *args, message=None):
    """Call an snprintf-convention function `fn(*args, buf, cap)` and return the whole text.

    A first call with a modest buffer covers almost every case; the returned full length sizes a
    second call when it did not fit. A negative return raises the matching exception, with the
    text `message(code)` when a message function is given.
    """
    cap = 256
    for _ in range(2):
        buf = ctypes.create_string_buffer(cap)
        n = fn(*args, buf, cap)
        if n < 0:
            errors.check(n, message=message(n) if message else None)
        if n < cap:
            return buf.raw[:n].decode("utf-8", "replace")
        cap = n + 1
    raise errors.BoardGamesError("text length changed between two calls")


def options_text(options):
    """Rule options as the library wants them: "name=value;..." from a str, dict or None.

    Booleans become "true"/"false", so `{"chess960": True}` works.
    """
    if options is None or isinstance(options, str):
        return options
    parts = []
    for name, value in dict(options).items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        parts.append(f"{name}={value}")
    return ";".join(parts)


def flags(lenient):
    """BG_PARSE_LENIENT when asked for."""
    return 1 if lenient else 0
