/* libboardgames — helpers shared by the chess move notations (UCI, SAN, LAN) and PGN. */
#ifndef BG_CHESS_TEXT_H
#define BG_CHESS_TEXT_H

#include "internal.h"

/* Legal moves of a position, on the stack (BGI_MAX_MOVES entries). */
typedef struct bgi_movelist {
    int n;
    bg_move m[BGI_MAX_MOVES];
} bgi_movelist;

BGI_FUNC void bgi_ct_moves(const bg_position *pos, bgi_movelist *ml);
/* BG_FLAG_* of a move already known to be legal (no second legality check). */
BGI_FUNC unsigned bgi_ct_flags(const bg_position *pos, bg_move m);

/* "e4": file letter then 1-based rank number; returns the length written into out (>= 4 bytes). */
BGI_FUNC int bgi_ct_square_text(const bg_variant *v, int sq, char *out);
/* File index of a lowercase file letter, or -1. */
BGI_FUNC int bgi_ct_file(const bg_variant *v, char c);
/* Reads a 1-based rank number at s; returns the digits consumed (0 if none or out of range). */
BGI_FUNC int bgi_ct_rank(const bg_variant *v, const char *s, int *rank);
/* Reads a square ("e4") at s; returns the bytes consumed or 0. */
BGI_FUNC int bgi_ct_square(const bg_variant *v, const char *s, int *sq);

/* Piece kind of an uppercase letter (as in the variant's letters), or 0. */
BGI_FUNC int bgi_ct_kind_of_letter(const bg_variant *v, char c);
/* Uppercase letter of a kind. */
BGI_FUNC char bgi_ct_letter(const bg_variant *v, int kind);
/* Kind of the piece on a square (0 if empty). */
BGI_FUNC int bgi_ct_kind_at(const bg_position *pos, int sq);

/* Whether the position uses Chess960 castling notation (the "chess960" option is on). */
BGI_FUNC int bgi_ct_chess960(const bg_position *pos);
/* Whether m is castling: the king moving onto a piece of its own side (its rook). */
BGI_FUNC int bgi_ct_is_castle(const bg_position *pos, bg_move m);
/* 1 for castling toward the h-file (O-O), 2 toward the a-file (O-O-O); m must be castling. */
BGI_FUNC int bgi_ct_castle_side(bg_move m);
/* Square the king ends on after castling m (g- or c-file of its rank). */
BGI_FUNC int bgi_ct_castle_king_to(const bg_variant *v, bg_move m);
/* The castling move of ml whose king goes from `from` to `king_to`, or BG_MOVE_NONE. */
BGI_FUNC bg_move bgi_ct_castle_by_squares(const bg_position *pos, const bgi_movelist *ml, int from,
                                          int king_to);

/* Length of an annotation suffix ("!", "?", "!!", "??", "!?", "?!") at s, or 0. */
BGI_FUNC int bgi_ct_annotation(const char *s);
/* NAG number of an annotation suffix of length n (1..6), or 0. */
BGI_FUNC int bgi_ct_annotation_nag(const char *s, int n);

#endif
