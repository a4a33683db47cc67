// The demo page's logic: a Game of the chosen variant drawn with the library's SVG, moves made by clicking squares (legal targets marked), records loaded and saved.
import { Game, Position, variants, variant as findVariant } from '../dist/index.js';

const $ = (id) => document.getElementById(id);
const MARK = /<circle cx="(-?\d+(?:\.\d+)?)" cy="(-?\d+(?:\.\d+)?)"[^>]*stroke="#d7263d"/;

let game = null;
let flip = false;
let selected = null; // { from: square } or { drop: kind }
let pending = null; // moves waiting for a choice (promotions)
const geometries = new Map();

// ---- geometry: where each square's centre is in the SVG's own coordinates -----------------
// The library draws a grid, so three squares give the whole map: their centres are found by
// asking the library to mark them (a ring centred on the square) and reading the ring back.
function geometry(v, flipped) {
  const key = `${v.id}/${flipped}`;
  let g = geometries.get(key);
  if (!g) {
    const p = new Position(v.id);
    const at = (sq) => {
      const m = MARK.exec(p.svg({ marks: [v.squareName(sq)], flip: flipped, check: false }));
      return { x: Number(m[1]), y: Number(m[2]) };
    };
    const o = at(0), f = at(1), r = at(v.width);
    p.free();
    g = { x0: o.x, y0: o.y, fx: f.x - o.x, fy: f.y - o.y, rx: r.x - o.x, ry: r.y - o.y };
    geometries.set(key, g);
  }
  return g;
}

function centre(v, sq) {
  const g = geometry(v, flip);
  const file = sq % v.width, rank = Math.floor(sq / v.width);
  return { x: g.x0 + file * g.fx + rank * g.rx, y: g.y0 + file * g.fy + rank * g.ry };
}

// The square under an SVG point: the nearest centre, if within half a square.
function squareAt(v, x, y) {
  const g = geometry(v, flip);
  const det = g.fx * g.ry - g.fy * g.rx;
  const dx = x - g.x0, dy = y - g.y0;
  const file = Math.round((dx * g.ry - dy * g.rx) / det);
  const rank = Math.round((g.fx * dy - g.fy * dx) / det);
  if (file < 0 || rank < 0 || file >= v.width || rank >= v.height) return null;
  return rank * v.width + file;
}

// ---- the game ------------------------------------------------------------------------------

function setError(e) {
  $('error').textContent = e ? `${e.name ?? 'Error'}: ${e.message}` : '';
}

function newGame(id, options, g = null) {
  const v = findVariant(id);
  if (game) game.free();
  game = g ?? new Game(v, { options: options || null });
  selected = null;
  pending = null;
  $('variant').textContent = v.id;
  $('variant-name').textContent = v.name;
  $('variant-select').value = v.id;
  // The move list in the notation the game's players write (the others are in the menu).
  fill($('notation'), v.notations, ['san', 'chinese', 'korean', 'japanese'].find((n) => v.notations.includes(n)) ?? v.notations[0]);
  fill($('format'), v.recordFormats, v.recordFormats[0]);
  const url = new URL(location.href);
  url.searchParams.set('variant', v.id);
  history.replaceState(null, '', url);
  render();
}

function fill(select, values, value) {
  select.replaceChildren(...values.map((x) => new Option(x, x)));
  select.value = value;
}

function legal() {
  return game.legalMovesWithText($('notation').value);
}

function targets() {
  if (!selected) return [];
  return legal().filter(({ move }) => (selected.drop ? move.drop && move.kind === selected.drop : move.from === selected.from))
    .map(({ move }) => move.to);
}

function render() {
  const v = game.variant;
  const marks = [...new Set(targets())].map((sq) => v.squareName(sq));
  if (selected && selected.from !== undefined) marks.push(v.squareName(selected.from));
  $('board').innerHTML = game.svg({ flip, marks });
  const svg = $('board').querySelector('svg');
  svg.addEventListener('click', onBoardClick);
  $('turn').textContent = game.isOver() ? '—' : game.turn;
  $('check').textContent = game.isCheck() && !game.isOver() ? '(in check)' : '';
  $('position').textContent = game.fen();
  const o = game.outcome();
  const r = $('result');
  r.textContent = o.result === 'ongoing' ? 'ongoing'
    : o.result === 'draw' ? `draw by ${o.reason}` : `${o.winners.join(' + ')} won by ${o.reason}`;
  r.dataset.result = o.result;
  r.dataset.winners = o.winners.join(',');
  r.dataset.reason = o.reason;
  $('claims').textContent = o.claims.length ? `(may claim: ${o.claims.join(', ')})` : '';
  const texts = game.moveText($('notation').value);
  $('moves').replaceChildren(...texts.map((t) => Object.assign(document.createElement('li'), { textContent: t })));
  $('moves').lastElementChild?.scrollIntoView({ block: 'nearest' });
  renderHands();
  const pass = !game.isOver() && legal().some(({ move }) => move.pass);
  $('pass').hidden = !pass;
  $('choice').hidden = !pending;
  if (pending) {
    $('choice').replaceChildren(document.createTextNode('Choose: '), ...pending.map(({ move, text }) => {
      const b = document.createElement('button');
      b.textContent = text;
      b.addEventListener('click', () => play(move));
      return b;
    }));
  }
}

