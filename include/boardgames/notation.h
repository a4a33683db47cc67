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
** Notation ids (docs/cli.md): "uci", "san", "lan", and for other variants "iccs", "wxf",
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
** Every legal move's text in one call, in the order of bg_position_legal_moves(): the texts
** joined by the byte `sep` (0..127; 0 = NUL, so that no text can contain it; ' ' or '\n' for
** printing), then a NUL. notation NULL = the variant's first. snprintf convention: writes at most
** cap bytes (cap 0 with buf NULL asks for the length) and returns the full length excluding the
** final NUL (0 when there is no legal move), or a negative bg_status (BG_E_UNSUPPORTED for an
** unknown notation, BG_E_INVALID_ARGUMENT). The moves are generated once for all the texts, so
** this is much faster than one bg_move_format() per move; each text is exactly what
** bg_move_format() writes. A binding splits the buffer at the separators (Python: split(b"\0")).
*/
BG_API int bg_position_legal_moves_text(const bg_position *pos, const char *notation, int sep,
                                        char *buf, size_t cap);

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
