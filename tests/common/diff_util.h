/* What the xiangqi and janggi differential tests share: the random sequence and chunks, FEN round trip, move-list comparison (the Check runner: loop_run.h). */
#ifndef TEST_DIFF_UTIL_H
#define TEST_DIFF_UTIL_H

#include <check.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "check_main.h"
#include "fixtures.h"
#include "uci_engine.h"
#include "xorshift.h"

/* A run: the variant, how many positions it compares, its seed (the program's first arguments). */
typedef struct diff_run {
    const char *variant;
    int positions;
    uint64_t seed;
} diff_run;

/*
** Reads VARIANT POSITIONS SEED from the arguments into run and finds Fairy-Stockfish (the test
** skips without it); returns its path, NULL after printing the usage when an argument is missing.
*/
static inline const char *diff_start(int argc, char **argv, const char *usage, diff_run *run)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s %s\n", argv[0], usage);
        return NULL;
    }
    run->variant = argv[1];
    run->positions = atoi(argv[2]);
    run->seed = strtoull(argv[3], NULL, 10);
    return uci_engine_or_skip("fairy-stockfish", "BG_FAIRY_STOCKFISH");
}

/* The number of loop tests (chunks of `size` positions) of a run. */
static inline int diff_chunks(const diff_run *run, int size) { return (run->positions + size - 1) / size; }

/* The random sequence of loop test `chunk` of a run seeded `seed`: its own for each chunk. */
static inline uint64_t diff_chunk_rng(uint64_t seed, int chunk)
{
    return seed * 0x9e3779b97f4a7c15ULL + (uint64_t)chunk * 0x2545f4914f6cdd1dULL + 1;
}

/* How many of the run's positions loop test `chunk` compares, `size` at the most. */
static inline int diff_chunk_todo(int positions, int chunk, int size)
{
    int todo = positions - chunk * size;
    return todo > size ? size : todo;
}

/* qsort order of char[8] move texts. */
static inline int diff_by_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The FEN with fresh counters: the engine's move-rule bookkeeping is not under test. */
static inline void diff_fresh_counters(const char *fen, char *out, size_t cap)
{
    const char *side_end = strchr(strchr(fen, ' ') + 1, ' ');
    snprintf(out, cap, "%.*s - - 0 1", (int)(side_end - fen), fen);
}

/* Writes the position's FEN into fen; read back (with options) it gives the same text and hash. */
static inline void diff_check_fen(const bg_variant *v, const bg_position *pos, const char *options,
                                  char *fen, size_t cap)
{
    int len = bg_position_text(pos, NULL, fen, cap);
    ck_assert_int_gt(len, 0);
    bg_position *back = NULL;
    bg_error e = BG_ERROR_INIT;
    ck_assert_msg(bg_position_from_text(&back, v, fen, NULL, options, 0, NULL, &e) == BG_OK,
                  "our own FEN is refused: %s [%s]", e.message, fen);
    char again[256];
    bg_position_text(back, NULL, again, sizeof again);
    ck_assert_msg(strcmp(fen, again) == 0, "FEN round trip %s -> %s", fen, again);
    ck_assert_msg(bg_position_hash(back) == bg_position_hash(pos),
                  "incremental hash %016" PRIx64 " != hash from FEN %016" PRIx64 " [%s]",
                  bg_position_hash(pos), bg_position_hash(back), fen);
    bg_position_free(back);
}

/*
** The first difference of two sorted move lists as "only the library has X" / "only
** fairy-stockfish has X" in what, or NULL when they are equal.
*/
static inline const char *diff_first(char (*ours)[8], int n, const uci_move_count *theirs, int m,
                                     char *what, size_t cap)
{
    for (int i = 0; i < n || i < m; i++) {
        int c = i == n ? 1 : i == m ? -1 : strcmp(ours[i], theirs[i].move);
        if (c != 0) {
            snprintf(what, cap, "only %s has %s", c < 0 ? "the library" : "fairy-stockfish",
                     c < 0 ? ours[i] : theirs[i].move);
            return what;
        }
    }
    return NULL;
}

#endif
