// The wasm instance and the marshalling every class uses: memory views, strings in and out, the error record, scratch buffers.
import { errorFor, BoardGamesError, InvalidArgumentError } from './errors.js';
import { applyStreams, moduleStreams } from './streams.js';

/** The raw exports of boardgames.wasm (bg_* and bgjs_* functions, memory, malloc, free). */
export let W = null;
let memory = null;
let u8 = null;
let i32 = null;
let u32 = null;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

// Sources of streaming record readers, by id (bgjs_read asks for their bytes).
export const sources = new Map();

/** Views of the wasm memory, renewed when it has grown (a grown memory detaches the old buffer). */
export function heap() {
  if (u8.buffer !== memory.buffer) views();
  return u8;
}
export function heap32() {
  if (u8.buffer !== memory.buffer) views();
  return i32;
}
export function heapU32() {
  if (u8.buffer !== memory.buffer) views();
  return u32;
}
function views() {
  u8 = new Uint8Array(memory.buffer);
  i32 = new Int32Array(memory.buffer);
  u32 = new Uint32Array(memory.buffer);
}

// Functions the module imports. The library itself never prints, reads files or exits; the
// WASI entries exist because libc links them in and must never be reached from the API we use.
function imports() {
  const unreachable = (name) => () => {
    throw new BoardGamesError(`boardgames.wasm called ${name}, which the JS package does not provide`);
  };
  return {
    env: {
      emscripten_notify_memory_growth: () => views(),
      bgjs_read: (id, buf, cap) => readSource(id, buf, cap),
      bgjs_iconv_open: (id) => (legacyDecoder(id) ? 1 : 0),
      bgjs_iconv: (id, inp, inlen, out, outcap, result) => legacyDecode(id, inp, inlen, out, outcap, result),
    },
    wasi_snapshot_preview1: new Proxy({}, { get: (_, name) => unreachable(String(name)) }),
  };
}

function readSource(id, buf, cap) {
  const src = sources.get(id);
  if (!src) return -1;
  try {
    const view = heap().subarray(buf, buf + cap);
    const n = src(view);
    if (!Number.isInteger(n) || n < 0 || n > cap) return -1;
    return n;
  } catch (e) {
    src.error = e;
    return -1;
  }
}

// ---------------------------------------------------------------------------------------------
// Legacy encodings of game records, decoded by the engine's TextDecoder for the module's iconv
// (bg_wasm.c). Ids: 1 Shift_JIS (CP932), 2 EUC-JP, 3 GB18030 (GBK), 4 Big5 (CP950, HKSCS), 5 CP949.

const LABELS = [null, 'shift_jis', 'euc-jp', 'gb18030', 'big5', 'euc-kr'];
const decoders = [];
const charCache = [];

function legacyDecoder(id) {
  if (decoders[id] === undefined) {
    try {
      decoders[id] = LABELS[id] ? new TextDecoder(LABELS[id], { fatal: true }) : null;
    } catch {
      decoders[id] = null; // an engine without this encoding (Node built with small-icu)
    }
    charCache[id] = new Map();
  }
  return decoders[id];
}

// Bytes of the legacy character whose lead byte is c (b: the next byte), as the library counts them.
function charLength(id, c, b) {
  if (c < 0x80) return 1;
  if (id === 1) return (c >= 0x81 && c <= 0x9f) || (c >= 0xe0 && c <= 0xfc) ? 2 : 1;
  if (id === 2) return c === 0x8f ? 3 : c === 0x8e || (c >= 0xa1 && c <= 0xfe) ? 2 : 1;
  if (id === 3) return c >= 0x81 && c <= 0xfe ? (b >= 0x30 && b <= 0x39 ? 4 : 2) : 1;
  return c >= 0x81 && c <= 0xfe ? 2 : 1;
}

