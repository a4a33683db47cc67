/*
** Random games of every game of the family, checking the engine against itself at each position:
** the counting generator (perft 1) against the emitting one, perft 2 against make + count, SFEN and
** hash through a re-read, USI round trips, check flags against in_check, is_legal against the legal
** list, and conservation of material (drop games keep every piece; the others lose one per capture).
*/
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shogi_test_util.h"
#include "check_main.h"
#include "xorshift.h"

static long positions_per_variant = 1500;
static uint64_t rng_state = 0x2545f4914f6cdd1dULL;

static uint64_t rng(void)
{
    return xorshift64(&rng_state);
}

static int material(const bg_position *p)
{
    const bg_variant *v = bg_position_variant(p);
    int n = 0, squares = bg_variant_width(v) * bg_variant_height(v);
    for (int sq = 0; sq < squares; sq++)
        n += bg_position_piece_at(p, sq) != 0;
    for (int side = 0; side < 2; side++)
        for (int k = 1; k <= bg_variant_piece_kinds(v); k++)
            n += bg_position_hand_count(p, side, k);
    return n;
}

static int move_order(const void *a, const void *b)
{
    bg_move x = *(const bg_move *)a, y = *(const bg_move *)b;
    return x < y ? -1 : x > y;
}

/*
** bg_position_is_legal (which asks the engine for the moves onto one square) against membership
** of the whole legal list, for every move the side to move could name: each of its pieces to each
** square, plain and promoting to each kind a legal move promotes to, and each drop of each kind.
*/
static void check_is_legal(const char *variant, const bg_position *p, const bg_move *moves, int n,
                           const char *sfen)
{
    static bg_move sorted[ST_MAX_MOVES];
    memcpy(sorted, moves, sizeof(bg_move) * (size_t)n);
    qsort(sorted, (size_t)n, sizeof(bg_move), move_order);
    const bg_variant *v = bg_position_variant(p);
    const int squares = bg_variant_width(v) * bg_variant_height(v), us = bg_position_side_to_move(p);
    /* Promotions are tried to every kind some legal move promotes to (micro shogi's flips too). */
    uint64_t promos = 0;
    for (int i = 0; i < n; i++)
        if (moves[i] & BG_MOVE_PROMOTION)
            promos |= (uint64_t)1 << BG_MOVE_KIND(moves[i]);
    int found = 0;
    for (int to = 0; to < squares; to++) {
        for (int from = 0; from < squares; from++) {
            bg_piece pc = bg_position_piece_at(p, from);
            if (!pc || (int)BG_PIECE_SIDE(pc) != us)
                continue;
            bg_move tries[66];
            int k = 0;
            tries[k++] = BG_MOVE_MAKE(from, to);
            for (int kind = 1; kind < 64 && k < 66; kind++)
                if (promos >> kind & 1)
                    tries[k++] = BG_MOVE_MAKE_PROMOTION(from, to, kind);
            for (int i = 0; i < k; i++) {
                int member = bsearch(&tries[i], sorted, (size_t)n, sizeof(bg_move), move_order) != NULL;
                found += member;
                ck_assert_msg(bg_position_is_legal(p, tries[i]) == member,
                              "%s [%s]: is_legal(0x%x) is %d, the legal list says %d", variant,
                              sfen, (unsigned)tries[i], !member, member);
            }
        }
        for (int kind = 1; kind <= bg_variant_piece_kinds(v); kind++) {
            bg_move m = BG_MOVE_MAKE_DROP(kind, to);
            int member = bsearch(&m, sorted, (size_t)n, sizeof(bg_move), move_order) != NULL;
            found += member;
            ck_assert_msg(bg_position_is_legal(p, m) == member,
                          "%s [%s]: is_legal(drop 0x%x) is %d, the legal list says %d", variant,
                          sfen, (unsigned)m, !member, member);
        }
    }
    /* Every legal move was among the tries: the enumeration covers the whole list. */
    ck_assert_msg(found == n, "%s [%s]: %d of %d legal moves tried", variant, sfen, found, n);
}

