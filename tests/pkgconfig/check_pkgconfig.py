#!/usr/bin/env python3
"""tests/pkgconfig — boardgames.pc against meson: version and paths, then an install and a compile with pkg-config only (TAP)."""
import argparse
import os
import shlex
import subprocess
import sys
import tempfile

p = argparse.ArgumentParser()
p.add_argument("--build-root", required=True)
p.add_argument("--version", required=True, help="meson.project_version()")
p.add_argument("--prefix", required=True)
p.add_argument("--libdir", required=True, help="get_option('libdir'), relative or absolute")
p.add_argument("--includedir", required=True)
p.add_argument("--meson", required=True)
p.add_argument("--pkg-config", required=True)
p.add_argument("--program", required=True, help="the C source to build against the install")
p.add_argument("--sanitize", default="none", help="b_sanitize: the program must match the library")
p.add_argument("cc", nargs="+", help="the C compiler command")
args = p.parse_args()

cases = []


def case(ok, name, why=""):
    cases.append((ok, name, why))
    return ok


def under(prefix, d):
    """Meson's rule: a relative install dir lies under the prefix."""
    return os.path.normpath(d if os.path.isabs(d) else os.path.join(prefix, d))


def pkgconf(pcdir, *what, prefix=None):
    """Ask pkg-config about the one boardgames.pc in pcdir (nothing from the system's paths)."""
    env = dict(os.environ, PKG_CONFIG_LIBDIR=pcdir, PKG_CONFIG_PATH="", PKG_CONFIG_ALLOW_SYSTEM_CFLAGS="1",
               PKG_CONFIG_ALLOW_SYSTEM_LIBS="1")
    env.pop("PKG_CONFIG_SYSROOT_DIR", None)
    cmd = [args.pkg_config] + (["--define-variable=prefix=" + prefix] if prefix else [])
    r = subprocess.run(cmd + list(what) + ["boardgames"], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(what)}: {r.stderr.strip()}")
    return r.stdout.strip()


want_lib = under(args.prefix, args.libdir)
want_inc = under(args.prefix, args.includedir)

# 1. The generated file, as meson wrote it into the build tree.
built = args.build_root
try:
    case(pkgconf(built, "--modversion") == args.version, "generated .pc: Version is the meson project version",
         f"{pkgconf(built, '--modversion')} != {args.version}")
    case(pkgconf(built, "--variable=prefix") == args.prefix, "generated .pc: prefix is meson's prefix",
         pkgconf(built, "--variable=prefix"))
    got = os.path.normpath(pkgconf(built, "--variable=libdir"))
    case(got == want_lib, "generated .pc: libdir is prefix/libdir", f"{got} != {want_lib}")
    got = os.path.normpath(pkgconf(built, "--variable=includedir"))
    case(got == want_inc, "generated .pc: includedir is prefix/includedir", f"{got} != {want_inc}")
    flags = pkgconf(built, "--cflags", "--libs").split()
    case("-I" + want_inc in flags and "-L" + want_lib in flags and "-lboardgames" in flags,
         "generated .pc: --cflags --libs name the install paths and -lboardgames", " ".join(flags))
except RuntimeError as e:
    case(False, "generated .pc: pkg-config reads it", str(e))

# 2. Installed into a scratch DESTDIR, relocated with prefix= (the paths are ${prefix}-relative
#    when they lie under it), then a program built from pkg-config's flags alone.
with tempfile.TemporaryDirectory(prefix="bg-pc-") as tmp:
    dest = os.path.join(tmp, "dest")
    r = subprocess.run([args.meson, "install", "-C", built, "--no-rebuild", "--quiet", "--destdir", dest],
                       capture_output=True, text=True)
    if case(r.returncode == 0, "meson install --destdir", r.stderr.strip()[-400:]):
        root = dest + args.prefix
        pcdir = os.path.join(dest + want_lib, "pkgconfig")
        relocated = want_lib.startswith(args.prefix + "/")
        try:
            case(os.path.isfile(os.path.join(pcdir, "boardgames.pc")), "boardgames.pc installed in libdir/pkgconfig")
            case(pkgconf(pcdir, "--modversion") == args.version, "installed .pc: Version is the meson project version")
            lib = pkgconf(pcdir, "--variable=libdir", prefix=root)
            inc = pkgconf(pcdir, "--variable=includedir", prefix=root)
            if relocated:
                case(os.path.normpath(lib) == os.path.normpath(dest + want_lib), "installed .pc: libdir follows prefix",
                     lib)
            else:
                lib = dest + lib  # an absolute libdir outside the prefix stays as it is
            case(os.path.exists(os.path.join(lib, "libboardgames.so.0")), "libdir holds libboardgames.so.0", lib)
            if want_inc.startswith(args.prefix + "/"):
                case(os.path.isfile(os.path.join(inc, "boardgames", "boardgames.h"))
                     and os.path.isfile(os.path.join(inc, "boardgames", "version.h")),
                     "includedir holds boardgames/boardgames.h and version.h", inc)
            flags = shlex.split(pkgconf(pcdir, "--cflags", "--libs", prefix=root))
            if not relocated:
                flags = [f[:2] + dest + f[2:] if f[:2] in ("-I", "-L") else f for f in flags]
            exe = os.path.join(tmp, "pc_program")
            san = [] if args.sanitize in ("", "none") else ["-fsanitize=" + args.sanitize]
            cmd = args.cc + ["-std=c11", "-Wall", "-Wextra", "-Werror"] + san + ["-o", exe, args.program] + flags
            r = subprocess.run(cmd, capture_output=True, text=True)
            if case(r.returncode == 0, "a program compiles and links with pkg-config --cflags --libs only",
                    " ".join(cmd) + "\n" + r.stderr.strip()):
                env = dict(os.environ, LD_LIBRARY_PATH=lib)
                r = subprocess.run([exe], env=env, capture_output=True, text=True)
                want = f"{args.version} {args.version} 400"
                case(r.returncode == 0 and r.stdout.strip() == want,
                     "it runs on the installed library: header and library versions, chess perft 2",
                     f"got {r.stdout.strip()!r} (status {r.returncode}), want {want!r}")
        except RuntimeError as e:
            case(False, "installed .pc: pkg-config reads it", str(e))

print(f"1..{len(cases)}")
for i, (ok, name, why) in enumerate(cases, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok and why:
        for line in why.splitlines():
            print(f"# {line}")
sys.exit(0 if all(c[0] for c in cases) else 1)
