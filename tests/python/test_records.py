"""read_games through the binding: every kind of source (path, binary file, bytes, text, compressed), warnings and callbacks for skipped games, byte ranges."""

import bz2
import gzip
import io
import lzma
import os
import pathlib
import shutil
import subprocess
import tempfile
import unittest
import warnings

import boardgames
from boardgames import IllegalMoveError, RecordWarning, read_games

GOOD = '[Event "g{n}"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n'
BAD = '[Event "bad"]\n\n1. e4 e5 2. Ke3 *\n\n'


def collection(n=30, bad_every=7):
    """n games; every bad_every-th is broken (an illegal move at ply 3)."""
    parts = []
    for i in range(n):
        parts.append(BAD if i % bad_every == 3 else GOOD.format(n=i))
    return "".join(parts)


def events(games):
    return [g.tags["Event"] for g in games]


class TestSources(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.text = collection()
        cls.data = cls.text.encode()
        cls.expected = [f"g{i}" for i in range(30) if i % 7 != 3]
        cls.dir = tempfile.mkdtemp()
        cls.path = os.path.join(cls.dir, "games.pgn")
        with open(cls.path, "wb") as f:
            f.write(cls.data)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def read(self, source, **kw):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            games = events(read_games(source, **kw))
        return games, [x for x in w if issubclass(x.category, RecordWarning)]

    def check(self, source, **kw):
        games, warned = self.read(source, **kw)
        self.assertEqual(games, self.expected)
        self.assertEqual(len(warned), 30 - len(self.expected))
        return warned

    def test_every_source_gives_the_same_games(self):
        self.check(self.path)
        self.check(pathlib.Path(self.path))
        self.check(self.data)
        self.check(bytearray(self.data))
        self.check(self.text)
        with open(self.path, "rb") as f:
            self.check(f)
        self.check(io.BytesIO(self.data))

    def test_compressed_files(self):
        for name, opener in (("gz", gzip.open), ("bz2", bz2.open), ("xz", lzma.open)):
            path = os.path.join(self.dir, "games.pgn." + name)
            with opener(path, "wb") as f:
                f.write(self.data)
            self.check(path)
            with open(path, "rb") as f:  # an open compressed file too
                self.check(f)
        if shutil.which("zstd"):
            path = os.path.join(self.dir, "games.pgn.zst")
            subprocess.run(["zstd", "-q", "-f", self.path, "-o", path], check=True)
            self.check(path)
            with open(path, "rb") as f:
                self.check(f)
            with open(path, "rb") as f:
                self.check(io.BytesIO(f.read()))

    def test_warnings_say_where(self):
        warned = self.check(self.path)
        e = warned[0].message.error
        self.assertIsInstance(e, IllegalMoveError)
        self.assertEqual(e.game_index, 3)
        self.assertEqual(e.ply, 3)
        self.assertEqual(e.offset, self.data.index(b"Ke3"))

    def test_callback_and_other_modes(self):
        seen = []
        games = events(read_games(self.path, on_error=seen.append))
        self.assertEqual(games, self.expected)
        self.assertEqual([e.game_index for e in seen], [3, 10, 17, 24])
        items = list(read_games(self.data, errors="yield"))
        self.assertEqual(len(items), 30)
        self.assertIsInstance(items[3], IllegalMoveError)
        reader = read_games(self.data, errors="raise")
        self.assertEqual(events([next(reader) for _ in range(3)]), ["g0", "g1", "g2"])
        with self.assertRaises(IllegalMoveError):
            next(reader)
        self.assertEqual(next(reader).tags["Event"], "g4")  # it goes on after the bad game
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            self.assertEqual(events(read_games(self.data, errors="skip")), self.expected)

    def test_byte_ranges_add_up(self):
        size = len(self.data)
        for cuts in ((0, size), (1, 2), (size // 3, 2 * size // 3), (100, 101), (size - 5, size)):
            a, b = cuts
            games = []
            for rng in ((0, a), (a, b), (b, None)):
                games += events(read_games(self.path, errors="skip", byte_range=rng))
            self.assertEqual(games, self.expected, cuts)
            games = []
            for rng in ((0, a), (a, b), (b, None)):
                games += events(read_games(self.data, errors="skip", byte_range=rng))
            self.assertEqual(games, self.expected, cuts)

    def test_lazy_and_constant_memory(self):
        # A generator source of 200,000 games: reading the first few does not read them all.
        class Endless(io.RawIOBase):
            def __init__(self):
                self.given = 0

            def readable(self):
                return True

            def readinto(self, b):
                chunk = (GOOD.format(n=self.given) * 50).encode()
                chunk = chunk[:len(b) // len(chunk) * len(chunk) or len(b)]
                self.given += 1
                b[:len(chunk)] = chunk
                return len(chunk)

        src = Endless()
        reader = read_games(src)
        first = [next(reader) for _ in range(5)]
        self.assertEqual(len(first), 5)
        self.assertLess(src.given, 10)
        reader.close()

    def test_moves_only(self):
        g = next(iter(read_games('[Event "x"]\n[White "a"]\n\n1. e4 {c} $1 (1. d4) e5 *\n',
                                 moves_only=True)))
        self.assertEqual(g.move_text(), ["e4", "e5"])
        self.assertIsNone(g.tags.get("White"))
        self.assertEqual(g.comment(1), None)

    def test_bad_sources(self):
        with self.assertRaises(TypeError):
            read_games(12)
        with open(self.path, "r") as f:
            with self.assertRaises(TypeError):
                read_games(f)
        with self.assertRaises(ValueError):
            read_games(self.data, byte_range=(10, 5))
        with self.assertRaises(ValueError):
            read_games(self.data, errors="ignore")

    def test_failing_file_raises(self):
        class Broken(io.RawIOBase):
            def readable(self):
                return True

            def readinto(self, b):
                raise OSError("disk on fire")

        with self.assertRaises(OSError) as cm:
            list(read_games(Broken()))
        self.assertIn("disk on fire", str(cm.exception))


class TestParallelExample(unittest.TestCase):
    """examples/read_parallel.py: byte ranges read by processes (and Dask) give the same totals."""

    def test_same_totals(self):
        example = pathlib.Path(__file__).resolve().parents[2] / "examples" / "read_parallel.py"
        with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
            f.write(collection(400, 9))
        try:
            args = [os.sys.executable, str(example), f.name, "--workers", "2", "--ranges", "13"]
            try:
                import dask  # noqa: F401  (Debian: python3-dask)
                args.append("--dask")
            except ImportError:
                print("# (dask not installed: multiprocessing only)")
            r = subprocess.run(args, capture_output=True, text=True, timeout=300)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            self.assertIn("same totals", r.stdout)
            self.assertIn("games       355", r.stdout)  # 400 minus the 45 broken ones
            self.assertIn("skipped     45", r.stdout)
        finally:
            os.unlink(f.name)


class TestOtherFormats(unittest.TestCase):
    def test_shift_jis_kif_from_a_path(self):
        kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
        with tempfile.NamedTemporaryFile(suffix=".kif", delete=False) as f:
            f.write((kif + "\n" + kif).encode("cp932"))
        try:
            games = list(read_games(f.name, "shogi", "kif"))
            self.assertEqual([g.ply for g in games], [2, 2])
        finally:
            os.unlink(f.name)


if __name__ == "__main__":
    unittest.main()
