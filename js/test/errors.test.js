// Bad input from JS raises the error class of the library's status code, with the position of the fault — never a wasm trap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bg } from './helpers.js';

const is = (Class, check = () => true) => (e) => {
  assert.ok(e instanceof Class, `${e?.constructor?.name}: ${e?.message} is a ${Class.name}`);
  assert.ok(e instanceof bg.BoardGamesError);
  assert.equal(e.code, Class.code ?? e.code);
  return check(e);
};

test('the class hierarchy mirrors the status codes', () => {
  assert.equal(bg.errorClass(bg.Status.PARSE), bg.ParseError);
  assert.equal(bg.errorClass(bg.Status.INVALID_POSITION), bg.InvalidPositionError);
  assert.ok(new bg.InvalidPositionError('x') instanceof bg.ParseError);
  assert.ok(new bg.EncodingError('x') instanceof bg.ParseError);
  for (const [name, code] of Object.entries(bg.Status)) {
    if (code >= 0 || code === bg.Status.END) continue;
    const C = bg.errorClass(code);
    assert.notEqual(C, bg.BoardGamesError, `${name} has its own class`);
    assert.equal(C.code, code, name);
  }
});

test('unknown variant, option, notation, format', () => {
  assert.throws(() => new bg.Position('chesss'), is(bg.UnknownVariantError, (e) => /known: chess/.test(e.message)));
  assert.throws(() => new bg.Game('chess', { options: 'chess961=true' }), is(bg.UnknownOptionError));
  assert.throws(() => new bg.Game('janggi', { options: { ruleset: 'nonsense' } }), is(bg.UnknownOptionError));
  assert.throws(() => new bg.Position('shogi').legalMovesText('san'), is(bg.UnsupportedError, (e) => /notations: usi/.test(e.message)));
  assert.throws(() => new bg.Game('chess').export('kif'), is(bg.UnsupportedError));
  assert.throws(() => new bg.Position('chess').text('sfen'), is(bg.UnsupportedError));
});

