/* libboardgames — move notations: format a legal move as text, parse text into a legal move. */
#ifndef BOARDGAMES_NOTATION_H
#define BOARDGAMES_NOTATION_H

#include <boardgames/base.h>
#include <boardgames/move.h>
#include <boardgames/position.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
** Notation ids (spec/CLI.md): "uci", "san", "lan", and for other variants "iccs", "wxf",
** "chinese", "korean", "usi", "csa", "kif", "ki2", "japanese", "western". The list a variant
** supports is bg_variant_notation_at(). Text is UTF-8.
*/

/*
** Format a legal move. snprintf convention: returns the full length (excluding NUL) or a negative
** bg_status (BG_E_ILLEGAL_MOVE, BG_E_UNSUPPORTED for an unknown notation).
*/
BG_API int bg_move_format(const bg_position *pos, bg_move m, const char *notation, char *buf,
                          size_t cap);

/*
** Parse move text into a legal move of pos. notation NULL = try the variant's notations in order.
** Strict by default: the text must be exactly what the notation allows (SAN: right piece letter,
** disambiguation only and exactly where needed; a '+'/'#' suffix may be omitted but must be right
** when given; annotation suffixes such as "!?" are accepted). With BG_PARSE_LENIENT common
** deviations are accepted too (redundant or missing-but-unneeded disambiguation, "0-0", "e.p.",
** a lowercase promotion letter, long algebraic or UCI in place of SAN). Text that names an illegal
** move is never turned into another legal move.
** Errors: BG_E_PARSE (malformed; err->offset points at the fault), BG_E_ILLEGAL_MOVE,
** BG_E_AMBIGUOUS_MOVE, BG_E_UNSUPPORTED.
*/
BG_API bg_status bg_move_parse(const bg_position *pos, const char *text, const char *notation,
                               unsigned flags, bg_move *out, bg_error *err);

#ifdef __cplusplus
}
#endif
#endif
