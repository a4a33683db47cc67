/* Perft against the reference files of tests/data/perft, sized by node budgets given on the command line. */
#include <check.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "perft_data.h"
#include "test_util.h"

/*
** Usage: test_perft DATADIR FILE [--options OPTS] [--min-nodes N] [--max-nodes N]
**        [--min-depth D] [--max-depth D] [--stride K] [--reduce F] [--timeout S]
**        [--divide-every K] [--invalid ID]...
** A row (position, depth, nodes) runs when min-nodes < nodes <= max-nodes and min-depth <= depth
** <= max-depth, for every stride-th position. --reduce F (times the BG_TEST_REDUCE environment
** variable, which the valgrind setup sets) divides max-nodes by F and, for files of many
** positions, multiplies the stride by F: sanitizer and valgrind runs stay short.
** --invalid ID names a position the library documents as impossible: it must be refused with
** BG_E_INVALID_POSITION instead of counted.
*/

#define MAX_INVALID 16
#define CHUNKS 48
#define MANY_POSITIONS 500

static struct {
    const char *dir, *file, *options;
    uint64_t min_nodes, max_nodes;
    int min_depth, max_depth, stride, timeout, divide_every;
    const char *invalid[MAX_INVALID];
    int ninvalid;
    pd_file data;
    size_t *selected; /* indexes of positions with at least one selected row */
    size_t nselected;
    int nchunks;
    uint64_t reduce;
} cfg = {.max_nodes = UINT64_MAX, .min_depth = 1, .max_depth = 99, .stride = 1, .timeout = 600,
         .divide_every = 8, .reduce = 1};

/* The first failure of a test case goes into its TAP line too; all of them go to stderr. */
static char first_failure[512];

