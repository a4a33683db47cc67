// Variants defined at run time from JS: the shipped definitions of data/variants played, their perft against tests/data/perft/defined.tsv, refused texts with their line, and the sets' lifetime.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { join } from 'node:path';
import { bg, perftDir, root } from './helpers.js';

const BUDGET = Number(process.env.BG_JS_PERFT_NODES ?? 600000);
const defs = join(root, 'data', 'variants');
const ini = (name) => readFileSync(join(defs, `${name}.ini`), 'utf8');

// tests/data/perft/defined.tsv: "variant<TAB>startpos<TAB>depth<TAB>nodes<TAB>provenance" (Fairy-Stockfish's figures).
const ROWS = readFileSync(join(perftDir, 'defined.tsv'), 'utf8').split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [variant, position, depth, nodes] = l.split('\t');
    return { variant, position, depth: Number(depth), nodes: Number(nodes) };
  });

test('every shipped definition: its perft equals defined.tsv (Fairy-Stockfish) within the budget', () => {
  const files = readdirSync(defs).filter((f) => f.endsWith('.ini')).map((f) => f.slice(0, -4));
  assert.ok(files.length >= 12, files.join());
  let ran = 0;
  for (const name of files) {
    const set = bg.defineVariants(ini(name), { register: false });
    try {
      assert.deepEqual(set.ids, [name], `${name}.ini defines ${name}`);
      const v = set.get(name);
      assert.equal(v.defined, true);
      assert.equal(v.set, set);
      const rows = ROWS.filter((r) => r.variant === name && r.nodes <= BUDGET);
      assert.ok(rows.length >= 2, `${name} has perft rows`);
      for (const r of rows) {
        const p = new bg.Position(v, r.position === 'startpos' ? null : r.position);
        assert.equal(p.perft(r.depth), r.nodes, `${name} depth ${r.depth}`);
        p.free();
        ran++;
      }
    } finally {
      set.free();
    }
  }
  assert.ok(ran >= 40, `ran ${ran} rows`);
});

