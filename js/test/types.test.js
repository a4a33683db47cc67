// The hand-written TypeScript declarations compile against a sample that uses the API (tsc, strict), and the compiled sample runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { here, jsDir } from './helpers.js';

const tsc = join(jsDir, 'node_modules', '.bin', 'tsc');

test('index.d.ts type-checks a sample (strict) and the sample runs, `using` included', { skip: !existsSync(tsc) && 'typescript is not installed (npm install)' }, () => {
  const dir = join(here, 'types');
  const out = join(dir, 'usage.js');
  rmSync(out, { force: true });
  const r = spawnSync(tsc, ['-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  assert.equal(r.status, 0, `tsc:\n${r.stdout}${r.stderr}`);
  const run = spawnSync(process.execPath, [out], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const got = JSON.parse(run.stdout);
  assert.deepEqual(got, { usi: 30, result: 'ongoing', ids: 12, again: 12, caught: 'IllegalMoveError', disposed: true,
    games: ['e4 e5', 'd4'], name: got.name, defined: { id: 'myshatranj', perft: 4176, line: 2 }, edited: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' });
  assert.ok(got.name.length > 0);
  rmSync(out, { force: true });
});
