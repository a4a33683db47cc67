// Handle lifetimes: a FinalizationRegistry frees the C handles of collected objects; free() and `using` free them at once; a variant set outlives its handles.
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

// A handle's record: { kind, ptr, set, ...extra }. `set` is the state of the variant set whose
// variant the handle is of (null for built-in variants): it counts its live handles, because
// bg_variant_set_free must come after every position, game and reader of its variants, and the
// garbage collector finalizes a set and the positions dropped with it in no particular order.
function freeRecord(h) {
  FREE[h.kind](h.ptr, h);
  if (h.set) {
    h.set.live--;
    freeSetIfDone(h.set);
  }
}

/** Frees the handle of an object that was garbage-collected without free(). */
export const registry = new FinalizationRegistry((h) => {
  collected++;
  freeRecord(h);
});

/** Register `obj` as the owner of handle `ptr` of a `variant` (unregistered by release(), with obj as the token). */
export function owned(obj, kind, ptr, variant, extra = {}) {
  const set = variant?._set ?? null;
  const h = { kind, ptr, set, ...extra };
  if (set) set.live++;
  registry.register(obj, h, obj);
  obj._life = h;
}

/** Free `obj`'s handle now (free(), `using`); the registry will not free it again. */
export function release(obj) {
  const h = obj._life;
  if (!h) return;
  obj._life = null;
  registry.unregister(obj);
  freeRecord(h);
}

// ---- variant sets (bg_variant_set): state { ptr, live, dropped, buffers, freed }

/** Frees the variant sets that were garbage-collected without free() (once their handles are gone). */
export const setRegistry = new FinalizationRegistry((state) => {
  collected++;
  dropSet(state);
});

/** The set is no longer wanted (free() or collected): free it now, or when its last handle goes. */
export function dropSet(state) {
  state.dropped = true;
  freeSetIfDone(state);
}

function freeSetIfDone(state) {
  if (!state.dropped || state.live > 0 || state.freed) return;
  state.freed = true;
  W.bg_variant_set_free(state.ptr);
  for (const p of state.buffers) W.free(p); // the move-list buffers of its Variant objects
  state.buffers.length = 0;
  state.ptr = 0;
}

/** How many handles (and variant sets) the registries have freed so far (for tests and monitoring). */
export function collectedHandles() {
  return collected;
}
