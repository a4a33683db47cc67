/* libboardgames — PGN internals shared by the reader's and the writer's files: text buffers, lexer, reader state, dialects. */
#ifndef BG_PGN_H
#define BG_PGN_H

#include "internal.h"
#include "record_text.h"

/* Growable NUL-terminated byte buffer on a handle's allocator. */
typedef struct pgn_buf {
    char *p;
    size_t len, cap;
    const bgi_alloc *a;
} pgn_buf;

BGI_FUNC void bgi_pgnbuf_init(pgn_buf *b, const bgi_alloc *a);
BGI_FUNC void bgi_pgnbuf_free(pgn_buf *b);
BGI_FUNC bg_status bgi_pgnbuf_add(pgn_buf *b, const char *s, size_t n);
BGI_FUNC bg_status bgi_pgnbuf_addc(pgn_buf *b, char c);
/*
** Append text as UTF-8: kept as is when it is valid UTF-8, otherwise every byte >= 0x80 is read
** as Latin-1 (what old PGN files contain).
*/
BGI_FUNC bg_status bgi_pgnbuf_add_text(pgn_buf *b, const char *s, size_t n);
/* Replace line breaks and tabs by spaces and trim both ends, in place. */
BGI_FUNC void bgi_pgn_flatten(pgn_buf *b);
/* The value of key in "key\0value\0" pairs (the tags read so far): the last one, or the first. */
BGI_FUNC const char *bgi_pgn_pairs_find(const pgn_buf *pairs, const char *key, int last);
/* Whether v is one of a NULL-terminated list, compared by bgi_same_nocase (record_text.h). */
BGI_FUNC int bgi_name_in(const char *v, const char *const *list);

/*
** Comments of one ply waiting for the game (.gib, .skr): several in a row become one, separated
** by a space, and reach the game once per ply, so that a long run of them costs linear time.
*/
typedef struct pgn_note {
    pgn_buf text;
    int ply, open; /* open: a comment (maybe empty) waits for ply */
    size_t at;     /* offset of its first part */
} pgn_note;

BGI_FUNC void bgi_pgn_note_init(pgn_note *n, const bgi_alloc *a);
BGI_FUNC void bgi_pgn_note_free(pgn_note *n);
/* Give the waiting comment to g (BG_OK when none waits); else bg_game_set_comment's status. */
BGI_FUNC bg_status bgi_pgn_note_flush(pgn_note *n, bg_game *g);
/* Add s[0..len) as a comment of ply (one of another ply waiting goes to g first). */
BGI_FUNC bg_status bgi_pgn_note_add(pgn_note *n, bg_game *g, int ply, size_t at, const char *s,
                                    size_t len);

/* ---------- lexer over the reader's NUL-terminated copy (pgn_lex.c) ---------- */

typedef struct pgn_lex {
    const char *d;
    size_t len;
    size_t i;   /* cursor */
    int nested; /* lenient: '{' ... '}' pairs inside a comment stay in it */
} pgn_lex;

/* Whether offset i starts a line (after a byte-order mark counts too). */
BGI_FUNC int bgi_pgn_line_start(const pgn_lex *lx, size_t i);
/* Skip white space and '%' escape lines. */
BGI_FUNC void bgi_pgn_skip_space(pgn_lex *lx);
/* Length of a symbol token at the cursor (letters, digits, _ + # = : - /), 0 if none. */
BGI_FUNC size_t bgi_pgn_symbol_len(const pgn_lex *lx);
/* The lexer's byte classes (pgn_lex.c): white space, symbol start and symbol bytes, tag names. */
enum { PGN_SPACE = 1, PGN_SYM_START = 2, PGN_SYM = 4, PGN_NAME = 8, /* tag names: [A-Za-z0-9_] */
       PGN_WORD = PGN_SYM_START | PGN_SYM | PGN_NAME };
extern const unsigned char bgi_pgn_byte_class[256] __attribute__((visibility("hidden")));
/* Result token ("1-0", "0-1", "1/2-1/2", "*") of length n at s: 1 if it is one. */
BGI_FUNC int bgi_pgn_is_result(const char *s, size_t n);
/*
** Read a comment at the cursor ('{...}' or ';...' to the end of the line) into out (raw bytes,
** converted to UTF-8, flattened). Returns BG_OK, or BG_E_PARSE for an unterminated '{' with the
** cursor left on it.
*/
BGI_FUNC bg_status bgi_pgn_comment(pgn_lex *lx, pgn_buf *out);
/*
** Read a variation '( ... )' at the cursor as flat text without the outer parentheses: ';'
** comments become '{...}', line breaks become spaces. BG_E_LIMIT beyond the nesting limit,
** BG_E_PARSE when unterminated; *fault is then the offending offset.
*/
BGI_FUNC bg_status bgi_pgn_variation(pgn_lex *lx, pgn_buf *out, size_t *fault);
/* The same, only skipped (BG_RECORD_MOVES_ONLY): nothing is kept, the same errors are found. */
BGI_FUNC bg_status bgi_pgn_skip_comment(pgn_lex *lx);
BGI_FUNC bg_status bgi_pgn_skip_variation(pgn_lex *lx, size_t *fault);
/* Skip the rest of a game after an error: remaining tags (if in_tags), then its movetext. */
BGI_FUNC void bgi_pgn_skip_game(pgn_lex *lx, int in_tags);

