// The package's surface: the wasm exports match the C headers, no eval anywhere, both entry points, moves as objects and texts, metadata and pictures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bg, jsDir, root } from './helpers.js';

const wasmBytes = readFileSync(join(jsDir, 'dist', 'boardgames.wasm'));
const module = new WebAssembly.Module(wasmBytes);

test('every BG_API function of include/boardgames/*.h is exported by the wasm (or excluded for a reason)', () => {
  // Readers on file descriptors, FILE*s and C callbacks have no meaning in JS: RecordReader takes
  // strings, bytes or a JS source function (bgjs_reader_open) instead.
  const excluded = new Set(['bg_record_reader_open', 'bg_record_reader_open_fd', 'bg_record_reader_open_file']);
  const exported = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
  const dir = join(root, 'include', 'boardgames');
  let n = 0;
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.h'))) {
    const text = readFileSync(join(dir, f), 'utf8');
    for (const m of text.matchAll(/^BG_API\s+[^;(]*?\b(bg_\w+)\s*\(/gm)) {
      n++;
      if (excluded.has(m[1])) assert.ok(!exported.has(m[1]), `${m[1]} is excluded`);
      else assert.ok(exported.has(m[1]), `${f}: ${m[1]} is exported`);
    }
  }
  assert.ok(n >= 130, `${n} header functions`);
});

test('the module imports only what core.js provides, and nothing evaluates code', () => {
  const imports = WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}`).sort();
  for (const i of imports) {
    assert.ok(/^env\.(bgjs_read|bgjs_iconv_open|bgjs_iconv|emscripten_notify_memory_growth)$/.test(i) || i.startsWith('wasi_snapshot_preview1.'), i);
  }
  for (const f of readdirSync(join(jsDir, 'dist')).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(join(jsDir, 'dist', f), 'utf8');
    assert.ok(!/\beval\s*\(|\bFunction\s*\(/.test(text), `${f} has no eval / Function constructor`);
  }
});

test('the embedded entry point gives the same library without reading a file', async () => {
  const em = await import(join(jsDir, 'dist', 'embedded.js'));
  assert.equal(em.version(), bg.version());
  assert.equal(new em.Position('chess').perft(3), 8902);
  assert.match(bg.version(), /^\d+\.\d+\.\d+$/);
});

test('variants: the catalogue, callable and array-like', () => {
  assert.equal(bg.variants.length, 12);
  assert.deepEqual(bg.variants().map((v) => v.id), bg.variants.map((v) => v.id));
  assert.deepEqual([...bg.variants].map((v) => v.id), bg.variants.map((v) => v.id));
  assert.equal(bg.variants[0].id, 'chess');
  assert.ok(bg.variants.find((v) => v.id === 'sevenkingdoms').sides.length === 7);
  const chess = bg.variant('chess');
  assert.equal(chess, bg.variants[0]);
  assert.deepEqual([chess.width, chess.height], [8, 8]);
  assert.deepEqual(chess.sides, ['white', 'black']);
  assert.ok(chess.notations.includes('san') && chess.recordFormats.includes('pgn'));
  assert.deepEqual(chess.options.chess960, ['false', 'true']);
  assert.equal(JSON.parse(JSON.stringify(chess)).id, 'chess');
});

test('metadata: names of pieces, sides and squares, regions', () => {
  const xq = bg.variant('xiangqi');
  const chariot = xq.pieceKind('chariot');
  assert.equal(xq.pieceText(chariot, 'red', 'native'), '俥');
  assert.equal(xq.pieceText(chariot, 'black', 'native'), '車');
  assert.equal(xq.pieceText(chariot, 0, 'reading'), 'jū');
  assert.equal(xq.pieceNotation(xq.pieceKind('horse'), 'wxf'), 'H');
  assert.equal(xq.sideText('red', 'native'), '紅方');
  assert.equal(xq.sideColor('red'), '#c8102e');
  assert.equal(xq.onPoints, true);
  assert.deepEqual(xq.region('palace', 'red').map((s) => xq.squareName(s)), ['d1', 'e1', 'f1', 'd2', 'e2', 'f2', 'd3', 'e3', 'f3']);
  const sh = bg.variant('shogi');
  assert.equal(sh.squareName(sh.parseSquare('7g'), 'kif'), '７七');
  assert.equal(sh.squareName('7g', 'csa'), '77');
  const dragon = sh.pieceKind('+R');
  assert.equal(sh.pieceBase(dragon), sh.pieceKind('R'));
  assert.equal(sh.pieceText(dragon, 0, 'native'), '龍王');
  const chess = bg.variant('chess');
  assert.deepEqual(chess.promotions('P').map((k) => chess.pieces[k - 1].letter).sort(), ['B', 'N', 'Q', 'R']);
  assert.equal(chess.isRoyal('K'), true);
  assert.equal(chess.region('promotion', 'white').length, 8);
  for (const v of bg.variants) {
    for (const p of v.pieces) for (let s = 0; s < v.sides.length; s++) assert.ok(v.pieceText(p.kind, s, 'english').length > 0);
    assert.equal(v.squareNames().length, v.squares);
    for (let sq = 0; sq < v.squares; sq++) assert.equal(v.parseSquare(v.squareName(sq)), sq);
  }
});

test('legal moves: objects, values and texts agree, in one call per list', () => {
  for (const v of bg.variants) {
    const p = new bg.Position(v.id);
    const moves = p.legalMoves();
    const values = p.legalMoveValues();
    assert.equal(moves.length, values.length);
    assert.equal(p.legalMoveCount(), moves.length);
    for (const notation of v.notations) {
      const texts = p.legalMovesText(notation);
      assert.equal(texts.length, moves.length, `${v.id} ${notation}`);
      assert.deepEqual(texts, moves.map((m) => p.formatMove(m, notation)), `${v.id} ${notation}: batch = one by one`);
      assert.deepEqual(texts.map((t) => p.parseMove(t, notation).value), Array.from(values), `${v.id} ${notation}: texts read back`);
    }
    const withText = p.legalMovesWithText();
    assert.equal(withText[0].move.value, values[0]);
    p.free();
  }
  const shogi = new bg.Position('shogi');
  const usi = shogi.legalMovesText('usi');
  assert.ok(Array.isArray(usi) && usi.every((s) => typeof s === 'string') && usi.includes('7g7f'));
  const m = shogi.parseMove('7g7f');
  assert.deepEqual({ from: m.fromSquare, to: m.toSquare, drop: m.drop, promotion: m.promotion }, { from: '7g', to: '7f', drop: false, promotion: false });
  shogi.play(m);
  shogi.play('3c3d');
  shogi.play('8h2b+');
  shogi.play('3a2b');
  shogi.play('2g2f');
  const drop = shogi.parseMove('B*5e', 'usi');
  assert.deepEqual({ drop: drop.drop, piece: drop.piece, to: drop.toSquare, from: drop.from }, { drop: true, piece: 'B', to: '5e', from: null });
  assert.equal(shogi.formatMove(drop, 'kif'), '５五角打');
  shogi.free();
});

test('positions: text, pieces, hands, hash, clone and copyFrom, options as objects', () => {
  const p = new bg.Position('shogi', 'lnsgkgsnl/1r5b1/pppppppp1/9/9/9/1PPPPPPPP/1B5R1/LNSGKGSNL b Pp 1');
  assert.deepEqual(p.hands(), { sente: { P: 1 }, gote: { P: 1 } });
  assert.equal(p.handCount('sente', 'P'), 1);
  assert.equal(p.pieceAt('5i').name, 'king');
  assert.equal(p.board().filter(Boolean).length, 38);
  assert.equal(p.turn, 'sente');
  const c = p.clone();
  c.play('P*9e');
  assert.notEqual(c.text(), p.text());
  assert.notEqual(c.hash(), p.hash());
  c.copyFrom(p);
  assert.equal(c.text(), p.text());
  assert.equal(c.hash(), p.hash());
  assert.equal(new bg.Position('chess').hash(), 0x463b96181691fc9cn, 'the Polyglot key');
  const c960 = new bg.Position('chess', 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', { options: { chess960: true } });
  assert.equal(c960.perft(2), 528); // tests/data/perft/chess960.perft, position 1
  assert.equal(c960.options, 'chess960=true');
});

test('pictures: an SVG board with marks, the last move, and the diagram', () => {
  for (const v of bg.variants) {
    const g = new bg.Game(v.id);
    const first = g.legalMoves()[0];
    g.play(first);
    const svg = g.svg({ marks: [g.variant.squareName(0)], size: 300 });
    assert.match(svg, /^<\?xml|^<svg/);
    assert.match(svg, /<\/svg>\s*$/);
    assert.ok(svg.includes('width="300"'), `${v.id} size`);
    assert.ok(g.diagram().length > 20);
    g.free();
  }
  const p = new bg.Position('xiangqi');
  assert.ok(p.svg().includes('俥'));
});