function legacyDecode(id, inp, inlen, out, outcap, result) {
  const dec = legacyDecoder(id);
  const h = heap();
  const r = new Uint32Array(h.buffer, result, 2);
  if (!dec) {
    r[0] = 0;
    r[1] = 1;
    return 0;
  }
  // Fast path: the whole input is valid and its UTF-8 fits.
  try {
    const text = dec.decode(h.subarray(inp, inp + inlen));
    const { read, written } = encoder.encodeInto(text, h.subarray(out, out + outcap));
    if (read === text.length) {
      r[0] = inlen;
      r[1] = 0;
      return written;
    }
  } catch {
    // some character is invalid or cut: find where, character by character
  }
  // Slow path: character by character (cached), stopping before a bad or cut one or a full output.
  const cache = charCache[id];
  let i = 0, o = 0, status = 0;
  while (i < inlen) {
    const c = h[inp + i];
    const n = charLength(id, c, i + 1 < inlen ? h[inp + i + 1] : -1);
    if (i + n > inlen) { status = 2; break; }
    let key = c;
    for (let k = 1; k < n; k++) key = key * 256 + h[inp + i + k];
    let bytes = cache.get(key * 8 + n);
    if (bytes === undefined) {
      try {
        bytes = encoder.encode(dec.decode(h.subarray(inp + i, inp + i + n)));
      } catch {
        bytes = null;
      }
      if (cache.size < 65536) cache.set(key * 8 + n, bytes);
    }
    if (bytes === null) { status = 1; break; }
    if (o + bytes.length > outcap) { status = 3; break; }
    h.set(bytes, out + o);
    o += bytes.length;
    i += n;
  }
  r[0] = i;
  r[1] = status;
  return o;
}

/** Instantiate the module once (later calls return the same instance). */
export async function init(source) {
  if (W) return W;
  const module = source instanceof WebAssembly.Module ? source : await WebAssembly.compile(source);
  setInstance(await WebAssembly.instantiate(module, imports()), module);
  return W;
}

/** Synchronous instantiation from bytes or a compiled module (the embedded entry point). */
export function initSync(source) {
  if (W) return W;
  const module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source);
  setInstance(new WebAssembly.Instance(module, imports()), module);
  return W;
}

function setInstance(instance, module) {
  const ex = instance.exports;
  memory = ex.memory;
  // Tables the build took out of the module (scripts/tables.mjs), rebuilt before any use.
  applyStreams(memory, moduleStreams(module));
  if (ex.bgjs_fill_tables) ex.bgjs_fill_tables();
  views();
  ex._initialize(); // the reactor's constructors (libc)
  W = ex;
  scratch = W.malloc(scratchCap);
  errPtr = 0;
  if (!scratch) throw new BoardGamesError('cannot allocate the scratch buffer');
}

export function ready() {
  if (!W) throw new BoardGamesError('boardgames.wasm is not loaded: import the package entry point (index.js or embedded.js)');
  return W;
}

// ---------------------------------------------------------------------------------------------
// Strings. Arguments go into an arena that is reset at the start of each API call; notation and
// format ids, which are few and used all the time, are kept in wasm memory for good.

let arena = [];
let arenaBlock = 0;
let arenaUsed = 0;
let arenaCap = 0;
const interned = new Map();

/** Start a call: forget the previous call's arguments. */
export function resetArgs() {
  for (const p of arena) W.free(p);
  arena.length = 0;
  arenaUsed = 0;
}

function alloc(n) {
  if (!arenaBlock || arenaUsed + n > arenaCap) {
    if (n > 4096) {
      const p = W.malloc(n);
      if (!p) throw errorFor(-2, 'out of memory in the wasm heap');
      arena.push(p);
      return p;
    }
    if (!arenaBlock) {
      arenaBlock = W.malloc(8192);
      if (!arenaBlock) throw errorFor(-2, 'out of memory in the wasm heap');
      arenaCap = 8192;
    } else {
      // The block is full for this call: spill into a separate allocation.
      const p = W.malloc(n);
      if (!p) throw errorFor(-2, 'out of memory in the wasm heap');
      arena.push(p);
      return p;
    }
  }
  const p = arenaBlock + arenaUsed;
  arenaUsed += (n + 7) & ~7;
  return p;
}

/** A NUL-terminated UTF-8 copy of `s` in wasm memory (valid until the next resetArgs); null -> 0. */
export function cstr(s) {
  if (s === null || s === undefined) return 0;
  if (typeof s !== 'string') throw new InvalidArgumentError(`expected a string, got ${typeof s}`);
  if (s.includes('\0')) throw new InvalidArgumentError('text must not contain NUL characters');
  const max = s.length * 3 + 1;
  const p = alloc(max);
  const { written } = encoder.encodeInto(s, heap().subarray(p, p + max - 1));
  u8[p + written] = 0;
  return p;
}

/** Bytes (Uint8Array) copied into wasm memory for the current call, with a NUL after them. */
export function cbytes(bytes) {
  const p = alloc(bytes.length + 1);
  const h = heap();
  h.set(bytes, p);
  h[p + bytes.length] = 0;
  return p;
}

