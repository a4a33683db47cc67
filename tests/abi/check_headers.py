#!/usr/bin/env python3
"""tests/abi — each public header compiles on its own as strict C11 (-Wpedantic -Werror) (TAP)."""
import os
import subprocess
import sys
import tempfile


def main():
    # argv: headers_dir, then the compiler command and include flags up to '--'.
    headers_dir = sys.argv[1]
    rest = sys.argv[2:]
    cc = rest[:rest.index('--')] if '--' in rest else rest
    headers = sorted(h for h in os.listdir(headers_dir) if h.endswith('.h'))
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for h in headers:
            # Also with the experimental declarations (BG_EXPERIMENTAL) visible.
            for std, experimental in (('c11', False), ('c11', True)):
                src = os.path.join(tmp, 'inc.c')
                with open(src, 'w') as f:
                    if experimental:
                        f.write('#define BG_EXPERIMENTAL\n')
                    # Twice, to prove the include guard works.
                    f.write('#include <boardgames/%s>\n#include <boardgames/%s>\n' % (h, h))
                    f.write('int bgi_header_test_dummy;\n')
                cmd = cc + ['-std=' + std, '-Wall', '-Wextra', '-Wpedantic', '-Werror',
                            '-fsyntax-only', src]
                p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   universal_newlines=True)
                results.append((p.returncode == 0, '%s compiles alone (-std=%s%s)'
                                % (h, std, ', BG_EXPERIMENTAL' if experimental else ''), p.stdout))
    print('1..%d' % (len(results) + 1))
    print('%s 1 - found the public headers (%d)' % ('ok' if len(headers) >= 8 else 'not ok', len(headers)))
    for i, (ok, desc, out) in enumerate(results, 2):
        print('%s %d - %s' % ('ok' if ok else 'not ok', i, desc))
        if not ok:
            for line in out.splitlines():
                print('# ' + line)
                print(line, file=sys.stderr)
    return 0 if len(headers) >= 8 and all(r[0] for r in results) else 1


if __name__ == '__main__':
    sys.exit(main())
