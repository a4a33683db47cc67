/* The perft driver of every variant: the reference files of tests/data/perft, sized by node budgets given on the command line. */
#include <check.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "gen_test_util.h"
#include "perft_data.h"
#include "test_util.h"
#include "check_main.h"

/*
** Usage: test_perft DATADIR FILE [--variant V] [--defs DIR] [--options OPTS] [--min-nodes N]
**        [--max-nodes N] [--min-depth D] [--max-depth D] [--stride K] [--reduce F] [--timeout S]
**        [--divide-every K] [--divide-rows] [--divide-max N] [--invalid ID]...
** A row (position, depth, nodes) runs when min-nodes < nodes <= max-nodes and min-depth <= depth
** <= max-depth, for every stride-th position. The row's variant column (else --variant, else
** chess) names the variant, looked up in the definitions of --defs DIR first, then in the
** catalogue; its options column (joined to --options) may list alternatives separated by '|',
** each of which must give the same counts; the position "startpos" is the variant's start with
** those options. Divide is checked on every divide-every-th position (0: never) at its first
** selected row (--divide-rows: every selected row) of at most divide-max nodes. --reduce F (times the BG_TEST_REDUCE environment
** variable, which the valgrind setup sets) divides max-nodes by F and, for files of many
** positions, multiplies the stride by F: sanitizer and valgrind runs stay short.
** --invalid ID names a position the library documents as impossible: it must be refused with
** BG_E_INVALID_POSITION instead of counted.
*/

#define MAX_INVALID 16
#define CHUNKS 48
#define MANY_POSITIONS 500

static struct {
    const char *dir, *file, *options, *variant, *defs_dir;
    bg_variant_set *defs;
    uint64_t min_nodes, max_nodes, divide_max;
    int min_depth, max_depth, stride, timeout, divide_every, divide_rows;
    const char *invalid[MAX_INVALID];
    int ninvalid;
    pd_file data;
    size_t *selected; /* indexes of positions with at least one selected row */
    size_t nselected;
    int nchunks;
    uint64_t reduce;
} cfg = {.variant = "chess", .max_nodes = UINT64_MAX, .divide_max = UINT64_MAX, .min_depth = 1,
         .max_depth = 99, .stride = 1, .timeout = 600, .divide_every = 8, .reduce = 1};

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

/* The variant of a position: its variant column, else --variant; --defs first, then the catalogue. */
static const bg_variant *variant_of(const pd_position *p)
{
    const char *name = p->variant[0] ? p->variant : cfg.variant;
    const bg_variant *v = cfg.defs ? bg_variant_set_find(cfg.defs, name) : NULL;
    if (!v)
        v = bg_variant_find(name);
    ck_assert_msg(v != NULL, "%s line %d: variant %s not found", cfg.data.name, p->line, name);
    return v;
}

/* The k-th '|'-separated alternative of the position's options, joined to --options; NULL after the last. */
static const char *options_of(const pd_position *p, int k, char *buf, size_t cap)
{
    const char *o = p->options;
    for (int i = 0; i < k; i++) {
        o = strchr(o, '|');
        if (!o)
            return NULL;
        o++;
    }
    int n = (int)strcspn(o, "|");
    if (cfg.options && n)
        snprintf(buf, cap, "%s;%.*s", cfg.options, n, o);
    else if (cfg.options)
        snprintf(buf, cap, "%s", cfg.options);
    else
        snprintf(buf, cap, "%.*s", n, o);
    return buf;
}

