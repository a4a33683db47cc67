/* Helpers shared by the notation tests: positions from FEN, squares, formatting and parsing one move. */
#ifndef TEST_NOTATION_HELPERS_H
#define TEST_NOTATION_HELPERS_H

#include <check.h>
#include <stdio.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "fixtures.h"

static inline const bg_variant *chess(void) { return fx_variant("chess"); }

/* A position from FEN (NULL = start); options such as "chess960=true". */
static inline bg_position *fen_opts(const char *fen, const char *options)
{
    return fx_position("chess", fen, options);
}

static inline bg_position *fen(const char *text) { return fen_opts(text, NULL); }

/* Square index of "e4" (chess: rank * 8 + file). */
static inline int sq(const char *name)
{
    return (name[1] - '1') * 8 + (name[0] - 'a');
}

static inline bg_move mv(const char *from, const char *to) { return BG_MOVE_MAKE(sq(from), sq(to)); }

/* Kinds of the chess variant: pawn 1, knight 2, bishop 3, rook 4, queen 5, king 6. */
static inline bg_move promo(const char *from, const char *to, int kind)
{
    return BG_MOVE_MAKE_PROMOTION(sq(from), sq(to), kind);
}

/* The move must be legal, format as `text` in `notation`, and `text` must parse back to it. */
static inline void check_both_ways(const bg_position *p, bg_move m, const char *notation,
                                   const char *text)
{
    char buf[64];
    bg_move back = BG_MOVE_NONE;
    bg_error err = BG_ERROR_INIT;
    ck_assert_msg(bg_position_is_legal(p, m), "%s: move %s is not legal", notation, text);
    int n = bg_move_format(p, m, notation, buf, sizeof buf);
    ck_assert_int_eq(n, (int)strlen(text));
    ck_assert_str_eq(buf, text);
    bg_status s = bg_move_parse(p, text, notation, 0, &back, &err);
    ck_assert_msg(s == BG_OK, "%s: parse %s: %s", notation, text, err.message);
    ck_assert_uint_eq(back, m);
}

/* Parsing `text` must give status `want` (and, if BG_OK, the move m). Returns the error. */
static inline bg_error parse_expect(const bg_position *p, const char *text, const char *notation,
                                    unsigned flags, bg_status want, bg_move m)
{
    bg_move got = 12345;
    bg_error err = BG_ERROR_INIT;
    bg_status s = bg_move_parse(p, text, notation, flags, &got, &err);
    ck_assert_msg(s == want, "%s '%s' (flags %u): got %s (%s), want %s", notation, text, flags,
                  bg_strerror(s), err.message, bg_strerror(want));
    if (want == BG_OK)
        ck_assert_msg(got == m, "%s '%s': got move %#x, want %#x", notation, text, got, m);
    else
        ck_assert_uint_eq(got, BG_MOVE_NONE);
    ck_assert_int_eq(err.code, want);
    return err;
}

#endif
