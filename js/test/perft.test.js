// Perft from JS against the C suite's tables (tests/data/perft), every variant, rows up to a node budget that runs in seconds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bg, perftRows, perftDir } from './helpers.js';

const BUDGET = Number(process.env.BG_JS_PERFT_NODES ?? 600000);

// file, variant, options for a row (the C tests' choices, see tests/*/meson.build)
const TABLES = [
  ['chess-cpw.tsv', 'chess', () => null],
  ['chess-special.tsv', 'chess', () => null],
  ['xiangqi.tsv', 'xiangqi', () => null],
  ['lionchess.tsv', 'lionchess', () => null],
  // test_janggi_perft.c: "without bikjang" rows use casual, "ruleset seed" seed, the others tournament
  ['janggi.tsv', 'janggi', (r) => (r.note.includes('ruleset seed') ? 'ruleset=seed'
    : r.note.includes('without bikjang') ? 'ruleset=casual' : 'ruleset=tournament')],
  ['shogi.tsv', 'shogi', () => null],
  ['minishogi.tsv', 'minishogi', () => null],
  ['torishogi.tsv', 'torishogi', () => null],
  ['shoshogi.tsv', 'shoshogi', () => null],
  ['heianshogi-optional-promotion.tsv', 'heianshogi', () => 'promotion=optional'],
  ['shogi-tsume.tsv', 'shogi', () => null],
  ['heianshogi-9x8.tsv', 'heianshogi', () => 'board=9x8'],
  ['microshogi.tsv', 'microshogi', () => null],
  ['judkinsshogi.tsv', 'judkinsshogi', () => null],
];

let ran = 0;
for (const [file, variant, optionsFor] of TABLES) {
  const rows = perftRows(file).filter((r) => r.nodes <= BUDGET);
  test(`perft ${file}: ${rows.length} rows up to ${BUDGET} nodes`, () => {
    assert.ok(rows.length > 0, `${file} has rows within the budget`);
    for (const r of rows) {
      const p = new bg.Position(variant, r.text, { options: optionsFor(r) });
      try {
        assert.equal(p.perft(r.depth), r.nodes, `${variant} ${r.text} depth ${r.depth} (${r.note})`);
      } finally {
        p.free();
      }
      ran++;
    }
  });
}

// The other chess files of the C suite: perftsuite EPD (";D1 n ;D2 n"), python-chess's .perft
// files ("epd ..." then "perft d n"; Chess960 with chess960=true), a stride of them within budget.
function epdRows(file) {
  return readFileSync(join(perftDir, file), 'utf8').split('\n').filter((l) => l.includes(';D')).flatMap((l) => {
    const [text, ...ops] = l.split(';');
    return ops.map((o) => o.trim().split(' ')).map(([d, n]) => ({ text: text.trim(), depth: Number(d.slice(1)), nodes: Number(n) }));
  });
}
function perftFileRows(file, stride) {
  const rows = [];
  let text = null, id = null, index = -1;
  for (const line of readFileSync(join(perftDir, file), 'utf8').split('\n')) {
    const [key, ...rest] = line.trim().split(' ');
    if (key === 'id') id = rest.join(' ');
    else if (key === 'epd') { text = rest.join(' '); index++; }
    else if (key === 'perft' && index % stride === 0) rows.push({ id, text, depth: Number(rest[0]), nodes: Number(rest[1]) });
  }
  return rows;
}
const CHESS_FILES = [
  ['chess-perftsuite.epd', epdRows('chess-perftsuite.epd'), null],
  ['chess960.perft (every 20th position)', perftFileRows('chess960.perft', 20), 'chess960=true'],
  ['chess-random.perft (every 50th position)', perftFileRows('chess-random.perft', 50), null],
  ['chess-tricky.perft (chess960=true: every row counts)', perftFileRows('chess-tricky.perft', 1), 'chess960=true'],
];
for (const [name, all, options] of CHESS_FILES) {
  const rows = all.filter((r) => r.nodes <= BUDGET);
  test(`perft ${name}: ${rows.length} rows up to ${BUDGET} nodes`, () => {
    assert.ok(rows.length > 0);
    for (const r of rows) {
      const fields = r.text.split(' ').length;
      const p = new bg.Position('chess', r.text, { options, format: fields === 4 ? 'epd' : null });
      assert.equal(p.perft(r.depth), r.nodes, `${r.id ?? ''} ${r.text} depth ${r.depth}`);
      p.free();
      ran++;
    }
  });
}

// Seven Kingdoms has no table file: these are test_sk_perft.c's rows within the budget.
const SK = [
  [null, 1, 96, null], [null, 2, 9045, null], [null, 3, 808832, null],
  [null, 1, 106, 'players=qin,chu,qi'], [null, 2, 11984, 'players=qin,chu,qi'],
];
test('perft sevenkingdoms (rows of tests/sevenkingdoms/test_sk_perft.c)', () => {
  for (const [text, depth, nodes, options] of SK) {
    const p = new bg.Position('sevenkingdoms', text, { options });
    assert.equal(p.perft(depth), nodes, `sevenkingdoms ${options ?? 'start'} depth ${depth}`);
    p[Symbol.dispose]();
  }
});

test('divide adds up to perft and names moves in uci', () => {
  for (const v of bg.variants) {
    const p = new bg.Position(v.id);
    const d = p.divide(2);
    assert.equal(d.reduce((a, x) => a + x.nodes, 0), p.perft(2), v.id);
    assert.deepEqual(d.map((x) => x.uci), p.legalMovesText('uci'), `${v.id}: divide order is the legal move order`);
    p.free();
  }
});

test('the budget ran rows of every table', () => {
  assert.ok(ran >= 40, `ran ${ran} perft rows`);
});
