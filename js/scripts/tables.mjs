// Build step: takes the tables that can be recomputed at load out of boardgames.wasm (zobrist keys from their splitmix64 streams, chess slider attacks from the magics), and proves the load rebuilds them byte for byte.
//
// Why: the generated tables are a third of the gzipped module, and most of that is random keys
// that gzip cannot shrink. The library's generators make its zobrist keys with splitmix64 from
// fixed seeds; here every run of 8-byte words in the module's data that continues one splitmix64
// stream is found (an output's state is recovered by inverting the mix), zeroed, and described in
// a custom section "bgjs.streams" that core.js replays at load. The chess slider table is zeroed
// and refilled by bgjs_fill_tables() (bg_wasm.c). Nothing is guessed: the module is instantiated
// before and after, and the data of both must be equal, or the build fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyStreams } from '../src/streams.js';

const M64 = (1n << 64n) - 1n;
const GOLDEN = 0x9e3779b97f4a7c15n;
const C1 = 0xbf58476d1ce4e5b9n, C2 = 0x94d049bb133111ebn;

function inverse(a) { // of an odd number mod 2^64 (Newton's iteration)
  let x = a;
  for (let i = 0; i < 6; i++) x = (x * (2n - a * x)) & M64;
  return x;
}
const I1 = inverse(C1), I2 = inverse(C2);
const mix = (z) => {
  z = ((z ^ (z >> 30n)) * C1) & M64;
  z = ((z ^ (z >> 27n)) * C2) & M64;
  return z ^ (z >> 31n);
};
const unshift = (x, k) => { let r = x; for (let s = k; s < 64; s += k) r ^= x >> BigInt(s); return r & M64; };
const unmix = (w) => {
  let z = unshift(w, 31);
  z = (z * I2) & M64;
  z = unshift(z, 27);
  z = (z * I1) & M64;
  return unshift(z, 30);
};

// ---- wasm sections

function leb(b, p) {
  let r = 0, s = 0, x;
  do { x = b[p++]; r += (x & 0x7f) * 2 ** s; s += 7; } while (x & 0x80);
  return [r, p];
}
function lebBytes(n) {
  const out = [];
  do { let x = n & 0x7f; n = Math.floor(n / 128); if (n) x |= 0x80; out.push(x); } while (n);
  return Buffer.from(out);
}

/** Active data segments: file offset of their bytes, memory address, length. */
function segments(b) {
  const out = [];
  let p = 8;
  while (p < b.length) {
    const id = b[p++];
    let size;
    [size, p] = leb(b, p);
    const end = p + size;
    if (id === 11) {
      let n, q = p;
      [n, q] = leb(b, q);
      for (let i = 0; i < n; i++) {
        let flags;
        [flags, q] = leb(b, q);
        if (flags !== 0) throw new Error(`data segment ${i} has flags ${flags}: only active segments of memory 0 are expected`);
        if (b[q++] !== 0x41) throw new Error('data segment offset is not i32.const');
        let off = 0, s = 0, x;
        do { x = b[q++]; off |= (x & 0x7f) << s; s += 7; } while (x & 0x80);
        if (b[q++] !== 0x0b) throw new Error('data segment offset expression is not a constant');
        let len;
        [len, q] = leb(b, q);
        out.push({ file: q, mem: off >>> 0, len });
        q += len;
      }
    }
    p = end;
  }
  return out;
}

function slebBytes(n) { // signed LEB128 (the i32.const of a segment's offset)
  const out = [];
  for (;;) {
    const x = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(x & 0x40)) || (n === -1 && (x & 0x40))) { out.push(x); break; }
    out.push(x | 0x80);
  }
  return Buffer.from(out);
}

/**
 * The module with its active data segments merged where less than `maxGap` zero bytes part them.
 * wasm-opt --memory-packing cuts a segment at every short run of zeros (the sparse tables give
 * some 24,000 segments), and each segment's header is bytes gzip cannot shrink: merging across
 * gaps of up to 64 bytes costs 19% of raw size and saves 22% of the gzipped module.
 */
function mergeSegments(b, maxGap) {
  const segs = segments(b).map((s) => ({ mem: s.mem, bytes: b.subarray(s.file, s.file + s.len) }));
  const merged = [];
  for (const s of segs) {
    const last = merged.at(-1);
    const end = last ? last.mem + last.len : 0;
    if (last && s.mem >= end && s.mem - end <= maxGap) {
      last.parts.push(Buffer.alloc(s.mem - end), s.bytes);
      last.len = s.mem + s.bytes.length - last.mem;
    } else {
      merged.push({ mem: s.mem, len: s.bytes.length, parts: [s.bytes] });
    }
  }
  const body = [lebBytes(merged.length)];
  for (const m of merged) body.push(Buffer.from([0, 0x41]), slebBytes(m.mem | 0), Buffer.from([0x0b]), lebBytes(m.len), ...m.parts);
  const data = Buffer.concat(body);
  const out = [b.subarray(0, 8)];
  let p = 8;
  while (p < b.length) {
    const start = p;
    const id = b[p++];
    let size;
    [size, p] = leb(b, p);
    if (id === 11) out.push(Buffer.from([11]), lebBytes(data.length), data);
    else if (id === 12) {
      const count = lebBytes(merged.length);
      out.push(Buffer.from([12]), lebBytes(count.length), count);
    } else out.push(b.subarray(start, p + size));
    p += size;
  }
  return Buffer.concat(out);
}

