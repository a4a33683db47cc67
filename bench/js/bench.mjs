// Benchmark from JS, in one run: perft and random games with SAN-style move text for libboardgames-wasm vs ffish.js, chessops/shogiops and the native library; the .wasm sizes.
//
// Usage: node bench/js/bench.mjs [--quick] [--bgtool build/examples/bgtool]
// Needs `npm --prefix js run build` and the benchmark-only packages of js/package.json
// (ffish, chessops, shogiops: devDependencies, never part of the package). Prints a Markdown
// report; every engine must count the same perft nodes, or the row says so.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(dirname(here));
const js = join(root, 'js');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const bgtool = args.includes('--bgtool') ? args[args.indexOf('--bgtool') + 1] : join(root, 'build', 'examples', 'bgtool');
const BUDGET_MS = quick ? 300 : 1500;

const bg = await import(join(js, 'dist', 'index.js'));
const require = createRequire(join(js, 'package.json'));

// ffish.js (Fairy-Stockfish, emscripten + embind). Its glue fetches the .wasm by file path on
// Node 18+ ("Failed to parse URL"): hide fetch while it loads, so it reads the file instead.
async function loadFfish() {
  const saved = globalThis.fetch;
  globalThis.fetch = undefined;
  try {
    const ffish = require('ffish');
    await new Promise((resolve) => { if (ffish.calledRun) resolve(); else ffish.onRuntimeInitialized = resolve; });
    return ffish;
  } finally {
    globalThis.fetch = saved;
  }
}
const ffish = await loadFfish();
// chessops and shogiops are ES modules in js/node_modules (this script lives outside js/).
const nm = join(js, 'node_modules');
const chessops = await import(join(nm, 'chessops', 'dist', 'esm', 'index.js'));
const chessopsDebug = await import(join(nm, 'chessops', 'dist', 'esm', 'debug.js'));
const chessopsSan = await import(join(nm, 'chessops', 'dist', 'esm', 'san.js'));
const shogiopsDebug = await import(join(nm, 'shogiops', 'dist', 'debug.js'));
const shogiopsSfen = await import(join(nm, 'shogiops', 'dist', 'sfen.js'));
const shogiopsWestern = await import(join(nm, 'shogiops', 'dist', 'notation', 'western.js'));
const shogiopsVariant = await import(join(nm, 'shogiops', 'dist', 'variant', 'util.js'));
const shogiopsUtil = await import(join(nm, 'shogiops', 'dist', 'util.js'));

// ---- timing: repeat until the budget is spent, keep the best rate

function rate(fn) {
  let best = 0, units = 0;
  const end = performance.now() + BUDGET_MS;
  do {
    const t0 = performance.now();
    units = fn();
    const dt = (performance.now() - t0) / 1000;
    best = Math.max(best, units / Math.max(dt, 1e-6));
  } while (performance.now() < end);
  return { rate: best, units };
}

let seed = 1;
const random = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

// ---- perft driven from JS (the same algorithm for every engine: bulk count at the last ply)

function perftOurs(id, options, depth) {
  const stack = Array.from({ length: depth + 1 }, () => new bg.Position(id, null, { options }));
  const rec = (d) => {
    const p = stack[d];
    if (d === 1) return p.legalMoveCount();
    let n = 0;
    for (const m of p.legalMoveValues()) {
      stack[d - 1].copyFrom(p).play(m);
      n += rec(d - 1);
    }
    return n;
  };
  const n = rec(depth);
  for (const p of stack) p.free();
  return n;
}

function perftFfish(variant, depth) {
  const b = new ffish.Board(variant);
  const rec = (d) => {
    if (d === 1) return b.numberLegalMoves();
    let n = 0;
    for (const m of b.legalMoves().split(' ')) {
      if (!m) continue;
      b.push(m);
      n += rec(d - 1);
      b.pop();
    }
    return n;
  };
  const n = rec(depth);
  b.delete();
  return n;
}

// ---- random games with move text (plies per second, including the game-over test)

const PLIES = quick ? 400 : 2000;

function randomOurs(id, options, notation) {
  let game = new bg.Game(id, { options });
  for (let i = 0; i < PLIES; i++) {
    const moves = game.legalMoveValues();
    const m = moves[random(moves.length)];
    game.formatMove(m, notation);
    game.play(m);
    if (game.isOver() || game.ply >= 300) {
      game.free();
      game = new bg.Game(id, { options });
    }
  }
  game.free();
  return PLIES;
}

