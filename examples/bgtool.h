/* bgtool — declarations shared by the command files of the command-line example (spec/CLI.md). */
#ifndef BGTOOL_H
#define BGTOOL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <boardgames/boardgames.h>

/* Exit statuses of spec/CLI.md: 0 success, 2 bad usage or bad input. */
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
    const char *claim;         /* play --claim REASON: claimed after the moves */
    unsigned parse_flags;      /* BG_PARSE_LENIENT with --lenient */
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

#endif