static void check_position(const char *variant, const char *options, const bg_position *p, long index)
{
    bg_move moves[ST_MAX_MOVES];
    int n = bg_position_legal_moves(p, moves, ST_MAX_MOVES);
    char sfen[256];
    st_sfen(p, sfen, sizeof sfen);
    ck_assert_msg(bg_position_perft(p, 1) == (uint64_t)n, "%s [%s]: perft 1 = %" PRIu64 ", %d moves",
                  variant, sfen, bg_position_perft(p, 1), n);
    /* Re-read: same text, same key. */
    bg_position *q = st_pos(variant, sfen, options);
    char again[256];
    st_sfen(q, again, sizeof again);
    ck_assert_str_eq(again, sfen);
    ck_assert_uint_eq(bg_position_hash(q), bg_position_hash(p));
    bg_position_free(q);
    if (index % 25 == 0)
        check_is_legal(variant, p, moves, n, sfen);
    if (index % 7 == 0) {
        uint64_t sum = 0;
        for (int i = 0; i < n; i++) {
            bg_position *c = NULL;
            ck_assert_int_eq(bg_position_clone(&c, p), BG_OK);
            unsigned flags = bg_position_move_flags(p, moves[i]);
            ck_assert_int_eq(bg_position_play(c, moves[i]), BG_OK);
            ck_assert_msg(((flags & BG_FLAG_CHECK) != 0) == bg_position_in_check(c),
                          "%s [%s]: check flag of move %d", variant, sfen, i);
            uint64_t k = bg_position_perft(c, 1);
            ck_assert_msg(((flags & BG_FLAG_MATE) != 0) == ((flags & BG_FLAG_CHECK) && k == 0),
                          "%s [%s]: mate flag of move %d", variant, sfen, i);
            sum += k;
            char text[16];
            bg_move back = 0;
            ck_assert_int_gt(bg_move_format(p, moves[i], "usi", text, sizeof text), 0);
            ck_assert_int_eq(bg_move_parse(p, text, "usi", 0, &back, NULL), BG_OK);
            ck_assert_int_eq(back, moves[i]);
            bg_position_free(c);
        }
        ck_assert_msg(bg_position_perft(p, 2) == sum, "%s [%s]: perft 2", variant, sfen);
    }
}

static void random_games(const char *variant, const char *options)
{
    const bg_variant *v = st_variant(variant);
    long positions = 0, games = 0, captures = 0;
    while (positions < positions_per_variant) {
        bg_position *p = st_pos(variant, NULL, options);
        games++;
        int plies = 10 + (int)(rng() % 300);
        for (int ply = 0; ply < plies && positions < positions_per_variant; ply++, positions++) {
            check_position(variant, options, p, positions);
            bg_move moves[ST_MAX_MOVES];
            int n = bg_position_legal_moves(p, moves, ST_MAX_MOVES);
            if (n == 0)
                break;
            bg_move m = moves[rng() % (uint64_t)n];
            int before = material(p);
            int capture = (bg_position_move_flags(p, m) & BG_FLAG_CAPTURE) != 0;
            ck_assert_int_eq(bg_position_play(p, m), BG_OK);
            captures += capture;
            int expect = before - (capture && !bg_variant_has_drops(v));
            ck_assert_msg(material(p) == expect, "%s: material %d after a move, want %d", variant,
                          material(p), expect);
        }
        bg_position_free(p);
    }
    fprintf(stderr, "# %s%s%s: %ld positions in %ld random games, %ld captures\n", variant,
            options ? " " : "", options ? options : "", positions, games, captures);
}

/* Variants and options played, each with its share of the positions: make and test (Tori's
** rules=seed) and drop-mate counting (dropmate=any) are slower, so they play fewer. */
static const struct {
    const char *variant, *options;
    int divisor;
} cases[] = {
    {"shogi", NULL, 1},          {"minishogi", NULL, 1},
    {"torishogi", NULL, 1},      {"shoshogi", NULL, 1},
    {"heianshogi", NULL, 1},     {"heianshogi", "promotion=optional", 1},
    {"heianshogi", "board=9x8", 1}, {"torishogi", "rules=seed", 5},
    {"microshogi", NULL, 1},     {"judkinsshogi", NULL, 1},
    {"shogi", "dropmate=any", 2}, {"shoshogi", "promotion=mandatory", 1},
};

START_TEST(random_case)
{
    long all = positions_per_variant;
    if (cases[_i].divisor > 1)
        positions_per_variant = all / cases[_i].divisor + 1;
    random_games(cases[_i].variant, cases[_i].options);
    positions_per_variant = all;
}
END_TEST

int main(int argc, char **argv)
{
    if (argc > 1)
        positions_per_variant = strtol(argv[1], NULL, 10);
    positions_per_variant /= (long)st_reduce();
    if (positions_per_variant < 1)
        positions_per_variant = 1;
    TCase *tc = one_case("shogi-random", "random", 0);
    tcase_add_loop_test(tc, random_case, 0, (int)(sizeof cases / sizeof cases[0]));
    return run_cases();
}
