/*
** Perft of janggi against tests/data/perft/janggi.tsv. Rows whose provenance says "without bikjang"
** run with ruleset=casual, the others with the default (seed, bikjang on). Small rows also check
** that divide adds up, that the other rulesets of the same bikjang rule agree, and that a start
** position row equals the position the `setup` option builds.
** Usage: test_janggi_perft FILE MIN_NODES MAX_NODES — rows with MIN < nodes <= MAX run.
*/
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#define MAX_ROWS 256
#define START_MIDDLE "/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/"

typedef struct row {
    char fen[160];
    int depth, line, bikjang;
    uint64_t nodes;
} row;

static row rows[MAX_ROWS];
static int nrows;

/* "fen<TAB>depth<TAB>nodes<TAB>provenance"; '#' lines are comments. */
static int load(const char *path, uint64_t min_nodes, uint64_t max_nodes)
{
    FILE *f = fopen(path, "r");
    char line[512];
    int lineno = 0;
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return -1;
    }
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        char *t3 = t2 ? strchr(t2 + 1, '\t') : NULL;
        if (!t3 || nrows == MAX_ROWS || (size_t)(t1 - line) >= sizeof rows[0].fen) {
            fprintf(stderr, "%s:%d: not a perft row\n", path, lineno);
            fclose(f);
            return -1;
        }
        row r = {.line = lineno};
        memcpy(r.fen, line, (size_t)(t1 - line));
        r.depth = atoi(t1 + 1);
        r.nodes = strtoull(t2 + 1, NULL, 10);
        r.bikjang = strstr(t3, "without bikjang") == NULL;
        if (r.nodes > min_nodes && r.nodes <= max_nodes)
            rows[nrows++] = r;
    }
    fclose(f);
    return 0;
}

static uint64_t perft_with(const row *r, const char *ruleset)
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
    const row *r = &rows[_i];
    const bg_variant *v = bg_variant_find("janggi");
    ck_assert_msg(v != NULL, "janggi is not in the catalogue");
    const char *ruleset = r->bikjang ? "seed" : "casual";
    uint64_t got = perft_with(r, ruleset);
    ck_assert_msg(got == r->nodes, "line %d [%s] depth %d (%s): %" PRIu64 " nodes, expected %" PRIu64,
                  r->line, r->fen, r->depth, ruleset, got, r->nodes);
    if (r->nodes > 2000000)
        return;
    /* Rulesets with the same bikjang rule generate the same moves. */
    const char *same[] = {r->bikjang ? "tournament" : "modern", r->bikjang ? "traditional" : NULL};
    for (int k = 0; k < 2; k++)
        if (same[k])
            ck_assert_msg(perft_with(r, same[k]) == r->nodes, "line %d: ruleset %s differs",
                          r->line, same[k]);
    bg_position *pos = NULL;
    char opts[64];
    snprintf(opts, sizeof opts, "ruleset=%s", ruleset);
    ck_assert_int_eq(bg_position_from_text(&pos, v, r->fen, NULL, opts, 0, NULL, NULL), BG_OK);
    if (r->depth >= 2) {
        bg_move moves[256];
        uint64_t counts[256], sum = 0;
        int n = bg_position_divide(pos, r->depth, moves, counts, 256);
        ck_assert_int_eq(n, bg_position_legal_moves(pos, NULL, 0));
        for (int i = 0; i < n; i++)
            sum += counts[i];
        ck_assert_msg(sum == r->nodes, "line %d: divide adds up to %" PRIu64, r->line, sum);
    }
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
    if (load(argv[1], strtoull(argv[2], NULL, 10), strtoull(argv[3], NULL, 10)))
        return 1;
    if (nrows == 0) {
        fprintf(stderr, "no rows selected from %s\n", argv[1]);
        return 1;
    }
    Suite *s = suite_create("janggi-perft");
    TCase *tc = tcase_create("janggi");
    tcase_set_timeout(tc, 3600);
    tcase_add_loop_test(tc, perft_row, 0, nrows);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
