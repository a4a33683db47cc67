/* Fairy-Stockfish driven through pipes for differential tests: variant setup and `go perft 1` move lists. */
#ifndef TEST_XQ_FSF_H
#define TEST_XQ_FSF_H

#include <stddef.h>
#include <sys/types.h>

typedef struct fsf {
    pid_t pid;
    int to, from;       /* its stdin, its stdout */
    char buf[1 << 16];
    size_t len;
    int timeout_ms;     /* for each line of an answer */
    char error[512];    /* why the last call failed */
} fsf;

/*
** Start `path`, load `ini` (a VariantPath file, or NULL), select `variant`. 0, or -1 with
** f->error set (e.g. the program is missing).
*/
int fsf_start(fsf *f, const char *path, const char *variant, const char *ini, int timeout_ms);
/*
** Legal moves of the position as the engine lists them for `go perft 1`, written into moves as
** NUL-separated strings sorted by strcmp (cap bytes). Returns the count or -1.
*/
int fsf_moves(fsf *f, const char *fen, char *moves, size_t cap);
/* Total of `go perft depth`, or -1. */
long long fsf_perft(fsf *f, const char *fen, int depth);
void fsf_stop(fsf *f);

#endif
