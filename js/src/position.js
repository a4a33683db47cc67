// Moves and positions: set up, read and write text, query, list legal moves (as objects or as text in one call), play, perft, pictures.
import { W, ready, cstr, cid, jstr, jtext, resetArgs, heap32, heapU32, textCall, err, errorFrom, check, scratchBuf } from './core.js';
import { InvalidArgumentError, IllegalMoveError, BoardGamesError, errorFor } from './errors.js';
import { variant as findVariant, variantOf, optionsText, pictureOptions } from './variant.js';
import { owned, release } from './lifetime.js';

// BG_MOVE_* and BG_FLAG_* of move.h
const DROP = 1 << 24, PROMOTION = 1 << 25, PASS = 1 << 26;
export const MoveFlags = Object.freeze({ CAPTURE: 0x01, CHECK: 0x02, CASTLE: 0x04, EN_PASSANT: 0x08, MATE: 0x10 });

/** A move: the library's 32-bit value with readable fields (squares are numbers, `…Square` names). */
export class Move {
  constructor(value, variant = null) {
    this.value = value >>> 0;
    this.variant = variant;
  }
  get from() { return this.value & (DROP | PASS) ? null : this.value & 0x1ff; }
  get to() { return (this.value >>> 9) & 0x1ff; }
  get kind() { return (this.value >>> 18) & 0x3f; }
  get drop() { return (this.value & DROP) !== 0; }
  get promotion() { return (this.value & PROMOTION) !== 0; }
  get pass() { return (this.value & PASS) !== 0; }
  /** Letter of the promotion or dropped kind ("Q", "P"), else null. */
  get piece() { return this.kind && this.variant ? this.variant.pieces[this.kind - 1]?.letter ?? null : null; }
  get fromSquare() { const f = this.from; return f === null || !this.variant ? null : this.variant.squareNames()[f]; }
  get toSquare() { return this.variant ? this.variant.squareNames()[this.to] : null; }
  valueOf() { return this.value; }
  equals(other) { return other != null && moveValue(other) === this.value; }
  toJSON() {
    return { value: this.value, from: this.fromSquare ?? this.from, to: this.toSquare ?? this.to, drop: this.drop,
      promotion: this.promotion, pass: this.pass, piece: this.piece };
  }
  toString() {
    if (this.pass) return 'pass';
    const to = this.toSquare ?? String(this.to);
    if (this.drop) return `${this.piece ?? this.kind}*${to}`;
    return `${this.fromSquare ?? this.from}${to}${this.promotion ? '=' + (this.piece ?? this.kind) : ''}`;
  }
  /** A move from its parts: from and to squares (numbers), the promotion kind (0 = none). */
  static make(from, to, promotion = 0) { return new Move(ready().bg_move_make(from, to, promotion)); }
  static drop(kind, to) { return new Move(ready().bg_move_make_drop(kind, to)); }
  static pass(royalSquare) { return new Move(ready().bg_move_make_pass(royalSquare)); }
}

/** @internal The uint32 value of a Move, a number or an object with `value`. */
export function moveValue(m) {
  if (typeof m === 'number') {
    if (!Number.isInteger(m) || m < 0 || m > 0xffffffff) throw new InvalidArgumentError(`${m} is not a move value`);
    return m;
  }
  if (m && typeof m === 'object' && typeof m.value === 'number') return moveValue(m.value);
  throw new InvalidArgumentError(`a move is a Move, a move value or move text, not ${m === null ? 'null' : typeof m}`);
}

/**
 * @internal Depth argument of perft and divide. The library recurses on the wasm stack with a
 * move list per ply (12 KB in Seven Kingdoms): 20 plies stay well inside it, and no perft that
 * deep finishes anyway.
 */
const MAX_DEPTH = 20;
function depthArg(depth, min) {
  if (!Number.isInteger(depth) || depth < min || depth > MAX_DEPTH) throw new InvalidArgumentError(`perft depth must be an integer from ${min} to ${MAX_DEPTH}, not ${depth}`);
  return depth;
}

