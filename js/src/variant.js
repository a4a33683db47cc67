// Variants: the catalogue of games with their geometry, sides, pieces, notations, options and metadata (pictures' names, regions), and variants defined at run time (VariantSet).
import { W, ready, cstr, cid, cbytes, jstr, resetArgs, heap32, heapU32, scratchBuf, textCall, errorFrom, err } from './core.js';
import { BoardGamesError, InvalidArgumentError, UnknownVariantError, UnsupportedError, errorFor } from './errors.js';
import { setRegistry, dropSet } from './lifetime.js';

const FORMS = ['english', 'native', 'symbol', 'reading'];
const REGIONS = { palace: 1, territory: 2, promotion: 3, home: 4 };

/** One game of the catalogue (immutable). */
export class Variant {
  /** @internal `set`: the VariantSet that defined it (null for the built-in variants). */
  constructor(ptr, set = null) {
    const w = ready();
    if (set) {
      // A defined variant's handle dies with its set: every use after that is an error, not a
      // dangling pointer (the set is freed only once no position, game or reader of it is left).
      const state = set._state;
      Object.defineProperty(this, '_ptr', {
        get() {
          if (state.freed) throw new BoardGamesError(`variant ${this.id} was freed with its VariantSet`);
          return ptr;
        },
      });
      /** @internal The set's state (lifetime.js counts the handles of its variants there). */
      this._set = state;
    } else {
      this._ptr = ptr;
      this._set = null;
    }
    this.set = set;
    this.defined = w.bg_variant_is_defined(ptr) === 1;
    this.id = jstr(w.bg_variant_id(ptr));
    this.name = jstr(w.bg_variant_name(ptr));
    this.width = w.bg_variant_width(ptr);
    this.height = w.bg_variant_height(ptr);
    this.squares = this.width * this.height;
    const nsides = w.bg_variant_sides(ptr);
    this.sides = Object.freeze(Array.from({ length: nsides }, (_, i) => jstr(w.bg_variant_side_id(ptr, i))));
    const kinds = w.bg_variant_piece_kinds(ptr);
    this.pieces = Object.freeze(Array.from({ length: kinds }, (_, i) => Object.freeze({
      kind: i + 1,
      letter: jstr(w.bg_variant_piece_letter(ptr, i + 1)),
      name: jstr(w.bg_variant_piece_name(ptr, i + 1)),
      royal: w.bg_variant_piece_is_royal(ptr, i + 1) === 1,
    })));
    this.notations = Object.freeze(Array.from({ length: w.bg_variant_notation_count(ptr) },
      (_, i) => jstr(w.bg_variant_notation_at(ptr, i))));
    this.recordFormats = Object.freeze(Array.from({ length: w.bg_variant_record_format_count(ptr) },
      (_, i) => jstr(w.bg_variant_record_format_at(ptr, i))));
    const options = {};
    for (let i = 0, n = w.bg_variant_option_count(ptr); i < n; i++) {
      options[jstr(w.bg_variant_option_name(ptr, i))] = Object.freeze(jstr(w.bg_variant_option_values(ptr, i)).split('|'));
    }
    this.options = Object.freeze(options);
    this.startText = jstr(w.bg_variant_start_text(ptr));
    this.hasDrops = w.bg_variant_has_drops(ptr) === 1;
    this.hasPass = w.bg_variant_has_pass(ptr) === 1;
    this.maxMoves = Math.max(w.bg_variant_max_moves(ptr), 1);
    this.onPoints = w.bg_variant_on_points(ptr) === 1;
    this.positionSize = w.bg_position_size(ptr);
    // Buffers for this variant's move lists (legal moves, divide), kept for the process's life.
    this._moves = w.malloc(this.maxMoves * 4 + 8);
    this._counts = w.malloc(this.maxMoves * 8 + 8);
    if (!this._moves || !this._counts) throw errorFor(-2, 'out of memory in the wasm heap');
    if (set) this._set.buffers.push(this._moves, this._counts); // freed with the set
    this._names = null;
    Object.freeze(this.sides);
  }

  toString() {
    return this.id;
  }

