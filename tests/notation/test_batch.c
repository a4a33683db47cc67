/*
** bg_position_legal_moves_text: for every variant and notation, on the perft positions and along
** games, the batch text equals one bg_move_format() per legal move, in legal-move order; the
** snprintf rules (length query, truncation), separators and errors.
** Usage: test_notation_batch PERFT_DATA_DIR
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"

static const char *data_dir;

static char batch[1 << 18], one[512];

/* The batch texts of p in every notation against per-move formatting. */
static void compare_position(const bg_position *p, const char *where)
{
    const bg_variant *v = bg_position_variant(p);
    static bg_move moves[4096];
    int n = bg_position_legal_moves(p, moves, 4096);
    REQUIRE(n >= 0, "%s: legal moves %d", where, n);
    for (int k = 0; k < bg_variant_notation_count(v); k++) {
        const char *nt = bg_variant_notation_at(v, k);
        int len = bg_position_legal_moves_text(p, nt, 0, batch, sizeof batch);
        REQUIRE(len >= 0 && (size_t)len < sizeof batch, "%s %s: batch returned %d", where, nt, len);
        REQUIRE(bg_position_legal_moves_text(p, nt, 0, NULL, 0) == len, "%s %s: length query",
                where, nt);
        const char *at = batch;
        for (int i = 0; i < n; i++) {
            int k1 = bg_move_format(p, moves[i], nt, one, sizeof one);
            REQUIRE(k1 > 0, "%s %s: format of move %d gives %d", where, nt, i, k1);
            REQUIRE(at < batch + len + 1 && strcmp(at, one) == 0,
                    "%s %s: move %d is '%s' in the batch, '%s' alone", where, nt, i,
                    at < batch + len ? at : "(past the end)", one);
            at += strlen(at) + 1;
        }
        REQUIRE(n == 0 ? len == 0 : at == batch + len + 1, "%s %s: %d bytes for %d moves", where,
                nt, len, n);
    }
}

/* A game of the variant from p: moves chosen by a fixed sequence, every position compared. */
static void walk(bg_position *p, int plies, unsigned seed, const char *name)
{
    static bg_move moves[4096];
    char where[128];
    for (int ply = 0; ply < plies; ply++) {
        snprintf(where, sizeof where, "%s ply %d", name, ply);
        compare_position(p, where);
        int n = bg_position_legal_moves(p, moves, 4096);
        if (n <= 0)
            return;
        seed = seed * 1103515245u + 12345u;
        ck_assert_int_eq(bg_position_play(p, moves[(seed >> 8) % (unsigned)n]), BG_OK);
    }
}

/* The perft file of each variant: its positions are the interesting ones (pins, stacks, drops). */
static const char *const perft_file[][3] = {
    {"chess", "chess-cpw.tsv", NULL},        {"chess", "chess-special.tsv", NULL},
    {"xiangqi", "xiangqi.tsv", NULL},        {"janggi", "janggi.tsv", NULL},
    {"lionchess", "lionchess.tsv", NULL},    {"shogi", "shogi.tsv", NULL},
    {"shoshogi", "shoshogi.tsv", NULL},      {"torishogi", "torishogi.tsv", NULL},
    {"minishogi", "minishogi.tsv", NULL},
    {"heianshogi", "heianshogi-optional-promotion.tsv", "promotion=optional"},
};

START_TEST(perft_positions)
{
    const char *const *row = perft_file[_i];
    char path[1024], line[1024], prev[1024] = "";
    snprintf(path, sizeof path, "%s/%s", data_dir, row[1]);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    int lineno = 0, used = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *tab = strchr(line, '\t');
        if (line[0] == '#' || !tab)
            continue;
        *tab = 0;
        if (strcmp(line, prev) == 0) /* several depths of one position */
            continue;
        snprintf(prev, sizeof prev, "%s", line);
        bg_position *p = NULL;
        bg_error err = BG_ERROR_INIT;
        bg_status s = bg_position_from_text(&p, bg_variant_find(row[0]), line, NULL, row[2], 0,
                                            NULL, &err);
        ck_assert_msg(s == BG_OK, "%s:%d: %s", path, lineno, err.message);
        char where[64];
        snprintf(where, sizeof where, "%s:%d", row[1], lineno);
        compare_position(p, where);
        walk(p, 6, (unsigned)lineno, where);
        bg_position_free(p);
        used++;
    }
    fclose(f);
    ck_assert_int_gt(used, 0);
}
END_TEST