function renderHands() {
  const v = game.variant;
  const box = $('hands');
  box.replaceChildren();
  if (!v.hasDrops || game.isOver()) return;
  const side = game.turn;
  const hand = game.hands()[side];
  box.append(document.createTextNode(`${v.sideText(side)} in hand: `));
  for (const [letter, count] of Object.entries(hand)) {
    const kind = v.pieceKind(letter);
    const b = document.createElement('button');
    b.textContent = `${v.pieceText(kind, game.turnIndex, 'symbol')} ×${count}`;
    b.dataset.piece = letter;
    if (selected && selected.drop === kind) b.classList.add('selected');
    b.addEventListener('click', () => {
      selected = selected && selected.drop === kind ? null : { drop: kind };
      pending = null;
      render();
    });
    box.append(b);
  }
}

function play(move) {
  try {
    game.play(move);
    setError(null);
  } catch (e) {
    setError(e);
  }
  selected = null;
  pending = null;
  render();
}

function onBoardClick(event) {
  if (game.isOver()) return;
  const svg = event.currentTarget;
  const pt = svg.createSVGPoint();
  pt.x = event.clientX;
  pt.y = event.clientY;
  const loc = pt.matrixTransform(svg.getScreenCTM().inverse());
  const sq = squareAt(game.variant, loc.x, loc.y);
  if (sq === null) return;
  clickSquare(sq);
}

function clickSquare(sq) {
  const moves = legal();
  if (selected) {
    const here = moves.filter(({ move }) => move.to === sq
      && (selected.drop ? move.drop && move.kind === selected.drop : !move.drop && move.from === selected.from));
    if (here.length === 1) return play(here[0].move);
    if (here.length > 1) {
      pending = here; // promotion or not, promotion piece: the player chooses
      return render();
    }
  }
  pending = null;
  const from = moves.some(({ move }) => !move.drop && !move.pass && move.from === sq);
  selected = from && !(selected && selected.from === sq) ? { from: sq } : null;
  render();
}

// ---- records -------------------------------------------------------------------------------

function save() {
  try {
    const text = game.export($('format').value);
    $('record').value = text;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    a.download = `${game.variant.id}.${$('format').value}`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    setError(null);
  } catch (e) {
    setError(e);
  }
}

function load(input) {
  try {
    const g = Game.fromRecord(input, { variant: game.variant.id, format: $('format').value, lenient: true });
    newGame(game.variant.id, null, g);
    setError(null);
  } catch (e) {
    setError(e);
  }
}

// ---- start ---------------------------------------------------------------------------------

fill($('variant-select'), variants.map((v) => v.id), 'chess');
for (const opt of $('variant-select').options) opt.textContent = `${findVariant(opt.value).name}`;
$('variant-select').addEventListener('change', () => newGame($('variant-select').value, $('options').value));
$('new').addEventListener('click', () => {
  try {
    newGame($('variant-select').value, $('options').value);
    setError(null);
  } catch (e) {
    setError(e);
  }
});
$('undo').addEventListener('click', () => {
  try { game.undo(); setError(null); } catch (e) { setError(e); }
  selected = null;
  pending = null;
  render();
});
$('flip').addEventListener('click', () => { flip = !flip; render(); });
$('pass').addEventListener('click', () => {
  const m = legal().find(({ move }) => move.pass);
  if (m) play(m.move);
});
$('resign').addEventListener('click', () => {
  try { game.resign(); setError(null); } catch (e) { setError(e); }
  render();
});
$('notation').addEventListener('change', render);
$('save').addEventListener('click', save);
$('load').addEventListener('click', () => load($('record').value));
$('file').addEventListener('change', async () => {
  const f = $('file').files[0];
  if (f) load(new Uint8Array(await f.arrayBuffer())); // bytes: legacy encodings are detected
});

const start = new URL(location.href).searchParams.get('variant');
newGame(variants.some((v) => v.id === start) ? start : 'chess', null);

// For automation (js/test/browser): where a square is on screen, so a script clicks like a person.
window.bgDemo = {
  squareCenter(name) {
    const v = game.variant;
    const c = centre(v, v.parseSquare(name));
    const svg = $('board').querySelector('svg');
    const pt = svg.createSVGPoint();
    pt.x = c.x;
    pt.y = c.y;
    const s = pt.matrixTransform(svg.getScreenCTM());
    return { x: s.x, y: s.y };
  },
  /** The squares a uci move joins, and what it is: { from, to, drop, pass, piece, text }. */
  move(uci) {
    const m = game.parseMove(uci, 'uci');
    return { from: m.fromSquare, to: m.toSquare, drop: m.drop, pass: m.pass, piece: m.piece, text: game.formatMove(m, $('notation').value) };
  },
  get variant() { return game.variant.id; },
};
document.body.dataset.ready = 'true';