  toJSON() {
    return { id: this.id, name: this.name, width: this.width, height: this.height, sides: this.sides,
      pieces: this.pieces, notations: this.notations, recordFormats: this.recordFormats,
      options: this.options, startText: this.startText, hasDrops: this.hasDrops, hasPass: this.hasPass,
      onPoints: this.onPoints, defined: this.defined };
  }

  // ---- geometry: square = rank * width + file; file 0 = "a", rank 0 = the first side's home rank

  /** Square number of (file, rank), both 0-based. */
  square(file, rank) {
    int(file, 'file');
    int(rank, 'rank');
    const sq = W.bg_square(this._ptr, file, rank);
    if (sq < 0) throw new InvalidArgumentError(`(${file}, ${rank}) is off the ${this.width}x${this.height} board`);
    return sq;
  }

  squareFile(square) {
    return W.bg_square_file(this._ptr, this.squareIndex(square));
  }

  squareRank(square) {
    return W.bg_square_rank(this._ptr, this.squareIndex(square));
  }

  /** A square number from a number or a name in the game's coordinates ("e4", "7g", "a10"). */
  squareIndex(square) {
    if (typeof square === 'number') {
      if (!Number.isInteger(square) || square < 0 || square >= this.squares) {
        throw new InvalidArgumentError(`square ${square} is off the ${this.width}x${this.height} board of ${this.id}`);
      }
      return square;
    }
    if (typeof square === 'string') return this.parseSquare(square);
    throw new InvalidArgumentError(`a square is a number or a name, not ${typeof square}`);
  }

  /** Name of a square in a notation (default: the game's coordinates, "e4", "7g", "a10"). */
  squareName(square, notation = null) {
    const sq = this.squareIndex(square);
    if (notation === null && this._names) return this._names[sq];
    resetArgs();
    const n = cid(notation);
    return textCall((buf, cap) => W.bg_variant_square_name(this._ptr, sq, n, buf, cap),
      (code) => errorFor(code, code === -7 ? `${this.id} has no square names in ${JSON.stringify(notation)}`
        : `no name for square ${square} of ${this.id}`));
  }

  /** The square a name denotes in a notation (default: the game's coordinates). */
  parseSquare(name, notation = null) {
    if (typeof name !== 'string') throw new InvalidArgumentError('a square name is a string');
    resetArgs();
    const sq = W.bg_variant_square_parse(this._ptr, cstr(name), cid(notation));
    if (sq === -7) throw new UnsupportedError(`${this.id} has no square names in ${JSON.stringify(notation)}`, { code: -7 });
    if (sq < 0) throw errorFor(-4, `${JSON.stringify(name)} is not a square of ${this.id}`);
    return sq;
  }

  /** Every square's coordinate name, indexed by square number. */
  squareNames() {
    if (!this._names) {
      const names = [];
      for (let sq = 0; sq < this.squares; sq++) names.push(this.squareName(sq));
      this._names = Object.freeze(names);
    }
    return this._names;
  }

  // ---- sides and pieces

  /** Side index for an index or a side id ("white", "sente", "qin", ...). */
  sideIndex(side, { neutral = false } = {}) {
    if (typeof side === 'number') {
      const max = this.sides.length + (neutral ? 1 : 0);
      if (!Number.isInteger(side) || side < 0 || side >= max) throw new InvalidArgumentError(`${this.id} has no side ${side}`);
      return side;
    }
    if (typeof side === 'string') {
      const i = this.sides.indexOf(side);
      if (i < 0) throw new InvalidArgumentError(`${this.id} has no side ${JSON.stringify(side)}; sides: ${this.sides.join(', ')}`);
      return i;
    }
    throw new InvalidArgumentError(`a side is an index or an id, not ${typeof side}`);
  }

  /** Piece kind (1-based) for a kind number, a letter ("N", "+P") or a name ("knight"). */
  pieceKind(kind) {
    if (typeof kind === 'number') {
      if (!Number.isInteger(kind) || kind < 1 || kind > this.pieces.length) throw new InvalidArgumentError(`${this.id} has no piece kind ${kind}`);
      return kind;
    }
    if (typeof kind === 'string') {
      for (const p of this.pieces) if (p.letter === kind || p.name === kind) return p.kind;
      for (const p of this.pieces) if (p.letter === kind.toUpperCase()) return p.kind;
    }
    throw new InvalidArgumentError(`${this.id} has no piece ${JSON.stringify(kind)}`);
  }

