"""Loading libboardgames with ctypes and declaring the prototype of every public function.

The library is found through $BOARDGAMES_LIBRARY (a full path), then the standard loader path
(LD_LIBRARY_PATH, ld.so.cache, the system directories; ctypes.util.find_library), then
pkg-config (an install under a prefix the loader does not search, found through PKG_CONFIG_PATH).

The table PROTOTYPES mirrors include/boardgames/*.h one to one; tests/python checks that every
header function is declared here with matching argument and return types.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import subprocess
from typing import Any, Callable, Dict, List, Optional, Tuple

SONAME = "libboardgames.so.0"

# Opaque handles (bg_variant, bg_position, bg_game, bg_record_reader) travel as void pointers.
_handle = ctypes.c_void_p
_handle_out = ctypes.POINTER(ctypes.c_void_p)
_str = ctypes.c_char_p
_int = ctypes.c_int
_uint = ctypes.c_uint
_u32 = ctypes.c_uint32
_u64 = ctypes.c_uint64
_size = ctypes.c_size_t
_move = ctypes.c_uint32  # bg_move
_buf = ctypes.POINTER(ctypes.c_char)  # caller-supplied output buffer


class BgError(ctypes.Structure):
    """struct bg_error of base.h; `size` must be set before use (see new_error())."""

    _fields_ = [
        ("size", ctypes.c_size_t),
        ("code", ctypes.c_int),
        ("line", ctypes.c_int),
        ("column", ctypes.c_int),
        ("offset", ctypes.c_size_t),
        ("game_index", ctypes.c_int),
        ("ply", ctypes.c_int),
        ("message", ctypes.c_char * 256),
    ]


class BgAllocator(ctypes.Structure):
    """struct bg_allocator of base.h; the binding always passes NULL (libc allocator)."""

    _fields_ = [
        ("size", ctypes.c_size_t),
        ("fn", ctypes.c_void_p),
        ("user", ctypes.c_void_p),
    ]


MAX_SIDES = 7         # BG_MAX_SIDES
MAX_SQUARES = 19 * 19  # BG_MAX_SQUARES
SNAPSHOT_KINDS = 64   # BG_SNAPSHOT_KINDS


class BgSnapshot(ctypes.Structure):
    """struct bg_snapshot of position.h: a whole position in one call (see new_snapshot())."""

    _fields_ = [
        ("size", ctypes.c_size_t),
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("sides", ctypes.c_int),
        ("kinds", ctypes.c_int),
        ("rights", ctypes.c_uint),
        ("side_to_move", ctypes.c_int),
        ("valid", ctypes.c_int),
        ("in_check", ctypes.c_int),
        ("hash", ctypes.c_uint64),
        ("halfmove_clock", ctypes.c_int),
        ("fullmove_number", ctypes.c_int),
        ("en_passant", ctypes.c_int),
        ("castling", (ctypes.c_int * 2) * 2),
        ("hand", (ctypes.c_int * SNAPSHOT_KINDS) * MAX_SIDES),
        ("board", ctypes.c_int * MAX_SQUARES),
    ]


_err = ctypes.POINTER(BgError)
_alloc = ctypes.POINTER(BgAllocator)
_snap = ctypes.POINTER(BgSnapshot)


def new_snapshot() -> BgSnapshot:
    """A bg_snapshot initialised as BG_SNAPSHOT_INIT does."""
    snap = BgSnapshot()
    snap.size = ctypes.sizeof(BgSnapshot)
    return snap


def new_error() -> BgError:
    """A bg_error initialised as BG_ERROR_INIT does."""
    e = BgError()
    e.size = ctypes.sizeof(BgError)
    e.game_index = -1
    return e


# name: (restype, [argtypes]) for every BG_API function, in header order.
PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    # base.h
    "bg_strerror": (_str, [_int]),
    "bg_version": (_str, []),
    "bg_version_number": (_u32, []),
    "bg_limit": (ctypes.c_int64, [_int]),
    # variant.h
    "bg_variant_count": (_int, []),
    "bg_variant_at": (_handle, [_int]),
    "bg_variant_find": (_handle, [_str]),
    "bg_variant_id": (_str, [_handle]),
    "bg_variant_name": (_str, [_handle]),
    "bg_variant_width": (_int, [_handle]),
    "bg_variant_height": (_int, [_handle]),
    "bg_square": (_int, [_handle, _int, _int]),
    "bg_square_file": (_int, [_handle, _int]),
    "bg_square_rank": (_int, [_handle, _int]),
    "bg_variant_sides": (_int, [_handle]),
    "bg_variant_side_id": (_str, [_handle, _int]),
    "bg_variant_side_find": (_int, [_handle, _str]),
    "bg_variant_piece_kinds": (_int, [_handle]),
    "bg_variant_piece_name": (_str, [_handle, _int]),
    "bg_variant_piece_letter": (_str, [_handle, _int]),
    "bg_variant_has_drops": (_int, [_handle]),
    "bg_variant_has_pass": (_int, [_handle]),
    "bg_variant_max_moves": (_int, [_handle]),
    "bg_variant_notation_count": (_int, [_handle]),
    "bg_variant_notation_at": (_str, [_handle, _int]),
    "bg_variant_record_format_count": (_int, [_handle]),
    "bg_variant_record_format_at": (_str, [_handle, _int]),
    "bg_variant_option_count": (_int, [_handle]),
    "bg_variant_option_name": (_str, [_handle, _int]),
    "bg_variant_option_values": (_str, [_handle, _int]),
    "bg_variant_start_text": (_str, [_handle]),
    # variant.h, experimental metadata (BOARDGAMES_EXPERIMENTAL)
    "bg_variant_piece_text": (_str, [_handle, _int, _int, _int]),
    "bg_variant_piece_notation": (_str, [_handle, _int, _int, _str]),
    "bg_variant_piece_is_royal": (_int, [_handle, _int]),
    "bg_variant_piece_base": (_int, [_handle, _int]),
    "bg_variant_piece_promotions": (_u64, [_handle, _int]),
    "bg_variant_side_text": (_str, [_handle, _int, _int]),
    "bg_variant_side_color": (_str, [_handle, _int]),
    "bg_variant_square_name": (_int, [_handle, _int, _str, _buf, _size]),
    "bg_variant_square_parse": (_int, [_handle, _str, _str]),
    "bg_variant_on_points": (_int, [_handle]),
    "bg_variant_region_contains": (_int, [_handle, _int, _int, _int]),
    "bg_variant_region_squares": (_int, [_handle, _int, _int, ctypes.POINTER(_int), _size]),
    # move.h
    "bg_move_from": (_int, [_move]),
    "bg_move_to": (_int, [_move]),
    "bg_move_kind": (_int, [_move]),
    "bg_move_is_drop": (_int, [_move]),
    "bg_move_is_promotion": (_int, [_move]),
    "bg_move_is_pass": (_int, [_move]),
    "bg_move_make": (_move, [_int, _int, _int]),
    "bg_move_make_drop": (_move, [_int, _int]),
    "bg_move_make_pass": (_move, [_int]),
    # define.h
    "bg_variant_set_new": (_int, [_handle_out, _alloc, _err]),
    "bg_variant_set_free": (None, [_handle]),
    "bg_variant_define": (_int, [_handle, _str, _size, _err]),
    "bg_variant_set_count": (_int, [_handle]),
    "bg_variant_set_at": (_handle, [_handle, _int]),
    "bg_variant_set_find": (_handle, [_handle, _str]),
    "bg_variant_define_parent_count": (_int, []),
    "bg_variant_define_parent_at": (_str, [_int]),
    "bg_variant_is_defined": (_int, [_handle]),
    # position.h
    "bg_position_new": (_int, [_handle_out, _handle, _str, _alloc, _err]),
    "bg_position_from_text": (_int, [_handle_out, _handle, _str, _str, _str, _uint, _alloc, _err]),
    "bg_position_clone": (_int, [_handle_out, _handle]),
    "bg_position_free": (None, [_handle]),
    "bg_position_copy": (_int, [_handle, _handle]),
    "bg_position_text": (_int, [_handle, _str, _buf, _size]),
    "bg_position_variant": (_handle, [_handle]),
    "bg_position_side_to_move": (_int, [_handle]),
    "bg_position_piece_at": (_int, [_handle, _int]),
    "bg_position_hand_count": (_int, [_handle, _int, _int]),
    "bg_position_in_check": (_int, [_handle]),
    "bg_position_hash": (_u64, [_handle]),
    "bg_position_halfmove_clock": (_int, [_handle]),
    "bg_position_fullmove_number": (_int, [_handle]),
    "bg_position_legal_moves": (_int, [_handle, ctypes.POINTER(_move), _size]),
    "bg_position_is_legal": (_int, [_handle, _move]),
    "bg_position_move_flags": (_uint, [_handle, _move]),
    "bg_position_play": (_int, [_handle, _move]),
    "bg_position_perft": (_u64, [_handle, _int]),
    "bg_position_divide": (_int, [_handle, _int, ctypes.POINTER(_move), ctypes.POINTER(_u64), _size]),
    "bg_position_size": (_size, [_handle]),
    "bg_position_play_into": (_int, [_handle, _handle, _move]),
    "bg_position_snapshot": (_int, [_handle, _snap]),
    "bg_position_set_piece": (_int, [_handle, _int, _int]),
    "bg_position_set_hand_count": (_int, [_handle, _int, _int, _int]),
    "bg_position_set_side_to_move": (_int, [_handle, _int]),
    "bg_position_set_castling": (_int, [_handle, _int, _int, _int]),
    "bg_position_castling": (_int, [_handle, _int, _int]),
    "bg_position_set_en_passant": (_int, [_handle, _int]),
    "bg_position_en_passant": (_int, [_handle]),
    "bg_position_set_counters": (_int, [_handle, _int, _int]),
    "bg_position_clear": (_int, [_handle]),
    "bg_position_load": (_int, [_handle, _snap]),
    "bg_position_validate": (_int, [_handle, _err]),
    # picture.h, experimental (BOARDGAMES_EXPERIMENTAL)
    "bg_position_svg": (_int, [_handle, _str, _buf, _size]),
    "bg_position_diagram": (_int, [_handle, _str, _buf, _size]),
    "bg_picture_options_check": (_int, [_handle, _str, _err]),
    # notation.h
    "bg_move_format": (_int, [_handle, _move, _str, _buf, _size]),
    "bg_position_legal_moves_text": (_int, [_handle, _str, _int, _buf, _size]),
    "bg_move_parse": (_int, [_handle, _str, _str, _uint, ctypes.POINTER(_move), _err]),
    # game.h
    "bg_reason_name": (_str, [_int]),
    "bg_reason_find": (_int, [_str]),
    "bg_game_new": (_int, [_handle_out, _handle, _str, _alloc, _err]),
    "bg_game_new_from_text": (_int, [_handle_out, _handle, _str, _str, _str, _uint, _alloc, _err]),
    "bg_game_clone": (_int, [_handle_out, _handle]),
    "bg_game_free": (None, [_handle]),
    "bg_game_variant": (_handle, [_handle]),
    "bg_game_position": (_handle, [_handle]),
    "bg_game_start_position": (_handle, [_handle]),
    "bg_game_ply_count": (_int, [_handle]),
    "bg_game_move_at": (_move, [_handle, _int]),
    "bg_game_play": (_int, [_handle, _move]),
    "bg_game_play_text": (_int, [_handle, _str, _str, _uint]),
    "bg_game_undo": (_int, [_handle]),
    "bg_game_outcome": (_int, [_handle]),
    "bg_game_winners": (_u32, [_handle]),
    "bg_game_reason": (_int, [_handle]),
    "bg_game_stat": (_int, [_handle, _int, _int]),
    "bg_game_score": (_int, [_handle, _int]),
    "bg_game_claims": (_u64, [_handle]),
    "bg_game_claims_after": (_u64, [_handle, _move]),
    "bg_game_claim": (_int, [_handle, _int, _move]),
    "bg_game_resign": (_int, [_handle, _int]),
    "bg_game_agree_draw": (_int, [_handle]),
    "bg_game_errmsg": (_str, [_handle]),
    "bg_game_error": (_err, [_handle]),
    "bg_game_set_tag": (_int, [_handle, _str, _str]),
    "bg_game_tag": (_str, [_handle, _str]),
    "bg_game_tag_count": (_int, [_handle]),
    "bg_game_tag_key": (_str, [_handle, _int]),
    "bg_game_tag_value": (_str, [_handle, _int]),
    "bg_game_set_comment": (_int, [_handle, _int, _str]),
    "bg_game_comment": (_str, [_handle, _int]),
    "bg_game_add_nag": (_int, [_handle, _int, _int]),
    "bg_game_nag_count": (_int, [_handle, _int]),
    "bg_game_nag_at": (_int, [_handle, _int, _int]),
    "bg_game_add_variation": (_int, [_handle, _int, _str]),
    "bg_game_variation_count": (_int, [_handle, _int]),
    "bg_game_variation_at": (_str, [_handle, _int, _int]),
    "bg_game_memory": (_size, [_handle]),
    "bg_game_play_record": (_int, [_handle, _move]),
    "bg_game_line_text": (_int, [_handle, _str, _buf, _size]),
    # record.h
    "bg_record_reader_new": (_int, [_handle_out, _handle, _str, ctypes.c_char_p, _size, _str,
                                    _alloc, _err]),
    "bg_record_reader_open": (_int, [_handle_out, _handle, _str, ctypes.c_void_p, ctypes.c_void_p,
                                     ctypes.c_void_p, _str, _uint, _alloc, _err]),
    "bg_record_reader_open_fd": (_int, [_handle_out, _handle, _str, _int, _str, _uint, _alloc,
                                        _err]),
    "bg_record_reader_open_file": (_int, [_handle_out, _handle, _str, ctypes.c_void_p, _str, _uint,
                                          _alloc, _err]),
    "bg_record_reader_open_memory": (_int, [_handle_out, _handle, _str, ctypes.c_char_p, _size,
                                            _str, _uint, _alloc, _err]),
    "bg_record_reader_set_range": (_int, [_handle, _u64, _u64]),
    "bg_record_reader_next": (_int, [_handle, _handle_out, _err]),
    "bg_record_reader_offset": (_u64, [_handle]),
    "bg_record_reader_games": (_int, [_handle]),
    "bg_record_reader_free": (None, [_handle]),
    "bg_game_export": (_int, [_handle, _str, _buf, _size]),
}


def _pkg_config_libdir() -> Optional[str]:
    """The libdir pkg-config gives for boardgames, or None (no pkg-config, no .pc file)."""
    exe = shutil.which("pkg-config")
    if exe is None:
        return None
    try:
        out = subprocess.run([exe, "--variable=libdir", "boardgames"], capture_output=True,
                             text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    libdir = out.stdout.strip()
    return libdir if out.returncode == 0 and libdir else None


def _open() -> Tuple[ctypes.CDLL, str]:
    """The library: $BOARDGAMES_LIBRARY, else the loader's search path, else pkg-config's libdir."""
    explicit = os.environ.get("BOARDGAMES_LIBRARY")
    if explicit:
        # An explicit path that fails to load is an error, not a reason to pick another copy.
        return ctypes.CDLL(explicit), explicit
    def pkg_config() -> Optional[str]:
        libdir = _pkg_config_libdir()
        return os.path.join(libdir, SONAME) if libdir else None

    tried = []
    candidates: List[Tuple[str, Callable[[], Optional[str]]]] = [
        ("the loader's path", lambda: SONAME),
        ("find_library", lambda: ctypes.util.find_library("boardgames")),
        ("pkg-config", pkg_config),
    ]
    for how, where in candidates:
        found = where()
        if not found:
            tried.append(f"{how}: nothing found")
            continue
        try:
            return ctypes.CDLL(found), found
        except OSError as e:
            tried.append(f"{how}: {e}")
    raise OSError("cannot load libboardgames (set BOARDGAMES_LIBRARY to its full path); tried "
                  + "; ".join(tried))


def _missing(name: str) -> Callable[..., Any]:
    """Stand-in for a function the loaded library lacks (an older release): fails when called."""
    def call(*args: Any) -> Any:
        raise OSError(f"{path} has no {name}: the loaded libboardgames is older than this binding")
    call.__name__ = name
    return call


def _declare(dll: ctypes.CDLL) -> List[str]:
    """Install every prototype; return the names the library does not export."""
    missing = []
    for name, (restype, argtypes) in PROTOTYPES.items():
        try:
            fn = getattr(dll, name)
        except AttributeError:
            missing.append(name)
            setattr(dll, name, _missing(name))
            continue
        fn.restype = restype
        fn.argtypes = argtypes
    return missing


def _check_structs(dll: ctypes.CDLL) -> None:
    """The structs this module declares have the library's sizes (bg_limit), when it can tell."""
    if "bg_limit" in missing:
        return
    for limit_id, struct in ((18, BgError), (19, BgAllocator), (20, BgSnapshot)):
        size = dll.bg_limit(limit_id)
        if size != ctypes.sizeof(struct):
            raise OSError(f"{path}: struct {struct.__name__} is {size} bytes in the library but "
                          f"{ctypes.sizeof(struct)} in this binding")


lib, path = _open()
missing = _declare(lib)  # empty for a library as new as the headers this binding mirrors
_check_structs(lib)