/* The position of a row with the given options: its text, or the start for "startpos". */
static bg_status open_position(bg_position **pos, const pd_position *p, const char *options,
                               bg_error *err)
{
    const char *opts = options[0] ? options : NULL;
    if (strcmp(p->text, "startpos") == 0)
        return bg_position_new(pos, variant_of(p), opts, NULL, err);
    return bg_position_from_text(pos, variant_of(p), p->text, p->format, opts, 0, NULL, err);
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

/* Divide at `depth`: the root moves are the legal moves in their order, counts add up to `expected`. */
static int check_divide(const bg_position *pos, const pd_position *p, int depth, uint64_t expected)
{
    int n = bg_position_legal_moves(pos, NULL, 0);
    bg_move *legal = malloc((size_t)(n + 1) * 2 * sizeof *legal), *moves = legal + n + 1;
    uint64_t *counts = malloc((size_t)(n + 1) * sizeof *counts), sum = 0;
    ck_assert_msg(legal && counts, "out of memory");
    int bad = 0;
    bg_position_legal_moves(pos, legal, n + 1);
    int nd = bg_position_divide(pos, depth, moves, counts, (size_t)n + 1);
    if (nd != n || n < 0) {
        fail_line("FAIL divide %s [%s] depth %d: %d root moves, %d legal moves\n", p->id,
                  p->text, depth, nd, n);
        bad = 1;
    }
    for (int i = 0; !bad && i < nd; i++) {
        if (moves[i] != legal[i]) {
            fail_line("FAIL divide %s [%s] depth %d: root move %d is 0x%x, legal move 0x%x\n",
                      p->id, p->text, depth, i, (unsigned)moves[i], (unsigned)legal[i]);
            bad = 1;
        }
        sum += counts[i];
    }
    if (!bad && sum != expected) {
        fail_line("FAIL divide %s [%s] depth %d: expected %" PRIu64 " got %" PRIu64 " (sum)\n",
                  p->id, p->text, depth, expected, sum);
        bad = 1;
    }
    free(legal);
    free(counts);
    return bad;
}

/* Writing the position and reading it back gives the same text and hash. */
static int check_text_round_trip(const bg_position *pos, const pd_position *p, const char *options)
{
    char a[1024], b[1024];
    int n = bg_position_text(pos, NULL, a, sizeof a);
    if (n <= 0 || (size_t)n >= sizeof a) {
        fail_line("FAIL text %s [%s]: bg_position_text returned %d\n", p->id, p->text, n);
        return 1;
    }
    bg_position *q = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status s = bg_position_from_text(&q, variant_of(p), a, NULL, options[0] ? options : NULL, 0,
                                        NULL, &err);
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

/* Run every selected row of one position with one alternative of its options; the number of failures (each printed). */
static int run_alternative(size_t index, const char *options, int divide)
{
    const pd_position *p = &cfg.data.pos[index];
    bg_position *pos = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status s = open_position(&pos, p, options, &err);
    if (documented_invalid(p->id)) {
        if (s == BG_E_INVALID_POSITION && pos == NULL && err.code == s && err.message[0])
            return 0;
        fail_line("FAIL %s [%s]: expected BG_E_INVALID_POSITION, got %d (%s)\n", p->id,
                p->text, (int)s, bg_strerror(s));
        bg_position_free(pos);
        return 1;
    }
    if (s != BG_OK) {
        fail_line("FAIL %s [%s] (%s line %d, options '%s'): refused with %d (%s): %s\n", p->id,
                  p->text, cfg.data.name, p->line, options, (int)s, bg_strerror(s), err.message);
        return 1;
    }
    int fails = 0;
    for (int k = 0; k < p->count; k++) {
        if (!row_selected(p, k))
            continue;
        uint64_t got = bg_position_perft(pos, p->depth[k]);
        if (got != p->nodes[k]) {
            fail_line("FAIL %s (%s line %d) %s depth %d options '%s' expected %" PRIu64
                      " got %" PRIu64 "\n",
                      p->id, cfg.data.name, p->line, p->text, p->depth[k], options, p->nodes[k],
                      got);
            fails++;
        } else if (divide && p->nodes[k] <= cfg.divide_max) {
            fails += check_divide(pos, p, p->depth[k], p->nodes[k]);
            divide = cfg.divide_rows;
        }
    }
    bg_position_free(pos);
    return fails;
}

/* Every alternative of the position's options counts the same (divide: with the first). */
static int run_position(size_t index)
{
    const pd_position *p = &cfg.data.pos[index];
    int divide = cfg.divide_every > 0 && index % (size_t)cfg.divide_every == 0, fails = 0;
    char options[512];
    for (int k = 0; options_of(p, k, options, sizeof options); k++)
        fails += run_alternative(index, options, divide && k == 0);
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
        char options[512];
        options_of(p, 0, options, sizeof options);
        if (open_position(&pos, p, options, NULL) != BG_OK)
            continue; /* refusals are judged by perft_chunk */
        fails += check_text_round_trip(pos, p, options);
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
        if (strcmp(a, "--divide-rows") == 0) {
            cfg.divide_rows = 1;
            continue;
        }
        if (!v)
            return -1;
        i++;
        if (strcmp(a, "--options") == 0)
            cfg.options = v;
        else if (strcmp(a, "--variant") == 0)
            cfg.variant = v;
        else if (strcmp(a, "--defs") == 0)
            cfg.defs_dir = v;
        else if (strcmp(a, "--divide-max") == 0)
            cfg.divide_max = strtoull(v, NULL, 10);
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
        fprintf(stderr, "usage: %s DATADIR FILE [--variant V] [--defs DIR] [--options O] "
                        "[--min-nodes N] [--max-nodes N] [--min-depth D] [--max-depth D] "
                        "[--stride K] [--reduce F] [--timeout S] [--divide-every K] "
                        "[--divide-rows] [--divide-max N] [--invalid ID]...\n",
                argv[0]);
        return 2;
    }
    if (cfg.defs_dir)
        cfg.defs = gt_load_dir(cfg.defs_dir);
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

    TCase *tc = one_case("perft", cfg.data.name, cfg.timeout);
    ADD_TESTS(tc, file_shape, text_round_trip);
    cfg.nchunks = cfg.nselected < CHUNKS ? (int)cfg.nselected : CHUNKS;
    tcase_add_loop_test(tc, perft_chunk, 0, cfg.nchunks);
    int failed = run_cases();
    pd_free(&cfg.data);
    free(cfg.selected);
    bg_variant_set_free(cfg.defs);
    return failed ? 1 : 0;
}
