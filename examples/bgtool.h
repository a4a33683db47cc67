/* bgtool — declarations shared by the command files of the command-line example (docs/cli.md). */
#ifndef BGTOOL_H
#define BGTOOL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* bgtool uses the experimental calls too (metadata, pictures). */
#define BG_EXPERIMENTAL
#include <boardgames/boardgames.h>

/* Exit statuses of docs/cli.md: 0 success, 2 bad usage or bad input. */
#define BGT_OK 0
#define BGT_FAIL 2

/* The parsed command line: the flags every command may take, and the positional arguments. */
typedef struct bgt_args {
    const char *command;
    const bg_variant *variant; /* NULL for commands without a VARIANT */
    const char *fen;           /* --fen TEXT, NULL = the variant's start */
    char *options;             /* --option values joined with ';' (malloc'd), NULL = defaults */
    const char *notation;      /* --notation NAME */
    const char *from, *to;     /* convert --from / --to */
    int divide, json, lines;   /* --divide, --json, --lines */
    int jobs;                  /* convert --jobs N (1 by default) */
    int svg;                   /* show --svg */
    const char *picture;       /* show --picture OPTIONS (bg_position_svg options) */
    const char *claim;         /* play --claim REASON: claimed after the moves */
    unsigned parse_flags;      /* BG_PARSE_LENIENT with --lenient */
    int whole_games;           /* --whole-games: a game with a bad move is skipped, not cut */
    char **positional;         /* the remaining arguments, in order */
    int npositional;
    const bg_variant_set *defined; /* variants loaded with --define FILE (NULL if none) */
} bgt_args;

/* The variant with this id: a --define'd one first, then the built-in ones; NULL if none. */
const bg_variant *bgt_find_variant(const bgt_args *a, const char *id);

/* Print "bgtool: <message>" on stderr and return BGT_FAIL, so callers can `return bgt_fail(...)`. */
int bgt_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The most useful text of a bg_error: its message, else the status text. */
const char *bgt_errtext(const bg_error *err, int status);

/* 1 if the variant has this move notation / record format. */
int bgt_has_notation(const bg_variant *v, const char *name);
int bgt_has_record_format(const bg_variant *v, const char *name);

/* The start position the flags ask for (--fen / --option); prints the error itself. */
int bgt_make_position(const bgt_args *a, bg_position **out);
/* A game at that start position; prints the error itself. */
int bgt_make_game(const bgt_args *a, bg_game **out);

/* Format a legal move; writes "?" when the notation cannot show it (never happens for legal moves). */
void bgt_format_move(const bg_position *pos, bg_move m, const char *notation, char *buf, size_t cap);
/* Position text into a malloc'd string (NULL on failure). */
char *bgt_position_text(const bg_position *pos);

/* Write s as a JSON string literal (quotes included), escaping what JSON requires. */
void bgt_json_string(FILE *f, const char *s);

/*
** An input file of convert: a path or stdin ("-"), compressed input (gzip, zstd, bzip2, xz)
** recognised by its magic bytes and decompressed as it is read.
*/
typedef struct bgt_input {
    const char *name;  /* as given, "-" for stdin */
    int fd, stdin_input;
    int regular;       /* a regular file (size known) */
    int seekable;      /* a regular uncompressed file: it can be read in byte ranges */
    uint64_t size;     /* of a regular file */
    const char *compression; /* "gzip", "zstd", "bzip2", "xz" or NULL */
    unsigned char peek[8];
    size_t peek_len, peek_pos;
    void *archive;     /* libarchive reader of compressed input */
    uint64_t bytes_out; /* bytes given to the reader so far */
    char error[160];   /* why a read failed */
    unsigned char block[1 << 16];
} bgt_input;

int bgt_input_open(bgt_input *in, const char *path);
/* bg_read_fn of the record reader: the file's (decompressed) bytes. */
int64_t bgt_input_read(void *user, void *buf, size_t cap);
void bgt_input_close(bgt_input *in);

/* Lines of an input file, one at a time (the line break taken off). */
typedef struct bgt_line_reader {
    bgt_input *in;
    char buf[1 << 16];
    size_t len, pos;
    int eof;
} bgt_line_reader;
/* Length of the next line in *line (malloc'd, NUL-terminated), -1 at the end, -2 on an error. */
long bgt_read_line(bgt_line_reader *lr, char **line, size_t *cap);

/* What convert reads or writes: move notation (a line of moves) or a record format. */
typedef enum { BGT_NOTATION, BGT_RECORD } bgt_kind;
typedef struct bgt_totals {
    long read, skipped, cut; /* cut: read up to a bad move (counted in read too) */
} bgt_totals;
typedef struct bgt_progress {
    int tty, shown;
    double last;
} bgt_progress;
/* One game as convert writes it: a record, or its main line in a notation. */
int bgt_print_game(FILE *out, const bgt_args *a, bgt_kind to, const bg_game *g, long index);
/* The reason of a record error message without its "game G, ply P, line L: " prefix. */
const char *bgt_bare_reason(const char *msg, int *ply);
/* The line "FILE: game N, line L: reason" of a skipped game. */
void bgt_warn_skipped(const char *file, long game, long long line, int ply, const char *reason);
/* The reason of a game read up to a bad move (e: its error), with the plies kept; static buffer. */
const char *bgt_cut_reason(const bg_error *e, const bg_game *g, int *ply);
/* BG_RECORD_* flags for the reader of convert. */
unsigned bgt_reader_flags(const bgt_args *a, bgt_kind to);
/* --jobs N: a seekable file read in byte ranges on N threads, written in file order. */
int bgt_convert_jobs(const bgt_args *a, bgt_input *in, bgt_kind to, bgt_totals *t);

/* Read a whole file (path NULL or "-" = stdin) into a malloc'd NUL-terminated buffer. */
int bgt_read_input(const char *path, char **data, size_t *len);

/* Seconds from a monotonic clock. */
double bgt_now(void);

/* The commands. */
int bgt_cmd_variants(const bgt_args *a);
int bgt_cmd_perft(const bgt_args *a);
int bgt_cmd_moves(const bgt_args *a);
int bgt_cmd_play(const bgt_args *a);
int bgt_cmd_convert(const bgt_args *a);
int bgt_cmd_bench(const bgt_args *a);
int bgt_cmd_show(const bgt_args *a);

#endif
