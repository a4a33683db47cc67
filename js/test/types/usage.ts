// Compiled by js/test/types.test.js against dist/index.d.ts, then run: the declarations must fit the code.
import { Position, Game, variants, variant, IllegalMoveError, BoardGamesError, readGames, defineVariant, VariantSet, type Outcome, type Variant } from '../../dist/index.js';

const usi: string[] = new Position('shogi').legalMovesText('usi');
const g = new Game('chess');
g.play('e4');
const o: Outcome = g.outcome();
const ids: string[] = variants.map((v) => v.id);
const again: string[] = variants().map((v) => v.id);
let caught = '';
try {
  g.play('e4');
} catch (e) {
  if (e instanceof IllegalMoveError) caught = e.constructor.name;
}
let disposed = false;
{
  using p = new Position('xiangqi');
  disposed = p.legalMoves().length === 44;
}
const games = [...readGames('chess', '1. e4 e5 *\n\n1. d4 *\n')].map((x) => x.moveText('san').join(' '));
const name: string = variant('janggi').sideText('cho', 'native');
const mine: Variant = defineVariant('[myshatranj:shatranj]\n');
const defined = { id: variant('myshatranj').id, perft: new Position(mine).perft(3), line: 0 };
{
  using set = new VariantSet({ register: false });
  try {
    set.define('[x:chess]\nbogusKey = 1\n');
  } catch (e) {
    if (e instanceof BoardGamesError) defined.line = e.line;
  }
}
mine.set?.free();
const edited: string = new Position('chess').clear().setPiece('e1', { side: 'white', kind: 'K' })
  .setPiece('e8', { side: 'black', kind: 'K' }).setCastling('white', 'king', null).text();
console.log(JSON.stringify({ usi: usi.length, result: o.result, ids: ids.length, again: again.length, caught, disposed, games, name, defined, edited }));