/* ---------- the reader of one game (pgn_read.c, pgn_tags.c) ---------- */

typedef struct pgn_dialect pgn_dialect;

typedef struct pgn_ctx {
    bg_record_reader *rd;
    const pgn_dialect *dialect;
    const char *notation; /* move notation of this game (dialects that choose one), NULL = any */
    pgn_lex lx;
    bg_game *g;
    pgn_buf tags; /* "key\0value\0" pairs in file order */
    pgn_buf note; /* comments of ply note_ply not yet given to the game */
    int note_ply;
    pgn_buf tmp;
    size_t fen_off;
    int in_tags;
    int tag_lines; /* tag pairs read for this game */
    int moves_only; /* BG_RECORD_MOVES_ONLY: comments, NAGs and variations are skipped */
    unsigned dialect_state; /* the dialect's own facts about this game (0 at its start) */
    bg_error *err;
} pgn_ctx;

/*
** Fill the caller's error with where the fault is: game index, ply (0 = none), line, offset
** (lines counted from the reader's position, or from off when it lies before it).
*/
#define bgi_pgn_fail(c, code, off, ply, ...)                                                     \
    bgi_record_failf((c)->rd, (c)->err, (c)->lx.d, (c)->rd->pos <= (off) ? (c)->rd->pos : (off), \
                     (c)->rd->line, code, off, ply, __VA_ARGS__)
BGI_FUNC bg_status bgi_pgn_no_memory(pgn_ctx *c);
/* A '{...}' or ';...' comment at the cursor, kept for ply. */
BGI_FUNC bg_status bgi_pgn_read_comment(pgn_ctx *c, int ply);
/* Give the comments gathered for the last ply to the game (pgn_comment.c). */
BGI_FUNC bg_status bgi_pgn_flush_comment(pgn_ctx *c);
/* Tag pairs and the comments around them, then the game handle they describe. */
BGI_FUNC bg_status bgi_pgn_read_tags(pgn_ctx *c);
BGI_FUNC bg_status bgi_pgn_make_game(pgn_ctx *c);
/* Value of the last tag named key, or NULL. */
BGI_FUNC const char *bgi_pgn_find_tag(const pgn_ctx *c, const char *key);
/* Give every tag read to the new game c->g. */
BGI_FUNC bg_status bgi_pgn_keep_tags(pgn_ctx *c);
/*
** The game of the variant read (the dialects whose tags need no more than that): from fen, the FEN
** tag, read leniently (NULL: the start position), then with every tag read; an error points into fen.
*/
BGI_FUNC bg_status bgi_pgn_game_from_fen(pgn_ctx *c, const char *fen);

/*
** What differs between PGN dialects (chess; xiangqi with its [Game] and [Format] tags): the game
** the tags describe, how long a move token at the cursor is, reading that move, and what is done
** with a game read to its end (or NULL). The rest (tags, comments, NAGs, variations, results,
** errors, recovery) is shared.
*/
struct pgn_dialect {
    bg_status (*make_game)(pgn_ctx *c);
    size_t (*token_len)(const pgn_lex *lx);
    bg_status (*play)(pgn_ctx *c, size_t at, size_t n);
    bg_status (*finish)(pgn_ctx *c);
};

/* Read the next game of rd in a dialect (bgi_pgn_read_next is this with chess). */
BGI_FUNC bg_status bgi_pgn_read_with(bg_record_reader *rd, const pgn_dialect *d, bg_game **game,
                                     bg_error *err);

/* ---------- the writer (pgn_write.c) ---------- */

/*
** What differs between PGN dialects when writing: the roster's side names, the tags the dialect
** writes itself (not copied from the game), the tags before the roster and after the game's own,
** the move notation and its name, and a dialect's form of a move. The rest (roster, tag escaping,
** NAGs, comments, variations, move numbers, lines under 80 bytes, no '%' line start) is shared.
*/
typedef struct pgn_write_dialect {
    const char *const *roster;   /* the Seven Tag Roster, 7 names */
    const char *const *own_tags; /* NULL-terminated */
    const bgi_notation *(*notation)(const bg_game *g, const char **name);
    void (*head_tags)(bgi_out *o, const bg_game *g); /* or NULL */
    void (*tail_tags)(bgi_out *o, const bg_game *g, const char *notation_name);
    /* Rewrite a formatted move (k bytes, buffer cap) in place; its new length. Or NULL. */
    int (*move_text)(const bg_variant *v, const bgi_notation *nt, char *mv, int k, size_t cap);
    int keep_number; /* a move number stays on the line of its move */
} pgn_write_dialect;

/* One tag pair line, the value escaped. */
BGI_FUNC void bgi_pgn_tag(bgi_out *o, const char *key, const char *value);
/* Write a game in a dialect (bgi_pgn_write is this with chess). */
BGI_FUNC int bgi_pgn_write_with(const bg_game *g, const pgn_write_dialect *d, char *buf,
                                size_t cap);

#endif
