/* libboardgames — variants: the catalogue of games, their geometry, sides, pieces, notations and options. */
#ifndef BOARDGAMES_VARIANT_H
#define BOARDGAMES_VARIANT_H

#include <boardgames/base.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
** A variant is immutable data: pointers to a built-in one stay valid for the life of the process,
** to a defined one (boardgames/define.h) until its bg_variant_set is freed.
*/
typedef struct bg_variant bg_variant;

/*
** Largest board and side count any built-in variant uses; their squares are numbered below
** BG_MAX_SQUARES. Variants defined from text (boardgames/define.h) may be larger: up to
** BG_MAX_DEFINED_FILES x BG_MAX_DEFINED_RANKS.
*/
#define BG_MAX_FILES 19
#define BG_MAX_RANKS 19
#define BG_MAX_SQUARES (BG_MAX_FILES * BG_MAX_RANKS)
#define BG_MAX_SIDES 7

/* Number of variants, and the i-th (0-based, stable order of spec/RULES.md); NULL when out of range. */
BG_API int bg_variant_count(void);
BG_API const bg_variant *bg_variant_at(int index);
/* The variant with this id ("chess", "xiangqi", ...); NULL if unknown. */
BG_API const bg_variant *bg_variant_find(const char *id);

/* Stable id of the variant ("chess", "xiangqi", ...); NULL for NULL. */
BG_API const char *bg_variant_id(const bg_variant *v);
/* English display name, e.g. "Western chess (FIDE)". */
BG_API const char *bg_variant_name(const bg_variant *v);

/*
** Geometry. Squares (or points) are numbered rank * width + file, file 0 = "a" on the left of the
** first side, rank 0 = the first side's home rank. bg_square() returns -1 outside the board.
*/
BG_API int bg_variant_width(const bg_variant *v);
BG_API int bg_variant_height(const bg_variant *v);
BG_API int bg_square(const bg_variant *v, int file, int rank);
BG_API int bg_square_file(const bg_variant *v, int square);
BG_API int bg_square_rank(const bg_variant *v, int square);

/* Sides: count and stable ids ("white", "black", "red", "cho", "sente", "qin", ...). */
BG_API int bg_variant_sides(const bg_variant *v);
BG_API const char *bg_variant_side_id(const bg_variant *v, int side);
/* Side index for an id, or -1. */
BG_API int bg_variant_side_find(const bg_variant *v, const char *id);

/*
** Pieces. A piece on the board is a bg_piece value: 0 for an empty square, otherwise
** (side << 8) | kind with kind in 1..bg_variant_piece_kinds(v). Kinds are per variant; their
** names and letters are queried here (letter = the uppercase FEN/SFEN letter, "+P" style for
** promoted shogi pieces).
*/
typedef int bg_piece;
#define BG_PIECE_NONE 0
#define BG_PIECE(side, kind) (((side) << 8) | (kind))
#define BG_PIECE_KIND(p) ((p) & 0xff)
#define BG_PIECE_SIDE(p) ((p) >> 8)

/* Number of piece kinds (kinds are 1..n). */
BG_API int bg_variant_piece_kinds(const bg_variant *v);
/* English name of a kind ("knight"); NULL when out of range. */
BG_API const char *bg_variant_piece_name(const bg_variant *v, int kind);
/* Uppercase FEN/SFEN letter of a kind ("N", "+P"); NULL when out of range. */
BG_API const char *bg_variant_piece_letter(const bg_variant *v, int kind);

/* Capabilities: 1 if the variant has drops / a pass move, 0 otherwise. */
BG_API int bg_variant_has_drops(const bg_variant *v);
BG_API int bg_variant_has_pass(const bg_variant *v);

/* Upper bound on the number of legal moves in any position of the variant (buffer sizing). */
BG_API int bg_variant_max_moves(const bg_variant *v);

/* Move notations and record formats the variant supports (ids as in spec/CLI.md: "uci", "san", ...). */
BG_API int bg_variant_notation_count(const bg_variant *v);
BG_API const char *bg_variant_notation_at(const bg_variant *v, int index);
BG_API int bg_variant_record_format_count(const bg_variant *v);
BG_API const char *bg_variant_record_format_at(const bg_variant *v, int index);

/*
** Rule options (spec/RULES.md): names, and for each its allowed values as a '|'-separated list
** with the default first ("false|true"); "*" in the list means any value of the given shape.
*/
BG_API int bg_variant_option_count(const bg_variant *v);
BG_API const char *bg_variant_option_name(const bg_variant *v, int index);
BG_API const char *bg_variant_option_values(const bg_variant *v, int index);

/* Start position text of the variant (default options). */
BG_API const char *bg_variant_start_text(const bg_variant *v);

#ifdef __cplusplus
}
#endif
#endif
