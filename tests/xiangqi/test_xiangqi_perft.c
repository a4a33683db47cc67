/*
** Perft of xiangqi / lion chess against tests/data/perft/{xiangqi,lionchess}.tsv.
** Usage: test_xiangqi_perft FILE VARIANT MIN_NODES MAX_NODES — rows with MIN < nodes <= MAX run,
** one test case each; small rows also check that divide adds up to the total.
*/
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#define MAX_ROWS 256

typedef struct row {
    char fen[160];
    int depth, line;
    uint64_t nodes;
} row;

static row rows[MAX_ROWS];
static int nrows;
static const char *variant_id;

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
        if (!t2 || nrows == MAX_ROWS || (size_t)(t1 - line) >= sizeof rows[0].fen) {
            fprintf(stderr, "%s:%d: not a perft row\n", path, lineno);
            fclose(f);
            return -1;
        }
        row r = {.line = lineno};
        memcpy(r.fen, line, (size_t)(t1 - line));
        r.depth = atoi(t1 + 1);
        r.nodes = strtoull(t2 + 1, NULL, 10);
        if (r.nodes > min_nodes && r.nodes <= max_nodes)
            rows[nrows++] = r;
    }
    fclose(f);
    return 0;
}

START_TEST(perft_row)
{
    const row *r = &rows[_i];
    const bg_variant *v = bg_variant_find(variant_id);
    ck_assert_msg(v != NULL, "variant %s not found", variant_id);
    bg_position *pos = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_position_from_text(&pos, v, r->fen, NULL, NULL, 0, NULL, &e) == BG_OK,
                  "line %d: FEN refused: %s", r->line, e.message);
    uint64_t got = bg_position_perft(pos, r->depth);
    ck_assert_msg(got == r->nodes, "line %d [%s] depth %d: %" PRIu64 " nodes, expected %" PRIu64,
                  r->line, r->fen, r->depth, got, r->nodes);
    if (r->depth >= 2 && r->nodes <= 2000000) {
        bg_move moves[256];
        uint64_t counts[256], sum = 0;
        int n = bg_position_divide(pos, r->depth, moves, counts, 256);
        ck_assert_int_eq(n, bg_position_legal_moves(pos, NULL, 0));
        for (int i = 0; i < n; i++)
            sum += counts[i];
        ck_assert_msg(sum == r->nodes, "line %d: divide adds up to %" PRIu64, r->line, sum);
    }
    bg_position_free(pos);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s FILE VARIANT MIN_NODES MAX_NODES\n", argv[0]);
        return 2;
    }
    variant_id = argv[2];
    if (load(argv[1], strtoull(argv[3], NULL, 10), strtoull(argv[4], NULL, 10)))
        return 1;
    if (nrows == 0) {
        fprintf(stderr, "no rows selected from %s\n", argv[1]);
        return 1;
    }
    Suite *s = suite_create("xiangqi-perft");
    TCase *tc = tcase_create(variant_id);
    tcase_set_timeout(tc, 3600);
    tcase_add_loop_test(tc, perft_row, 0, nrows);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