/** A permanent copy of a short id such as "san" or "pgn" (never freed: there are few). */
export function cid(s) {
  if (s === null || s === undefined) return 0;
  let p = interned.get(s);
  if (p === undefined) {
    if (typeof s !== 'string') throw new InvalidArgumentError(`expected a string id, got ${typeof s}`);
    if (s.includes('\0')) throw new InvalidArgumentError('ids must not contain NUL characters');
    if (interned.size > 256) return cstr(s); // hostile callers do not get to grow it forever
    const bytes = encoder.encode(s);
    p = W.malloc(bytes.length + 1);
    if (!p) throw errorFor(-2, 'out of memory in the wasm heap');
    heap().set(bytes, p);
    u8[p + bytes.length] = 0;
    interned.set(s, p);
  }
  return p;
}

/** The NUL-terminated UTF-8 string at p (null for a NULL pointer). */
export function jstr(p) {
  if (!p) return null;
  const h = heap();
  let e = p;
  while (h[e]) e++;
  return readText(h, p, e);
}

function readText(h, p, e) {
  // Short ASCII strings (ids, moves) are the common case: avoid the decoder's fixed cost.
  if (e - p < 24) {
    let s = '';
    for (let i = p; i < e; i++) {
      const c = h[i];
      if (c >= 0x80) return decoder.decode(h.subarray(p, e));
      s += String.fromCharCode(c);
    }
    return s;
  }
  return decoder.decode(h.subarray(p, e));
}

/** `len` bytes of UTF-8 at p as a string. */
export function jtext(p, len) {
  return readText(heap(), p, p + len);
}

// ---------------------------------------------------------------------------------------------
// Scratch output buffer for snprintf-style calls, grown as needed and kept.

let scratch = 0;
let scratchCap = 1 << 16;

/** Ensure the scratch buffer holds at least n bytes; returns its address. */
export function scratchBuf(n) {
  if (n > scratchCap) {
    let cap = scratchCap;
    while (cap < n) cap *= 2;
    const p = W.malloc(cap);
    if (!p) throw errorFor(-2, 'out of memory in the wasm heap');
    W.free(scratch);
    scratch = p;
    scratchCap = cap;
  }
  return scratch;
}
export function scratchSize() {
  return scratchCap;
}

/**
 * Call an snprintf-convention function: fn(buf, cap) returns the full length or a negative status.
 * Returns the text, or throws (through onError) for a negative status.
 */
export function textCall(fn, onError) {
  let cap = scratchCap;
  for (let tries = 0; tries < 3; tries++) {
    const buf = scratchBuf(cap);
    const n = fn(buf, cap);
    if (n < 0) throw onError ? onError(n) : errorFor(n);
    if (n < cap) return jtext(buf, n);
    cap = n + 1;
  }
  throw new BoardGamesError('text length changed between two calls');
}

// ---------------------------------------------------------------------------------------------
// The error record (bg_error of base.h at the offsets bg_wasm.c asserts).

export const ERR_CODE = 4, ERR_LINE = 8, ERR_COLUMN = 12, ERR_OFFSET = 16, ERR_GAME = 20, ERR_PLY = 24, ERR_MESSAGE = 28;
let errPtr = 0;

/** A fresh bg_error for the next call (BG_ERROR_INIT). */
export function err() {
  errPtr = W.bgjs_error();
  return errPtr;
}

/** The exception for status `code`, with the details of the error record at p (if filled in). */
export function errorFrom(code, p = errPtr, fallback) {
  let message = '';
  const details = {};
  if (p) {
    const h = heap();
    const v = new DataView(h.buffer, p, 284);
    message = jstr(p + ERR_MESSAGE) ?? '';
    details.line = v.getInt32(ERR_LINE, true);
    details.column = v.getInt32(ERR_COLUMN, true);
    const offset = v.getUint32(ERR_OFFSET, true);
    if (message || offset) details.offset = offset;
    details.gameIndex = v.getInt32(ERR_GAME, true);
    details.ply = v.getInt32(ERR_PLY, true);
  }
  return errorFor(code, message || fallback, details);
}

/** Throw for a negative status (with the error record's details); return other values. */
export function check(code, p) {
  if (code < 0) throw errorFrom(code, p);
  return code;
}

/** The current wasm heap: total size in bytes and bytes in use by the allocator. */
export function heapStats() {
  ready();
  return { size: memory.buffer.byteLength, used: W.bgjs_heap_used() };
}
