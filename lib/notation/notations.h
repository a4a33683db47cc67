/* libboardgames — notation and record-format functions that variant tables point to. */
#ifndef BG_NOTATIONS_H
#define BG_NOTATIONS_H

#include "internal.h"

/* Chess coordinate notation (UCI): e2e4, e7e8q; castling e1g1 (Chess960: king takes rook). */
BGI_FUNC bgi_format_fn bgi_uci_format;
/* A whole line in UCI from its start position (bgi_notation.format_line). */
BGI_FUNC bgi_format_line_fn bgi_uci_format_line;
BGI_FUNC bgi_parse_fn bgi_uci_parse;
/* Standard algebraic notation: Nf3, exd5, O-O, e8=Q+, Qxf7#. */
BGI_FUNC bgi_format_fn bgi_san_format;
BGI_FUNC bgi_format_in_fn bgi_san_format_in;
BGI_FUNC bgi_parse_fn bgi_san_parse;
/*
** The common shapes of lenient SAN read directly from text[0..n) (no NUL needed):
** [NBRQK][file][rank][x]square[=P][+ #], a target with one-digit rank. 1 and *out when exactly
** one legal move fits and its check marks are true; 0 for anything else, which bgi_san_parse
** then reads (and explains).
*/
BGI_FUNC int bgi_san_quick(const bg_position *pos, const char *text, size_t n, bg_move *out);
/* Long algebraic notation: e2-e4, Ng1xf3, e7-e8=Q, O-O. */
BGI_FUNC bgi_format_fn bgi_lan_format;
BGI_FUNC bgi_format_in_fn bgi_lan_format_in;
BGI_FUNC bgi_parse_fn bgi_lan_parse;

/* PGN records (chess). */
BGI_RECORD_FUNCS(pgn);
/* How the record splitter sees a PGN line (also .skr): tag pairs, moves, results (BGI_LINE_*). */
BGI_FUNC int bgi_pgn_line_kind(const char *line, size_t len);
/* The same for chess PGN, where an [Event tag starts a game even after other tags. */
BGI_FUNC int bgi_chess_pgn_line_kind(const char *line, size_t len);
/* The same for xiangqi and lion chess PGN, where a [Game tag starts a game after other tags. */
BGI_FUNC int bgi_xq_pgn_line_kind(const char *line, size_t len);

/* Move notations of defined variants (gen_notation.c), as Fairy-Stockfish writes them. */
BGI_FUNC bgi_format_fn bgi_gen_uci_format;
BGI_FUNC bgi_parse_fn bgi_gen_uci_parse;
BGI_FUNC bgi_format_fn bgi_gen_usi_format;
BGI_FUNC bgi_parse_fn bgi_gen_usi_parse;
BGI_FUNC bgi_format_fn bgi_gen_san_format;
BGI_FUNC bgi_parse_fn bgi_gen_san_parse;
/* PGN of defined variants (gen_pgn.c): [Variant "id"], moves in the variant's first notation. */
BGI_RECORD_FUNCS(gen_pgn);
/* Seven Kingdoms' .skr records (sk_record.c): PGN-like tags, "1. q:e3e4 h:...". */
BGI_RECORD_FUNCS(skr);
#endif
