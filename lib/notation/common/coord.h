/* libboardgames — generic coordinate notations for point boards: `uci` (ranks 1..N) and ICCS (ranks 0..9). */
#ifndef BG_COORD_H
#define BG_COORD_H

#include "internal.h"

/*
** `uci` as Fairy-Stockfish writes it for xiangqi, janggi and lion chess: file letter, rank from 1
** (two digits for rank 10 and up): h3e3, a10a9. Parsing is strict (lowercase, no separator);
** BG_PARSE_LENIENT also takes uppercase letters and a '-' between the points.
*/
BGI_FUNC bgi_format_fn bgi_coord_uci_format;
BGI_FUNC bgi_parse_fn bgi_coord_uci_parse;
/*
** ICCS: file letter and rank from 0 (boards of at most 10 ranks): written h2e2; parsing takes
** h2e2 and the traditional H2-E2; BG_PARSE_LENIENT also takes mixed case with or without '-'.
*/
BGI_FUNC bgi_format_fn bgi_coord_iccs_format;
BGI_FUNC bgi_parse_fn bgi_coord_iccs_parse;

#endif
