// A played game per variant ending with the expected outcome and reason (checked against native bgtool), in every notation of the variant.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bg, here } from './helpers.js';

// Each game: its variant, options, uci moves, and the outcome `bgtool play VARIANT --json` gives.
const GAMES = JSON.parse(readFileSync(join(here, 'data', 'games.json'), 'utf8'));

test('every variant has a game here', () => {
  assert.deepEqual(new Set(GAMES.map((g) => g.variant)), new Set(bg.variants.map((v) => v.id)));
});

for (const g of GAMES) {
  const moves = g.moves.split(' ');
  test(`${g.variant}${g.options ? ` (${g.options})` : ''}: ${moves.length} plies end in ${g.expect.result} by ${g.expect.reason}`, () => {
    const game = new bg.Game(g.variant, { options: g.options ?? null });
    for (const [i, m] of moves.entries()) {
      assert.equal(game.outcome().result, 'ongoing', `still going before ply ${i + 1}`);
      assert.ok(game.legalMovesText('uci').includes(m), `${m} is among the legal moves at ply ${i + 1}`);
      game.play(m, 'uci');
    }
    const o = game.outcome();
    assert.deepEqual({ result: o.result, winners: o.winners, reason: o.reason }, g.expect);
    assert.throws(() => game.play(game.legalMovesText('uci')[0] ?? moves[0], 'uci'), bg.GameOverError);
    assert.equal(game.ply, moves.length);
    assert.deepEqual(game.moveText('uci'), moves);

    // The same game written in each notation of the variant and played back from that text.
    for (const notation of game.variant.notations) {
      const texts = game.moveText(notation);
      assert.equal(texts.length, moves.length, notation);
      const again = new bg.Game(g.variant, { options: g.options ?? null });
      for (const t of texts) again.play(t, notation);
      assert.deepEqual(again.moveText('uci'), moves, `${g.variant}: ${notation} ${texts.join(' ')}`);
      assert.deepEqual(again.outcome(), game.outcome());
      again.free();
    }

    // Undo takes the result back with the move.
    const last = game.undo();
    assert.equal(last.value, game.parseMove(moves.at(-1), 'uci').value);
    assert.equal(game.outcome().result, 'ongoing');
    game.free();
  });
}

test('chess: threefold repetition is a claim, then a draw by claim; fifty-move claim', () => {
  const g = new bg.Game('chess');
  for (const m of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1']) g.play(m);
  assert.deepEqual(g.claims(), []);
  assert.deepEqual(g.claimsAfter('Ng8'), ['threefold-repetition']);
  g.play('Ng8');
  assert.deepEqual(g.outcome().claims, ['threefold-repetition']);
  assert.equal(g.claim('fifty-moves'), false, 'a claim the rules do not support is refused');
  assert.equal(g.claim('threefold-repetition'), true);
  assert.deepEqual({ ...g.outcome(), claims: undefined }, { result: 'draw', winners: [], reason: 'threefold-repetition', claims: undefined });
  const f = new bg.Game('chess', { fen: '8/8/8/4k3/8/8/4K3/R7 w - - 99 80' });
  f.play('Ra2');
  assert.ok(f.claims().includes('fifty-moves'), f.claims().join());
  g.free();
  f.free();
});

test('chess: stalemate, insufficient material, resignation, agreement', () => {
  const s = new bg.Game('chess', { fen: '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1' });
  assert.deepEqual(s.outcome(), { result: 'draw', winners: [], reason: 'stalemate', claims: [] });
  const i = new bg.Game('chess', { fen: '8/8/4k3/8/8/3K4/8/8 w - - 0 1' });
  assert.equal(i.outcome().reason, 'insufficient-material');
  const r = new bg.Game('chess');
  r.play('e4');
  r.resign();
  assert.deepEqual(r.outcome(), { result: 'win', winners: ['white'], reason: 'resignation', claims: [] });
  const a = new bg.Game('chess');
  a.agreeDraw();
  assert.equal(a.outcome().reason, 'agreement');
  for (const g of [s, i, r, a]) g.free();
});

test('Position.outcome() judges a position alone', () => {
  const p = new bg.Position('chess', 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
  assert.deepEqual(p.outcome(), { result: 'win', winners: ['black'], reason: 'checkmate', claims: [] });
  assert.equal(new bg.Position('shogi').outcome().result, 'ongoing');
});

test('janggi scores by counting; shogi impasse points', () => {
  const g = new bg.Game('janggi');
  assert.equal(g.score('cho'), 72);
  assert.equal(g.score('han'), 73.5);
  assert.equal(new bg.Game('chess').score('white'), null);
  g.free();
});