function randomFfish(variant) {
  const b = new ffish.Board(variant);
  for (let i = 0; i < PLIES; i++) {
    const moves = b.legalMoves().split(' ');
    const m = moves[random(moves.length)];
    b.sanMove(m);
    b.push(m);
    if (b.isGameOver() || b.gamePly() >= 300) b.reset();
  }
  b.delete();
  return PLIES;
}

function chessopsMoves(pos) {
  const out = [];
  for (const [from, dests] of pos.allDests()) {
    for (const to of dests) {
      const promo = pos.board.pawn.has(from) && (to >> 3 === 0 || to >> 3 === 7);
      if (promo) for (const p of ['queen', 'rook', 'bishop', 'knight']) out.push({ from, to, promotion: p });
      else out.push({ from, to });
    }
  }
  return out;
}

function randomChessops() {
  let pos = chessops.Chess.default();
  let ply = 0;
  for (let i = 0; i < PLIES; i++) {
    const moves = chessopsMoves(pos);
    const m = moves[random(moves.length)];
    chessopsSan.makeSan(pos, m);
    pos.play(m);
    if (pos.isEnd() || ++ply >= 300) {
      pos = chessops.Chess.default();
      ply = 0;
    }
  }
  return PLIES;
}

function shogiopsPosition(rules) {
  return shogiopsSfen.parseSfen(rules, shogiopsSfen.initialSfen(rules)).unwrap();
}

function shogiopsMoves(pos) {
  // The moves as shogiops's own perft enumerates them (promotion where allowed, forced or not).
  const out = [];
  for (const [from, dests] of pos.allMoveDests()) {
    for (const to of dests) {
      const piece = pos.board.get(from);
      if (shogiopsVariant.pieceCanPromote(pos.rules)(piece, from, to, pos.board.get(to))) {
        out.push({ from, to, promotion: true });
        if (!shogiopsVariant.pieceForcePromote(pos.rules)(piece, to)) out.push({ from, to, promotion: false });
      } else {
        out.push({ from, to, promotion: false });
      }
    }
  }
  for (const [name, dests] of pos.allDropDests()) {
    const piece = shogiopsUtil.parsePieceName(name);
    for (const to of dests) out.push({ role: piece.role, to });
  }
  return out;
}

function randomShogiops(rules) {
  let pos = shogiopsPosition(rules);
  let ply = 0;
  for (let i = 0; i < PLIES; i++) {
    const moves = shogiopsMoves(pos);
    const m = moves[random(moves.length)];
    shogiopsWestern.makeWesternMoveOrDrop(pos, m);
    pos.play(m);
    if (pos.isEnd() || ++ply >= 300) {
      pos = shogiopsPosition(rules);
      ply = 0;
    }
  }
  return PLIES;
}

// ---- native (bgtool perft as a process: wall time; its startup is under a millisecond)

function nativePerft(id, options, depth) {
  if (!existsSync(bgtool)) return null;
  let best = 0, nodes = 0;
  for (let i = 0; i < (quick ? 1 : 3); i++) {
    const t0 = performance.now();
    const r = spawnSync(bgtool, ['perft', id, String(depth), ...(options ? ['--option', options] : [])], { encoding: 'utf8' });
    const dt = (performance.now() - t0) / 1000;
    if (r.status !== 0) return null;
    nodes = Number(r.stdout.trim().split('\n').at(-1));
    best = Math.max(best, nodes / dt);
  }
  return { rate: best, units: nodes };
}

// ---- the run

const VARIANTS = [
  // bulk depths reach 10^7..10^8 nodes, so that bgtool's process start (a few ms) does not count
  { id: 'chess', ffish: 'chess', notation: 'san', bulk: 6, jsDepth: 4, ops: 'chess' },
  { id: 'xiangqi', ffish: 'xiangqi', notation: 'wxf', bulk: 5, jsDepth: 3 },
  { id: 'janggi', ffish: 'janggi', options: 'ruleset=tournament', notation: 'korean', bulk: 5, jsDepth: 3 },
  { id: 'shogi', ffish: 'shogi', notation: 'western', bulk: 5, jsDepth: 3, ops: 'standard' },
  { id: 'minishogi', ffish: 'minishogi', notation: 'western', bulk: 6, jsDepth: 4, ops: 'minishogi' },
  { id: 'shoshogi', ffish: 'shoshogi', notation: 'western', bulk: 5, jsDepth: 3 },
  { id: 'torishogi', ffish: 'torishogi', notation: 'western', bulk: 5, jsDepth: 3 },
];
if (quick) for (const v of VARIANTS) { v.bulk -= 2; v.jsDepth--; }

