#!/usr/bin/env python3
"""tests/abi — the exported dynamic symbols, the version script and the BG_API header declarations agree (TAP)."""
import argparse
import fnmatch
import glob
import os
import re
import subprocess
import sys


def strip_c_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', ' ', text)


def header_functions(headers_dir):
    """Every function declared in the public headers -> (declared with BG_API?, header name)."""
    decls = {}
    for path in sorted(glob.glob(os.path.join(headers_dir, '*.h'))):
        with open(path, encoding='utf-8') as f:
            text = strip_c_comments(f.read())
        # Preprocessor lines (macros, guards, extern "C") are not declarations; keep the rest.
        lines = [ln for ln in text.split('\n') if not ln.lstrip().startswith('#')]
        body = '\n'.join(lines).replace('extern "C" {', ' ')
        for stmt in re.split(r'[;{}]', body):
            stmt = ' '.join(stmt.split())
            if not stmt or stmt.startswith('typedef'):
                continue
            m = re.search(r'\b(bg_\w+)\s*\(', stmt)
            if m is None:
                continue
            decls[m.group(1)] = (re.search(r'\bBG_API\b', stmt) is not None, os.path.basename(path))
    return decls


def parse_version_script(path):
    """Nodes in order: [(name, [global patterns], [local patterns])]."""
    with open(path, encoding='utf-8') as f:
        text = strip_c_comments(f.read())
    text = re.sub(r'#[^\n]*', ' ', text)
    nodes = []
    for m in re.finditer(r'([A-Za-z_][\w.]*)\s*\{(.*?)\}\s*([\w.]*)\s*;', text, flags=re.S):
        name, body = m.group(1), m.group(2)
        glob_pats, local_pats, scope = [], [], 'global'
        for item in body.split(';'):
            item = item.strip()
            if not item:
                continue
            label = re.match(r'(global|local)\s*:\s*(.*)', item, flags=re.S)
            if label:
                scope, item = label.group(1), label.group(2).strip()
                if not item:
                    continue
            (glob_pats if scope == 'global' else local_pats).append(item)
        nodes.append((name, glob_pats, local_pats))
    return nodes


def expected_node(nodes, sym):
    """The version node ld gives sym: an exact name wins over a wildcard, else the first matching wildcard."""
    for name, pats, _ in nodes:
        if sym in pats:
            return name
    for name, pats, _ in nodes:
        if any(fnmatch.fnmatchcase(sym, p) for p in pats if any(c in p for c in '*?[')):
            return name
    return None


def run(cmd):
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, universal_newlines=True).stdout


class Tap:
    def __init__(self):
        self.results = []

    def check(self, ok, desc, detail=''):
        self.results.append((bool(ok), desc, detail))

    def emit(self):
        print('1..%d' % len(self.results))
        for i, (ok, desc, detail) in enumerate(self.results, 1):
            print('%s %d - %s' % ('ok' if ok else 'not ok', i, desc))
            if not ok and detail:
                # Also on stderr: meson shows stderr of a failed test, not TAP comments.
                for line in detail.splitlines():
                    print('# ' + line)
                    print('%s: %s' % (desc, line), file=sys.stderr)
        return 0 if all(ok for ok, _, _ in self.results) else 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--lib', required=True)
    ap.add_argument('--map', required=True)
    ap.add_argument('--headers', required=True)
    ap.add_argument('--soname', required=True)
    ap.add_argument('--node', default='BOARDGAMES_0.1', help='the first version node')
    ap.add_argument('--nm', default='nm')
    ap.add_argument('--objdump', default='objdump')
    args = ap.parse_args()
    t = Tap()

    decls = header_functions(args.headers)
    header_api = {n for n, (api, _) in decls.items() if api}
    undecorated = sorted('%s (%s)' % (n, h) for n, (api, h) in decls.items() if not api)
    t.check(len(header_api) >= 10, 'headers declare the public functions (%d found)' % len(header_api))
    t.check(not undecorated, 'every bg_* function in the headers is declared with BG_API',
            'without BG_API: ' + ', '.join(undecorated))

    nodes = parse_version_script(args.map)
    names = [n for n, _, _ in nodes]
    t.check(names and names[0] == args.node, 'version script starts with node %s' % args.node,
            'nodes: %s' % names)
    t.check(nodes and '*' in nodes[0][2], 'first node hides everything else (local: *;)')
    t.check(len(set(names)) == len(names), 'version node names are unique', 'nodes: %s' % names)

    nm_out = run([args.nm, '-D', '--defined-only', args.lib])
    exported = set()
    for line in nm_out.splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue
        sym = parts[2].split('@')[0]
        if parts[1] == 'A' and sym in names:
            continue  # the version definition itself
        exported.add(sym)
    missing = sorted(header_api - exported)
    extra = sorted(exported - header_api)
    t.check(not missing, 'every BG_API function is exported (%d)' % len(header_api),
            'not exported: ' + ', '.join(missing))
    t.check(not extra, 'nothing but BG_API functions is exported (%d exported)' % len(exported),
            'exported but not declared with BG_API: ' + ', '.join(extra))
    outside = sorted(s for s in exported if expected_node(nodes, s) is None)
    t.check(not outside, 'every exported symbol is covered by a global pattern of the version script',
            'not in the map: ' + ', '.join(outside))

    # objdump -T: "<addr> <flags> <type> <section> <size> <version> <name>"; hidden versions in ().
    od_out = run([args.objdump, '-T', args.lib])
    versions, kinds = {}, {}
    for line in od_out.splitlines():
        m = re.match(r'^[0-9a-f]+\s+(.{7})\s+(\S+)\s+[0-9a-f]+\s+(\S+)\s+(\S+)\s*$', line)
        if not m or m.group(2) == '*UND*':
            continue
        flags, version, sym = m.group(1), m.group(3), m.group(4)
        if sym in names:
            continue
        versions[sym] = version
        kinds[sym] = 'function' if 'F' in flags else 'object'
    wrong = sorted('%s has %s, map says %s' % (s, versions.get(s, 'no version'), expected_node(nodes, s))
                   for s in header_api & exported if versions.get(s) != expected_node(nodes, s))
    t.check(not wrong, 'objdump -T shows every exported function with its version node', '\n'.join(wrong))
    objects = sorted(s for s, k in kinds.items() if k != 'function')
    t.check(not objects, 'no data objects are exported (functions only)', ', '.join(objects))
    t.check(set(versions) == exported, 'nm -D and objdump -T list the same defined symbols',
            'differ: ' + ', '.join(sorted(set(versions) ^ exported)))

    soname = re.search(r'^\s*SONAME\s+(\S+)', run([args.objdump, '-p', args.lib]), flags=re.M)
    t.check(soname and soname.group(1) == args.soname, 'SONAME is %s' % args.soname,
            'found: %s' % (soname.group(1) if soname else 'none'))
    return t.emit()


if __name__ == '__main__':
    sys.exit(main())
