// Compiled by js/test/types.test.js against dist/index.d.ts, then run: the declarations must fit the code.
import { Position, Game, variants, variant, IllegalMoveError, readGames, type Outcome } from '../../dist/index.js';

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
console.log(JSON.stringify({ usi: usi.length, result: o.result, ids: ids.length, again: again.length, caught, disposed, games, name }));
