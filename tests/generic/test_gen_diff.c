/*
** Differential test of the shipped definitions against Debian's Fairy-Stockfish 11.1 (its
** built-in variant of the same name): positions from random games must have the same legal
** moves (uci text) in the library and in `go perft 1`. The one known difference is allowed and
** checked: Fairy-Stockfish lists pawn drops that mate, which shogiPawnDropMateIllegal forbids
** (its own rules only score them as lost): each such move must be a pawn drop after which
** Fairy-Stockfish finds no legal move. Positions also read back from their own text with the
** same hash, and every move parses back from its uci text.
** Usage: test_gen_diff DEFS_DIR VARIANT POSITIONS SEED
*/
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "diff_util.h"
#include "gen_test_util.h"
#include "check_main.h"

/* Fairy-Stockfish, found by main (the test skips without it). */
static const char *fsf_path;
#define CHUNK 250
#define MAX_PLIES 250
#define MAX_MOVES 1024

static struct {
    bg_variant_set *defs;
    const char *variant;
    int positions;
    uint64_t seed;
} cfg;

/* Fairy-Stockfish's name for a definition: generic-chess plays as its "chess", micro shogi as "micro". */
static const char *fsf_name(const char *v)
{
    if (!strcmp(v, "generic-microshogi"))
        return "micro";
    if (!strcmp(v, "generic-judkinsshogi"))
        return "judkins";
    return strncmp(v, "generic-", 8) ? v : v + 8;
}

/* The position text with fresh counters (move rules are not under test): board, side, castling, ep. */
static void fresh(const char *fen, char *out, size_t cap)
{
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", fen);
    char *f[6] = {0};
    int n = 0;
    for (char *p = strtok(tmp, " "); p && n < 6; p = strtok(NULL, " "))
        f[n++] = p;
    if (n >= 4)
        snprintf(out, cap, "%s %s %s %s 0 1", f[0], f[1], f[2], f[3]);
    else
        snprintf(out, cap, "%s", fen);
}

static int ours(const bg_position *pos, char (*out)[8], bg_move *legal, const char *fen)
{
    int n = bg_position_legal_moves(pos, legal, MAX_MOVES);
    ck_assert_msg(n >= 0 && n <= MAX_MOVES, "move count %d [%s]", n, fen);
    for (int i = 0; i < n; i++) {
        int len = fx_move_round_trip(pos, legal[i], "uci", out[i], 8, fen);
        ck_assert_msg(len >= 4, "uci text '%s' too short [%s]", out[i], fen);
    }
    qsort(out, (size_t)n, sizeof out[0], diff_by_text);
    return n;
}

/* A move only Fairy-Stockfish has: allowed if it is a pawn drop that leaves no legal reply. */
static int mating_pawn_drop(uci_engine *engine, const char *fen, const char *move)
{
    uint64_t after = 1;
    if (strncmp(move, "P@", 2))
        return 0;
    if (uci_perft(engine, fen, move, 1, NULL, 0, &after) < 0)
        return 0;
    return after == 0;
}

