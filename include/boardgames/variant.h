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

/* Number of variants, and the i-th (0-based, the stable order of docs/rules.md); NULL when out of range. */
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
** A rule option may change the board or the start (heianshogi board=9x8, torishogi rules=seed):
** positions and games made with it belong to a variant outside the catalogue, with the same id,
** names, pieces, notations and options but its own geometry and start text; bg_position_variant()
** and bg_game_variant() return it. The catalogue (bg_variant_find, bg_variant_at) reports the
** default board and start.
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

/* Move notations and record formats the variant supports (ids in docs/cli.md: "uci", "san", ...). */
BG_API int bg_variant_notation_count(const bg_variant *v);
BG_API const char *bg_variant_notation_at(const bg_variant *v, int index);
BG_API int bg_variant_record_format_count(const bg_variant *v);
BG_API const char *bg_variant_record_format_at(const bg_variant *v, int index);

/*
** Rule options (docs/rules.md): names, and for each its allowed values as a '|'-separated list
** with the default first ("false|true"); "*" in the list means any value of the given shape.
*/
BG_API int bg_variant_option_count(const bg_variant *v);
BG_API const char *bg_variant_option_name(const bg_variant *v, int index);
BG_API const char *bg_variant_option_values(const bg_variant *v, int index);

/* Start position text of the variant (default options). */
BG_API const char *bg_variant_start_text(const bg_variant *v);

/*
** ======================================================================================
** EXPERIMENTAL (version node BOARDGAMES_EXPERIMENTAL): metadata — what pieces, sides and squares are
** called, what the pieces are, and the regions drawn on the board. Declared only when the
** program defines BG_EXPERIMENTAL before including the headers; names and behaviour may still
** change before they move to the stable part.
** ======================================================================================
*/
#if defined(BG_EXPERIMENTAL) || defined(BG_BUILDING_LIBRARY)

/*
** Which text of a piece kind or a side (the `form` argument below). Texts are static UTF-8.
**   BG_TEXT_ENGLISH  English name: "knight", "chariot", "dragon"; sides "White", "Red", "Sente".
**   BG_TEXT_NATIVE   full name in the game's own script, as its players write it, by side:
**                    xiangqi 俥 (red) / 車 (black); janggi 車, 楚 / 漢 generals; shogi 飛車,
**                    龍王, 玉將 / 王將; Sho shogi 醉象, 太子; Tori 鵬 鷹 鵰 鶴 雉 左鶉 右鶉 燕 鴈;
**                    Seven Kingdoms 將 偏 裨 砲 行人 ...; chess: the English name. Sides: 紅方,
**                    楚, 先手, 秦 ...
**   BG_TEXT_SYMBOL   the one glyph a diagram or the piece itself shows: chess ♘ / ♞; xiangqi
**                    傌 / 馬; shogi 飛, 龍, と, 杏 (promoted lance); Seven Kingdoms' general
**                    shows its kingdom (秦, 韓, ...). Sides: the mark notations use (▲ △ for
**                    the shogi family, 紅 黑, 楚 漢, ○ ● for chess, 秦 ...).
**   BG_TEXT_READING  how the name is said, in the script its players use for sounds: pinyin for
**                    xiangqi, lion chess and Seven Kingdoms (jū), hangul for janggi (차),
**                    hiragana for the shogi family (ひしゃ); "" for chess.
*/
typedef enum bg_text_form {
    BG_TEXT_ENGLISH = 0,
    BG_TEXT_NATIVE = 1,
    BG_TEXT_SYMBOL = 2,
    BG_TEXT_READING = 3
} bg_text_form;

/*
** Text of piece kind `kind` (1..bg_variant_piece_kinds) of side `side` (0..sides-1; in Seven
** Kingdoms side == bg_variant_sides() is the neutral 周) in `form`. NULL when an argument is
** out of range.
*/
BG_API const char *bg_variant_piece_text(const bg_variant *v, int kind, int side, int form);

/*
** The text that stands for a piece kind in a notation or position format: "fen" / "sfen" (the
** uppercase letter as bg_variant_piece_letter(); the second side writes it in lowercase, Seven
** Kingdoms adds the army's tag), "san" and "lan" (chess: "N", ""
** for the pawn), "wxf" ("H"), "chinese" (馬, 帥 / 將), "korean" (hangul 차, 졸 / 병), "usi" (the
** drop letter "P"), "csa" ("FU", "TO"), "japanese" and "ki2" (竜), "kif" (龍), "western"
** (Hodges "+R", Tori "Sw"). NULL when the variant has no such notation or the notation names no
** pieces ("uci", "iccs").
*/
BG_API const char *bg_variant_piece_notation(const bg_variant *v, int kind, int side,
                                             const char *notation);