  /** A piece kind's name for a side: form "english", "native" (俥, 飛車), "symbol" (♘, 飛) or "reading" (jū, 차). */
  pieceText(kind, side = 0, form = 'native') {
    const p = W.bg_variant_piece_text(this._ptr, this.pieceKind(kind), this.sideIndex(side, { neutral: true }), formIndex(form));
    if (!p) throw new InvalidArgumentError(`${this.id}: no text for piece ${kind}, side ${side}, form ${form}`);
    return jstr(p);
  }

  /** The text naming a kind in a notation ("san" → "N", "csa" → "FU"); null if the notation names no pieces. */
  pieceNotation(kind, notation, side = 0) {
    resetArgs();
    return jstr(W.bg_variant_piece_notation(this._ptr, this.pieceKind(kind), this.sideIndex(side, { neutral: true }), cid(notation)));
  }

  isRoyal(kind) {
    return W.bg_variant_piece_is_royal(this._ptr, this.pieceKind(kind)) === 1;
  }

  /** The kind a promoted kind came from (itself for unpromoted kinds). */
  pieceBase(kind) {
    return W.bg_variant_piece_base(this._ptr, this.pieceKind(kind));
  }

  /** The kinds a kind may promote to. */
  promotions(kind) {
    const mask = W.bg_variant_piece_promotions(this._ptr, this.pieceKind(kind));
    const out = [];
    for (let k = 1; k < 64; k++) if ((mask >> BigInt(k)) & 1n) out.push(k);
    return out;
  }

  /** Name of a side: "english" (Red), "native" (紅方), "symbol" (▲) or "reading". */
  sideText(side, form = 'english') {
    return jstr(W.bg_variant_side_text(this._ptr, this.sideIndex(side, { neutral: true }), formIndex(form)));
  }

  /** The side's colour in pictures, "#rrggbb". */
  sideColor(side) {
    return jstr(W.bg_variant_side_color(this._ptr, this.sideIndex(side, { neutral: true })));
  }

  /** The squares of a region ("palace", "territory", "promotion", "home") of a side, in order. */
  region(region, side = 0) {
    const code = REGIONS[region];
    if (!code) throw new InvalidArgumentError(`region must be one of ${Object.keys(REGIONS).join(', ')}, not ${JSON.stringify(region)}`);
    const s = this.sideIndex(side);
    const buf = this._counts; // squares <= maxMoves? not always: size the call instead
    const n = W.bg_variant_region_squares(this._ptr, code, s, 0, 0);
    if (n < 0) throw errorFor(n);
    const p = W.malloc(n * 4 + 4);
    try {
      W.bg_variant_region_squares(this._ptr, code, s, p, n);
      return Array.from(heap32().subarray(p >> 2, (p >> 2) + n));
    } finally {
      W.free(p);
      void buf;
    }
  }

  /** Check picture options (svg/diagram); throws UnknownOptionError or ParseError with the offset. */
  checkPictureOptions(options) {
    resetArgs();
    const text = cstr(pictureOptions(options));
    const e = err();
    const s = W.bg_picture_options_check(this._ptr, text, e);
    if (s < 0) throw errorFrom(s, e);
  }
}

function int(x, what) {
  if (!Number.isInteger(x)) throw new InvalidArgumentError(`${what} must be an integer`);
}

function formIndex(form) {
  const i = typeof form === 'number' ? form : FORMS.indexOf(form);
  if (!Number.isInteger(i) || i < 0 || i >= FORMS.length) throw new InvalidArgumentError(`text form must be one of ${FORMS.join(', ')}, not ${JSON.stringify(form)}`);
  return i;
}

/** Picture options from an object: booleans as true/false, arrays joined by spaces. */
export function pictureOptions(options) {
  if (options === undefined || options === null) return '';
  if (typeof options === 'string') return options;
  if (typeof options !== 'object') throw new InvalidArgumentError('picture options are an object or a string');
  const parts = [];
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined || value === null) continue;
    let v = value;
    if (typeof v === 'boolean') v = v ? 'true' : 'false';
    else if (Array.isArray(v)) v = v.join(' ');
    parts.push(`${name}=${v}`);
  }
  return parts.join(',');
}