START_TEST(random_games)
{
    const bg_variant *v = bg_variant_set_find(cfg.defs, cfg.variant);
    ck_assert_msg(v != NULL, "no definition of %s", cfg.variant);
    uci_engine engine;
    ck_assert_msg(uci_open(&engine, fsf_path, 0, NULL, fsf_name(cfg.variant), 20000) == 0,
                  "cannot start fairy-stockfish: %s", engine.error);
    uint64_t rng = diff_chunk_rng(cfg.seed, _i);
    int todo = diff_chunk_todo(cfg.positions, _i, CHUNK);
    bg_position *pos = NULL;
    int plies = MAX_PLIES, surplus = 0;
    static char mine[MAX_MOVES][8];
    static uci_move_count theirs[MAX_MOVES];
    static bg_move legal[MAX_MOVES];
    long compared = 0, fens = 0;
    static char history[MAX_PLIES * 8 + 1];
    for (int done = 0; done < todo; done++) {
        if (plies >= MAX_PLIES) {
            bg_position_free(pos);
            ck_assert_int_eq(bg_position_new(&pos, v, NULL, NULL, NULL), BG_OK);
            plies = 0;
            history[0] = 0;
        }
        char fen[512], fsf_fen[512];
        diff_check_fen(v, pos, NULL, fen, sizeof fen);
        fresh(fen, fsf_fen, sizeof fsf_fen);
        int n = ours(pos, mine, legal, fen);
        int m = uci_perft(&engine, fsf_fen, NULL, 1, theirs, MAX_MOVES, NULL);
        ck_assert_msg(m >= 0, "fairy-stockfish failed: %s [%s]", engine.error, fsf_fen);
        int i = 0, j = 0;
        while (i < n || j < m) {
            int c = i == n ? 1 : j == m ? -1 : strcmp(mine[i], theirs[j].move);
            if (c == 0) {
                i++, j++;
                continue;
            }
            ck_assert_msg(c > 0, "position %d [%s]: only the library has %s", _i * CHUNK + done, fen,
                          mine[i]);
            ck_assert_msg(mating_pawn_drop(&engine, fsf_fen, theirs[j].move),
                          "position %d [%s]: only fairy-stockfish has %s", _i * CHUNK + done, fen,
                          theirs[j].move);
            surplus++;
            j++;
        }
        compared += n;
        /* The whole FEN after the game's moves (counters, en passant, castling, counting) as FSF has it. */
        if (done % 8 == 0) {
            static char cmd[sizeof history + 600];
            char theirs_fen[600];
            snprintf(cmd, sizeof cmd, "position fen %s%s%s\nd", bg_variant_start_text(v),
                     history[0] ? " moves" : "", history);
            ck_assert_msg(uci_ask(&engine, cmd, "Fen: ", theirs_fen, sizeof theirs_fen) == 0, "%s",
                          engine.error);
            ck_assert_msg(!strcmp(fen, theirs_fen), "position %d: FEN %s, fairy-stockfish %s (moves%s)",
                          _i * CHUNK + done, fen, theirs_fen, history);
            fens++;
        }
        if (n == 0) {
            plies = MAX_PLIES;
            continue;
        }
        bg_move pick = legal[xorshift64(&rng) % (uint64_t)n];
        char text[16];
        ck_assert_int_gt(bg_move_format(pos, pick, "uci", text, sizeof text), 0);
        snprintf(history + strlen(history), sizeof history - strlen(history), " %s", text);
        ck_assert_int_eq(bg_position_play(pos, pick), BG_OK);
        plies++;
    }
    printf("# chunk %d: %d positions, %ld legal moves compared, %d mating pawn drops only "
           "fairy-stockfish lists, %ld FENs equal\n", _i, todo, compared, surplus, fens);
    bg_position_free(pos);
    uci_stop(&engine);
}
END_TEST

/* Positions with a mating pawn drop (Fairy-Stockfish's surplus), so that the allowance is exercised. */
static const struct {
    const char *variant, *fen;
    int surplus;
} fixed[] = {
    {"generic-shogi", "8k/9/6N1G/9/9/9/9/9/K8[P] w - - 0 1", 1},
    {"generic-minishogi", "4k/2S2/4G/5/K4[P] w - - 0 1", 1},
    {"euroshogi", "7k/8/5N1G/8/8/8/8/K7[P] w - - 0 1", 1},
};

START_TEST(mating_drops)
{
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) {
        if (strcmp(fixed[k].variant, cfg.variant))
            continue;
        const bg_variant *v = bg_variant_set_find(cfg.defs, cfg.variant);
        uci_engine engine;
        ck_assert_msg(uci_open(&engine, fsf_path, 0, NULL, fsf_name(cfg.variant), 20000) == 0,
                      "cannot start fairy-stockfish: %s", engine.error);
        bg_position *pos = NULL;
        ck_assert_int_eq(bg_position_from_text(&pos, v, fixed[k].fen, NULL, NULL, 0, NULL, NULL), BG_OK);
        static char mine[MAX_MOVES][8];
        static uci_move_count theirs[MAX_MOVES];
        static bg_move legal[MAX_MOVES];
        int n = ours(pos, mine, legal, fixed[k].fen);
        int m = uci_perft(&engine, fixed[k].fen, NULL, 1, theirs, MAX_MOVES, NULL);
        ck_assert_msg(m == n + fixed[k].surplus, "[%s]: %d moves, fairy-stockfish %d", fixed[k].fen, n, m);
        int surplus = 0;
        for (int j = 0, i = 0; j < m; j++) {
            if (i < n && !strcmp(mine[i], theirs[j].move)) {
                i++;
                continue;
            }
            ck_assert_msg(mating_pawn_drop(&engine, fixed[k].fen, theirs[j].move),
                          "[%s]: %s is no mating pawn drop", fixed[k].fen, theirs[j].move);
            surplus++;
        }
        ck_assert_int_eq(surplus, fixed[k].surplus);
        bg_position_free(pos);
        uci_stop(&engine);
    }
}
END_TEST

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s DEFS_DIR VARIANT POSITIONS SEED\n", argv[0]);
        return 2;
    }
    fsf_path = uci_engine_or_skip("fairy-stockfish", "BG_FAIRY_STOCKFISH");
    cfg.defs = gt_load_dir(argv[1]);
    cfg.variant = argv[2];
    cfg.positions = atoi(argv[3]);
    cfg.seed = strtoull(argv[4], NULL, 10);
    TCase *tc = one_case("defined-diff", cfg.variant, 3600);
    tcase_add_test(tc, mating_drops);
    tcase_add_loop_test(tc, random_games, 0, (cfg.positions + CHUNK - 1) / CHUNK);
    int status = run_cases();
    bg_variant_set_free(cfg.defs);
    return status;
}