// ---- functions shared by Position and Game (they take the bg_position pointer)

export function legalValues(ptr, v) {
  const n = check(W.bg_position_legal_moves(ptr, v._moves, v.maxMoves));
  return heapU32().slice(v._moves >> 2, (v._moves >> 2) + Math.min(n, v.maxMoves));
}

export function legalText(ptr, v, notation) {
  resetArgs();
  const nota = cid(notation);
  const countPtr = v._counts;
  const text = textCall((buf, cap) => W.bgjs_legal_moves_text(ptr, nota, v._moves, v.maxMoves, buf, cap, countPtr),
    (code) => notationError(code, v, notation));
  return heap32()[countPtr >> 2] === 0 ? [] : text.split('\n');
}

export function legalWithText(ptr, v, notation) {
  const texts = legalText(ptr, v, notation);
  const values = heapU32().subarray(v._moves >> 2, (v._moves >> 2) + texts.length);
  return texts.map((text, i) => ({ move: new Move(values[i], v), text }));
}

function notationError(code, v, notation) {
  if (code === -7) return errorFor(code, `${v.id} has no notation ${JSON.stringify(notation)} (notations: ${v.notations.join(', ')})`);
  return errorFor(code);
}

export function parseMove(ptr, v, text, notation, lenient) {
  if (typeof text !== 'string') throw new InvalidArgumentError('move text must be a string');
  resetArgs();
  const t = cstr(text);
  const e = err();
  const out = v._counts; // 4 bytes for the result
  const s = W.bg_move_parse(ptr, t, cid(notation), lenient ? 1 : 0, out, e);
  if (s < 0) throw errorFrom(s, e);
  return heapU32()[out >> 2];
}

export function formatMove(ptr, v, m, notation) {
  const value = moveValue(m);
  resetArgs();
  const nota = cid(notation);
  return textCall((buf, cap) => W.bg_move_format(ptr, value, nota, buf, cap), (code) => {
    if (code === -5) return errorFor(code, `${new Move(value, v)} is not a legal move in ${positionText(ptr, null)}`);
    return notationError(code, v, notation);
  });
}

export function positionText(ptr, format) {
  resetArgs();
  const f = cid(format);
  return textCall((buf, cap) => W.bg_position_text(ptr, f, buf, cap),
    (code) => errorFor(code, code === -7 ? `no position format ${JSON.stringify(format)}` : undefined));
}

const WINGS = { king: 0, queen: 1 };
function wingIndex(wing) {
  const i = typeof wing === 'number' ? wing : WINGS[wing];
  if (i !== 0 && i !== 1) throw new InvalidArgumentError(`a castling wing is "king" or "queen", not ${JSON.stringify(wing)}`);
  return i;
}

export function pieceAt(ptr, v, square) {
  const p = W.bg_position_piece_at(ptr, v.squareIndex(square));
  return p ? pieceObject(v, p) : null;
}

function pieceObject(v, p) {
  const side = p >> 8, kind = p & 0xff;
  const info = v.pieces[kind - 1];
  return { side, sideId: v.sides[side] ?? null, kind, letter: info?.letter ?? '?', name: info?.name ?? '?' };
}

export function board(ptr, v) {
  const cap = v.squares;
  const buf = scratchBuf(cap * 4);
  check(W.bgjs_board(ptr, buf, cap));
  const h = heap32();
  const out = new Array(cap);
  for (let sq = 0; sq < cap; sq++) {
    const p = h[(buf >> 2) + sq];
    out[sq] = p ? pieceObject(v, p) : null;
  }
  return out;
}

