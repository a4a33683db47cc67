// Games: a start position and the moves played, with undo, the outcome and its reason, claims, actions, tags, annotations and records.
import { W, cstr, cid, jstr, resetArgs, heapU32, textCall, err, errorFrom, check } from './core.js';
import { InvalidArgumentError, BoardGamesError, ClaimRejectedError, errorFor } from './errors.js';
import { variant as findVariant, optionsText } from './variant.js';
import {
  Move, Position, moveValue, legalValues, legalText, legalWithText, parseMove, formatMove, positionText,
  pieceAt, board, hands, picture, perft, divide, _setOutcomeOf,
} from './position.js';
import { owned, release } from './lifetime.js';

const RESULTS = ['ongoing', 'win', 'draw'];
let reasonNames = null;

/** The reason vocabulary (docs/cli.md), indexed by bg_reason value; [0] is "" (none). */
export function reasons() {
  if (!reasonNames) {
    reasonNames = [];
    for (let r = 0; ; r++) {
      const p = W.bg_reason_name(r);
      if (!p) break;
      reasonNames.push(jstr(p));
    }
    Object.freeze(reasonNames);
  }
  return reasonNames;
}

function reasonValue(reason) {
  const list = reasons();
  const r = typeof reason === 'number' ? reason : list.indexOf(reason);
  if (!Number.isInteger(r) || r <= 0 || r >= list.length) throw new InvalidArgumentError(`unknown reason ${JSON.stringify(reason)} (one of ${list.slice(1).join(', ')})`);
  return r;
}

function reasonList(mask) {
  const list = reasons();
  const out = [];
  for (let r = 1; r < list.length && r < 64; r++) if ((mask >> BigInt(r)) & 1n) out.push(list[r]);
  return out;
}

const STATS = { captured: 1, lost: 2, eliminated: 3, conquered: 4, commander: 5 };

/**
 * A game of a variant: new Game('chess'), or from a position: new Game('chess', { fen }).
 * Moves are played in any notation the variant can read; outcome() says who won and why.
 */
export class Game {
  constructor(variant = 'chess', { fen = null, text = null, format = null, options = null, lenient = false } = {}) {
    const v = findVariant(variant);
    const start = fen ?? text;
    if (start !== null && typeof start !== 'string') throw new InvalidArgumentError('the start position must be text');
    resetArgs();
    const opts = optionsText(options);
    const out = v._counts;
    const e = err();
    const s = start === null
      ? W.bg_game_new(out, v._ptr, cstr(opts), 0, e)
      : W.bg_game_new_from_text(out, v._ptr, cstr(start), cid(format), cstr(opts), lenient ? 1 : 0, 0, e);
    if (s < 0) throw errorFrom(s, e);
    this._init(heapU32()[out >> 2], v, opts);
  }

  /** @internal */
  _init(ptr, v, opts) {
    this._ptr = ptr;
    this._variant = v;
    this._options = opts;
    owned(this, 'game', ptr, v);
  }

  /** @internal */
  static _adopt(ptr, v, opts = null) {
    const g = Object.create(Game.prototype);
    g._init(ptr, v, opts);
    return g;
  }

  /** @internal */
  _h() {
    if (!this._ptr) throw new BoardGamesError('game used after free()');
    return this._ptr;
  }

  /** @internal The current position's pointer (borrowed from the game). */
  _pos() {
    return W.bg_game_position(this._h());
  }

  /** @internal Call a changing function; on failure throw with the game's error record. */
  _change(status) {
    if (status < 0) throw errorFrom(status, W.bg_game_error(this._ptr));
    return status;
  }

  free() {
    if (this._ptr) {
      release(this);
      this._ptr = 0;
    }
  }
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() { this.free(); }
  get freed() { return this._ptr === 0; }

  /** An independent copy (history, tags, result). */
  clone() {
    const out = this._variant._counts;
    check(W.bg_game_clone(out, this._h()));
    return Game._adopt(heapU32()[out >> 2], this._variant, this._options);
  }

  get variant() { return this._variant; }
  get options() { return this._options; }

  /** A copy of the current position (a Position of its own: free it or let it be collected). */
  get position() { return this._positionCopy(W.bg_game_position(this._h())); }
  /** A copy of the start position. */
  get startPosition() { return this._positionCopy(W.bg_game_start_position(this._h())); }
  _positionCopy(ptr) {
    const out = this._variant._counts;
    check(W.bg_position_clone(out, ptr));
    return Position._adopt(heapU32()[out >> 2], this._variant, this._options);
  }

