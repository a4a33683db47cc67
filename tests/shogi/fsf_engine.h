/* Fairy-Stockfish driven over USI through pipes, with a timeout on every answer so that tests never hang. */
#ifndef TEST_FSF_ENGINE_H
#define TEST_FSF_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef struct fsf_engine {
    pid_t pid;
    int to_engine, from_engine;
    char buf[1 << 16];
    size_t len;
    int timeout_ms;  /* for each line of an answer */
    char error[256]; /* why the last call failed */
} fsf_engine;

/*
** Start `path` in USI mode with UCI_Variant = variant, after loading variant_path (a variants.ini
** file; NULL = built-in variants only). 0, or -1 with e->error set.
*/
int fsf_start(fsf_engine *e, const char *path, const char *variant, const char *variant_path,
              int timeout_ms);
/*
** "position sfen SFEN [moves MOVES]" + "go perft DEPTH". With depth 1, fills up to cap moves
** (USI text, sorted). Returns the total node count, or -1.
*/
int64_t fsf_perft(fsf_engine *e, const char *sfen, const char *moves, int depth, char (*out)[8],
                  size_t cap, int *nout);
void fsf_stop(fsf_engine *e);

#endif