export function hands(ptr, v) {
  const kinds = v.pieces.length, sides = v.sides.length;
  const buf = scratchBuf(kinds * sides * 4);
  check(W.bgjs_hands(ptr, buf, kinds * sides));
  const h = heap32();
  const out = {};
  for (let s = 0; s < sides; s++) {
    const hand = {};
    for (let k = 1; k <= kinds; k++) {
      const n = h[(buf >> 2) + s * kinds + k - 1];
      if (n > 0) hand[v.pieces[k - 1].letter] = n;
    }
    out[v.sides[s]] = hand;
  }
  return out;
}

export function picture(ptr, v, fn, options) {
  const text = pictureOptions(options);
  v.checkPictureOptions(text);
  resetArgs();
  const o = cstr(text);
  return textCall((buf, cap) => fn(ptr, o, buf, cap));
}

export function perft(ptr, depth) {
  return Number(W.bg_position_perft(ptr, depthArg(depth, 0)));
}

export function divide(ptr, v, depth) {
  depthArg(depth, 1);
  const n = check(W.bg_position_divide(ptr, depth, v._moves, v._counts, v.maxMoves));
  const moves = heapU32().slice(v._moves >> 2, (v._moves >> 2) + n);
  const counts = new BigUint64Array(heapU32().buffer, v._counts, n);
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push({ move: new Move(moves[i], v), uci: formatMove(ptr, v, moves[i], 'uci'), nodes: Number(counts[i]) });
  }
  return out;
}

// ---- Position

/**
 * A position of a variant: new Position('chess') is the start, new Position('chess', fen) parses
 * text (strict unless { lenient: true }); options are rule options ("chess960=true" or an object).
 */
export class Position {
  constructor(variant = 'chess', text = null, { format = null, options = null, lenient = false } = {}) {
    const v = findVariant(variant);
    if (text !== null && text !== undefined && typeof text !== 'string') throw new InvalidArgumentError('position text must be a string');
    resetArgs();
    const opts = optionsText(options);
    const out = v._counts; // the new handle pointer is written here
    const e = err();
    const s = text === null || text === undefined
      ? W.bg_position_new(out, v._ptr, cstr(opts), 0, e)
      : W.bg_position_from_text(out, v._ptr, cstr(text), cid(format), cstr(opts), lenient ? 1 : 0, 0, e);
    if (s < 0) throw errorFrom(s, e);
    this._init(heapU32()[out >> 2], v, opts);
  }

  /** @internal */
  _init(ptr, v, opts) {
    this._ptr = ptr;
    this._variant = v;
    this._options = opts;
    owned(this, 'position', ptr, v);
  }

  /** @internal A Position owning an existing handle. */
  static _adopt(ptr, v, opts) {
    const p = Object.create(Position.prototype);
    p._init(ptr, v, opts);
    return p;
  }

  /** @internal */
  _h() {
    if (!this._ptr) throw new BoardGamesError('position used after free()');
    return this._ptr;
  }

  /** Free the handle now (also done by `using` and, eventually, by garbage collection). */
  free() {
    if (this._ptr) {
      release(this);
      this._ptr = 0;
    }
  }
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() { this.free(); }
  get freed() { return this._ptr === 0; }

  /** An independent copy. */
  clone() {
    const out = this._variant._counts;
    check(W.bg_position_clone(out, this._h()));
    return Position._adopt(heapU32()[out >> 2], this._variant, this._options);
  }

  /** Overwrite this position with another of the same variant (no allocation). */
  copyFrom(other) {
    if (!(other instanceof Position)) throw new InvalidArgumentError('copyFrom takes a Position');
    check(W.bg_position_copy(this._h(), other._h()));
    return this;
  }

  get variant() { return this._variant; }
  /** The rule options the position was made with ("name=value;..."), or null. */
  get options() { return this._options; }

  /** Position text in a format (default: the variant's own — FEN, SFEN, ...). */
  text(format = null) { return positionText(this._h(), format); }
  fen() { return this.text(); }
  sfen() { return this.text(); }
  toString() { return this._ptr ? this.text() : '<freed position>'; }

