// The package's API, gathered from its modules (index.js and embedded.js re-export it once the module is loaded).
export { Position, Move, MoveFlags } from './position.js';
export { Game, reasons } from './game.js';
export { RecordReader, readGames, readGame } from './records.js';
export { Variant, VariantSet, variant, variants, listVariants, defineVariant, defineVariants, defineParents } from './variant.js';
export {
  Status, strerror, errorClass, BoardGamesError, InvalidArgumentError, NoMemoryError, UnknownVariantError,
  ParseError, InvalidPositionError, EncodingError, IllegalMoveError, AmbiguousMoveError, UnsupportedError,
  GameOverError, NoMoveError, ClaimRejectedError, LimitError, UnknownOptionError, InputError,
} from './errors.js';
export { heapStats } from './core.js';
export { collectedHandles } from './lifetime.js';
import { W, jstr, ready } from './core.js';

/** Version of the loaded library ("0.2.0"). */
export function version() {
  return jstr(ready().bg_version());
}
/** Version as major * 10000 + minor * 100 + patch. */
export function versionNumber() {
  return ready().bg_version_number() >>> 0;
}
/** @internal The raw exports of boardgames.wasm (for tests and benchmarks). */
export function _wasm() {
  return W;
}
