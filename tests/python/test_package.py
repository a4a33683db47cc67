"""The binding as a package: pip installs it offline into a venv, it is typed (mypy), and it finds the library by environment, loader path or pkg-config."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from boardgames import _lib

ROOT = Path(__file__).resolve().parents[2]
PYTHON_DIR = ROOT / "python"
LIBDIR = os.path.dirname(os.path.realpath(_lib.path))


def install_prerequisites(python):
    """None if `python` can make a venv and build the package offline, else what is missing."""
    probe = ("import ensurepip, venv, setuptools\n"
             "v = tuple(int(x) for x in setuptools.__version__.split('.')[:2])\n"
             "if v < (70, 1):\n"
             "    import wheel  # setuptools before 70.1 builds wheels with the wheel package\n")
    r = subprocess.run([python, "-c", probe], capture_output=True, text=True)
    if r.returncode == 0:
        return None
    last = (r.stderr.strip().splitlines() or ["?"])[-1]
    return f"{python}: {last} (Debian: python3-venv, python3-setuptools, python3-wheel)"


def installer():
    """The interpreter to install with: this one, else Debian's /usr/bin/python3; or the reason none can."""
    reasons = []
    for python in dict.fromkeys([sys.executable, "/usr/bin/python3"]):
        if not os.path.exists(python):
            continue
        missing = install_prerequisites(python)
        if missing is None:
            return python, None
        reasons.append(missing)
    return None, "; ".join(reasons) or "no python3"


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("BOARDGAMES_LIBRARY", "LD_LIBRARY_PATH", "PYTHONPATH", "PKG_CONFIG_PATH")}
    env.update(extra)
    return env


class TestInstall(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="bg-venv-")
        cls.venv_python = None
        python, why = installer()
        if python is None:
            cls.skip_reason = "cannot build the package offline here: " + why
            return
        cls.skip_reason = None
        tmp = Path(cls.tmp.name)
        # A copy of the sources: pip builds in place and must not leave files in the tree.
        src = tmp / "src"
        shutil.copytree(PYTHON_DIR, src, ignore=shutil.ignore_patterns("__pycache__", "build",
                                                                      "*.egg-info"))
        venv = tmp / "V"
        subprocess.run([python, "-m", "venv", "--system-site-packages", str(venv)], check=True,
                       capture_output=True, env=clean_env())
        r = subprocess.run([str(venv / "bin" / "pip"), "install", "--no-build-isolation",
                            "--no-index", str(src)], capture_output=True, text=True,
                           env=clean_env())
        cls.pip = r
        cls.venv_python = str(venv / "bin" / "python")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def setUp(self):
        if self.skip_reason:
            self.skipTest(self.skip_reason)

    def run_installed(self, code, **env):
        return subprocess.run([self.venv_python, "-c", code], capture_output=True, text=True,
                              env=clean_env(**env), cwd=self.tmp.name)

    def test_pip_install_offline(self):
        self.assertEqual(self.pip.returncode, 0, self.pip.stdout + self.pip.stderr)
        r = self.run_installed(
            "import boardgames, os\n"
            "print(boardgames.__file__)\n"
            "print(os.path.exists(os.path.join(os.path.dirname(boardgames.__file__), 'py.typed')))\n"
            "print(boardgames.Position('shogi').piece_at('7g').name)\n",
            BOARDGAMES_LIBRARY=os.path.realpath(_lib.path))
        self.assertEqual(r.returncode, 0, r.stderr)
        where, typed, piece = r.stdout.split()
        self.assertIn(str(Path(self.tmp.name) / "V"), where)  # the installed copy, not the tree
        self.assertEqual((typed, piece), ("True", "pawn"))
        self.assertFalse((PYTHON_DIR / "build").exists())

    def test_library_from_the_loader_path(self):
        r = self.run_installed("import boardgames; print(boardgames.library_path)",
                               LD_LIBRARY_PATH=LIBDIR)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.strip(), _lib.SONAME)

    def test_library_from_pkg_config(self):
        if shutil.which("pkg-config") is None:
            self.skipTest("pkg-config not installed")
        pc = Path(self.tmp.name) / "pc"
        pc.mkdir(exist_ok=True)
        (pc / "boardgames.pc").write_text(
            f"libdir={LIBDIR}\nincludedir=/nonexistent\n\nName: boardgames\n"
            "Description: test\nVersion: 0.2.0\nLibs: -L${libdir} -lboardgames\n")
        r = self.run_installed("import boardgames; print(boardgames.library_path)",
                               PKG_CONFIG_PATH=str(pc))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.strip(), os.path.join(LIBDIR, _lib.SONAME))

    def test_no_library_says_what_was_tried(self):
        r = self.run_installed("import boardgames", PKG_CONFIG_PATH="/nonexistent")
        if r.returncode == 0:
            self.skipTest("a libboardgames is installed system-wide")
        self.assertIn("BOARDGAMES_LIBRARY", r.stderr)
        self.assertIn("pkg-config", r.stderr)


class TestTyping(unittest.TestCase):
    def test_mypy_reports_no_error(self):
        mypy = shutil.which("mypy") or ("/usr/bin/mypy" if os.path.exists("/usr/bin/mypy") else None)
        if mypy is None:
            self.skipTest("mypy not installed (Debian: mypy)")
        with tempfile.TemporaryDirectory() as cache:
            # Default settings (the check the issue names) and the package's own stricter ones.
            for extra in ([], ["--disallow-untyped-defs", "--disallow-incomplete-defs"]):
                r = subprocess.run([mypy, "--cache-dir", cache, *extra, str(PYTHON_DIR / "boardgames")],
                                   capture_output=True, text=True, cwd=str(ROOT))
                self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
                self.assertIn("Success", r.stdout)

    def test_version_matches_meson(self):
        meson = (ROOT / "meson.build").read_text()
        pyproject = (PYTHON_DIR / "pyproject.toml").read_text()
        import re
        version = re.search(r"version\s*:\s*'([^']+)'", meson).group(1)
        self.assertIn(f'version = "{version}"', pyproject)
        import boardgames
        self.assertEqual(boardgames.__version__, version)


if __name__ == "__main__":
    unittest.main()
