/*
** Round trips of every legal move of random positions of the five shogi family games through
** every notation the game has (usi, csa, japanese, ki2, kif, western): format, then strict,
** lenient and unnamed parse give back the move, and no two moves of a position share a text.
** Positions come from random games (drops fill the hands, so promoted pieces and crowds of
** golds, silvers and dragons appear). Usage: test_sn_roundtrip [POSITIONS]  (per variant)
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "xorshift.h"
#include "fixtures.h"

static long n_positions = 2000;

#define MAXN 8
#define MAXM 1024
#define TXT 48

typedef struct stats {
    long positions, moves, texts, modifiers, drops_marked, not_promoted;
} stats;

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next_rand(void)
{
    return xorshift64(&rng);
}

static int has_mod(const char *t)
{
    static const char *const mods[] = {"右", "左", "直", "上", "引", "寄"};
    for (int i = 0; i < 6; i++)
        if (strstr(t, mods[i]))
            return 1;
    return 0;
}

static void check_position(const bg_position *p, const char *where, stats *st)
{
    static char texts[MAXN][MAXM][TXT];
    static bg_move moves[MAXM];
    const bg_variant *v = bg_position_variant(p);
    const char *nots[MAXN];
    int nn = 0;
    for (int i = 0; i < bg_variant_notation_count(v) && nn < MAXN; i++)
        if (strcmp(bg_variant_notation_at(v, i), "uci") != 0)
            nots[nn++] = bg_variant_notation_at(v, i);
    int n = bg_position_legal_moves(p, moves, MAXM);
    REQUIRE(n >= 0 && n <= MAXM, "%s: %d legal moves", where, n);
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < nn; k++) {
            char *t = texts[k][i];
            fx_move_round_trip(p, moves[i], nots[k], t, TXT, where);
            fx_unnamed_parse(p, t, moves[i], where);
            fx_unique_text(t, texts[k][0], TXT, i, nots[k], where);
            st->texts++;
            if (strcmp(nots[k], "japanese") == 0) {
                st->modifiers += has_mod(t);
                st->drops_marked += strstr(t, "打") != NULL;
                st->not_promoted += strstr(t, "不成") != NULL;
            }
        }
        st->moves++;
    }
    st->positions++;
}

static void run_variant(const char *id, const char *options)
{
    const bg_variant *v = bg_variant_find(id);
    ck_assert_ptr_nonnull(v);
    stats st = {0};
    bg_position *p = NULL;
    bg_move moves[MAXM];
    long games = 0;
    while (st.positions < n_positions) {
        bg_error err = BG_ERROR_INIT;
        ck_assert_int_eq(bg_position_new(&p, v, options, NULL, &err), BG_OK);
        games++;
        for (int ply = 0; ply < 160 && st.positions < n_positions; ply++) {
            char where[96];
            snprintf(where, sizeof where, "%s game %ld ply %d", id, games, ply);
            check_position(p, where, &st);
            int n = bg_position_legal_moves(p, moves, MAXM);
            if (n <= 0)
                break;
            /* Prefer captures now and then so that hands fill and pieces promote. */
            bg_move m = moves[next_rand() % (uint64_t)n];
            for (int t = 0; t < 3; t++) {
                bg_move c = moves[next_rand() % (uint64_t)n];
                if (bg_position_move_flags(p, c) & BG_FLAG_CAPTURE)
                    m = c;
            }
            ck_assert_int_eq(bg_position_play(p, m), BG_OK);
        }
        bg_position_free(p);
        p = NULL;
    }
    printf("# %s: %ld positions (%ld games), %ld moves, %ld texts; Japanese with 右左直上引寄 %ld, "
           "打 %ld, 不成 %ld\n",
           id, st.positions, games, st.moves, st.texts, st.modifiers, st.drops_marked,
           st.not_promoted);
    ck_assert_int_ge(st.moves, st.positions);
    /* The random games must reach the cases the rules are about. */
    if (strcmp(id, "shogi") == 0 && n_positions >= 500) {
        ck_assert_int_gt(st.modifiers, 0);
        ck_assert_int_gt(st.drops_marked, 0);
        ck_assert_int_gt(st.not_promoted, 0);
    }
}

/* Variants and options played. */
static const char *const cases[][2] = {
    {"shogi", NULL},          {"minishogi", NULL},    {"torishogi", NULL},
    {"shoshogi", NULL},       {"heianshogi", NULL},   {"heianshogi", "promotion=optional"},
    {"heianshogi", "board=9x8"}, {"torishogi", "rules=seed"}, {"microshogi", NULL},
    {"judkinsshogi", NULL},
};

START_TEST(roundtrip_case)
{
    /* The seed's rules of Tori shogi generate moves by make and test: an eighth suffices. */
    long all = n_positions;
    if (cases[_i][1] && strcmp(cases[_i][1], "rules=seed") == 0)
        n_positions = all / 8 + 1;
    run_variant(cases[_i][0], cases[_i][1]);
    n_positions = all;
}
END_TEST

int main(int argc, char **argv)
{
    n_positions = (argc > 1 ? strtol(argv[1], NULL, 10) : n_positions) / test_reduce();
    TCase *tc = one_case("shoginotation-roundtrip", "roundtrip", 0);
    tcase_add_loop_test(tc, roundtrip_case, 0, (int)(sizeof cases / sizeof cases[0]));
    return run_cases();
}