  text(format = null) { return positionText(this._pos(), format); }
  fen() { return this.text(); }
  sfen() { return this.text(); }
  toString() { return this._ptr ? this.text() : '<freed game>'; }
  get turnIndex() { return check(W.bg_position_side_to_move(this._pos())); }
  get turn() { return this._variant.sides[this.turnIndex]; }
  pieceAt(square) { return pieceAt(this._pos(), this._variant, square); }
  board() { return board(this._pos(), this._variant); }
  hands() { return hands(this._pos(), this._variant); }
  isCheck() { return W.bg_position_in_check(this._pos()) === 1; }
  hash() { return BigInt.asUintN(64, W.bg_position_hash(this._pos())); }

  /** Number of plies played. */
  get ply() { return W.bg_game_ply_count(this._h()); }
  /** The main line as Moves. */
  moves() {
    const g = this._h(), v = this._variant, n = W.bg_game_ply_count(g);
    const out = [];
    for (let i = 0; i < n; i++) out.push(new Move(W.bg_game_move_at(g, i), v));
    return out;
  }
  /** The main line as text in a notation (default: the variant's first), in one call. */
  moveText(notation = null) {
    const g = this._h();
    if (W.bg_game_ply_count(g) === 0) return [];
    resetArgs();
    const n = cid(notation);
    return textCall((buf, cap) => W.bgjs_game_moves_text(g, n, buf, cap)).split('\n');
  }

  legalMoves() { const v = this._variant; return Array.from(legalValues(this._pos(), v), (m) => new Move(m, v)); }
  legalMoveValues() { return legalValues(this._pos(), this._variant); }
  legalMovesText(notation = null) { return legalText(this._pos(), this._variant, notation); }
  legalMovesWithText(notation = null) { return legalWithText(this._pos(), this._variant, notation); }
  isLegal(move) { return W.bg_position_is_legal(this._pos(), moveValue(move)) === 1; }
  parseMove(text, notation = null, { lenient = false } = {}) {
    return new Move(parseMove(this._pos(), this._variant, text, notation, lenient), this._variant);
  }
  formatMove(move, notation = null) { return formatMove(this._pos(), this._variant, move, notation); }
  san(move) { return this.formatMove(move, 'san'); }
  perft(depth) { return perft(this._pos(), depth); }
  divide(depth) { return divide(this._pos(), this._variant, depth); }

  /**
   * Play a Move, a move value or move text in any notation the variant reads (or the one named);
   * returns the Move. IllegalMoveError, ParseError, AmbiguousMoveError or GameOverError leave the
   * game unchanged.
   */
  play(move, notation = null, { lenient = false } = {}) {
    const g = this._h();
    if (typeof move === 'string') {
      resetArgs();
      this._change(W.bg_game_play_text(g, cstr(move), cid(notation), lenient ? 1 : 0));
    } else {
      this._change(W.bg_game_play(g, moveValue(move)));
    }
    return new Move(W.bg_game_move_at(g, W.bg_game_ply_count(g) - 1), this._variant);
  }

  /** Play a move as a record does (goes on past endings an arbiter judges; see game.h). */
  playRecord(move) {
    const g = this._h();
    const m = typeof move === 'string' ? parseMove(this._pos(), this._variant, move, null, false) : moveValue(move);
    this._change(W.bg_game_play_record(g, m));
    return new Move(m, this._variant);
  }

  /** Take back the last move; returns it. NoMoveError when there is none. */
  undo() {
    const g = this._h();
    const n = W.bg_game_ply_count(g);
    const last = n > 0 ? new Move(W.bg_game_move_at(g, n - 1), this._variant) : null;
    this._change(W.bg_game_undo(g));
    return last;
  }

  /** { result: 'ongoing' | 'win' | 'draw', winners: side ids, reason, claims } */
  outcome() {
    const g = this._h();
    const v = this._variant;
    const result = RESULTS[W.bg_game_outcome(g)] ?? 'ongoing';
    const mask = W.bg_game_winners(g) >>> 0;
    const winners = [];
    for (let i = 0; i < v.sides.length; i++) if ((mask >>> i) & 1) winners.push(v.sides[i]);
    const reason = result === 'ongoing' ? '' : reasons()[W.bg_game_reason(g)] ?? '';
    return { result, winners, reason, claims: this.claims() };
  }
  isOver() { return W.bg_game_outcome(this._h()) !== 0; }

