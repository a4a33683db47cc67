/* Small helpers shared by the perft-directory tests: find a legal move from coordinates without notation code. */
#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

/*
** Budget divisor from the environment: BG_TEST_REDUCE if set (the valgrind test setup sets it),
** else `under_valgrind` when the program runs under valgrind without it (CI wraps tests with
** `meson test --wrapper valgrind`), else 1. Valgrind is recognised by its preload library.
*/
static inline long tu_env_reduce(long under_valgrind)
{
    const char *r = getenv("BG_TEST_REDUCE");
    if (r && atol(r) >= 1)
        return atol(r);
    const char *pre = getenv("LD_PRELOAD");
    return pre && strstr(pre, "vgpreload") ? under_valgrind : 1;
}

/*
** The legal move written as coordinates "e2e4" / "e7e8q" (castling as king onto rook square, as
** the library encodes it, or king two squares when that is unambiguous), or BG_MOVE_NONE.
** Reads the position's legal moves only, so tests of hashing and allocation do not depend on the
** notation parsers.
*/
static inline bg_move tu_find_move(const bg_position *pos, const char *coord)
{
    static const char promo[] = "?pnbrqk";
    bg_move buf[512];
    if (strlen(coord) < 4 || strlen(coord) > 5)
        return BG_MOVE_NONE;
    int from = (coord[1] - '1') * 8 + (coord[0] - 'a');
    int to = (coord[3] - '1') * 8 + (coord[2] - 'a');
    int kind = 0;
    if (coord[4]) {
        const char *k = strchr(promo, coord[4]);
        kind = k ? (int)(k - promo) : -1;
    }
    int n = bg_position_legal_moves(pos, buf, 512);
    for (int i = 0; i < n && i < 512; i++) {
        bg_move m = buf[i];
        if (BG_MOVE_FROM(m) != from || (m & (BG_MOVE_DROP | BG_MOVE_PASS)))
            continue;
        int mk = (m & BG_MOVE_PROMOTION) ? BG_MOVE_KIND(m) : 0;
        if (mk != kind)
            continue;
        if (BG_MOVE_TO(m) == to)
            return m;
        /* King two files sideways: the castling move, encoded onto the rook. */
        if ((bg_position_move_flags(pos, m) & BG_FLAG_CASTLE) && (to - from == 2 || from - to == 2) &&
            ((BG_MOVE_TO(m) > from) == (to > from)))
            return m;
    }
    return BG_MOVE_NONE;
}

#endif
