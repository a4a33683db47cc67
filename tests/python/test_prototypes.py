"""Every public function of the headers (and every exported bg_* symbol) has a matching ctypes prototype."""

import ctypes
import os
import re
import shutil
import subprocess
import sys
import unittest
from pathlib import Path

from boardgames import _lib

ROOT = Path(__file__).resolve().parents[2]
HEADERS = sorted((ROOT / "include" / "boardgames").glob("*.h"))

HANDLES = {"bg_variant", "bg_variant_set", "bg_position", "bg_game", "bg_record_reader"}
SCALARS = {
    "int": ctypes.c_int, "bg_status": ctypes.c_int, "bg_piece": ctypes.c_int,
    "bg_outcome": ctypes.c_int, "bg_reason": ctypes.c_int, "unsigned": ctypes.c_uint,
    "uint32_t": ctypes.c_uint32, "bg_move": ctypes.c_uint32, "uint64_t": ctypes.c_uint64,
    "size_t": ctypes.c_size_t, "int64_t": ctypes.c_int64,
}
# Callbacks travel as void pointers (a ctypes CFUNCTYPE object is passed cast to one).
CALLBACKS = {"bg_read_fn", "bg_seek_fn", "bg_alloc_fn"}
STRUCTS = {"bg_error": _lib.BgError, "bg_allocator": _lib.BgAllocator,
           "bg_snapshot": _lib.BgSnapshot}


def header_functions():
    """{name: (return type, [parameter types])} of every BG_API declaration in the headers."""
    found = {}
    for path in HEADERS:
        text = path.read_text()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        text = re.sub(r"#[^\n]*", " ", text)  # the BG_API definition itself
        for m in re.finditer(r"\bBG_API\s+([^;{}()]*?)\b(bg_\w+)\s*\(([^()]*)\)\s*;", text):
            ret, name, params = m.group(1), m.group(2), m.group(3).strip()
            types = []
            if params not in ("", "void"):
                for p in params.split(","):
                    # Drop the parameter name: the last identifier not followed by '*'.
                    types.append(re.sub(r"\b\w+\s*$", "", " ".join(p.split())).strip())
            found[name] = (" ".join(ret.split()), types)
    return found


def acceptable(ctype):
    """The ctypes types that correctly declare C type `ctype` (for ctypes on this platform)."""
    stars = ctype.count("*")
    base = ctype.replace("const", " ").replace("*", " ").split()
    if len(base) != 1:
        raise AssertionError(f"cannot classify C type {ctype!r}")
    base = base[0]
    if stars == 0:
        if base == "void":
            return {None}
        if base in CALLBACKS:
            return {ctypes.c_void_p}
        return {SCALARS[base]}
    if stars == 1:
        if base in HANDLES or base in ("void", "FILE"):
            return {ctypes.c_void_p}
        if base == "char":
            return {ctypes.c_char_p, ctypes.POINTER(ctypes.c_char)}
        if base in SCALARS:
            return {ctypes.POINTER(SCALARS[base])}
        if base in STRUCTS:
            return {ctypes.POINTER(STRUCTS[base])}
    if stars == 2 and base in HANDLES:
        return {ctypes.POINTER(ctypes.c_void_p)}
    raise AssertionError(f"no ctypes mapping for C type {ctype!r}")


class TestPrototypes(unittest.TestCase):
    def setUp(self):
        self.functions = header_functions()

    def test_headers_parsed(self):
        # A parser that finds nothing would make the other tests pass vacuously.
        self.assertGreaterEqual(len(HEADERS), 7)
        self.assertGreater(len(self.functions), 90)
        self.assertEqual(self.functions["bg_position_divide"],
                         ("int", ["const bg_position *", "int", "bg_move *", "uint64_t *", "size_t"]))

    def test_every_header_function_declared(self):
        missing = sorted(set(self.functions) - set(_lib.PROTOTYPES))
        self.assertEqual(missing, [], "header functions without a prototype in boardgames/_lib.py")

    def test_no_prototype_outside_headers(self):
        extra = sorted(set(_lib.PROTOTYPES) - set(self.functions))
        self.assertEqual(extra, [], "prototypes of functions that no header declares")

    def test_types_match_headers(self):
        for name, (ret, params) in self.functions.items():
            if name not in _lib.PROTOTYPES:
                continue
            with self.subTest(function=name):
                restype, argtypes = _lib.PROTOTYPES[name]
                self.assertIn(restype, acceptable(ret), f"return type {ret}")
                self.assertEqual(len(argtypes), len(params), f"parameters {params}")
                for i, (declared, ctype) in enumerate(zip(argtypes, params)):
                    self.assertIn(declared, acceptable(ctype), f"parameter {i} ({ctype})")

    def test_prototypes_installed_on_library(self):
        for name, (restype, argtypes) in _lib.PROTOTYPES.items():
            with self.subTest(function=name):
                fn = getattr(_lib.lib, name)
                self.assertEqual(fn.argtypes, argtypes)
                self.assertIs(fn.restype, restype)

    def test_exported_symbols_declared(self):
        nm = shutil.which("nm")
        if nm is None:
            self.skipTest("nm (binutils) not installed: cannot list the library's exports")
        out = subprocess.run([nm, "-D", "--defined-only", _lib.path], check=True,
                             capture_output=True, text=True).stdout
        exported = set()
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "TW" and parts[2].startswith("bg_"):
                exported.add(parts[2].split("@")[0])
        self.assertGreater(len(exported), 90)
        self.assertEqual(sorted(exported - set(_lib.PROTOTYPES)), [],
                         "exported functions without a prototype")
        self.assertEqual(sorted(set(_lib.PROTOTYPES) - exported), [],
                         "prototypes of functions the library does not export")

    def test_loaded_from_environment(self):
        explicit = os.environ.get("BOARDGAMES_LIBRARY")
        if explicit is None:
            self.skipTest("BOARDGAMES_LIBRARY not set (meson sets it)")
        self.assertEqual(_lib.path, explicit)

    def _load_in_child(self, env):
        code = "import boardgames; print(boardgames.library_path)"
        return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True)

    def test_load_order_fallbacks(self):
        # Without BOARDGAMES_LIBRARY the loader's own search path comes first (the SONAME);
        # test_package.py covers the pkg-config fallback from an installed copy.
        env = {k: v for k, v in os.environ.items() if k != "BOARDGAMES_LIBRARY"}
        env["LD_LIBRARY_PATH"] = os.path.dirname(os.path.realpath(_lib.path))
        child = self._load_in_child(env)
        self.assertEqual(child.returncode, 0, child.stderr)
        self.assertEqual(child.stdout.strip(), _lib.SONAME)

    def test_explicit_path_must_load(self):
        env = dict(os.environ, BOARDGAMES_LIBRARY="/nonexistent/libboardgames.so")
        env["LD_LIBRARY_PATH"] = os.path.dirname(os.path.realpath(_lib.path))
        child = self._load_in_child(env)
        self.assertNotEqual(child.returncode, 0)
        self.assertIn("/nonexistent/libboardgames.so", child.stderr)

    def test_error_struct_layout(self):
        # bg_error: size_t, 3 ints, size_t, 2 ints, char[256] with natural alignment.
        sz = ctypes.sizeof(ctypes.c_size_t)
        self.assertEqual(_lib.BgError.message.offset, 2 * sz + 5 * 4 + (4 if sz == 8 else 0))
        self.assertEqual(_lib.new_error().size, ctypes.sizeof(_lib.BgError))


if __name__ == "__main__":
    unittest.main()
