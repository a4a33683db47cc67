/* A UCI or USI engine (Stockfish, Fairy-Stockfish) driven through pipes for differential tests; every answer line has a timeout. */
#ifndef TEST_UCI_ENGINE_H
#define TEST_UCI_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef struct uci_engine {
    pid_t pid;
    int to_engine;   /* its stdin */
    int from_engine; /* its stdout */
    int usi;         /* USI dialect: "usi"/"usiok", "position sfen" */
    char buf[1 << 16];
    size_t len;
    int timeout_ms;  /* for each line of an answer */
    char error[512]; /* why the last call failed */
} uci_engine;

typedef struct uci_move_count {
    char move[16]; /* as the engine writes it: "e2e4", "e7e8q", "a10a9", "P*5e", "7g7f+" */
    uint64_t count;
} uci_move_count;

/*
** Start `path` with the extra arguments `args` (NULL-terminated, or NULL) and finish the
** "uci"/"uciok" handshake ("usi"/"usiok" when usi is set). SIGPIPE is ignored from then on, so
** that a dying engine shows up as a failed write. 0, or -1 with e->error set; call uci_stop
** either way.
*/
int uci_start(uci_engine *e, const char *path, const char *const *args, int usi, int timeout_ms);
/* "setoption name NAME value VALUE" (UCI_Variant, VariantPath, UCI_Chess960...). 0 or -1. */
int uci_set_option(uci_engine *e, const char *name, const char *value);
/* "isready", then wait for "readyok": the options above are taken. 0 or -1. */
int uci_ready(uci_engine *e);
/*
** uci_start without arguments, then VariantPath (if not NULL), UCI_Variant (if not NULL) and
** uci_ready: the usual Fairy-Stockfish start. 0, or -1 with e->error set and the engine stopped.
*/
int uci_open(uci_engine *e, const char *path, int usi, const char *variant_path,
             const char *variant, int timeout_ms);
/*
** "position fen TEXT [moves MOVES]" ("position sfen" in USI) + "go perft DEPTH". Fills out (if
** not NULL) with the root moves and their counts sorted by move text, fails if there are more
** than cap. Checks that the engine's total equals the sum of its lines, stores the total in
** *total if not NULL. Returns the number of root moves, or -1.
*/
int uci_perft(uci_engine *e, const char *position, const char *moves, int depth,
              uci_move_count *out, size_t cap, uint64_t *total);
/*
** Send `cmd` (lines without the last newline), then "isready"; the rest of the first answer line
** starting with `prefix` goes to out (Fairy-Stockfish's "d" and its "Fen: " line), and every line
** up to "readyok" is read. 0, or -1 when no such line came.
*/
int uci_ask(uci_engine *e, const char *cmd, const char *prefix, char *out, size_t cap);
/*
** Where the engine NAME ("stockfish", "fairy-stockfish") is: the environment variable ENV
** (BG_STOCKFISH, BG_FAIRY_STOCKFISH) when it is set (empty: as if absent), else NAME on PATH, else
** /usr/games/NAME (where Debian installs it, outside root's PATH). An executable's path, or NULL.
*/
const char *uci_find_engine(const char *name, const char *env);
/*
** The path of uci_find_engine, or, when the engine is absent, the TAP plan "1..0 # SKIP <why>"
** on stdout (meson counts the test as skipped), the reason on stderr, and exit(0): a
** differential test without its peer engine skips instead of failing. .ci/run counts a skip as
** a failure, so CI (which installs the engines) never skips.
*/
const char *uci_engine_or_skip(const char *name, const char *env);
/* "quit", then wait; kills the process if it does not leave within 2 s. Safe to call twice. */
void uci_stop(uci_engine *e);

#endif