/** Rule options as the library wants them: "name=value;..." from a string, an object or null. */
export function optionsText(options) {
  if (options === undefined || options === null) return null;
  if (typeof options === 'string') return options;
  if (typeof options !== 'object') throw new InvalidArgumentError('options are an object or a string');
  const parts = [];
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined || value === null) continue;
    const v = typeof value === 'boolean' ? (value ? 'true' : 'false') : Array.isArray(value) ? value.join(',') : String(value);
    parts.push(`${name}=${v}`);
  }
  return parts.join(';');
}

// ---- the catalogue

const byPtr = new Map();
let list = null;

function wrap(ptr) {
  let v = byPtr.get(ptr);
  if (!v) {
    v = new Variant(ptr);
    byPtr.set(ptr, v);
  }
  return v;
}

/** @internal The Variant object of a bg_variant pointer. */
export function variantOf(ptr) {
  return ptr ? wrap(ptr) : null;
}

/** Every variant, in the stable order of the rules document. */
export function listVariants() {
  if (!list) {
    const w = ready();
    list = Object.freeze(Array.from({ length: w.bg_variant_count() }, (_, i) => wrap(w.bg_variant_at(i))));
  }
  return list;
}

/** The variant with this id (a Variant passes through), built in or defined in a registered VariantSet; UnknownVariantError if none. */
export function variant(id) {
  if (id instanceof Variant) return id;
  if (typeof id !== 'string') throw new InvalidArgumentError(`a variant is an id string or a Variant, not ${typeof id}`);
  resetArgs();
  const ptr = W.bg_variant_find(cstr(id));
  if (ptr) return wrap(ptr);
  // Defined names never shadow built-in ones (bg_variant_define refuses them); newest set first.
  for (const s of registered) {
    const v = s.find(id);
    if (v) return v;
  }
  const known = listVariants().map((v) => v.id).concat(...registered.map((s) => s.ids));
  throw new UnknownVariantError(`unknown variant ${JSON.stringify(id)} (known: ${[...new Set(known)].join(', ')})`, { code: -3 });
}

// ---- variants defined at run time (bg_variant_define, docs/variants.md)

const encoder = new TextEncoder();
// Sets whose variants variant(id) finds, newest first. Being here keeps a set alive.
const registered = [];

/**
 * Variants defined from Fairy-Stockfish variants.ini text (docs/variants.md), owning their C set.
 * Iterate it for its Variant objects, or find one by id. Its variants work everywhere built-in
 * ones do (Position, Game, records). A registered set (the default) is found by variant(id) and
 * lives until free(); an unregistered one ({ register: false }) until it, its variants and all
 * their positions, games and readers are garbage. Either way the C set is freed only after the
 * last handle of its variants.
 */
export class VariantSet {
  constructor({ register = true } = {}) {
    const w = ready();
    const out = scratchBuf(8);
    const e = err();
    const s = w.bg_variant_set_new(out, 0, e);
    if (s < 0) throw errorFrom(s, e);
    /** @internal */
    this._state = { ptr: heapU32()[out >> 2], live: 0, dropped: false, freed: false, buffers: [] };
    this._variants = [];
    this._byPtr = new Map();
    setRegistry.register(this, this._state, this);
    if (register) registered.unshift(this);
  }

  /** @internal The C set, or an error once freed. */
  _h() {
    if (this._state.dropped) throw new BoardGamesError('variant set used after free()');
    return this._state.ptr;
  }

  /**
   * Define the sections of variants.ini text (a string, or UTF-8 bytes) and return their new
   * Variants. All or nothing: a bad definition throws (ParseError, UnsupportedError, LimitError,
   * ...) with the 1-based line and the byte offset of the fault, and nothing is added.
   */
  define(text) {
    const set = this._h();
    let bytes;
    if (typeof text === 'string') bytes = encoder.encode(text);
    else if (text instanceof Uint8Array) bytes = text;
    else if (text instanceof ArrayBuffer) bytes = new Uint8Array(text);
    else throw new InvalidArgumentError('a definition is variants.ini text: a string or bytes');
    resetArgs();
    const p = cbytes(bytes);
    const e = err();
    const before = W.bg_variant_set_count(set);
    const s = W.bg_variant_define(set, p, bytes.length, e);
    if (s < 0) throw errorFrom(s, e);
    const added = [];
    for (let i = before, n = W.bg_variant_set_count(set); i < n; i++) {
      const ptr = W.bg_variant_set_at(set, i);
      const v = new Variant(ptr, this);
      this._variants.push(v);
      this._byPtr.set(ptr, v);
      added.push(v);
    }
    return added;
  }

