"""Leak check for the binding in an ASan build: run the unittest suite under LeakSanitizer and fail on
any leak allocated inside libboardgames (Python's own allocations at exit are not ours to judge).

Usage: check_leaks.py TESTS_DIR   (env: BOARDGAMES_LIBRARY, PYTHONPATH and LD_PRELOAD=libasan.so)
"""

import os
import re
import subprocess
import sys

OURS = re.compile(r"\b(bgi?_\w+|libboardgames\S*)")


def run(args, cwd=None):
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:exitcode=0")
    return subprocess.run([sys.executable] + args, cwd=cwd, env=env, capture_output=True,
                          text=True, errors="replace")


def our_leaks(stderr):
    """The leak reports (one block per allocation site) with a libboardgames frame."""
    blocks = re.split(r"\n(?=(?:Direct|Indirect) leak of )", stderr)
    return [b for b in blocks if re.match(r"(Direct|Indirect) leak of ", b) and OURS.search(b)]


def main():
    tests_dir = sys.argv[1]
    if "asan" not in os.environ.get("LD_PRELOAD", ""):
        print("check_leaks.py needs LD_PRELOAD=libasan.so (an ASan build of the library)")
        return 2

    # Control: a handle detached from its finalizer must be reported, or this check proves nothing.
    control = run(["-c", "import boardgames; p = boardgames.Position(); p._finalizer.detach()"])
    if not our_leaks(control.stderr):
        print("control failed: a deliberately leaked position was not reported\n" + control.stderr)
        return 1

    suite = run(["-m", "unittest", "discover", "-s", tests_dir, "-t", tests_dir, "-p", "test_*.py"])
    if not re.search(r"^OK", suite.stderr, re.M):
        print("unittest suite failed under LeakSanitizer:\n" + suite.stderr)
        return 1
    leaks = our_leaks(suite.stderr)
    for block in leaks:
        print(block)
    ran = re.search(r"^Ran (\d+) tests", suite.stderr, re.M)
    print(f"{ran.group(1) if ran else '?'} tests run; {len(leaks)} leak(s) from libboardgames")
    return 1 if leaks else 0


if __name__ == "__main__":
    sys.exit(main())