  /** Index of the side to move. */
  get turnIndex() { return check(W.bg_position_side_to_move(this._h())); }
  /** Id of the side to move ("white", "sente", ...). */
  get turn() { return this._variant.sides[this.turnIndex]; }

  pieceAt(square) { return pieceAt(this._h(), this._variant, square); }
  /** Every square's piece (null if empty), indexed by square number. */
  board() { return board(this._h(), this._variant); }
  /** Pieces in hand by side id: { sente: { P: 2 }, gote: {} }. */
  hands() { return hands(this._h(), this._variant); }
  handCount(side, kind) {
    const v = this._variant;
    return W.bg_position_hand_count(this._h(), v.sideIndex(side), v.pieceKind(kind));
  }
  isCheck() { return W.bg_position_in_check(this._h()) === 1; }

  // ---- editing (position.h): in place; the position may become one that cannot arise, which
  // text, queries and further edits accept and legal play refuses (InvalidPositionError) until
  // edits make it valid again. Each returns the position.

  /** Put a piece ({ side, kind }: an index or id, a kind number, letter or name) on a square; null empties it. */
  setPiece(square, piece) {
    const v = this._variant;
    const sq = v.squareIndex(square);
    let value = 0;
    if (piece !== null && piece !== undefined) {
      if (typeof piece !== 'object') throw new InvalidArgumentError('a piece is { side, kind } or null');
      value = (v.sideIndex(piece.side, { neutral: true }) << 8) | v.pieceKind(piece.kind);
    }
    check(W.bg_position_set_piece(this._h(), sq, value));
    return this;
  }
  setHandCount(side, kind, count) {
    const v = this._variant;
    if (!Number.isInteger(count) || count < 0) throw new InvalidArgumentError('a hand count is an integer >= 0');
    check(W.bg_position_set_hand_count(this._h(), v.sideIndex(side), v.pieceKind(kind), count));
    return this;
  }
  setTurn(side) {
    check(W.bg_position_set_side_to_move(this._h(), this._variant.sideIndex(side)));
    return this;
  }
  /** The rook square of a castling right of a side on a wing ("king" or "queen"), or null. */
  castling(side, wing) {
    const sq = W.bg_position_castling(this._h(), this._variant.sideIndex(side), wingIndex(wing));
    return sq < 0 ? null : sq;
  }
  /** Give (the rook's square) or take away (null) a castling right. */
  setCastling(side, wing, rookSquare) {
    const v = this._variant;
    const sq = rookSquare === null || rookSquare === undefined ? -1 : v.squareIndex(rookSquare);
    check(W.bg_position_set_castling(this._h(), v.sideIndex(side), wingIndex(wing), sq));
    return this;
  }
  /** The en-passant square, or null. */
  get enPassant() {
    const sq = W.bg_position_en_passant(this._h());
    return sq < 0 ? null : sq;
  }
  setEnPassant(square) {
    const sq = square === null || square === undefined ? -1 : this._variant.squareIndex(square);
    check(W.bg_position_set_en_passant(this._h(), sq));
    return this;
  }
  /** Set the halfmove clock and the move number (null keeps one). */
  setCounters(halfmoveClock = null, fullmoveNumber = null) {
    const n = (x, what) => {
      if (x === null || x === undefined) return -1;
      if (!Number.isInteger(x) || x < 0) throw new InvalidArgumentError(`${what} is an integer >= 0`);
      return x;
    };
    check(W.bg_position_set_counters(this._h(), n(halfmoveClock, 'the halfmove clock'), n(fullmoveNumber, 'the move number')));
    return this;
  }
  /** Empty board and hands, no rights, counters 0 and 1 (the side to move stays). */
  clear() {
    check(W.bg_position_clear(this._h()));
    return this;
  }
  /** Throws (InvalidPositionError, ParseError) saying why the readers would refuse the position. */
  validate() {
    const e = err();
    const s = W.bg_position_validate(this._h(), e);
    if (s < 0) throw errorFrom(s, e);
    return this;
  }
  /** Whether the readers accept the position (see validate()). */
  isValid() {
    return W.bg_position_validate(this._h(), err()) === 0;
  }

