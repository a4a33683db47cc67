/* Helpers shared by the game-handle tests: building games from move text, reading FENs, squares. */
#ifndef TEST_GAME_HELPERS_H
#define TEST_GAME_HELPERS_H

#include <check.h>
#include <stdarg.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "fixtures.h"

static inline const bg_variant *chess(void) { return fx_variant("chess"); }

/* A chess game from a FEN (NULL: the start). */
static inline bg_game *new_game(const char *fen) { return fx_game("chess", fen, NULL); }

/* Play space-separated SAN moves; every one must be accepted. */
static inline void play_all(bg_game *g, const char *moves) { fx_play_all(g, moves, "san"); }

/* Parse one SAN move in the game's current position. */
static inline bg_move san(const bg_game *g, const char *text)
{
    bg_move m = BG_MOVE_NONE;
    bg_error err = BG_ERROR_INIT;
    bg_status s = bg_move_parse(bg_game_position(g), text, "san", 0, &m, &err);
    ck_assert_msg(s == BG_OK, "parse %s: %s", text, err.message);
    return m;
}

static inline void fen_of(const bg_game *g, char *buf, size_t cap)
{
    int n = bg_position_text(bg_game_position(g), NULL, buf, cap);
    ck_assert_int_gt(n, 0);
    ck_assert_int_lt(n, (int)cap);
}

/* Square index of "e4" on the 8x8 board. */
static inline int sq(const char *name)
{
    return bg_square(chess(), name[0] - 'a', name[1] - '1');
}

static inline uint64_t bit(bg_reason r) { return (uint64_t)1 << r; }

#endif
