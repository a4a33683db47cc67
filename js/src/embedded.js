// Package entry point with the wasm module inside (base64): no file or network access at all, for single-file bundles and strict CSP connect-src.
import { init } from './core.js';
import { wasmBase64 } from './wasm-base64.js';

function decode(b64) {
  if (typeof Buffer !== 'undefined') return new Uint8Array(Buffer.from(b64, 'base64'));
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

await init(decode(wasmBase64));

export * from './api.js';
