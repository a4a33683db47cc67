/*
** The generic definitions of games the library also plays by hand (generic-chess, -shogi,
** -minishogi, -xiangqi, -microshogi, -judkinsshogi) against the hand-written engines: perft of the built-in's reference
** rows (tests/data/perft), and in positions of random games the same legal moves (as uci/usi
** text), the same check status and the same perft to depth 2.
** Usage: test_gen_builtin DEFS_DIR PERFT_DIR MAX_NODES POSITIONS SEED
*/
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "gen_test_util.h"
#include "check_main.h"
#include "xorshift.h"

static const struct pair {
    const char *defined, *builtin, *format, *notation, *tsv, *also;
} pairs[] = {
    {"generic-chess", "chess", "fen", "uci", "chess-cpw.tsv", "san"},
    {"generic-shogi", "shogi", "sfen", "usi", "shogi.tsv", NULL},
    {"generic-minishogi", "minishogi", "sfen", "usi", "minishogi.tsv", NULL},
    {"generic-xiangqi", "xiangqi", "fen", "uci", "xiangqi.tsv", NULL},
    {"generic-microshogi", "microshogi", "sfen", "usi", "microshogi.tsv", NULL},
    {"generic-judkinsshogi", "judkinsshogi", "sfen", "usi", "judkinsshogi.tsv", NULL},
};
#define NPAIRS 6

static struct {
    bg_variant_set *defs;
    const char *perft_dir;
    uint64_t max_nodes, seed;
    int positions;
} cfg;

/* The same position of the defined variant, read from the built-in's own text. */
static bg_position *as_defined(const struct pair *p, const char *text)
{
    const bg_variant *v = bg_variant_set_find(cfg.defs, p->defined);
    ck_assert_ptr_nonnull(v);
    bg_position *pos = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_position_from_text(&pos, v, text, p->format, NULL, 0, NULL, &e) == BG_OK,
                  "%s refuses '%s': %s", p->defined, text, e.message);
    return pos;
}

static int by_text(const void *a, const void *b) { return strcmp(a, b); }

/* Sorted legal move texts of a position in a notation. */
static int move_texts(const bg_position *pos, const char *notation, char (*out)[16])
{
    bg_move moves[4096];
    int n = bg_position_legal_moves(pos, moves, 4096);
    for (int i = 0; i < n; i++)
        ck_assert_int_gt(bg_move_format(pos, moves[i], notation, out[i], 16), 0);
    qsort(out, (size_t)n, sizeof out[0], by_text);
    return n;
}

START_TEST(reference_rows)
{
    const struct pair *p = &pairs[_i];
    char path[4096], line[1024];
    snprintf(path, sizeof path, "%s/%s", cfg.perft_dir, p->tsv);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        ck_assert_ptr_nonnull(t2);
        *t1 = 0;
        int depth = atoi(t1 + 1);
        uint64_t nodes = strtoull(t2 + 1, NULL, 10);
        if (nodes > cfg.max_nodes)
            continue;
        bg_position *pos = as_defined(p, line);
        uint64_t n = bg_position_perft(pos, depth);
        ck_assert_msg(n == nodes, "%s '%s' depth %d: %" PRIu64 ", reference %" PRIu64, p->defined,
                      line, depth, n, nodes);
        bg_position_free(pos);
        rows++;
    }
    fclose(f);
    ck_assert_int_gt(rows, 0);
    printf("# %s: %d reference rows equal\n", p->defined, rows);
}
END_TEST

START_TEST(random_positions)
{
    const struct pair *p = &pairs[_i];
    const bg_variant *bv = bg_variant_find(p->builtin);
    uint64_t s = cfg.seed * 0x9e3779b97f4a7c15ULL + (uint64_t)_i + 1;
    static char ours[4096][16], theirs[4096][16];
    bg_position *pos = NULL;
    int plies = 1000, compared = 0, perfts = 0;
    for (int done = 0; done < cfg.positions; done++) {
        if (plies >= 200) {
            bg_position_free(pos);
            ck_assert_int_eq(bg_position_new(&pos, bv, NULL, NULL, NULL), BG_OK);
            plies = 0;
        }
        char text[512];
        ck_assert_int_gt(bg_position_text(pos, p->format, text, sizeof text), 0);
        bg_position *gp = as_defined(p, text);
        int n = move_texts(pos, p->notation, theirs), m = move_texts(gp, p->notation, ours);
        ck_assert_msg(n == m, "%s [%s]: %d legal moves, %s has %d", p->builtin, text, n, p->defined, m);
        for (int i = 0; i < n; i++)
            ck_assert_msg(!strcmp(ours[i], theirs[i]), "%s [%s]: move %s vs %s", p->defined, text,
                          ours[i], theirs[i]);
        ck_assert_int_eq(bg_position_in_check(pos), bg_position_in_check(gp));
        /* Chess: SAN too, and every SAN reads back as its move. */
        if (p->also) {
            n = move_texts(pos, p->also, theirs);
            move_texts(gp, p->also, ours);
            for (int i = 0; i < n; i++) {
                ck_assert_msg(!strcmp(ours[i], theirs[i]), "%s [%s]: SAN %s vs %s", p->defined, text,
                              ours[i], theirs[i]);
                bg_move back;
                bg_error e = BG_ERROR_INIT;
                ck_assert_msg(bg_move_parse(gp, ours[i], p->also, 0, &back, &e) == BG_OK,
                              "%s [%s]: SAN %s: %s", p->defined, text, ours[i], e.message);
            }
        }
        if (done % 16 == 0) {
            ck_assert_msg(bg_position_perft(pos, 2) == bg_position_perft(gp, 2), "%s [%s]: perft 2",
                          p->defined, text);
            perfts++;
        }
        compared += n;
        bg_position_free(gp);
        if (n == 0) {
            plies = 1000;
            continue;
        }
        bg_move moves[4096];
        bg_position_legal_moves(pos, moves, 4096);
        ck_assert_int_eq(bg_position_play(pos, moves[xorshift64(&s) % (uint64_t)n]), BG_OK);
        plies++;
    }
    bg_position_free(pos);
    printf("# %s: %d positions, %d moves compared, %d perft(2) equal\n", p->defined,
           cfg.positions, compared, perfts);
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: %s DEFS_DIR PERFT_DIR MAX_NODES POSITIONS SEED\n", argv[0]);
        return 2;
    }
    cfg.defs = gt_load_dir(argv[1]);
    cfg.perft_dir = argv[2];
    cfg.max_nodes = strtoull(argv[3], NULL, 10);
    cfg.positions = atoi(argv[4]);
    cfg.seed = strtoull(argv[5], NULL, 10);
    TCase *tc = one_case("defined-vs-builtin", "engines", 3600);
    if (cfg.max_nodes)
        tcase_add_loop_test(tc, reference_rows, 0, NPAIRS);
    if (cfg.positions)
        tcase_add_loop_test(tc, random_positions, 0, NPAIRS);
    int failed = run_cases();
    bg_variant_set_free(cfg.defs);
    return failed ? 1 : 0;
}
