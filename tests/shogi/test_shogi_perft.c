/* Perft of the shogi family against tests/data/perft (shogi, minishogi, torishogi, shoshogi, heianshogi), one TAP line per row. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

/*
** Usage: test_shogi_perft DATADIR FILE VARIANT [--options OPTS] [--min-nodes N] [--max-nodes N]
**        [--reduce F] [--divide]
** A row runs when min-nodes < nodes <= max-nodes (max-nodes divided by F times BG_TEST_REDUCE).
** --divide also checks bg_position_divide at the row's depth: root moves = legal moves, counts
** adding up to the row's total.
*/

#define MAX_ROWS 64

typedef struct row {
    char sfen[160];
    int depth, line;
    uint64_t nodes;
} row;

static struct {
    const char *dir, *file, *variant, *options;
    uint64_t min_nodes, max_nodes;
    int divide;
    row rows[MAX_ROWS];
    int nrows;
} cfg = {.max_nodes = UINT64_MAX};

static int load(char *msg, size_t cap)
{
    char path[1024], line[512];
    snprintf(path, sizeof path, "%s/%s", cfg.dir, cfg.file);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(msg, cap, "cannot open %s", path);
        return -1;
    }
    int ln = 0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *tab1 = strchr(line, '\t'), *tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
        if (!tab2 || tab1 - line >= (long)sizeof cfg.rows[0].sfen) {
            snprintf(msg, cap, "%s:%d: expected sfen<TAB>depth<TAB>nodes", cfg.file, ln);
            fclose(f);
            return -1;
        }
        row r = {.line = ln};
        memcpy(r.sfen, line, (size_t)(tab1 - line));
        r.depth = atoi(tab1 + 1);
        r.nodes = strtoull(tab2 + 1, NULL, 10);
        if (r.nodes <= cfg.min_nodes || r.nodes > cfg.max_nodes)
            continue;
        if (cfg.nrows == MAX_ROWS) {
            snprintf(msg, cap, "%s: more than %d rows", cfg.file, MAX_ROWS);
            fclose(f);
            return -1;
        }
        cfg.rows[cfg.nrows++] = r;
    }
    fclose(f);
    return 0;
}

START_TEST(perft_row)
{
    const row *r = &cfg.rows[_i];
    bg_position *p = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status s = bg_position_from_text(&p, bg_variant_find(cfg.variant), r->sfen, NULL,
                                        cfg.options, 0, NULL, &err);
    ck_assert_msg(s == BG_OK, "%s:%d [%s]: %s", cfg.file, r->line, r->sfen, err.message);
    uint64_t got = bg_position_perft(p, r->depth);
    ck_assert_msg(got == r->nodes, "%s:%d [%s] depth %d: %" PRIu64 " nodes, expected %" PRIu64,
                  cfg.file, r->line, r->sfen, r->depth, got, r->nodes);
    if (cfg.divide) {
        bg_move legal[1024], moves[1024];
        uint64_t counts[1024], sum = 0;
        int n = bg_position_legal_moves(p, legal, 1024);
        int nd = bg_position_divide(p, r->depth, moves, counts, 1024);
        ck_assert_int_eq(nd, n);
        for (int i = 0; i < nd; i++) {
            ck_assert_msg(moves[i] == legal[i], "divide root move %d differs", i);
            sum += counts[i];
        }
        ck_assert_msg(sum == r->nodes, "%s:%d divide sums to %" PRIu64, cfg.file, r->line, sum);
    }
    bg_position_free(p);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s DATADIR FILE VARIANT [options]\n", argv[0]);
        return 2;
    }
    cfg.dir = argv[1];
    cfg.file = argv[2];
    cfg.variant = argv[3];
    uint64_t reduce = 1;
    const char *env = getenv("BG_TEST_REDUCE");
    if (env && strtoull(env, NULL, 10) > 0)
        reduce = strtoull(env, NULL, 10);
    for (int i = 4; i < argc; i++) {
        if (!strcmp(argv[i], "--options") && i + 1 < argc)
            cfg.options = argv[++i];
        else if (!strcmp(argv[i], "--min-nodes") && i + 1 < argc)
            cfg.min_nodes = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--max-nodes") && i + 1 < argc)
            cfg.max_nodes = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--reduce") && i + 1 < argc)
            reduce *= strtoull(argv[++i], NULL, 10) ? strtoull(argv[i], NULL, 10) : 1;
        else if (!strcmp(argv[i], "--divide"))
            cfg.divide = 1;
        else {
            fprintf(stderr, "unknown argument %s\n", argv[i]);
            return 2;
        }
    }
    if (cfg.max_nodes != UINT64_MAX)
        cfg.max_nodes /= reduce;
    char msg[1200];
    if (!bg_variant_find(cfg.variant)) {
        fprintf(stderr, "unknown variant %s\n", cfg.variant);
        return 1;
    }
    if (load(msg, sizeof msg) != 0) {
        fprintf(stderr, "%s\n", msg);
        return 1;
    }
    if (cfg.nrows == 0) {
        fprintf(stderr, "%s: no row selected (budget too small?)\n", cfg.file);
        return 1;
    }
    Suite *s = suite_create(cfg.file);
    TCase *tc = tcase_create("perft");
    tcase_set_timeout(tc, 0);
    tcase_add_loop_test(tc, perft_row, 0, cfg.nrows);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
