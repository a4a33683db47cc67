// Game records: read the games of a record file (PGN, KIF, KI2, CSA, .gib, .skr) one at a time, with positioned errors.
import { W, cstr, cid, resetArgs, heapU32, err, errorFrom, sources } from './core.js';
import { InvalidArgumentError, BoardGamesError } from './errors.js';
import { variant as findVariant, optionsText } from './variant.js';
import { Game } from './game.js';
import { owned, release } from './lifetime.js';

const encoder = new TextEncoder();
let nextSource = 1;

function bytesOf(input) {
  if (typeof input === 'string') return encoder.encode(input);
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  return null;
}

/**
 * A reader over a record file: iterate it for Games. The input is record text (a string, UTF-8),
 * bytes (Uint8Array / ArrayBuffer: legacy encodings such as Shift_JIS or GBK are detected per
 * game), or a synchronous source function `(buffer: Uint8Array) => bytesWritten` (0 at the end)
 * for files of any size in constant memory, e.g. `(b) => fs.readSync(fd, b)`.
 *
 * A bad game throws its error (class by status, with gameIndex, line, column, offset, ply) unless
 * `onError(error)` is given: then the game is reported there and reading goes on.
 */
export class RecordReader {
  constructor(variant, input, { format = null, options = null, lenient = false, movesOnly = false, range = null, onError = null } = {}) {
    const v = findVariant(variant);
    const vptr = v._ptr; // before any allocation: throws for a variant whose set was freed
    if (onError !== null && typeof onError !== 'function') throw new InvalidArgumentError('onError must be a function');
    const flags = (lenient ? 1 : 0) | (movesOnly ? 2 : 0);
    const opts = optionsText(options);
    this._variant = v;
    this._options = opts;
    this._onError = onError;
    this._source = 0;
    this._ptr = 0;
    this._buf = 0;
    resetArgs();
    const out = v._counts;
    const e = err();
    let s;
    const bytes = bytesOf(input);
    if (bytes) {
      // The reader reads the bytes in place (bg_record_reader_open_memory): they live in wasm
      // memory as long as the reader (bg_record_reader_new would make the same copy itself).
      this._buf = W.malloc(bytes.length + 1);
      if (!this._buf) throw new BoardGamesError('out of memory in the wasm heap', { code: -2 });
      new Uint8Array(heapU32().buffer).set(bytes, this._buf);
      s = W.bg_record_reader_open_memory(out, vptr, cid(format), this._buf, bytes.length, cstr(opts), flags, 0, e);
    } else if (typeof input === 'function') {
      if (range) throw new InvalidArgumentError('byte ranges need the input in memory (a string or bytes)');
      this._source = nextSource++;
      sources.set(this._source, input);
      s = W.bgjs_reader_open(out, vptr, cid(format), this._source, cstr(opts), flags, e);
    } else {
      throw new InvalidArgumentError('record input is a string, bytes or a source function');
    }
    if (s < 0) {
      const error = errorFrom(s, e);
      this.free();
      throw error;
    }
    this._ptr = heapU32()[out >> 2];
    owned(this, 'reader', this._ptr, v, { buf: this._buf, source: this._source });
    if (range) {
      const [start, end = 0] = range;
      if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < 0) throw new InvalidArgumentError('range is [start, end] byte offsets');
      const rs = W.bg_record_reader_set_range(this._ptr, BigInt(start), BigInt(end));
      if (rs < 0) throw errorFrom(rs, 0);
    }
  }

  /** The next Game, or null after the last. */
  next() {
    for (;;) {
      if (!this._ptr) return null;
      const out = this._variant._counts;
      const e = err();
      const s = W.bg_record_reader_next(this._ptr, out, e);
      if (s === -15) {
        this.free();
        return null;
      }
      if (s < 0) {
        const src = sources.get(this._source);
        const error = errorFrom(s, e);
        if (src && src.error) {
          error.cause = src.error;
          src.error = null;
        }
        if (s === -16 || !this._onError) {
          if (s === -16) this.free();
          throw error;
        }
        this._onError(error);
        continue;
      }
      return Game._adopt(heapU32()[out >> 2], this._variant, this._options);
    }
  }

  *[Symbol.iterator]() {
    try {
      for (let g = this.next(); g; g = this.next()) yield g;
    } finally {
      this.free();
    }
  }

  /** Games seen so far, read or skipped. */
  get games() { return this._ptr ? W.bg_record_reader_games(this._ptr) : -1; }
  /** Byte offset up to which games have been read. */
  get offset() { return this._ptr ? Number(W.bg_record_reader_offset(this._ptr)) : -1; }

  free() {
    if (this._ptr) {
      release(this); // the reader, its bytes and its source
      this._ptr = 0;
      this._buf = 0;
    }
    if (this._buf) {
      W.free(this._buf);
      this._buf = 0;
    }
    if (this._source) sources.delete(this._source);
    this._source = 0;
  }
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() { this.free(); }
}

/** Every game of a record file, lazily (see RecordReader for the input and options). */
export function readGames(variant, input, options = {}) {
  return new RecordReader(variant, input, options);
}

/** The first game of a record; throws if it has an error or there is none. */
export function readGame(variant, input, options = {}) {
  const r = new RecordReader(variant, input, { ...options, onError: null });
  try {
    const g = r.next();
    if (!g) throw new BoardGamesError('the record holds no game', { code: -15 });
    return g;
  } finally {
    r.free();
  }
}

/** Game.fromRecord(input, { variant, format, lenient, options }): the first game of a record. */
Game.fromRecord = function fromRecord(input, { variant = 'chess', ...options } = {}) {
  return readGame(variant, input, options);
};