START_TEST(games_of_every_variant)
{
    const bg_variant *v = bg_variant_at(_i);
    for (unsigned seed = 1; seed <= 3; seed++) {
        bg_position *p = NULL;
        ck_assert_int_eq(bg_position_new(&p, v, NULL, NULL, NULL), BG_OK);
        walk(p, bg_variant_max_moves(v) > 1000 ? 30 : 80, seed, bg_variant_id(v));
        bg_position_free(p);
    }
}
END_TEST

START_TEST(separators_truncation_errors)
{
    bg_position *p = NULL;
    ck_assert_int_eq(bg_position_new(&p, bg_variant_find("chess"), NULL, NULL, NULL), BG_OK);
    char full[512], small[16];
    int len = bg_position_legal_moves_text(p, "uci", ' ', full, sizeof full);
    ck_assert_int_eq(len, 20 * 4 + 19);
    ck_assert_ptr_nonnull(strstr(full, " g1f3 "));
    ck_assert_int_eq(bg_position_legal_moves_text(p, "uci", '\n', full, sizeof full), len);
    ck_assert_ptr_nonnull(strchr(full, '\n'));
    /* NULL = the variant's first notation (SAN for chess). */
    ck_assert_int_eq(bg_position_legal_moves_text(p, NULL, ' ', full, sizeof full),
                     bg_position_legal_moves_text(p, "san", ' ', NULL, 0));
    ck_assert_ptr_nonnull(strstr(full, "Nf3"));
    /* Truncated like snprintf: the full length, a NUL-terminated prefix. */
    memset(small, 'x', sizeof small);
    ck_assert_int_eq(bg_position_legal_moves_text(p, "uci", ' ', small, sizeof small), len);
    ck_assert_int_eq((int)strlen(small), 15);
    bg_position_legal_moves_text(p, "uci", ' ', full, sizeof full);
    ck_assert_int_eq(strncmp(small, full, 15), 0);
    ck_assert_int_eq(bg_position_legal_moves_text(p, "uci", ' ', small, 1), len);
    ck_assert_int_eq(small[0], 0);
    /* Errors. */
    ck_assert_int_eq(bg_position_legal_moves_text(p, "kif", 0, full, sizeof full), BG_E_UNSUPPORTED);
    ck_assert_int_eq(bg_position_legal_moves_text(p, "uci", 200, full, sizeof full),
                     BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_legal_moves_text(p, "uci", -1, full, sizeof full),
                     BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_legal_moves_text(NULL, "uci", 0, full, sizeof full),
                     BG_E_INVALID_ARGUMENT);
    ck_assert_int_eq(bg_position_legal_moves_text(p, "uci", 0, NULL, 5), BG_E_INVALID_ARGUMENT);
    bg_position_free(p);
    /* No legal move (checkmate): length 0, an empty string. */
    ck_assert_int_eq(bg_position_from_text(&p, bg_variant_find("chess"),
                                           "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                                           NULL, NULL, 0, NULL, NULL), BG_OK);
    full[0] = 'x';
    ck_assert_int_eq(bg_position_legal_moves_text(p, "san", 0, full, sizeof full), 0);
    ck_assert_int_eq(full[0], 0);
    bg_position_free(p);
}
END_TEST

int main(int argc, char **argv)
{
    data_dir = first_arg(argc, argv, "PERFT_DATA_DIR");
    TCase *tc = one_case("notation-batch", "batch", 600);
    tcase_add_loop_test(tc, perft_positions, 0, (int)(sizeof perft_file / sizeof perft_file[0]));
    tcase_add_loop_test(tc, games_of_every_variant, 0, bg_variant_count());
    tcase_add_test(tc, separators_truncation_errors);
    return run_cases();
}
