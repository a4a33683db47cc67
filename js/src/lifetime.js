// Handle lifetimes: a FinalizationRegistry frees the C handles of collected objects; free() and `using` free them at once.
import { W, sources } from './core.js';

const FREE = {
  position: (p) => W.bg_position_free(p),
  game: (p) => W.bg_game_free(p),
  reader: (p, h) => {
    W.bg_record_reader_free(p);
    if (h.buf) W.free(h.buf); // the bytes an in-memory reader reads in place
    if (h.source) sources.delete(h.source);
  },
};

let collected = 0;

/** Frees the handle of an object that was garbage-collected without free(). */
export const registry = new FinalizationRegistry((h) => {
  collected++;
  FREE[h.kind](h.ptr, h);
});

/** Register `obj` as the owner of handle `ptr` (unregistered by free(), with obj as the token). */
export function owned(obj, kind, ptr, extra = {}) {
  registry.register(obj, { kind, ptr, ...extra }, obj);
}

/** How many handles the registry has freed so far (for tests and monitoring). */
export function collectedHandles() {
  return collected;
}