/* 1 if the kind is royal (king, general, Sho shogi's crown prince), 0 if not or out of range. */
BG_API int bg_variant_piece_is_royal(const bg_variant *v, int kind);
/*
** The kind a promoted piece was promoted from (shogi dragon -> rook; a captured piece goes to the
** hand as this kind); the kind itself for a piece that is not a promoted form; 0 out of range.
*/
BG_API int bg_variant_piece_base(const bg_variant *v, int kind);
/* The kinds a piece may promote to, as a mask with bit k for kind k (chess pawn: N B R Q). */
BG_API uint64_t bg_variant_piece_promotions(const bg_variant *v, int kind);

/* Text of a side in `form` (bg_text_form); side == bg_variant_sides() names neutral pieces. */
BG_API const char *bg_variant_side_text(const bg_variant *v, int side, int form);
/*
** The side's colour in pictures as "#rrggbb": chess white / black, xiangqi red / black, janggi
** Cho blue / Han red, Seven Kingdoms' traditional colours (秦 white, 韓 vermilion, 楚 red, 魏
** green, 齊 blue, 燕 black, 趙 purple; 周 yellow). NULL out of range.
*/
BG_API const char *bg_variant_side_color(const bg_variant *v, int side);

/*
** Square names. snprintf convention: writes the name of `square` in `notation` and returns its
** length, or BG_E_INVALID_ARGUMENT (off the board), BG_E_UNSUPPORTED (the notation names no
** squares: "wxf", "chinese"; or the variant lacks it). notation NULL = the variant's coordinates:
** chess "e4", xiangqi / janggi / lion chess "e2" (ranks from 1), shogi family (USI) "7g", Seven
** Kingdoms "a10". Others: "iccs" "e1" (ranks from 0), "csa" "77", "japanese" / "ki2" / "kif"
** "７七", "western" "7g", "korean" "79" (rank from the top, 0 for the 10th, then the file).
*/
BG_API int bg_variant_square_name(const bg_variant *v, int square, const char *notation,
                                  char *buf, size_t cap);
/* The square a name denotes (exactly as bg_variant_square_name writes it), or BG_E_PARSE / BG_E_UNSUPPORTED. */
BG_API int bg_variant_square_parse(const bg_variant *v, const char *text, const char *notation);

/* 1 if pieces stand on the points where lines cross (xiangqi, janggi, old shogi, ...), 0 on squares. */
BG_API int bg_variant_on_points(const bg_variant *v);

/*
** Regions of the board, per side:
**   BG_REGION_PALACE     the 3x3 palace (xiangqi, lion chess, janggi)
**   BG_REGION_TERRITORY  the side's own half up to the river (xiangqi, lion chess)
**   BG_REGION_PROMOTION  where the side's pieces promote (chess: the last rank; shogi family:
**                        the last three ranks, Tori two, minishogi one)
**   BG_REGION_HOME       the points of the side's army at the start (Seven Kingdoms)
**   BG_REGION_HOLES      squares that are not part of the board, for every side (variants
**                        defined with `holes`, such as four-player chess's cut corners)
** A variant without such a region has no squares in it.
*/
typedef enum bg_region {
    BG_REGION_PALACE = 1,
    BG_REGION_TERRITORY = 2,
    BG_REGION_PROMOTION = 3,
    BG_REGION_HOME = 4,
    BG_REGION_HOLES = 5
} bg_region;

/* 1 if square is in region of side, 0 if not (or an argument is out of range). */
BG_API int bg_variant_region_contains(const bg_variant *v, int region, int side, int square);
/*
** The squares of a region in increasing order: writes up to cap of them into buf (NULL allowed
** when cap is 0) and returns how many there are, or BG_E_INVALID_ARGUMENT.
*/
BG_API int bg_variant_region_squares(const bg_variant *v, int region, int side, int *buf,
                                     size_t cap);

#endif /* BG_EXPERIMENTAL */

#ifdef __cplusplus
}
#endif
#endif
