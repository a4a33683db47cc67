"""tests/common — what the Python test scripts share: unittest cases reported as TAP, one line per case."""
import sys
import unittest


class TapResult(unittest.TestResult):
    """Minimal TAP producer so that meson shows every case (named Class.test, or test alone)."""

    def __init__(self, class_in_name=True):
        super().__init__()
        self.n = 0
        self.class_in_name = class_in_name

    def report(self, test, ok, detail=""):
        self.n += 1
        name = test.id().split(".", 1)[-1] if self.class_in_name else test.id().split(".")[-1]
        print("%s %d - %s" % ("ok" if ok else "not ok", self.n, name))
        for line in detail.splitlines():
            print("# " + line)
        sys.stdout.flush()

    def addSuccess(self, test):
        super().addSuccess(test)
        self.report(test, True)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self.report(test, False, self._exc_info_to_string(err, test))

    def addError(self, test, err):
        super().addError(test, err)
        self.report(test, False, self._exc_info_to_string(err, test))


def assert_bgtool_error(case, r, needles, stdout_empty=True):
    """bgtool's usage or input error: exit 2, one line 'bgtool: ...' on stderr naming every needle
    (and, with stdout_empty, nothing on stdout)."""
    case.assertEqual(r.returncode, 2, r)
    if stdout_empty:
        case.assertEqual(r.stdout, "")
    lines = r.stderr.splitlines()
    case.assertEqual(len(lines), 1, r.stderr)
    case.assertTrue(lines[0].startswith("bgtool: "), r.stderr)
    for n in needles:
        case.assertIn(n, lines[0])


def run_tap(*cases, class_in_name=True):
    """Run the TestCase classes in order with a TAP plan first; the exit status (0 = all passed)."""
    loader = unittest.defaultTestLoader
    suite = unittest.TestSuite([loader.loadTestsFromTestCase(c) for c in cases])
    print("1..%d" % suite.countTestCases())
    result = TapResult(class_in_name)
    suite.run(result)
    return 0 if result.wasSuccessful() else 1


def tagged_board(field, height, tags, untagged="", hole="*", width=None):
    """The board of a position text whose pieces are a letter and a side tag ("Kr", as the Seven
    Kingdoms and the many-sided texts write them): {(file, rank): (side index, letter)}. Runs of
    empty squares are numbers; a letter in `untagged` is a piece of no side (side None); `hole`
    fills a square with nothing; with `width`, every rank is checked to have that many."""
    board = {}
    for i, row in enumerate(field.split("/")):
        r, f, j = height - 1 - i, 0, 0
        while j < len(row):
            if row[j].isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f, j = f + int(row[j:k]), k
            elif row[j] == hole:
                f, j = f + 1, j + 1
            elif row[j] in untagged:
                board[(f, r)] = (None, row[j])
                f, j = f + 1, j + 1
            else:
                board[(f, r)] = (tags.index(row[j + 1]), row[j])
                f, j = f + 1, j + 2
        assert width is None or f == width, row
    return board