test('defineVariant: makruk is found by id and played like a built-in variant', () => {
  const makruk = bg.defineVariant(ini('makruk'));
  try {
    assert.equal(makruk.id, 'makruk');
    assert.equal(bg.variant('makruk'), makruk);
    assert.ok(makruk.defined && !bg.variant('chess').defined);
    assert.deepEqual([makruk.width, makruk.height], [8, 8]);
    assert.equal(makruk.startText, 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
    assert.ok(!bg.variants.includes(makruk), 'the catalogue stays the built-in variants');
    // `bgtool --define data/variants/makruk.ini perft makruk 4` (docs/variants.md: 6223994 at 5).
    const start = new bg.Position('makruk');
    assert.equal(start.perft(4), 273026);
    assert.equal(start.legalMoves().length, 23);
    // A game by id, in SAN and UCI, to a position text and back.
    const g = new bg.Game('makruk');
    for (const m of ['e4', 'e5', 'Ne2', 'Nd7']) g.play(m, 'san');
    assert.deepEqual(g.moveText('uci'), ['e3e4', 'e6e5', 'g1e2', 'b8d7']);
    const fen = g.position.text();
    assert.equal(new bg.Position('makruk', fen).text(), fen);
    assert.throws(() => g.play('e5', 'san'), bg.IllegalMoveError);
    // Its record: PGN with the variant's tag, read back into the same game.
    const pgn = g.export('pgn');
    assert.match(pgn, /\[Variant "makruk"\]/);
    const back = bg.readGame('makruk', pgn);
    assert.deepEqual(back.moveText('san'), g.moveText('san'));
    assert.equal(back.position.text(), fen);
    assert.match(g.svg(), /^<svg/);
    for (const h of [start, g, back]) h.free();
  } finally {
    makruk.set.free();
  }
  assert.throws(() => bg.variant('makruk'), bg.UnknownVariantError, 'a freed set is no longer found');
});

test('a set grows by define(); children inherit from its variants and from built-in parents', () => {
  const set = new bg.VariantSet();
  try {
    assert.deepEqual(set.define(ini('makruk')).map((v) => v.id), ['makruk']);
    // A child of the set's makruk (an earlier call) and one of the built-in parent "shatranj".
    const added = set.define('[fastmakruk:makruk]\ncountingRule = none\n\n[myshatranj:shatranj]\n');
    assert.deepEqual(added.map((v) => v.id), ['fastmakruk', 'myshatranj']);
    assert.deepEqual(set.ids, ['makruk', 'fastmakruk', 'myshatranj']);
    assert.deepEqual([...set].map((v) => v.id), set.ids);
    assert.equal(set.length, 3);
    assert.equal(new bg.Position('fastmakruk').perft(3), 12012);
    assert.equal(new bg.Position(set.get('myshatranj')).perft(3), 4176);
    assert.equal(set.find('nothing'), null);
    assert.throws(() => set.get('nothing'), bg.UnknownVariantError);
    assert.ok(bg.defineParents().includes('shatranj') && bg.defineParents().includes('chess'));
    // defineVariant({ set }) adds to a set and returns the text's last variant.
    const last = bg.defineVariant('[a1:chess]\n\n[a2:a1]\n', { set });
    assert.equal(last.id, 'a2');
    assert.equal(last.set, set);
    assert.equal(new bg.Position(last).perft(2), 400);
  } finally {
    set.free();
  }
  assert.ok(set.freed);
  assert.throws(() => set.define('[b:chess]\n'), bg.BoardGamesError);
});

test('a refused definition names its line and offset, and adds nothing', () => {
  const set = new bg.VariantSet({ register: false });
  const text = '# a comment\n[good]\npawn = p\nking = k\nstartFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1\n\n[bad:good]\nbogusKey = 3\n';
  const line = text.split('\n').indexOf('bogusKey = 3') + 1;
  assert.throws(() => set.define(text), (e) => {
    assert.ok(e instanceof bg.BoardGamesError, e.constructor.name);
    assert.equal(e.line, line, e.message);
    assert.equal(text.slice(0, e.offset).split('\n').length, line, `offset ${e.offset} is on line ${line}`);
    assert.match(e.message, /bogusKey/);
    return true;
  });
  assert.equal(set.length, 0, 'all or nothing: [good] was not added either');
  assert.equal(set.find('good'), null);
  // Malformed Betza, a built-in name, a name used twice, an unknown parent.
  const refused = [
    ['[x]\ncustomPiece1 = a:Q(\nking = k\n', 2],
    ['[chess]\n', 1],
    ['[twice:chess]\n[twice:chess]\n', 2],
    ['\n\n[orphan:nosuchparent]\n', 3],
  ];
  for (const [t, l] of refused) {
    assert.throws(() => bg.defineVariant(t, { register: false }), (e) => e instanceof bg.BoardGamesError && e.line === l, JSON.stringify(t));
  }
  assert.throws(() => bg.defineVariant('[p]\nking = k\nstartFen = 4k3/8/8/8/8/8/8/4KQ2 w - - 0 1\n'),
    (e) => e instanceof bg.ParseError && e.line === 3 && /Q/.test(e.message), 'a letter that is no piece');
  assert.throws(() => bg.defineVariant(''), bg.ParseError);
  set.free();
});

test('lifetime: a freed set lives on while its positions do; dropped sets are collected without leaks', async () => {
  // free() while a position and a game of its variant are alive: they keep working.
  const set = bg.defineVariants(ini('shatranj'));
  const v = set.get('shatranj');
  const p = new bg.Position('shatranj');
  const g = new bg.Game(v);
  set.free();
  assert.throws(() => bg.variant('shatranj'), bg.UnknownVariantError);
  assert.equal(p.perft(3), 4176, 'the C set is still there');
  g.play('e3', 'san');
  p.free();
  assert.equal(g.moveText('uci').length, 1);
  g.free();
  // The last handle is gone: the set is freed, and its Variant is an error, not a dangling pointer.
  assert.throws(() => v.squareName(0), bg.BoardGamesError);
  assert.throws(() => new bg.Position(v), bg.BoardGamesError);

  // Sets dropped without free() (unregistered) with positions left to the garbage collector.
  const gc = (v8.setFlagsFromString('--expose-gc'), vm.runInNewContext('gc'));
  const settle = async () => {
    for (let i = 0; i < 20; i++) {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const round = () => {
    const s = bg.defineVariants(ini('makruk'), { register: false });
    const q = new bg.Position(s.get('makruk'));
    q.legalMovesText('san');
    bg.readGame(s.get('makruk'), '1. e4 e5 *\n');
  };
  round();
  await settle();
  const base = bg.heapStats();
  const before = bg.collectedHandles();
  for (let i = 0; i < 200; i++) round();
  await settle();
  const after = bg.heapStats();
  assert.ok(bg.collectedHandles() - before >= 400, `collected ${bg.collectedHandles() - before} sets and handles`);
  assert.ok(after.used - base.used < 64 * 1024, `bytes in use: ${base.used} before, ${after.used} after`);
});
