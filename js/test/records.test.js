// Records from JS: every record format of every variant written and read back, and the real files of tests/data/real read as native bgtool reads them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bg, here, root } from './helpers.js';

const GAMES = JSON.parse(readFileSync(join(here, 'data', 'games.json'), 'utf8'));

test('every record format of every variant round-trips a played game', () => {
  let formats = 0;
  for (const v of bg.variants) {
    assert.ok(v.recordFormats.length > 0, `${v.id} has a record format`);
    const spec = GAMES.find((g) => g.variant === v.id);
    const game = new bg.Game(v.id, { options: spec.options ?? null });
    const moves = spec.moves.split(' ');
    // An unfinished game (all but the last move) keeps its tags and comments; the finished one its result.
    for (const m of moves.slice(0, -1)) game.play(m, 'uci');
    game.setComment(1, 'first move');
    for (const fmt of v.recordFormats) {
      const text = game.export(fmt);
      const back = bg.readGame(v.id, text, { format: fmt, options: spec.options ?? null });
      assert.deepEqual(back.moveText('uci'), moves.slice(0, -1), `${v.id} ${fmt}:\n${text}`);
      assert.equal(back.fen(), game.fen(), `${v.id} ${fmt}`);
      assert.equal(back.export(fmt), text, `${v.id} ${fmt}: export(read(export)) is stable`);
      back.free();
      formats++;
    }
    game.play(moves.at(-1), 'uci');
    for (const fmt of v.recordFormats) {
      const back = bg.Game.fromRecord(game.export(fmt), { variant: v.id, format: fmt, options: spec.options ?? null });
      assert.deepEqual(back.outcome(), game.outcome(), `${v.id} ${fmt}: the ending survives`);
      back.free();
    }
    game.free();
  }
  assert.ok(formats >= 10, `${formats} formats`);
});

test('chess PGN: tags, comments, NAGs and variations survive; several games read lazily', () => {
  const pgn = `[Event "Test"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 {king pawn} e5 $1 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n`
    + `[Event "Second"]\n[Result "*"]\n\n1. d4 d5 *\n`;
  const games = [...bg.readGames('chess', pgn)];
  assert.equal(games.length, 2);
  const [a, b] = games;
  assert.equal(a.tag('Event'), 'Test');
  assert.equal(a.tags().White, 'A');
  assert.equal(a.comment(1), 'king pawn');
  assert.deepEqual(a.nags(2), [1]);
  assert.equal(a.variations(2).length, 1);
  assert.deepEqual(a.outcome().reason, 'checkmate');
  assert.deepEqual(b.moveText('san'), ['d4', 'd5']);
  const again = bg.readGame('chess', a.export('pgn'));
  assert.equal(again.comment(1), 'king pawn');
  assert.deepEqual(again.variations(2), a.variations(2));
});

test('a source function streams a record (constant memory for big files)', () => {
  const one = '[Event "x"]\n\n1. e4 e5 2. Nf3 *\n\n';
  const bytes = new TextEncoder().encode(one.repeat(2000));
  let at = 0;
  const source = (buf) => {
    const n = Math.min(buf.length, bytes.length - at, 777);
    buf.set(bytes.subarray(at, at + n));
    at += n;
    return n;
  };
  let count = 0;
  for (const g of bg.readGames('chess', source, { movesOnly: true })) {
    assert.equal(g.ply, 3);
    g.free();
    count++;
  }
  assert.equal(count, 2000);
  // A failing source is an InputError with the source's exception as its cause.
  const failing = () => { throw new Error('disk on fire'); };
  assert.throws(() => [...bg.readGames('chess', failing)], (e) => e instanceof bg.InputError && e.cause?.message === 'disk on fire');
});

test('byte ranges split a file into exactly its games', () => {
  const text = Array.from({ length: 30 }, (_, i) => `[Event "${i}"]\n\n1. e4 e5 *\n\n`).join('');
  const bytes = new TextEncoder().encode(text);
  const cut = [0, 100, 333, 0];
  const events = [];
  for (let i = 0; i + 1 < cut.length; i++) {
    for (const g of bg.readGames('chess', bytes, { range: [cut[i], cut[i + 1]] })) events.push(g.tag('Event'));
  }
  assert.deepEqual(events, Array.from({ length: 30 }, (_, i) => String(i)));
});

// tests/data/real: read strictly and leniently, every game's uci moves equal native bgtool's
// (js/test/data/real-records.json, from `bgtool convert VARIANT --from FMT --to uci FILE`).
const REAL = JSON.parse(readFileSync(join(here, 'data', 'real-records.json'), 'utf8'));
for (const [file, spec] of Object.entries(REAL)) {
  test(`real record ${file.replace('tests/data/real/', '')}`, () => {
    const bytes = readFileSync(join(root, file));
    for (const mode of ['strict', 'lenient']) {
      const lines = [];
      const skipped = [];
      for (const g of bg.readGames(spec.variant, bytes, { format: spec.format, lenient: mode === 'lenient', movesOnly: true, onError: (e) => skipped.push(e) })) {
        lines.push(g.moveText('uci').join(' '));
        g.free();
      }
      assert.deepEqual(lines, spec[mode].games, `${mode}: the games' moves`);
      assert.equal(`read ${lines.length} games, skipped ${skipped.length}`, spec[mode].summary, mode);
      for (const e of skipped) {
        assert.ok(e instanceof bg.BoardGamesError && e.gameIndex >= 0 && e.line > 0, `${e.constructor.name} ${e.message} names its game and line`);
      }
    }
  });
}
