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


def experimental_lines(text):
    """The set of line numbers inside an `#if ... BG_EXPERIMENTAL ...` block (nested #if counted)."""
    inside, stack = set(), []
    for no, line in enumerate(text.split('\n')):
        d = line.strip()
        if re.match(r'#\s*if', d):
            stack.append('BG_EXPERIMENTAL' in d)
        elif re.match(r'#\s*endif', d) and stack:
            stack.pop()
        elif any(stack):
            inside.add(no)
    return inside


def header_functions(headers_dir):
    """Every function declared in the public headers -> (declared with BG_API?, header name, experimental?)."""
    decls = {}
    for path in sorted(glob.glob(os.path.join(headers_dir, '*.h'))):
        with open(path, encoding='utf-8') as f:
            raw = f.read()
        # Comments become spaces of the same line count, so line numbers keep their meaning.
        text = re.sub(r'/\*.*?\*/', lambda m: re.sub(r'[^\n]', ' ', m.group(0)), raw, flags=re.S)
        text = re.sub(r'//[^\n]*', ' ', text)
        exp = experimental_lines(text)
        # Preprocessor lines (macros, guards, extern "C") are not declarations; keep the rest.
        lines = [('' if ln.lstrip().startswith('#') else ln) for ln in text.split('\n')]
        body = '\n'.join(lines).replace('extern "C" {', ' ')
        pos = 0
        for stmt in re.split(r'[;{}]', body):
            start = body.index(stmt, pos) if stmt else pos
            pos = start + len(stmt)
            flat = ' '.join(stmt.split())
            if not flat or flat.startswith('typedef'):
                continue
            m = re.search(r'\b(bg_\w+)\s*\(', flat)
            if m is None:
                continue
            line = body.count('\n', 0, start + stmt.index(m.group(1)))
            decls[m.group(1)] = (re.search(r'\bBG_API\b', flat) is not None,
                                 os.path.basename(path), line in exp)
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
    ap.add_argument('--experimental-node', default='BOARDGAMES_EXPERIMENTAL',
                    help='the node of the functions declared under BG_EXPERIMENTAL')
    ap.add_argument('--nm', default='nm')
    ap.add_argument('--objdump', default='objdump')
    args = ap.parse_args()
    t = Tap()

    decls = header_functions(args.headers)
    header_api = {n for n, (api, _, _) in decls.items() if api}
    header_exp = {n for n, (api, _, e) in decls.items() if api and e}
    undecorated = sorted('%s (%s)' % (n, h) for n, (api, h, _) in decls.items() if not api)
    t.check(len(header_api) >= 10, 'headers declare the public functions (%d found)' % len(header_api))
    t.check(not undecorated, 'every bg_* function in the headers is declared with BG_API',
            'without BG_API: ' + ', '.join(undecorated))

    nodes = parse_version_script(args.map)
    names = [n for n, _, _ in nodes]
    t.check(names and names[0] == args.node, 'version script starts with node %s' % args.node,
            'nodes: %s' % names)
    t.check(nodes and '*' in nodes[0][2], 'first node hides everything else (local: *;)')
    t.check(len(set(names)) == len(names), 'version node names are unique', 'nodes: %s' % names)

    # The map lists every function by name: no wildcard exports anything by accident.
    listed = {}
    for name, pats, _ in nodes:
        for pat in pats:
            listed.setdefault(pat, []).append(name)
    wild = sorted(p for p in listed if any(c in p for c in '*?['))
    t.check(not wild, 'the version script exports by name only (no wildcards)', ', '.join(wild))
    twice = sorted('%s (%s)' % (n, ', '.join(v)) for n, v in listed.items() if len(v) > 1)
    t.check(not twice, 'no function is listed in two version nodes', '\n'.join(twice))
    unlisted = sorted(header_api - set(listed))
    t.check(not unlisted, 'every header function is listed in the version script',
            'not in the map: ' + ', '.join(unlisted))
    stray = sorted(set(listed) - header_api - set(wild))
    t.check(not stray, 'every name in the version script is a header function',
            'in the map but in no header: ' + ', '.join(stray))
    exp_node = {n for n, v in listed.items() if args.experimental_node in v}
    t.check(args.experimental_node in names and len(header_exp) > 0,
            'an experimental node %s exists and headers declare experimental functions (%d)'
            % (args.experimental_node, len(header_exp)))
    t.check(exp_node == header_exp,
            'the experimental node holds exactly the functions declared under BG_EXPERIMENTAL',
            'only in the headers: %s; only in the node: %s'
            % (', '.join(sorted(header_exp - exp_node)), ', '.join(sorted(exp_node - header_exp))))

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
