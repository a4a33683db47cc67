/* libboardgames — pictures of positions: SVG images and text diagrams in each game's own style (experimental). */
#ifndef BOARDGAMES_PICTURE_H
#define BOARDGAMES_PICTURE_H

#include <boardgames/base.h>
#include <boardgames/position.h>
#include <boardgames/variant.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
** EXPERIMENTAL (version node BOARDGAMES_EXPERIMENTAL): declared only when the program defines
** BG_EXPERIMENTAL before including the headers.
*/
#if defined(BG_EXPERIMENTAL) || defined(BG_BUILDING_LIBRARY)

/*
** Picture options: "name=value" pairs separated by ',' (or ';'), NULL or "" = the defaults.
**   flip=true|false         the second side at the bottom (default false)
**   coordinates=true|false  file and rank labels as the game's players write them (default true)
**   lastmove=MOVE           highlight a move's squares: two square names run together ("e2e4",
**                           "h3e3", "7g7f"; a trailing "+" and a drop "P*5e" are accepted)
**   marks=SQ SQ ...         mark these squares (names separated by spaces)
**   arrows=MOVE MOVE ...    draw arrows (at most 64), moves written as for lastmove
**   check=true|false        mark a royal piece of the side to move that is in check (default true)
**   size=N                  width of the SVG in pixels, 16..4096 (default: the board's own size)
** Square names are those of bg_variant_square_name(v, sq, NULL): "e4", "a10", "7g".
** The text diagram reads flip and coordinates and ignores the rest.
*/

/*
** The position as a self-contained SVG 1.1 image (UTF-8): the board drawn the way the game's
** players draw it (chess squares with drawn figurines; xiangqi, lion chess and janggi pieces on
** the points with river and palaces; shogi-family boards with pentagon pieces, the hands beside
** the board and the promotion zones marked; Seven Kingdoms' Go board with the kingdoms' colours).
** Nothing external is referenced: chess pieces are drawn shapes, the Asian games' pieces are
** text in the game's script with a list of common CJK font families falling back to "serif".
** snprintf convention: returns the full length (excluding NUL) or a negative bg_status:
** BG_E_INVALID_ARGUMENT (NULL position), BG_E_UNKNOWN_OPTION or BG_E_PARSE for bad options
** (bg_picture_options_check() says which and where), BG_E_LIMIT for an image over INT_MAX bytes.
*/
BG_API int bg_position_svg(const bg_position *pos, const char *options, char *buf, size_t cap);

/*
** The position as a text diagram (UTF-8, lines ending in '\n'): chess in letters (uppercase
** White), the Asian games in their characters (xiangqi 俥 傌 ... / 車 馬 ..., janggi 楚 漢 ...,
** Seven Kingdoms a kingdom and a piece character per point), the second side's pieces marked
** with 'v' where the characters do not tell the sides apart; the shogi family as a KIF board
** (BOD) with both hands. snprintf convention as bg_position_svg().
*/
BG_API int bg_position_diagram(const bg_position *pos, const char *options, char *buf, size_t cap);

/*
** Check picture options for a variant: BG_OK, or BG_E_UNKNOWN_OPTION (an unknown name) /
** BG_E_PARSE (a bad value) with err->offset at the fault and err->message saying what is wrong.
*/
BG_API bg_status bg_picture_options_check(const bg_variant *v, const char *options, bg_error *err);

#endif /* BG_EXPERIMENTAL */

#ifdef __cplusplus
}
#endif
#endif