  /** Reasons the side to move may claim now (e.g. ["threefold-repetition"]). */
  claims() { return reasonList(BigInt.asUintN(64, W.bg_game_claims(this._h()))); }
  /** Reasons that playing `move` would allow claiming. */
  claimsAfter(move) {
    const m = typeof move === 'string' ? parseMove(this._pos(), this._variant, move, null, false) : moveValue(move);
    return reasonList(BigInt.asUintN(64, W.bg_game_claims_after(this._h(), m)));
  }
  /**
   * Claim (or declare) by a reason, optionally with the move that makes it valid (played first,
   * and it stands). Returns true if the claim ended the game, false if the rules reject it.
   */
  claim(reason, move = null) {
    const r = reasonValue(reason);
    const m = move === null ? 0 : typeof move === 'string' ? parseMove(this._pos(), this._variant, move, null, false) : moveValue(move);
    const s = W.bg_game_claim(this._h(), r, m);
    if (s === -11) return false;
    this._change(s);
    return true;
  }
  /** A side (index or id; default the side to move) resigns. */
  resign(side = null) {
    const s = side === null ? this.turnIndex : this._variant.sideIndex(side);
    this._change(W.bg_game_resign(this._h(), s));
  }
  agreeDraw() { this._change(W.bg_game_agree_draw(this._h())); }
  /** A side's score by the variant's counting rule (janggi, shogi impasse points), or null without one. */
  score(side) {
    const r = W.bg_game_score(this._h(), this._variant.sideIndex(side));
    if (r === -7) return null;
    return check(r) / 10;
  }
  /** A per-side statistic: "captured", "lost", "eliminated", "conquered" or "commander". */
  stat(side, which) {
    const w = STATS[which];
    if (!w) throw new InvalidArgumentError(`unknown statistic ${JSON.stringify(which)} (one of ${Object.keys(STATS).join(', ')})`);
    return check(W.bg_game_stat(this._h(), this._variant.sideIndex(side), w));
  }

  // ---- tags and annotations

  /** The tags in insertion order, as an object. */
  tags() {
    const g = this._h();
    const out = {};
    for (let i = 0, n = W.bg_game_tag_count(g); i < n; i++) out[jstr(W.bg_game_tag_key(g, i))] = jstr(W.bg_game_tag_value(g, i));
    return out;
  }
  tag(key) { resetArgs(); return jstr(W.bg_game_tag(this._h(), cstr(key))); }
  /** Set a tag; null removes it. */
  setTag(key, value) {
    if (typeof key !== 'string' || (value !== null && typeof value !== 'string')) throw new InvalidArgumentError('tag keys and values are strings');
    resetArgs();
    this._change(W.bg_game_set_tag(this._h(), cstr(key), cstr(value)));
  }
  comment(ply = this.ply) { return jstr(W.bg_game_comment(this._h(), plyArg(ply))); }
  setComment(ply, text) { resetArgs(); this._change(W.bg_game_set_comment(this._h(), plyArg(ply), cstr(text))); }
  nags(ply) {
    const g = this._h();
    const out = [];
    for (let i = 0, n = W.bg_game_nag_count(g, plyArg(ply)); i < n; i++) out.push(W.bg_game_nag_at(g, ply, i));
    return out;
  }
  addNag(ply, nag) {
    if (!Number.isInteger(nag)) throw new InvalidArgumentError('a NAG is an integer');
    this._change(W.bg_game_add_nag(this._h(), plyArg(ply), nag));
  }
  variations(ply) {
    const g = this._h();
    const out = [];
    for (let i = 0, n = W.bg_game_variation_count(g, plyArg(ply)); i < n; i++) out.push(jstr(W.bg_game_variation_at(g, ply, i)));
    return out;
  }
  addVariation(ply, text) { resetArgs(); this._change(W.bg_game_add_variation(this._h(), plyArg(ply), cstr(text))); }

  /** The game as a record in a format (default: the variant's first: pgn, kif, gib, skr, ...). */
  export(format = null) {
    const g = this._h();
    resetArgs();
    const f = cid(format);
    return textCall((buf, cap) => W.bg_game_export(g, f, buf, cap), (code) => errorFor(code,
      code === -7 ? `${this._variant.id} has no record format ${JSON.stringify(format)} (formats: ${this._variant.recordFormats.join(', ')})` : undefined));
  }

  /** The current position as SVG, its last move highlighted unless options.lastmove is given. */
  svg(options = {}) {
    const opts = typeof options === 'string' ? options : { ...options };
    if (typeof opts === 'object' && !('lastmove' in opts)) {
      const g = this._h();
      const n = W.bg_game_ply_count(g);
      if (n > 0) {
        const m = new Move(W.bg_game_move_at(g, n - 1), this._variant);
        if (!m.pass) opts.lastmove = m.drop ? `${m.piece}*${m.toSquare}` : `${m.fromSquare}${m.toSquare}`;
      }
    }
    return picture(this._pos(), this._variant, W.bg_position_svg, opts);
  }
  diagram(options) { return picture(this._pos(), this._variant, W.bg_position_diagram, options); }

  /** Bytes the game handle uses now. */
  get memory() { return W.bg_game_memory(this._h()); }
}

function plyArg(ply) {
  if (!Number.isInteger(ply) || ply < 0) throw new InvalidArgumentError(`ply must be an integer >= 0, not ${ply}`);
  return ply;
}

_setOutcomeOf((pos) => {
  const g = new Game(pos.variant, { fen: pos.text(), options: pos.options });
  try {
    return g.outcome();
  } finally {
    g.free();
  }
});

export { ClaimRejectedError };
