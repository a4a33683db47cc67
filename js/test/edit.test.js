// Position editing from JS (position.h): pieces, hands, side to move, castling, en passant, counters, clear and validate, checked through the position's text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bg } from './helpers.js';

test('chess: a position built by edits reads as its FEN, and the rights and counters edit too', () => {
  const p = new bg.Position('chess');
  const h1 = p.variant.squareIndex('h1');
  assert.equal(p.castling('white', 'king'), h1);
  assert.equal(p.castling('black', 'queen'), p.variant.squareIndex('a8'));
  p.setCastling('white', 'king', null).setCastling(1, 'queen', null);
  assert.equal(p.text(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qk - 0 1');
  assert.equal(p.castling('white', 'king'), null);
  p.clear();
  assert.equal(p.text(), '8/8/8/8/8/8/8/8 w - - 0 1');
  assert.equal(p.isValid(), false, 'no kings');
  assert.throws(() => p.validate(), (e) => e instanceof bg.ParseError && /king/.test(e.message));
  assert.throws(() => p.legalMoves(), bg.InvalidPositionError);
  p.setPiece('e1', { side: 'white', kind: 'K' }).setPiece('e8', { side: 1, kind: 'king' })
    .setPiece('d5', { side: 'black', kind: 'P' }).setPiece('e5', { side: 'white', kind: 1 })
    .setEnPassant('d6').setCounters(0, 30);
  assert.equal(p.text(), '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 30');
  assert.equal(p.enPassant, p.variant.squareIndex('d6'));
  assert.ok(p.isValid());
  p.validate();
  assert.ok(p.legalMovesText('san').includes('exd6'), p.legalMovesText('san').join(' '));
  p.setTurn('black').setEnPassant(null).setCounters(7, null);
  assert.equal(p.text(), '4k3/8/8/3pP3/8/8/8/4K3 b - - 7 30');
  assert.equal(p.pieceAt('e5').letter, 'P');
  p.setPiece('e5', null);
  assert.equal(p.pieceAt('e5'), null);
  assert.throws(() => p.setPiece('e5', 'P'), bg.InvalidArgumentError);
  assert.throws(() => p.setPiece('e9', null), bg.ParseError);
  assert.throws(() => p.setCastling('white', 'middle', null), bg.InvalidArgumentError);
  assert.throws(() => p.setCounters(-1), bg.InvalidArgumentError);
  p.free();
});

test('shogi: hands and the board edit, and a refused edit leaves the position unchanged', () => {
  const p = new bg.Position('shogi');
  p.setHandCount('sente', 'P', 2).setHandCount('gote', 'R', 1);
  assert.equal(p.handCount('sente', 'P'), 2);
  assert.equal(p.text(), 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2Pr 1');
  assert.deepEqual(p.hands().sente, { P: 2 });
  const before = p.text();
  assert.throws(() => p.setHandCount('sente', 'P', 1000), bg.BoardGamesError);
  assert.equal(p.text(), before, 'unchanged after a refused edit');
  const empty = new bg.Position('shogi').clear().setPiece('5i', { side: 'sente', kind: 'K' }).setPiece('5a', { side: 'gote', kind: 'K' });
  assert.equal(empty.text().split(' ')[0], '4k4/9/9/9/9/9/9/9/4K4');
  assert.equal(empty.legalMoveCount(), 5);
  p.free();
  empty.free();
});
