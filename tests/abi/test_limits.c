/* bg_limit(): every id gives the value of its macro (or the catalogue's maximum), unknown ids an error. */
#include <check.h>
#include <stdlib.h>

#include <boardgames/boardgames.h>

#include "check_main.h"

START_TEST(macros)
{
    ck_assert_int_eq(bg_limit(BG_LIMIT_MAX_FILES), BG_MAX_FILES);
    ck_assert_int_eq(bg_limit(BG_LIMIT_MAX_RANKS), BG_MAX_RANKS);
    ck_assert_int_eq(bg_limit(BG_LIMIT_MAX_SQUARES), BG_MAX_SQUARES);
    ck_assert_int_eq(bg_limit(BG_LIMIT_MAX_SIDES), BG_MAX_SIDES);
    ck_assert_int_eq(bg_limit(BG_LIMIT_MAX_KINDS), BG_SNAPSHOT_KINDS);
    ck_assert_int_eq(bg_limit(BG_LIMIT_ERROR_MESSAGE), sizeof(((bg_error *)0)->message));
    ck_assert_int_eq(bg_limit(BG_LIMIT_RECORD_MAX_BYTES), (int64_t)BG_RECORD_MAX_BYTES);
    ck_assert_int_eq(bg_limit(BG_LIMIT_RECORD_MAX_LINE), BG_RECORD_MAX_LINE);
    ck_assert_int_eq(bg_limit(BG_LIMIT_RECORD_MAX_GAMES), BG_RECORD_MAX_GAMES);
    ck_assert_int_eq(bg_limit(BG_LIMIT_RECORD_MAX_VARIATION_DEPTH), BG_RECORD_MAX_VARIATION_DEPTH);
    ck_assert_int_eq(bg_limit(BG_LIMIT_RECORD_MAX_PLIES), BG_RECORD_MAX_PLIES);
    ck_assert_int_eq(bg_limit(BG_LIMIT_GAME_MAX_PLIES), BG_GAME_MAX_PLIES);
    ck_assert_int_eq(bg_limit(BG_LIMIT_GAME_MAX_TAGS), BG_GAME_MAX_TAGS);
    ck_assert_int_eq(bg_limit(BG_LIMIT_GAME_MAX_NAGS), BG_GAME_MAX_NAGS);
    ck_assert_int_eq(bg_limit(BG_LIMIT_GAME_MAX_VARIATIONS), BG_GAME_MAX_VARIATIONS);
    ck_assert_int_eq(bg_limit(BG_LIMIT_SIZEOF_ERROR), sizeof(bg_error));
    ck_assert_int_eq(bg_limit(BG_LIMIT_SIZEOF_ALLOCATOR), sizeof(bg_allocator));
    ck_assert_int_eq(bg_limit(BG_LIMIT_SIZEOF_SNAPSHOT), sizeof(bg_snapshot));
}
END_TEST

START_TEST(catalogue_maxima)
{
    int64_t moves = bg_limit(BG_LIMIT_MAX_MOVES), bytes = bg_limit(BG_LIMIT_MAX_POSITION_BYTES);
    int64_t seen_moves = 0, seen_bytes = 0;
    for (int i = 0; i < bg_variant_count(); i++) {
        const bg_variant *v = bg_variant_at(i);
        ck_assert_int_le(bg_variant_max_moves(v), moves);
        ck_assert_int_le((int64_t)bg_position_size(v), bytes);
        seen_moves = bg_variant_max_moves(v) > seen_moves ? bg_variant_max_moves(v) : seen_moves;
        seen_bytes = (int64_t)bg_position_size(v) > seen_bytes ? (int64_t)bg_position_size(v) : seen_bytes;
    }
    /* The maximum itself, not just a bound. */
    ck_assert_int_eq(moves, seen_moves);
    ck_assert_int_eq(bytes, seen_bytes);
}
END_TEST

START_TEST(unknown_ids)
{
    ck_assert_int_eq(bg_limit(0), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_limit(BG_LIMIT_SIZEOF_SNAPSHOT + 1), BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_limit(-3), BG_E_INVALID_ARGUMENT);
}
END_TEST

int main(void)
{
    return RUN_TESTS("limits", "limits", -1, macros, catalogue_maxima, unknown_ids);
}
