#!/usr/bin/env python3
"""tests/picture — every variant's start and midgame SVG parses (xmllint) and renders (rsvg-convert) (TAP)."""
import os
import shutil
import subprocess
import sys
import tempfile


def main():
    dump = sys.argv[1]
    tools = {name: shutil.which(name) for name in ("xmllint", "rsvg-convert")}
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run([dump, tmp], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        files = [line for line in p.stdout.splitlines() if line.endswith(".svg")]
        results.append((p.returncode == 0 and len(files) == 30, "svg_dump wrote 30 pictures",
                        p.stdout, None))
        for path in files:
            name = os.path.basename(path)
            for tool, args in (("xmllint", ["--noout", path]),
                               ("rsvg-convert", ["-w", "200", "-o", path + ".png", path])):
                if not tools[tool]:
                    results.append((True, f"{name}: {tool}", "", f"SKIP {tool} not installed"))
                    continue
                r = subprocess.run([tools[tool]] + args, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, universal_newlines=True)
                ok = r.returncode == 0 and not r.stdout.strip()
                if ok and tool == "rsvg-convert":
                    ok = os.path.getsize(path + ".png") > 1000
                results.append((ok, f"{name}: {tool}", r.stdout, None))
    print(f"1..{len(results)}")
    for i, (ok, desc, out, skip) in enumerate(results, 1):
        print(f"{'ok' if ok else 'not ok'} {i} - {desc}" + (f" # {skip}" if skip else ""))
        if not ok:
            for line in out.splitlines():
                print("# " + line)
    return 0 if all(r[0] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