test('position text: the fault is named with its offset', () => {
  assert.throws(() => new bg.Position('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1'),
    is(bg.ParseError, (e) => e.offset === 42));
  assert.throws(() => new bg.Position('chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 extra'), is(bg.ParseError));
  // parsed, but cannot arise: the side not to move is in check
  assert.throws(() => new bg.Position('chess', '4k3/8/8/8/8/8/4q3/4K3 b - - 0 1'), is(bg.InvalidPositionError));
  assert.throws(() => new bg.Position('shogi', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1'), is(bg.ParseError));
  assert.throws(() => new bg.Position('xiangqi', 'not a fen'), is(bg.ParseError));
});

test('moves: illegal, ambiguous, malformed, game over, nothing to undo', () => {
  const g = new bg.Game('chess');
  assert.throws(() => g.play('e5'), is(bg.IllegalMoveError));
  assert.throws(() => g.play('Zz9'), is(bg.ParseError));
  assert.throws(() => g.undo(), is(bg.NoMoveError));
  assert.equal(g.ply, 0, 'a failed play changes nothing');
  const a = new bg.Game('chess', { fen: '6k1/8/8/8/8/8/K7/R6R w - - 0 1' });
  assert.throws(() => a.play('Rd1'), is(bg.AmbiguousMoveError));
  const p = new bg.Position('chess');
  assert.throws(() => p.play(0), is(bg.IllegalMoveError));
  assert.throws(() => p.play(bg.Move.make(12, 36)), is(bg.IllegalMoveError), 'e2e5 as a value');
  assert.throws(() => p.formatMove(12345, 'san'), is(bg.IllegalMoveError));
  for (const m of ['f3', 'e5', 'g4', 'Qh4#']) g.play(m);
  assert.throws(() => g.play('a3'), is(bg.GameOverError));
  assert.throws(() => g.resign(), is(bg.GameOverError));
});

test('records: errors carry game index, line, column and ply', () => {
  const pgn = '[Event "ok"]\n\n1. e4 e5 *\n\n[Event "bad"]\n\n1. e4 e5 2. Ke3 *\n\n[Event "ok too"]\n\n1. d4 *\n';
  assert.throws(() => [...bg.readGames('chess', pgn)], is(bg.IllegalMoveError, (e) => e.gameIndex === 1 && e.ply === 3 && e.line === 7));
  const skipped = [];
  const read = [...bg.readGames('chess', pgn, { onError: (e) => skipped.push(e) })].map((g) => g.tag('Event'));
  assert.deepEqual(read, ['ok', 'ok too']);
  assert.equal(skipped.length, 1);
  assert.throws(() => bg.readGame('chess', ''), is(bg.BoardGamesError));
  assert.throws(() => bg.readGame('shogi', 'not a kif at all\n手数----指手---------消費時間--\n   1 ７六歩(99)\n', { format: 'kif' }), is(bg.BoardGamesError, (e) => e.line > 0));
  assert.throws(() => bg.readGame('chess', '{ never closed\n1. e4', { format: 'pgn' }), is(bg.ParseError));
});

test('arguments are checked in JS before any wasm call', () => {
  const p = new bg.Position('chess');
  assert.throws(() => p.pieceAt(64), is(bg.InvalidArgumentError));
  assert.throws(() => p.pieceAt(-1), is(bg.InvalidArgumentError));
  assert.throws(() => p.pieceAt(1.5), is(bg.InvalidArgumentError));
  assert.throws(() => p.pieceAt('z9'), is(bg.ParseError));
  assert.throws(() => p.perft(-1), is(bg.InvalidArgumentError));
  assert.throws(() => p.perft(1e9), is(bg.InvalidArgumentError));
  assert.throws(() => p.divide(0), is(bg.InvalidArgumentError));
  assert.throws(() => p.play({}), is(bg.InvalidArgumentError));
  assert.throws(() => p.play(2 ** 33), is(bg.InvalidArgumentError));
  assert.throws(() => p.handCount('purple', 1), is(bg.InvalidArgumentError));
  assert.throws(() => new bg.Position(42), is(bg.InvalidArgumentError));
  assert.throws(() => new bg.Position('chess', 42), is(bg.InvalidArgumentError));
  assert.throws(() => p.parseMove('e4\0e5'), is(bg.InvalidArgumentError));
  assert.throws(() => p.svg({ size: 1 }), is(bg.ParseError));
  assert.throws(() => p.svg({ colour: 'red' }), is(bg.UnknownOptionError));
  assert.throws(() => bg.variant('chess').squareName(0, 'wxf'), is(bg.UnsupportedError));
  assert.throws(() => bg.variant('xiangqi').region('moat'), is(bg.InvalidArgumentError));
  assert.throws(() => new bg.Game('chess').claim('checkmate-please'), is(bg.InvalidArgumentError));
  assert.throws(() => bg.defineVariant(42), is(bg.InvalidArgumentError));
  assert.throws(() => bg.defineVariant('[x]', { set: {} }), is(bg.InvalidArgumentError));
});

test('a freed handle is an error, not a dangling pointer', () => {
  const p = new bg.Position('chess');
  p.free();
  p.free(); // twice is fine
  assert.equal(p.freed, true);
  assert.throws(() => p.legalMoves(), is(bg.BoardGamesError, (e) => /after free/.test(e.message)));
  const g = new bg.Game('shogi');
  g[Symbol.dispose]();
  assert.throws(() => g.play('7g7f'), is(bg.BoardGamesError, (e) => /after free/.test(e.message)));
  const r = bg.readGames('chess', '1. e4 *');
  r.free();
  assert.equal(r.next(), null);
});

test('hostile input: huge and binary text is refused with an error', () => {
  const huge = 'a'.repeat(1 << 20);
  assert.throws(() => new bg.Position('chess', huge), is(bg.BoardGamesError));
  assert.throws(() => new bg.Game('chess').play(huge), is(bg.BoardGamesError));
  const binary = new Uint8Array(4096).map((_, i) => (i * 7919) & 0xff);
  for (const v of bg.variants) {
    for (const fmt of v.recordFormats) {
      try {
        for (const g of bg.readGames(v.id, binary, { format: fmt, onError: () => {} })) g.free();
      } catch (e) {
        assert.ok(e instanceof bg.BoardGamesError, `${v.id} ${fmt}: ${e}`);
      }
    }
    for (const n of v.notations) {
      assert.throws(() => new bg.Position(v.id).parseMove('\u00ff\u0001garbage', n), is(bg.BoardGamesError));
    }
  }
});

test('random text never traps the module: every failure is a BoardGamesError', () => {
  let seed = 7;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const alphabet = 'rnbqkpRNBQKP12345678/ -+*=#abcdefghi0123456789wb歩飛角王車馬象士將卒兵砲包+()[]{}."\n';
  const mutate = (s) => {
    const a = [...s];
    for (let k = 0, n = 1 + rnd(4); k < n; k++) {
      const i = rnd(a.length + 1);
      if (rnd(2)) a.splice(i, 1); else a.splice(i, 0, alphabet[rnd(alphabet.length)]);
    }
    return a.join('');
  };
  let errors = 0, fine = 0;
  for (const v of bg.variants) {
    const game = new bg.Game(v.id);
    for (let i = 0; i < 6; i++) game.play(game.legalMoves()[0]);
    const records = v.recordFormats.map((f) => [f, game.export(f)]);
    const moves = v.notations.flatMap((n) => game.moveText(n).map((t) => [n, t]));
    for (let i = 0; i < 150; i++) {
      const tries = [
        () => new bg.Position(v.id, mutate(v.startText)).perft(1),
        () => { const [n, t] = moves[rnd(moves.length)]; new bg.Position(v.id).play(mutate(t), rnd(2) ? n : null); },
        () => { const [f, t] = records[rnd(records.length)]; for (const g of bg.readGames(v.id, mutate(mutate(t)), { format: f, lenient: rnd(2) === 1 })) g.export(f); },
      ];
      try {
        tries[i % 3]();
        fine++;
      } catch (e) {
        assert.ok(e instanceof bg.BoardGamesError, `${v.id}: ${e?.constructor?.name}: ${e?.message}`);
        errors++;
      }
    }
    game.free();
  }
  assert.ok(errors > 100 && fine > 20, `${errors} errors, ${fine} accepted`);
});

test('deeply nested variations are refused with a LimitError, not a stack overflow', () => {
  const pgn = `[Event "x"]\n\n1. e4 ${'( 1. d4 '.repeat(200)}${')'.repeat(200)} e5 *\n`;
  assert.throws(() => bg.readGame('chess', pgn), (e) => e instanceof bg.BoardGamesError);
  assert.throws(() => new bg.Position('sevenkingdoms').perft(21), bg.InvalidArgumentError);
});
