/*
** Perft of the shipped definitions (data/variants) against reference counts, one Check loop
** iteration per row of tests/data/perft/defined.tsv (variant, position or "startpos", depth,
** nodes, provenance): the counts come from Debian's Fairy-Stockfish 11.1 playing its built-in
** variant of the same name. Divide adds up to the total, and the position text reads back.
** Usage: test_gen_perft DEFS_DIR TSV MIN_NODES MAX_NODES
*/
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "gen_test_util.h"
#include "loop_run.h"

#define MAX_ROWS 512

typedef struct row {
    char variant[64], fen[256];
    int depth, line;
    uint64_t nodes;
} row;

static row rows[MAX_ROWS];
static int nrows;
static bg_variant_set *defs;

START_TEST(perft_row)
{
    const row *r = &rows[_i];
    const bg_variant *v = bg_variant_set_find(defs, r->variant);
    ck_assert_msg(v != NULL, "line %d: no definition of %s", r->line, r->variant);
    bg_position *pos = NULL;
    bg_error e = BG_ERROR_INIT;
    bg_status s = strcmp(r->fen, "startpos") ? bg_position_from_text(&pos, v, r->fen, NULL, NULL, 0, NULL, &e)
                                             : bg_position_new(&pos, v, NULL, NULL, &e);
    ck_assert_msg(s == BG_OK, "line %d: %s", r->line, e.message);
    uint64_t n = bg_position_perft(pos, r->depth);
    ck_assert_msg(n == r->nodes, "line %d: %s depth %d: %" PRIu64 " nodes, expected %" PRIu64,
                  r->line, r->variant, r->depth, n, r->nodes);
    if (r->depth >= 2 && r->nodes < 20000000) {
        bg_move moves[4096];
        static uint64_t counts[4096];
        uint64_t sum = 0;
        int k = bg_position_divide(pos, r->depth, moves, counts, 4096);
        ck_assert_int_eq(k, bg_position_legal_moves(pos, NULL, 0));
        for (int i = 0; i < k; i++)
            sum += counts[i];
        ck_assert_msg(sum == r->nodes, "line %d: divide adds up to %" PRIu64, r->line, sum);
    }
    char text[512];
    ck_assert_int_gt(bg_position_text(pos, NULL, text, sizeof text), 0);
    bg_position *back = NULL;
    ck_assert_msg(bg_position_from_text(&back, v, text, NULL, NULL, 0, NULL, &e) == BG_OK,
                  "line %d: own text '%s' refused: %s", r->line, text, e.message);
    ck_assert_uint_eq(bg_position_hash(back), bg_position_hash(pos));
    bg_position_free(back);
    bg_position_free(pos);
    printf("# %s depth %d: %" PRIu64 " nodes\n", r->variant, r->depth, n);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s DEFS_DIR TSV MIN_NODES MAX_NODES\n", argv[0]);
        return 2;
    }
    uint64_t lo = strtoull(argv[3], NULL, 10), hi = strtoull(argv[4], NULL, 10);
    defs = gt_load_dir(argv[1]);
    FILE *f = fopen(argv[2], "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", argv[2]);
        return 2;
    }
    char line[1024];
    int lineno = 0;
    while (fgets(line, sizeof line, f) && nrows < MAX_ROWS) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        row r = {.line = lineno};
        char *fields[5];
        int nf = 0;
        for (char *p = line; nf < 5;) {
            fields[nf++] = p;
            char *t = strchr(p, '\t');
            if (!t)
                break;
            *t = 0;
            p = t + 1;
        }
        if (nf < 4) {
            fprintf(stderr, "%s:%d: not a row\n", argv[2], lineno);
            return 2;
        }
        snprintf(r.variant, sizeof r.variant, "%.63s", fields[0]);
        snprintf(r.fen, sizeof r.fen, "%.255s", fields[1]);
        r.depth = atoi(fields[2]);
        r.nodes = strtoull(fields[3], NULL, 10);
        if (r.nodes > lo && r.nodes <= hi)
            rows[nrows++] = r;
    }
    fclose(f);
    if (!nrows) {
        fprintf(stderr, "no rows selected\n");
        return 2;
    }
    int status = loop_run("defined-perft", "rows", perft_row, nrows);
    bg_variant_set_free(defs);
    return status;
}
