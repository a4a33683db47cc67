/* libboardgames — bg_limit(): the limits and struct sizes of the headers, for bindings that cannot read macros. */
#include "internal.h"

int64_t bg_limit(int id)
{
    switch (id) {
    case BG_LIMIT_MAX_FILES: return BG_MAX_FILES;
    case BG_LIMIT_MAX_RANKS: return BG_MAX_RANKS;
    case BG_LIMIT_MAX_SQUARES: return BG_MAX_SQUARES;
    case BG_LIMIT_MAX_SIDES: return BG_MAX_SIDES;
    case BG_LIMIT_MAX_KINDS: return BG_SNAPSHOT_KINDS;
    case BG_LIMIT_MAX_MOVES:
    case BG_LIMIT_MAX_POSITION_BYTES: {
        /* From the catalogue itself, so that a new variant can never outgrow the answer. */
        int64_t most = 0;
        for (int i = 0; i < bg_variant_count(); i++) {
            const bg_variant *v = bg_variant_at(i);
            int64_t x = id == BG_LIMIT_MAX_MOVES ? (int64_t)v->max_moves
                                                 : (int64_t)bg_position_size(v);
            most = x > most ? x : most;
        }
        return most;
    }
    case BG_LIMIT_ERROR_MESSAGE: return (int64_t)sizeof(((bg_error *)0)->message);
    case BG_LIMIT_RECORD_MAX_BYTES: return (int64_t)BG_RECORD_MAX_BYTES;
    case BG_LIMIT_RECORD_MAX_LINE: return BG_RECORD_MAX_LINE;
    case BG_LIMIT_RECORD_MAX_GAMES: return BG_RECORD_MAX_GAMES;
    case BG_LIMIT_RECORD_MAX_VARIATION_DEPTH: return BG_RECORD_MAX_VARIATION_DEPTH;
    case BG_LIMIT_RECORD_MAX_PLIES: return BG_RECORD_MAX_PLIES;
    case BG_LIMIT_GAME_MAX_PLIES: return BG_GAME_MAX_PLIES;
    case BG_LIMIT_GAME_MAX_TAGS: return BG_GAME_MAX_TAGS;
    case BG_LIMIT_GAME_MAX_NAGS: return BG_GAME_MAX_NAGS;
    case BG_LIMIT_GAME_MAX_VARIATIONS: return BG_GAME_MAX_VARIATIONS;
    case BG_LIMIT_SIZEOF_ERROR: return (int64_t)sizeof(bg_error);
    case BG_LIMIT_SIZEOF_ALLOCATOR: return (int64_t)sizeof(bg_allocator);
    case BG_LIMIT_SIZEOF_SNAPSHOT: return (int64_t)sizeof(bg_snapshot);
    default: return BG_E_INVALID_ARGUMENT;
    }
}
