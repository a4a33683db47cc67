/* Helpers shared by the shogi family tests: positions from SFEN, move lists as sorted USI text. */
#ifndef TEST_SHOGI_UTIL_H
#define TEST_SHOGI_UTIL_H

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "fixtures.h"

#define ST_MAX_MOVES 1024

static inline const bg_variant *st_variant(const char *id) { return fx_variant(id); }

/* Position from SFEN (NULL = start) with options; fails the test on error. */
static inline bg_position *st_pos(const char *variant, const char *sfen, const char *options)
{
    return fx_position(variant, sfen, options);
}

static int st_cmp_str(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* All legal moves as USI strings, sorted; returns the count. */
static inline int st_usi_moves(const bg_position *p, char (*out)[8])
{
    bg_move moves[ST_MAX_MOVES];
    int n = bg_position_legal_moves(p, moves, ST_MAX_MOVES);
    ck_assert_int_ge(n, 0);
    ck_assert_int_le(n, ST_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        int len = bg_move_format(p, moves[i], "usi", out[i], 8);
        ck_assert_msg(len > 0 && len < 8, "format of move 0x%x failed: %d", moves[i], len);
    }
    qsort(out, (size_t)n, 8, st_cmp_str);
    return n;
}

/* 1 if the USI move text is legal in p. */
static inline int st_legal(const bg_position *p, const char *usi)
{
    bg_move m;
    return bg_move_parse(p, usi, "usi", 0, &m, NULL) == BG_OK;
}

/* Play a USI move that must be legal. */
static inline void st_play(bg_position *p, const char *usi)
{
    bg_move m;
    bg_error err = BG_ERROR_INIT;
    ck_assert_msg(bg_move_parse(p, usi, "usi", 0, &m, &err) == BG_OK, "%s: %s", usi, err.message);
    ck_assert_int_eq(bg_position_play(p, m), BG_OK);
}

static inline int st_count(const bg_position *p) { return bg_position_legal_moves(p, NULL, 0); }

/* SFEN text of p (static buffer per call site is the caller's). */
static inline void st_sfen(const bg_position *p, char *buf, size_t cap)
{
    int n = bg_position_text(p, NULL, buf, cap);
    ck_assert_msg(n > 0 && (size_t)n < cap, "position text failed: %d", n);
}

/* Budget divisor for slow runners (valgrind sets BG_TEST_REDUCE). */
static inline unsigned long st_reduce(void) { return (unsigned long)test_reduce(); }

#endif