static void fail_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void fail_line(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (!first_failure[0]) {
        va_list copy;
        va_copy(copy, ap);
        vsnprintf(first_failure, sizeof first_failure, fmt, copy);
        va_end(copy);
        first_failure[strcspn(first_failure, "\n")] = 0;
    }
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

static const bg_variant *chess(void)
{
    const bg_variant *v = bg_variant_find("chess");
    ck_assert_msg(v != NULL, "variant chess not found");
    return v;
}

static int row_selected(const pd_position *p, int k)
{
    /* min-nodes is exclusive so that CI and deep runs split the rows; 0 keeps mated positions. */
    return (cfg.min_nodes == 0 || p->nodes[k] > cfg.min_nodes) && p->nodes[k] <= cfg.max_nodes &&
           p->depth[k] >= cfg.min_depth && p->depth[k] <= cfg.max_depth;
}

static int documented_invalid(const char *id)
{
    for (int i = 0; i < cfg.ninvalid; i++)
        if (strcmp(cfg.invalid[i], id) == 0)
            return 1;
    return 0;
}

/* Divide at `depth`: root moves equal the legal moves, counts add up to `expected`. */
static int check_divide(const bg_position *pos, const pd_position *p, int depth, uint64_t expected)
{
    bg_move legal[512], moves[512];
    uint64_t counts[512], sum = 0;
    int n = bg_position_legal_moves(pos, legal, 512);
    int nd = bg_position_divide(pos, depth, moves, counts, 512);
    if (nd != n || n < 0) {
        fail_line("FAIL divide %s [%s] depth %d: %d root moves, %d legal moves\n", p->id,
                p->text, depth, nd, n);
        return 1;
    }
    for (int i = 0; i < nd; i++) {
        int found = 0;
        for (int j = 0; j < n && !found; j++)
            found = legal[j] == moves[i];
        if (!found) {
            fail_line("FAIL divide %s [%s] depth %d: root move 0x%x is not legal\n",
                    p->id, p->text, depth, (unsigned)moves[i]);
            return 1;
        }
        sum += counts[i];
    }
    if (sum != expected) {
        fail_line(
                "FAIL divide %s [%s] depth %d: expected %" PRIu64 " got %" PRIu64 " (sum)\n",
                p->id, p->text, depth, expected, sum);
        return 1;
    }
    return 0;
}

/* Writing the position and reading it back gives the same text and hash. */
static int check_text_round_trip(const bg_position *pos, const pd_position *p)
{
    char a[256], b[256];
    int n = bg_position_text(pos, NULL, a, sizeof a);
    if (n <= 0 || (size_t)n >= sizeof a) {
        fail_line("FAIL text %s [%s]: bg_position_text returned %d\n", p->id, p->text, n);
        return 1;
    }
    bg_position *q = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status s = bg_position_from_text(&q, chess(), a, NULL, cfg.options, 0, NULL, &err);
    if (s != BG_OK) {
        fail_line("FAIL text %s [%s]: own output '%s' refused: %s (%s)\n", p->id, p->text,
                a, bg_strerror(s), err.message);
        return 1;
    }
    int bad = 0;
    bg_position_text(q, NULL, b, sizeof b);
    uint64_t hp = bg_position_hash(pos), hq = bg_position_hash(q);
    if (strcmp(a, b) != 0 || (hp != hq && !tu_ep_only_difference(pos, a, hp, hq))) {
        fail_line("FAIL text %s [%s]: '%s' reads back as '%s' (hash %016" PRIx64
                        " vs %016" PRIx64 ")\n",
                p->id, p->text, a, b, bg_position_hash(pos), bg_position_hash(q));
        bad = 1;
    }
    bg_position_free(q);
    return bad;
}

/* Run every selected row of one position; returns the number of failures (each printed). */
static int run_position(size_t index)
{
    const pd_position *p = &cfg.data.pos[index];
    bg_position *pos = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status s =
        bg_position_from_text(&pos, chess(), p->text, p->format, cfg.options, 0, NULL, &err);
    if (documented_invalid(p->id)) {
        if (s == BG_E_INVALID_POSITION && pos == NULL && err.code == s && err.message[0])
            return 0;
        fail_line("FAIL %s [%s]: expected BG_E_INVALID_POSITION, got %d (%s)\n", p->id,
                p->text, (int)s, bg_strerror(s));
        bg_position_free(pos);
        return 1;
    }
    if (s != BG_OK) {
        fail_line("FAIL %s [%s] (%s line %d): refused with %d (%s): %s\n", p->id, p->text,
                cfg.data.name, p->line, (int)s, bg_strerror(s), err.message);
        return 1;
    }
    int fails = 0, divided = 0;
    for (int k = 0; k < p->count; k++) {
        if (!row_selected(p, k))
            continue;
        uint64_t got = bg_position_perft(pos, p->depth[k]);
        if (got != p->nodes[k]) {
            fail_line(
                "FAIL %s (%s line %d) fen %s depth %d expected %" PRIu64 " got %" PRIu64
                    "\n",
                    p->id, cfg.data.name, p->line, p->text, p->depth[k], p->nodes[k], got);
            fails++;
        } else if (!divided && cfg.divide_every > 0 && index % (size_t)cfg.divide_every == 0) {
            fails += check_divide(pos, p, p->depth[k], p->nodes[k]);
            divided = 1;
        }
    }
    bg_position_free(pos);
    return fails;
}

START_TEST(perft_chunk)
{
    size_t begin = cfg.nselected * (size_t)_i / (size_t)cfg.nchunks;
    size_t end = cfg.nselected * (size_t)(_i + 1) / (size_t)cfg.nchunks;
    int fails = 0;
    first_failure[0] = 0;
    for (size_t i = begin; i < end; i++)
        fails += run_position(cfg.selected[i]);
    ck_assert_msg(fails == 0, "%s: %d failures among positions %zu..%zu; first: %s",
                  cfg.data.name, fails, begin, end, first_failure);
}
END_TEST

/* Every accepted position of the file survives text -> position -> text with its hash. */
START_TEST(text_round_trip)
{
    int fails = 0;
    first_failure[0] = 0;
    for (size_t i = 0; i < cfg.nselected; i++) {
        const pd_position *p = &cfg.data.pos[cfg.selected[i]];
        bg_position *pos = NULL;
        if (bg_position_from_text(&pos, chess(), p->text, p->format, cfg.options, 0, NULL,
                                  NULL) != BG_OK)
            continue; /* refusals are judged by perft_chunk */
        fails += check_text_round_trip(pos, p);
        bg_position_free(pos);
    }
    ck_assert_msg(fails == 0, "%s: %d positions do not survive a text round trip; first: %s",
                  cfg.data.name, fails, first_failure);
}
END_TEST

/* The file itself must hold what its README promises, so a truncated copy cannot pass. */
START_TEST(file_shape)
{
    ck_assert_msg(cfg.data.count > 0, "no positions in %s", cfg.data.name);
    ck_assert_msg(cfg.nselected > 0, "no rows of %s selected by the budget", cfg.data.name);
}
END_TEST

static int parse_args(int argc, char **argv)
{
    if (argc < 3)
        return -1;
    cfg.dir = argv[1];
    cfg.file = argv[2];
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            return -1;
        i++;
        if (strcmp(a, "--options") == 0)
            cfg.options = v;
        else if (strcmp(a, "--min-nodes") == 0)
            cfg.min_nodes = strtoull(v, NULL, 10);
        else if (strcmp(a, "--max-nodes") == 0)
            cfg.max_nodes = strtoull(v, NULL, 10);
        else if (strcmp(a, "--min-depth") == 0)
            cfg.min_depth = atoi(v);
        else if (strcmp(a, "--max-depth") == 0)
            cfg.max_depth = atoi(v);
        else if (strcmp(a, "--stride") == 0)
            cfg.stride = atoi(v);
        else if (strcmp(a, "--reduce") == 0)
            cfg.reduce *= strtoull(v, NULL, 10);
        else if (strcmp(a, "--timeout") == 0)
            cfg.timeout = atoi(v);
        else if (strcmp(a, "--divide-every") == 0)
            cfg.divide_every = atoi(v);
        else if (strcmp(a, "--invalid") == 0 && cfg.ninvalid < MAX_INVALID)
            cfg.invalid[cfg.ninvalid++] = v;
        else
            return -1;
    }
    cfg.reduce *= (uint64_t)tu_env_reduce(10);
    return cfg.stride >= 1 && cfg.reduce >= 1 ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (parse_args(argc, argv) != 0) {
        fprintf(stderr, "usage: %s DATADIR FILE [--options O] [--min-nodes N] [--max-nodes N] "
                        "[--min-depth D] [--max-depth D] [--stride K] [--reduce F] "
                        "[--timeout S] [--divide-every K] [--invalid ID]...\n",
                argv[0]);
        return 2;
    }
    char msg[512];
    if (pd_load(&cfg.data, cfg.dir, cfg.file, msg, sizeof msg) != 0) {
        fprintf(stderr, "cannot load perft data: %s\n", msg);
        return 1;
    }
    cfg.max_nodes /= cfg.reduce;
    if (cfg.data.count >= MANY_POSITIONS)
        cfg.stride *= (int)cfg.reduce;

    cfg.selected = malloc(cfg.data.count * sizeof *cfg.selected);
    if (!cfg.selected)
        return 1;
    uint64_t rows = 0, nodes = 0;
    for (size_t i = 0; i < cfg.data.count; i += (size_t)cfg.stride) {
        int any = 0;
        for (int k = 0; k < cfg.data.pos[i].count; k++) {
            if (row_selected(&cfg.data.pos[i], k)) {
                any = 1;
                rows++;
                nodes += cfg.data.pos[i].nodes[k];
            }
        }
        if (any || documented_invalid(cfg.data.pos[i].id))
            cfg.selected[cfg.nselected++] = i;
    }
    printf("# %s: %zu positions in file, %zu selected, %" PRIu64 " rows, %" PRIu64
           " nodes (reduce %" PRIu64 ")\n",
           cfg.data.name, cfg.data.count, cfg.nselected, rows, nodes, cfg.reduce);
    fflush(stdout);

    Suite *s = suite_create("perft");
    TCase *tc = tcase_create(cfg.data.name);
    tcase_set_timeout(tc, cfg.timeout);
    tcase_add_test(tc, file_shape);
    tcase_add_test(tc, text_round_trip);
    cfg.nchunks = cfg.nselected < CHUNKS ? (int)cfg.nselected : CHUNKS;
    tcase_add_loop_test(tc, perft_chunk, 0, cfg.nchunks);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    pd_free(&cfg.data);
    free(cfg.selected);
    return failed ? 1 : 0;
}
