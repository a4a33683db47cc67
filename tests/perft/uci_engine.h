/* A UCI engine (Stockfish) driven through pipes, with a timeout on every answer so that tests never hang. */
#ifndef TEST_UCI_ENGINE_H
#define TEST_UCI_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef struct uci_engine {
    pid_t pid;
    int to_engine;   /* its stdin */
    int from_engine; /* its stdout */
    char buf[1 << 16];
    size_t len;
    int timeout_ms;  /* for each line of an answer */
    char error[256]; /* why the last call failed */
} uci_engine;

typedef struct uci_move_count {
    char move[8]; /* "e2e4", "e7e8q" */
    uint64_t count;
} uci_move_count;

/* Start `path` and finish the "uci"/"isready" handshake; chess960 sets UCI_Chess960. 0 or -1. */
int uci_start(uci_engine *e, const char *path, int chess960, int timeout_ms);
/* "position fen FEN" + "go perft DEPTH": fills up to cap moves (sorted by text); count or -1. */
int uci_perft(uci_engine *e, const char *fen, int depth, uci_move_count *out, size_t cap);
/* "quit", then wait; kills the process if it does not leave in time. */
void uci_stop(uci_engine *e);

#endif