const fmt = (x) => (x === null || x === undefined ? '—' : x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)} k` : x.toFixed(0));
const ratio = (a, b) => (a && b ? `${(a / b).toFixed(1)}×` : '—');

const rows = [];
for (const v of VARIANTS) {
  const options = v.options ?? null;
  const native = nativePerft(v.id, options, v.bulk);
  const bulk = rate(() => new bg.Position(v.id, null, { options }).perft(v.bulk));
  const oursJs = rate(() => perftOurs(v.id, options, v.jsDepth));
  const ffJs = rate(() => perftFfish(v.ffish, v.jsDepth));
  let opsJs = null, opsRandom = null;
  if (v.ops === 'chess') {
    opsJs = rate(() => chessopsDebug.perft(chessops.Chess.default(), v.jsDepth, false));
    opsRandom = rate(randomChessops);
  } else if (v.ops) {
    opsJs = rate(() => shogiopsDebug.perft(shogiopsPosition(v.ops), v.jsDepth, false));
    opsRandom = rate(() => randomShogiops(v.ops));
  }
  const oursRandom = rate(() => randomOurs(v.id, options, v.notation));
  const ffRandom = rate(() => randomFfish(v.ffish));
  const agree = [bulk.units === (native?.units ?? bulk.units), oursJs.units === ffJs.units, !opsJs || opsJs.units === oursJs.units];
  rows.push({ v, native, bulk, oursJs, ffJs, opsJs, oursRandom, ffRandom, opsRandom, agree });
  console.error(`${v.id}: done`);
}

const wasm = readFileSync(join(js, 'dist', 'boardgames.wasm'));
const ffWasm = readFileSync(require.resolve('ffish/ffish.wasm'));
const gz = (b) => {
  const r = spawnSync('gzip', ['-9c'], { input: b, maxBuffer: 1 << 26 });
  return r.status === 0 ? r.stdout.length : gzipSync(b, { level: 9 }).length;
};

const out = [];
out.push(`# libboardgames from JS (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${quick ? 'quick' : 'full'} run)`);
out.push('');
out.push('Perft nodes per second. "bulk" = one call into the library (wasm) or bgtool perft (native); "JS-driven" = the recursion in JS over each');
out.push("engine's own API (legal moves, make, unmake / copy), bulk-counted at the last ply, the same algorithm for all.");
out.push('');
out.push('| variant | native bulk | wasm bulk | native / wasm | wasm JS-driven | ffish.js JS-driven | vs ffish | chessops / shogiops | nodes agree |');
out.push('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  out.push(`| ${r.v.id} (d${r.v.bulk} / d${r.v.jsDepth}) | ${fmt(r.native?.rate)} | ${fmt(r.bulk.rate)} | ${ratio(r.native?.rate, r.bulk.rate)} | ${fmt(r.oursJs.rate)} | ${fmt(r.ffJs.rate)} | ${ratio(r.oursJs.rate, r.ffJs.rate)} | ${fmt(r.opsJs?.rate)} | ${r.agree.every(Boolean) ? 'yes' : `NO (${r.bulk.units}/${r.native?.units}, ${r.oursJs.units}/${r.ffJs.units}/${r.opsJs?.units})`} |`);
}
out.push('');
out.push(`Random games with move text: plies per second (legal moves, pick one, its text, play it, game over?), ${PLIES} plies a round.`);
out.push("Text: libboardgames SAN (chess), WXF (xiangqi), Korean (janggi), Western/Hodges (shogi family); ffish.js sanMove(); chessops makeSan; shogiops western.");
out.push('');
out.push('| variant | libboardgames-wasm | ffish.js | vs ffish | chessops / shogiops | vs chessops / shogiops |');
out.push('|---|---|---|---|---|---|');
for (const r of rows) {
  out.push(`| ${r.v.id} | ${fmt(r.oursRandom.rate)} | ${fmt(r.ffRandom.rate)} | ${ratio(r.oursRandom.rate, r.ffRandom.rate)} | ${fmt(r.opsRandom?.rate)} | ${ratio(r.oursRandom.rate, r.opsRandom?.rate)} |`);
}
out.push('');
out.push('| module | raw bytes | gzip -9 bytes |');
out.push('|---|---|---|');
out.push(`| libboardgames boardgames.wasm (10 games, every notation and record format, pictures) | ${wasm.length} | ${gz(wasm)} |`);
out.push(`| ffish.js ffish.wasm (npm ffish ${require('ffish/package.json').version}) | ${ffWasm.length} | ${gz(ffWasm)} |`);
console.log(out.join('\n'));
