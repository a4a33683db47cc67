/* Small helpers shared by the perft-directory tests: find a legal move from coordinates without notation code. */
#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include <stdint.h>
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

/* RandomEnPassant of the Polyglot book format (Random64[772..779]), one per file a..h. */
static const uint64_t tu_polyglot_ep[8] = {
    0x70CC73D90BC26E24ULL, 0xE21A6B35DF0C3AD7ULL, 0x003A93D8B2806962ULL, 0x1C99DED33CB890A1ULL,
    0xCF3145DE0ADD4289ULL, 0xD0E4427A5514FB72ULL, 0x77C621CC9FB3A483ULL, 0x67A34DAC4356550BULL,
};

/*
** The one documented way a chess position's key may change through its own FEN: the FEN writer
** keeps the en-passant square only when a legal capture exists (python-chess's convention), while
** the Polyglot key has the en-passant term whenever a pawn stands beside the pushed one (the
** Polyglot specification). So a position whose en-passant capture is pseudo-legal but illegal
** (pinned pawn, king in check) reads back from its FEN without that term. Returns 1 when the keys
** `played` (of pos) and `reread` (of its FEN `written`) differ exactly so.
*/
static inline int tu_ep_only_difference(const bg_position *pos, const char *written,
                                        uint64_t played, uint64_t reread)
{
    const char *f = written;
    for (int i = 0; i < 3 && f; i++) {
        f = strchr(f, ' ');
        f = f ? f + 1 : NULL;
    }
    if (!f || f[0] != '-')
        return 0;
    bg_move buf[512];
    int n = bg_position_legal_moves(pos, buf, 512);
    for (int i = 0; i < n && i < 512; i++)
        if (bg_position_move_flags(pos, buf[i]) & BG_FLAG_EN_PASSANT)
            return 0;
    for (int file = 0; file < 8; file++)
        if ((played ^ reread) == tu_polyglot_ep[file])
            return 1;
    return 0;
}

#endif
