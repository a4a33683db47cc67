/* libboardgames — generic coordinate notations for point boards: `uci` (ranks 1..N) and ICCS (ranks 0..9). */
#ifndef BG_COORD_H
#define BG_COORD_H

#include "internal.h"

/*
** `uci` as Fairy-Stockfish writes it for xiangqi, janggi and lion chess: file letter, rank from 1
** (two digits for rank 10 and up): h3e3, a10a9. Parsing is strict (lowercase, no separator);
** BG_PARSE_LENIENT also takes uppercase letters and a '-' between the points.
*/
BGI_FUNC int bgi_coord_uci_format(const bg_position *pos, bg_move m, char *buf, size_t cap);
BGI_FUNC bg_status bgi_coord_uci_parse(const bg_position *pos, const char *text, unsigned flags,
                                       bg_move *out, bg_error *err);
/*
** ICCS: file letter and rank from 0 (boards of at most 10 ranks): written h2e2; parsing takes
** h2e2 and the traditional H2-E2; BG_PARSE_LENIENT also takes mixed case with or without '-'.
*/
BGI_FUNC int bgi_coord_iccs_format(const bg_position *pos, bg_move m, char *buf, size_t cap);
BGI_FUNC bg_status bgi_coord_iccs_parse(const bg_position *pos, const char *text, unsigned flags,
                                        bg_move *out, bg_error *err);

#endif
