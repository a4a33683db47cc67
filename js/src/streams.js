// Rebuilds the zobrist keys that the build took out of boardgames.wasm (scripts/tables.mjs): runs of splitmix64 outputs written back into memory at load.
const M64 = (1n << 64n) - 1n;
const GOLDEN = 0x9e3779b97f4a7c15n;

function mix(z) {
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
  return z ^ (z >> 31n);
}

/** streams: [{ z: hex state of output 0, chunks: [[address, first output index, count], ...] }] */
export function applyStreams(memory, streams) {
  const view = new DataView(memory.buffer);
  for (const { z, chunks } of streams) {
    const z0 = BigInt(`0x${z}`);
    for (const [addr, first, count] of chunks) {
      let s = (z0 + GOLDEN * BigInt(first)) & M64;
      for (let k = 0; k < count; k++, s = (s + GOLDEN) & M64) view.setBigUint64(addr + 8 * k, mix(s), true);
    }
  }
}

/** The streams a compiled module carries in its "bgjs.streams" custom section ([] if none). */
export function moduleStreams(module) {
  const sections = WebAssembly.Module.customSections(module, 'bgjs.streams');
  if (!sections.length) return [];
  return JSON.parse(new TextDecoder().decode(sections[0]));
}
