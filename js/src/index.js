// Package entry point: loads boardgames.wasm next to this file (read from disk in Node, fetched in browsers), then exports the API.
import { init } from './core.js';

const url = new URL('./boardgames.wasm', import.meta.url);

async function load() {
  if (url.protocol === 'file:' && typeof process !== 'undefined' && process.versions && process.versions.node) {
    // Node: read the file (Node's fetch cannot read file: URLs). The comments keep bundlers
    // from resolving node:fs for browser builds; this branch never runs there.
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:fs/promises');
    return WebAssembly.compile(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
  if (WebAssembly.compileStreaming && (response.headers.get('content-type') || '').startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

await init(await load());

export * from './api.js';
