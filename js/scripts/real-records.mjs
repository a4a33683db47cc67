// Regenerates js/test/data/real-records.json: every file of tests/data/real read by native bgtool (strict and lenient), the figures records.test.js expects from the wasm.
// Usage: node js/scripts/real-records.mjs [BUILD_DIR]   (a native build, default ./build)
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const bgtool = join(process.argv[2] ?? join(root, 'build'), 'examples', 'bgtool');

// The game and record format of a file, from its folder and extension.
const KINDS = [
  [/^chess\/.*\.pgn$/, 'chess', 'pgn'],
  [/^xiangqi\/.*\.pgn$/, 'xiangqi', 'pgn'],
  [/^janggi\/.*\.gib$/, 'janggi', 'gib'],
  [/^shogi\/csa\/.*\.csa$/, 'shogi', 'csa'],
  [/^shogi\/kif\/.*\.kifu?$/, 'shogi', 'kif'],
  [/^shogi\/ki2\/.*\.ki2u?$/, 'shogi', 'ki2'],
];

function files(dir) {
  return readdirSync(dir).sort().flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
}

function read(variant, format, file, lenient) {
  const args = ['convert', variant, '--from', format, '--to', 'uci', ...(lenient ? ['--lenient'] : []), file];
  const r = spawnSync(bgtool, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.error) throw new Error(`${bgtool}: ${r.error.message} (build the native tree first)`);
  const summary = r.stderr.trim().split('\n').filter((l) => l.startsWith('read ')).at(-1);
  if (!summary) throw new Error(`bgtool ${args.join(' ')}: no summary line\n${r.stderr}`);
  const games = r.stdout.split('\n');
  games.pop(); // after the last newline (a game without moves is an empty line)
  return { games, summary, status: r.status };
}

const out = {};
const dir = join(root, 'tests', 'data', 'real');
for (const path of files(dir)) {
  const rel = relative(dir, path);
  const kind = KINDS.find(([re]) => re.test(rel));
  if (!kind) continue; // README, SOURCES
  const [, variant, format] = kind;
  out[relative(root, path)] = { variant, format, strict: read(variant, format, path, false), lenient: read(variant, format, path, true) };
}
const target = join(root, 'js', 'test', 'data', 'real-records.json');
writeFileSync(target, JSON.stringify(out, null, 1));
console.log(`${target}: ${Object.keys(out).length} files`);
