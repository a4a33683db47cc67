// No leak after a million positions: handles freed by free() and by the FinalizationRegistry leave the wasm heap as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import vm from 'node:vm';
import { bg } from './helpers.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const tick = () => new Promise((resolve) => setImmediate(resolve));

// Collect garbage until the registry has freed everything it is going to.
async function settle() {
  for (let i = 0, last = -1; i < 50; i++) {
    gc();
    await tick();
    const now = bg.collectedHandles();
    if (now === last && i > 3) break;
    last = now;
  }
}

test('a million positions: heap size and bytes in use stable', { timeout: 600000 }, async (t) => {
  const ids = bg.variants.map((v) => v.id);
  // Warm up: the variants' buffers, the scratch buffer and the arena exist before the baseline.
  for (const id of ids) new bg.Position(id).legalMovesText();
  await settle();
  const base = bg.heapStats();
  const before = bg.collectedHandles();
  const N = Number(process.env.BG_JS_LEAK_POSITIONS ?? 1000000);
  const checkpoints = [];
  for (let i = 0; i < N; i++) {
    const p = new bg.Position(ids[i % ids.length]);
    p.legalMoveValues();
    if (i % 2 === 0) p.free(); // half freed at once, half left to the garbage collector
    if (i % 100000 === 99999) {
      await settle();
      checkpoints.push(bg.heapStats());
    }
  }
  await settle();
  const after = bg.heapStats();
  const collected = bg.collectedHandles() - before;
  assert.ok(collected >= N / 2 * 0.99, `the registry freed ${collected} of ${N / 2} unreleased positions`);
  assert.ok(after.used - base.used < 64 * 1024, `bytes in use: ${base.used} before, ${after.used} after`);
  // The memory grows once, to hold the positions that wait for the garbage collector between two
  // checkpoints (JS does not see the wasm heap's pressure: free() is the deterministic way), and
  // must not grow after that: a leak would make every checkpoint bigger than the one before.
  const sizes = checkpoints.map((c) => c.size);
  assert.ok(sizes.every((s) => s === sizes[1]), `heap size stable from the second checkpoint on: ${sizes.join(', ')}`);
  for (const c of checkpoints) assert.ok(c.used - base.used < 64 * 1024, `bytes in use at a checkpoint: ${c.used} (base ${base.used})`);
  t.diagnostic(`${N} positions: heap ${base.size} -> ${after.size} bytes, in use ${base.used} -> ${after.used}, ${collected} freed by the registry`);
});

test('games, clones, records and pictures do not leak either', async () => {
  await settle();
  const base = bg.heapStats();
  for (let i = 0; i < 20000; i++) {
    const g = new bg.Game('chess');
    g.play('e4');
    g.play('e5');
    const c = g.clone();
    c.position.legalMovesText('san');
    if (i % 100 === 0) {
      g.export('pgn');
      g.svg({ size: 200 });
      for (const r of bg.readGames('chess', '1. e4 e5 *\n\n1. d4 *\n')) r.moveText('san');
      [...bg.readGames('chess', '1. e4 e5 2. Ke3 *\n', { onError: () => {} })];
    }
    if (i % 3 === 0) {
      g.free();
      c.free();
    }
  }
  await settle();
  const after = bg.heapStats();
  assert.ok(after.used - base.used < 64 * 1024, `bytes in use: ${base.used} before, ${after.used} after`);
});