  /** The set's variant with this id, or null. */
  find(id) {
    if (typeof id !== 'string') throw new InvalidArgumentError('a variant id is a string');
    if (this._state.dropped) return null;
    resetArgs();
    const ptr = W.bg_variant_set_find(this._state.ptr, cstr(id));
    return ptr ? this._byPtr.get(ptr) ?? null : null;
  }

  /** The set's variant with this id; UnknownVariantError if none. */
  get(id) {
    const v = this.find(id);
    if (!v) throw new UnknownVariantError(`no variant ${JSON.stringify(id)} in this set (it has: ${this.ids.join(', ')})`, { code: -3 });
    return v;
  }

  get length() { return this._variants.length; }
  get ids() { return this._variants.map((v) => v.id); }
  get registered() { return registered.includes(this); }
  get freed() { return this._state.dropped; }
  [Symbol.iterator]() { return this._variants.slice()[Symbol.iterator](); }

  /** variant(id) no longer finds this set's variants (the set stays usable while referenced). */
  unregister() {
    const i = registered.indexOf(this);
    if (i >= 0) registered.splice(i, 1);
  }

  /**
   * Let go of the set now: variant(id) no longer finds it, and the C set is freed at once or,
   * if positions, games or readers of its variants are still alive, when the last of them is.
   * Its Variant objects are unusable after that.
   */
  free() {
    if (this._state.dropped) return;
    this.unregister();
    setRegistry.unregister(this);
    dropSet(this._state);
  }
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() { this.free(); }

  toString() { return `VariantSet(${this.ids.join(', ')})`; }
}

/** A new VariantSet holding the variants of `text` (Fairy-Stockfish variants.ini format). */
export function defineVariants(text, { register = true } = {}) {
  const s = new VariantSet({ register });
  try {
    s.define(text);
  } catch (e) {
    s.free();
    throw e;
  }
  return s;
}

/**
 * Define the variants of `text` and return the last one (the text's own game; sections before it
 * are usually its parents): in a new VariantSet, or added to `set`. `variant.set` is its set.
 */
export function defineVariant(text, { set = null, register = true } = {}) {
  if (set !== null && !(set instanceof VariantSet)) throw new InvalidArgumentError('set must be a VariantSet');
  const s = set ?? new VariantSet({ register });
  let added;
  try {
    added = s.define(text);
  } catch (e) {
    if (!set) s.free();
    throw e;
  }
  if (added.length === 0) {
    if (!set) s.free();
    throw errorFor(-4, 'the text defines no variant (no [name] section)');
  }
  return added.at(-1);
}

/** Names usable as parents ("[mine:makruk]") without defining them first. */
export function defineParents() {
  const w = ready();
  return Array.from({ length: w.bg_variant_define_parent_count() }, (_, i) => jstr(w.bg_variant_define_parent_at(i)));
}

/**
 * `variants`: the list of variants. It is an array-like you may also call (`variants()` returns a
 * plain array): `variants.map(v => v.id)`, `variants.length`, `for (const v of variants)` and
 * `variants()` all work.
 */
export const variants = new Proxy(() => [...listVariants()], {
  get(target, prop) {
    if (prop === 'call' || prop === 'apply' || prop === 'bind') return Reflect.get(target, prop);
    const l = listVariants();
    const value = Reflect.get(l, prop, l);
    return typeof value === 'function' ? value.bind(l) : value;
  },
  has(_, prop) {
    return prop in listVariants();
  },
  ownKeys() {
    return Reflect.ownKeys(listVariants()).filter((k) => k !== 'length').concat(['length']);
  },
  getOwnPropertyDescriptor(_, prop) {
    const d = Reflect.getOwnPropertyDescriptor(listVariants(), prop);
    if (d) d.configurable = true;
    return d;
  },
});