  /** Zobrist hash (the Polyglot key for chess). */
  hash() { return BigInt.asUintN(64, W.bg_position_hash(this._h())); }
  get halfmoveClock() { return check(W.bg_position_halfmove_clock(this._h())); }
  get fullmoveNumber() { return check(W.bg_position_fullmove_number(this._h())); }

  /** Every legal move as a Move, in the library's stable order. */
  legalMoves() {
    const v = this._variant;
    return Array.from(legalValues(this._h(), v), (m) => new Move(m, v));
  }
  /** Every legal move's value (fast path). */
  legalMoveValues() { return legalValues(this._h(), this._variant); }
  /** Number of legal moves. */
  legalMoveCount() { return check(W.bg_position_legal_moves(this._h(), 0, 0)); }
  /** Every legal move as text in a notation (default: the variant's first), in one call. */
  legalMovesText(notation = null) { return legalText(this._h(), this._variant, notation); }
  /** Every legal move with its text: [{ move, text }]. */
  legalMovesWithText(notation = null) { return legalWithText(this._h(), this._variant, notation); }

  isLegal(move) { return W.bg_position_is_legal(this._h(), moveValue(move)) === 1; }
  moveFlags(move) { return W.bg_position_move_flags(this._h(), moveValue(move)); }
  isCapture(move) { return (this.moveFlags(move) & MoveFlags.CAPTURE) !== 0; }
  givesCheck(move) { return (this.moveFlags(move) & MoveFlags.CHECK) !== 0; }

  /** The legal Move that text names (notation null = any the variant knows). */
  parseMove(text, notation = null, { lenient = false } = {}) {
    return new Move(parseMove(this._h(), this._variant, text, notation, lenient), this._variant);
  }
  /** A legal move as text (notation null = the variant's first, SAN for chess). */
  formatMove(move, notation = null) { return formatMove(this._h(), this._variant, move, notation); }
  san(move) { return this.formatMove(move, 'san'); }
  uci(move) { return this.formatMove(move, 'uci'); }

  /** Play a Move, a move value or move text; returns the Move. An illegal move changes nothing. */
  play(move, notation = null, { lenient = false } = {}) {
    const ptr = this._h();
    const v = this._variant;
    const m = typeof move === 'string' ? parseMove(ptr, v, move, notation, lenient) : moveValue(move);
    const s = W.bg_position_play(ptr, m);
    if (s === -5) throw new IllegalMoveError(`illegal move ${new Move(m, v)} in ${this.text()}`, { code: -5 });
    check(s);
    return new Move(m, v);
  }

  /** Leaf nodes `depth` plies below (bulk-counted in the library). */
  perft(depth) { return perft(this._h(), depth); }
  /** Perft per legal root move: [{ move, uci, nodes }]. */
  divide(depth) { return divide(this._h(), this._variant, depth); }

  /** The position as an SVG image (see docs/pictures.md for the options). */
  svg(options) { return picture(this._h(), this._variant, W.bg_position_svg, options); }
  /** The position as a text diagram in the game's own script. */
  diagram(options) { return picture(this._h(), this._variant, W.bg_position_diagram, options); }

  /**
   * The result by the rules of this position alone (no history: repetitions are unknown):
   * { result, winners, reason, claims }. A Game knows more.
   */
  outcome() {
    return gameOutcomeOf(this);
  }
}

// Position.outcome() makes a Game from the position; game.js registers how (no import cycle at load).
let gameOutcomeOf = () => { throw new BoardGamesError('game module not loaded'); };
export function _setOutcomeOf(fn) { gameOutcomeOf = fn; }

export { variantOf, jstr, jtext };
