/*
** Perft of xiangqi / lion chess against tests/data/perft/{xiangqi,lionchess}.tsv.
** Usage: test_xiangqi_perft FILE VARIANT MIN_NODES MAX_NODES — rows with MIN < nodes <= MAX run,
** one test case each; small rows also check that divide adds up to the total.
*/
#include "perft_rows.h"

static pr_row rows[PR_MAX_ROWS];
static const char *variant_id;

START_TEST(perft_row)
{
    const pr_row *r = &rows[_i];
    const bg_variant *v = bg_variant_find(variant_id);
    ck_assert_msg(v != NULL, "variant %s not found", variant_id);
    bg_position *pos = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_position_from_text(&pos, v, r->fen, NULL, NULL, 0, NULL, &e) == BG_OK,
                  "line %d: FEN refused: %s", r->line, e.message);
    uint64_t got = bg_position_perft(pos, r->depth);
    ck_assert_msg(got == r->nodes, "line %d [%s] depth %d: %" PRIu64 " nodes, expected %" PRIu64,
                  r->line, r->fen, r->depth, got, r->nodes);
    if (r->nodes <= 2000000)
        pr_check_divide(pos, r);
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
    int nrows = pr_load(argv[1], strtoull(argv[3], NULL, 10), strtoull(argv[4], NULL, 10), 0, rows);
    if (nrows < 0)
        return 1;
    return loop_run("xiangqi-perft", variant_id, perft_row, nrows);
}
