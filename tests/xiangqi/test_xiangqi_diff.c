/*
** Differential test against Debian's Fairy-Stockfish: positions from random games must have the
** same legal moves (as `uci` text) in the library and in `go perft 1`. Every position also goes
** through FEN write/read (same text, same hash) and every move through uci and ICCS format/parse.
** Usage: test_xiangqi_diff VARIANT POSITIONS SEED [VARIANT_INI]
*/
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "diff_util.h"

/* Fairy-Stockfish, found by main (the test skips without it). */
static const char *fsf_path;
#define CHUNK 250
#define MAX_PLIES 300

static diff_run run;
static const char *ini; /* Fairy-Stockfish's definition of the variant, or NULL: built in */

/* Our legal moves as sorted uci strings, plus notation round trips on each. */
static int our_moves(const bg_position *pos, char (*out)[8], bg_move *legal, const char *fen)
{
    int n = bg_position_legal_moves(pos, legal, 512);
    ck_assert_msg(n >= 0 && n <= bg_variant_max_moves(bg_position_variant(pos)),
                  "move count %d out of range [%s]", n, fen);
    for (int i = 0; i < n; i++) {
        char iccs[16];
        int len = fx_move_round_trip(pos, legal[i], "uci", out[i], 8, fen);
        ck_assert_msg(len >= 4, "uci text '%s' too short [%s]", out[i], fen);
        len = fx_move_round_trip(pos, legal[i], "iccs", iccs, sizeof iccs, fen);
        ck_assert_msg(len == 4, "iccs text of %s is '%s' [%s]", out[i], iccs, fen);
    }
    qsort(out, (size_t)n, sizeof out[0], diff_by_text);
    return n;
}

START_TEST(random_games)
{
    const bg_variant *v = bg_variant_find(run.variant);
    ck_assert_msg(v != NULL, "variant %s not found", run.variant);
    uci_engine engine;
    ck_assert_msg(uci_open(&engine, fsf_path, 0, ini, run.variant, 20000) == 0,
                  "cannot start fairy-stockfish: %s", engine.error);
    uint64_t rng = diff_chunk_rng(run.seed, _i);
    int todo = diff_chunk_todo(run.positions, _i, CHUNK);
    bg_position *pos = NULL;
    int plies = MAX_PLIES;
    static char ours[512][8];
    static uci_move_count theirs[512];
    long compared = 0;
    bg_move legal[512];
    for (int done = 0; done < todo; done++) {
        if (plies >= MAX_PLIES) {
            bg_position_free(pos);
            ck_assert_int_eq(bg_position_new(&pos, v, NULL, NULL, NULL), BG_OK);
            plies = 0;
        }
        char fen[256], fsf_fen[256], what[64];
        diff_check_fen(v, pos, NULL, fen, sizeof fen);
        diff_fresh_counters(fen, fsf_fen, sizeof fsf_fen);
        int n = our_moves(pos, ours, legal, fen);
        int m = uci_perft(&engine, fsf_fen, NULL, 1, theirs, 512, NULL);
        ck_assert_msg(m >= 0, "fairy-stockfish failed: %s [%s]", engine.error, fsf_fen);
        const char *d = diff_first(ours, n, theirs, m, what, sizeof what);
        ck_assert_msg(!d, "position %d [%s]: %s", _i * CHUNK + done, fen, d);
        compared += n;
        if (n == 0) {
            plies = MAX_PLIES;
            continue;
        }
        bg_move pick = legal[xorshift64(&rng) % (uint64_t)n];
        ck_assert_int_eq(bg_position_play(pos, pick), BG_OK);
        plies++;
    }
    printf("# chunk %d: %d positions, %ld legal moves compared\n", _i, todo, compared);
    bg_position_free(pos);
    uci_stop(&engine);
}
END_TEST

int main(int argc, char **argv)
{
    fsf_path = diff_start(argc, argv, "VARIANT POSITIONS SEED [VARIANT_INI]", &run);
    if (!fsf_path)
        return 2;
    ini = argc > 4 ? argv[4] : NULL;
    return loop_run("xiangqi-diff", run.variant, random_games, diff_chunks(&run, CHUNK));
}
