/*
** Perft of janggi against tests/data/perft/janggi.tsv. Rows whose provenance says "without bikjang"
** run with ruleset=casual, those that say "ruleset seed" with the default (seed: the seed's
** bikjang rule), the others with ruleset=tournament (Fairy-Stockfish's bikjang rule). Small rows
** also check that divide adds up, that the other rulesets of the same bikjang rule agree, and
** that a start position row equals the position the `setup` option builds.
** Usage: test_janggi_perft FILE MIN_NODES MAX_NODES — rows with MIN < nodes <= MAX run.
*/
#include "perft_rows.h"

#define START_MIDDLE "/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/"

static pr_row rows[PR_MAX_ROWS];

static uint64_t perft_with(const pr_row *r, const char *ruleset)
{
    char opts[64];
    bg_position *pos = NULL;
    bg_error e = BG_ERROR_INIT;
    snprintf(opts, sizeof opts, "ruleset=%s", ruleset);
    ck_assert_msg(bg_position_from_text(&pos, bg_variant_find("janggi"), r->fen, NULL, opts, 0, NULL,
                                        &e) == BG_OK,
                  "line %d: FEN refused: %s", r->line, e.message);
    uint64_t n = bg_position_perft(pos, r->depth);
    bg_position_free(pos);
    return n;
}

START_TEST(perft_row)
{
    const pr_row *r = &rows[_i];
    const int bikjang = strstr(r->note, "without bikjang") == NULL;
    const int seed = strstr(r->note, "ruleset seed") != NULL;
    const bg_variant *v = bg_variant_find("janggi");
    ck_assert_msg(v != NULL, "janggi is not in the catalogue");
    const char *ruleset = seed ? "seed" : bikjang ? "tournament" : "casual";
    uint64_t got = perft_with(r, ruleset);
    ck_assert_msg(got == r->nodes, "line %d [%s] depth %d (%s): %" PRIu64 " nodes, expected %" PRIu64,
                  r->line, r->fen, r->depth, ruleset, got, r->nodes);
    if (r->nodes > 2000000)
        return;
    /* Rulesets with the same bikjang rule generate the same moves. */
    const char *same[] = {seed ? NULL : bikjang ? "traditional" : "modern",
                          !seed && bikjang ? "standard" : NULL};
    for (int k = 0; k < 2; k++)
        if (same[k])
            ck_assert_msg(perft_with(r, same[k]) == r->nodes, "line %d: ruleset %s differs",
                          r->line, same[k]);
    bg_position *pos = NULL;
    char opts[64];
    snprintf(opts, sizeof opts, "ruleset=%s", ruleset);
    ck_assert_int_eq(bg_position_from_text(&pos, v, r->fen, NULL, opts, 0, NULL, NULL), BG_OK);
    pr_check_divide(pos, r);
    bg_position_free(pos);
    /* A start position row: option setup=<Cho rank 1>/<Han rank 10> builds the same position. */
    if (strstr(r->fen, START_MIDDLE)) {
        char setup[80], text[160];
        const char *mid = strstr(r->fen, START_MIDDLE);
        snprintf(setup, sizeof setup, "setup=%.9s/%.9s", mid + strlen(START_MIDDLE), r->fen);
        bg_error e = BG_ERROR_INIT;
        ck_assert_msg(bg_position_new(&pos, v, setup, NULL, &e) == BG_OK, "%s: %s", setup, e.message);
        bg_position_text(pos, NULL, text, sizeof text);
        ck_assert_msg(strcmp(text, r->fen) == 0, "line %d: %s gives %s", r->line, setup, text);
        bg_position_free(pos);
    }
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s FILE MIN_NODES MAX_NODES\n", argv[0]);
        return 2;
    }
    int nrows = pr_load(argv[1], strtoull(argv[2], NULL, 10), strtoull(argv[3], NULL, 10), 1, rows);
    if (nrows < 0)
        return 1;
    return loop_run("janggi-perft", "janggi", perft_row, nrows);
}
