/* libboardgames — the shared reader of algebraic move text (SAN and LAN) and its matcher. */
#ifndef BG_SAN_SCAN_H
#define BG_SAN_SCAN_H

#include "chess_text.h"

/* What the text says, before it is matched against the legal moves. */
typedef struct bgi_san_text {
    int castle;               /* 0, 1 = O-O, 2 = O-O-O */
    int kind;                 /* piece letter written (0 = none: a pawn) */
    int from_file, from_rank; /* disambiguation or origin square; -1 = not written */
    char sep;                 /* 0, 'x', '-' or ':' between origin and target */
    int to;                   /* target square */
    int promo;                /* promotion kind written, 0 = none */
    int ep;                   /* "e.p." written */
    char check;               /* 0, '+' or '#' ("++" reads as '#') */
    size_t off_from, off_sep, off_to, off_promo, off_ep, off_check;
} bgi_san_text;

/* Style of the text: standard algebraic or long algebraic. */
enum { BGI_SAN = 0, BGI_LAN = 1 };

/*
** Read the text; strict mode (flags without BG_PARSE_LENIENT) rejects the forms only lenient mode
** accepts (e.p., "++", lowercase or '='-less promotion, ':' for captures, lowercase castling,
** '-' between squares in SAN). BG_E_PARSE with err->offset at the fault.
*/
BGI_FUNC bg_status bgi_san_scan(const bg_variant *v, const char *text, int style, unsigned flags,
                                bgi_san_text *t, bg_error *err);
/* Find the one legal move the text names, with the strict checks of the style. */
BGI_FUNC bg_status bgi_san_match(const bg_position *pos, const char *text, const bgi_san_text *t,
                                 int style, unsigned flags, bg_move *out, bg_error *err);
/* Format a legal move in the style. */
BGI_FUNC int bgi_san_write(const bg_position *pos, bg_move m, int style, char *buf, size_t cap);
/* The same, given the position's legal moves (no generation). */
BGI_FUNC int bgi_san_write_in(const bgi_legal *legal, bg_move m, int style, char *buf, size_t cap);

#endif
