/* bgserver — declarations shared by the files of the TCP server example (docs/bgserver.md). */
#ifndef BGSERVER_H
#define BGSERVER_H

#include <stddef.h>
#include <stdint.h>

#include <boardgames/boardgames.h>

/* Limits against hostile or careless clients; every one can be changed by a flag. */
typedef struct bgs_limits {
    size_t max_line;        /* bytes in one request line (newline excluded) */
    size_t max_output;      /* bytes of replies one connection may have waiting */
    int max_games_per_conn; /* games one connection may hold at once */
    long max_games;         /* games of all connections together */
    int max_conns;          /* open client connections */
    int max_plies;          /* plies in one game (bounds the memory of a game) */
    int idle_timeout;       /* seconds without traffic before a connection is closed; 0 = never */
} bgs_limits;

/* One game a connection holds, under the id the connection was given for it. */
typedef struct bgs_game {
    uint32_t id;
    bg_game *game;
} bgs_game;

/* A client connection: its socket, its buffers and the games it owns. */
typedef struct bgs_conn {
    int fd;
    struct bgs_conn *prev, *next; /* the server's list, least recently active first */
    double last_active;           /* monotonic seconds of the last traffic */
    unsigned events;              /* epoll events registered now */

    char *in;       /* received bytes not processed yet: at most one partial line after a pump */
    size_t in_len, in_cap;
    int discarding; /* dropping the rest of an overlong line up to its newline */

    char *out;      /* replies not written yet: bytes out_off..out_len */
    size_t out_off, out_len, out_cap;

    bgs_game *games;
    int ngames, games_cap;
    uint32_t next_id;

    int read_eof;   /* the client sent EOF: finish the buffered lines, flush, close */
    int closing;    /* quit, overflow or a fatal error: flush what is there (or not), then close */
    int broken;     /* the socket failed or the output overflowed: close without flushing */
} bgs_conn;

/* Counters reported by the `stats` command and at shutdown. */
typedef struct bgs_stats {
    uint64_t accepted, refused, requests, errors, moves, games_created;
    int peak_conns;
    long peak_games;
} bgs_stats;

typedef struct bgs_server {
    bgs_limits lim;
    int admin;           /* the `shutdown` command is allowed */
    int epfd, lfd;
    int spare_fd;        /* kept open to be released when accept() hits the descriptor limit */
    bgs_conn *head, *tail;
    int nconns;
    long ngames;
    int stop;            /* leave the event loop */
    double now;          /* monotonic seconds, updated once per loop turn */
    bg_move *moves;      /* scratch for legal move lists: the largest bg_variant_max_moves() */
    size_t moves_cap;
    bgs_stats stats;
} bgs_server;

/* bgserver_conn.c — connection life, buffers, reading and writing. */
bgs_conn *bgs_conn_new(bgs_server *s, int fd);
void bgs_conn_free(bgs_server *s, bgs_conn *c);
/* Handle readiness of the socket (epoll events); may free c. */
void bgs_conn_event(bgs_server *s, bgs_conn *c, uint32_t events);
/* Write what the socket takes now (never blocks); a failed socket marks the connection broken. */
void bgs_conn_flush(bgs_server *s, bgs_conn *c);
/* Append reply bytes; on overflow of lim.max_output or no memory the connection is marked broken. */
void bgs_out(bgs_server *s, bgs_conn *c, const char *data, size_t len);
void bgs_outf(bgs_server *s, bgs_conn *c, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Room for n more reply bytes (written by the caller, then committed with bgs_out_commit); NULL = broken. */
char *bgs_out_reserve(bgs_server *s, bgs_conn *c, size_t n);
void bgs_out_commit(bgs_conn *c, size_t n);
/* Mark activity: the connection becomes the most recently active one. */
void bgs_conn_touch(bgs_server *s, bgs_conn *c);

/* bgserver_proto.c — one request line (NUL-terminated, newline removed) into one reply line. */
void bgs_request(bgs_server *s, bgs_conn *c, char *line, size_t len);
/* The reply for an error: "err CODE OFFSET message\n" (message sanitised to one line). */
void bgs_err(bgs_server *s, bgs_conn *c, const char *code, size_t offset, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* bgserver_cmds.c — the commands that work on games. The tokens of a request: */
typedef struct bgs_args {
    int n;               /* tokens, the command word included; a `rest` argument is one token */
    const char *tok[8];
    size_t off[8];       /* byte offset of each token in the line */
} bgs_args;

typedef void (*bgs_handler)(bgs_server *s, bgs_conn *c, const bgs_args *a);

void bgs_cmd_new(bgs_server *s, bgs_conn *c, const bgs_args *a);
void bgs_cmd_load(bgs_server *s, bgs_conn *c, const bgs_args *a);
void bgs_cmd_import(bgs_server *s, bgs_conn *c, const bgs_args *a);
void bgs_cmd_play(bgs_server *s, bgs_conn *c, const bgs_args *a);
void bgs_cmd_moves(bgs_server *s, bgs_conn *c, const bgs_args *a);
void bgs_cmd_position(bgs_server *s, bgs_conn *c, const bgs_args *a);
void bgs_cmd_result(bgs_server *s, bgs_conn *c, const bgs_args *a);
void bgs_cmd_undo(bgs_server *s, bgs_conn *c, const bgs_args *a);
void bgs_cmd_claim(bgs_server *s, bgs_conn *c, const bgs_args *a);
void bgs_cmd_resign(bgs_server *s, bgs_conn *c, const bgs_args *a);
void bgs_cmd_draw(bgs_server *s, bgs_conn *c, const bgs_args *a);
void bgs_cmd_export(bgs_server *s, bgs_conn *c, const bgs_args *a);
void bgs_cmd_free(bgs_server *s, bgs_conn *c, const bgs_args *a);
void bgs_cmd_games(bgs_server *s, bgs_conn *c, const bgs_args *a);

/* Free every game of a connection (at close). */
void bgs_games_free(bgs_server *s, bgs_conn *c);
/* The error code word of a library status ("illegal-move", ...). */
const char *bgs_status_code(int status);

#endif