function stubs() {
  const nothing = () => 0;
  return { env: new Proxy({}, { get: () => nothing }), wasi_snapshot_preview1: new Proxy({}, { get: () => nothing }) };
}

function dataImage(bytes, segs, prepare) {
  const { instance } = { instance: new WebAssembly.Instance(new WebAssembly.Module(bytes), stubs()) };
  if (prepare) prepare(instance);
  const end = Math.max(...segs.map((s) => s.mem + s.len));
  return Buffer.from(new Uint8Array(instance.exports.memory.buffer, 0, end));
}

/** Returns the smaller module and what was moved out. */
export function moveTablesOut(wasm, { wasmOpt = 'wasm-opt' } = {}) {
  const b = Buffer.from(wasm);
  const segs = segments(b);
  const original = dataImage(b, segs);

  // 1. The chess slider table, refilled by bgjs_fill_tables().
  const inst = new WebAssembly.Instance(new WebAssembly.Module(b), stubs());
  const out = inst.exports.malloc(64);
  const ntables = inst.exports.bgjs_computed_tables(out);
  const ranges = Array.from({ length: ntables }, (_, i) => Array.from(new Uint32Array(inst.exports.memory.buffer, out + 8 * i, 2)));
  const zero = (from, to) => {
    for (const s of segs) {
      const a = Math.max(from, s.mem), e = Math.min(to, s.mem + s.len);
      if (a < e) b.fill(0, s.file + (a - s.mem), s.file + (e - s.mem));
    }
  };
  for (const [addr, size] of ranges) zero(addr, addr + size);
  const size = ranges.reduce((n, r) => n + r[1], 0);

  // 2. splitmix64 streams among the remaining words.
  const words = [];
  for (const s of segs) {
    for (let a = (s.mem + 7) & ~7; a + 8 <= s.mem + s.len; a += 8) {
      const w = b.readBigUInt64LE(s.file + (a - s.mem));
      if (w) words.push([a, w]);
    }
  }
  words.sort((x, y) => x[0] - y[0]);
  const streams = [];
  for (let i = 0; i < words.length; i++) {
    const [a0, w0] = words[i];
    const z0 = unmix(w0);
    if (mix(z0) !== w0) throw new Error('splitmix64 inverse is wrong');
    const run = [[a0, 0]];
    let idx = 0, j = i;
    while (j + 1 < words.length && words[j + 1][0] - words[j][0] <= 4096) {
      const w = words[j + 1][1];
      let step = 0;
      for (let k = 1; k <= 3; k++) if (mix((z0 + GOLDEN * BigInt(idx + k)) & M64) === w) { step = k; break; }
      if (!step) break;
      idx += step;
      j++;
      run.push([words[j][0], idx]);
    }
    if (run.length < 8) continue; // a stream is a table of keys, not a coincidence
    const chunks = [];
    for (const [a, k] of run) {
      const last = chunks.at(-1);
      if (last && a === last[0] + 8 * last[2] && k === last[1] + last[2]) last[2]++;
      else chunks.push([a, k, 1]);
    }
    streams.push({ z: z0.toString(16), chunks });
    for (const [a] of run) zero(a, a + 8);
    i = j;
  }

  // 3. Drop the longer zero runs from the segments (raw size; gzip barely notices them).
  let packed = b;
  const dir = mkdtempSync(join(tmpdir(), 'bg-wasm-'));
  try {
    writeFileSync(join(dir, 'in.wasm'), b);
    const r = spawnSync(wasmOpt, ['--detect-features', '--memory-packing', '--strip-producers', join(dir, 'in.wasm'), '-o', join(dir, 'out.wasm')], { stdio: 'inherit' });
    if (r.status === 0) packed = mergeSegments(readFileSync(join(dir, 'out.wasm')), 64);
    else console.warn('tables: wasm-opt --memory-packing failed; keeping the zeros in place');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // 4. The streams as a custom section, then the proof.
  const name = Buffer.from('bgjs.streams');
  const payload = Buffer.from(JSON.stringify(streams));
  const body = Buffer.concat([lebBytes(name.length), name, payload]);
  const final = Buffer.concat([packed, Buffer.from([0]), lebBytes(body.length), body]);
  const rebuilt = dataImage(final, segs, (instance) => {
    applyStreams(instance.exports.memory, streams);
    instance.exports.bgjs_fill_tables();
  });
  if (rebuilt.length < original.length || Buffer.compare(rebuilt.subarray(0, original.length), original) !== 0) {
    let at = 0;
    while (at < original.length && rebuilt[at] === original[at]) at++;
    throw new Error(`tables: the module's data is not rebuilt exactly (first difference at address ${at})`);
  }
  const keys = streams.reduce((n, s) => n + s.chunks.reduce((m, c) => m + c[2], 0), 0);
  return { wasm: final, report: { computedBytes: size, streams: streams.length, keyWords: keys } };
}
