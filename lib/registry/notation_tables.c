/* libboardgames — the notations and record formats of each family, which its variants name (internal.h). */
#include "coord.h"
#include "japanese.h"
#include "korean.h"
#include "notations.h"
#include "xq_files.h"

/*
** A notation by the stem of its functions: bgi_<fn>_format and bgi_<fn>_parse, and with
** NOTATION_IN the writer given the legal moves, bgi_<fn>_format_in (bgi_notation).
*/
#define NOTATION(id, fn) {id, bgi_##fn##_format, bgi_##fn##_parse, NULL, NULL}
#define NOTATION_IN(id, fn) {id, bgi_##fn##_format, bgi_##fn##_parse, bgi_##fn##_format_in, NULL}

const bgi_notation bgi_chess_notations[3] = {
    NOTATION_IN("san", san),
    {"uci", bgi_uci_format, bgi_uci_parse, NULL, bgi_uci_format_line},
    NOTATION_IN("lan", lan),
};
const bgi_record_format bgi_chess_records[1] = {
    {"pgn", bgi_pgn_read_next, bgi_pgn_write, bgi_chess_pgn_line_kind, NULL, NULL, 1},
};

/* Xiangqi and lion chess: coordinates, then the file notations (WXF, Chinese). */
const bgi_notation bgi_xiangqi_notations[4] = {
    NOTATION("uci", coord_uci), NOTATION("iccs", coord_iccs),
    NOTATION("wxf", wxf), NOTATION("chinese", chinese),
};
const bgi_record_format bgi_xiangqi_records[1] = {
    {"pgn", bgi_xq_pgn_read_next, bgi_xq_pgn_write, bgi_xq_pgn_line_kind, BGI_XQ_CHARSETS, BGI_XQ_TYPICAL, 1},
};

const bgi_notation bgi_janggi_notations[2] = {
    NOTATION("uci", coord_uci), NOTATION("korean", korean),
};
const bgi_record_format bgi_janggi_records[1] = {
    {"gib", bgi_gib_read_next, bgi_gib_write, bgi_gib_line_kind, "CP949", BGI_GIB_TYPICAL, 0},
};

/*
** USI is the shogi family's coordinate notation; "uci" names the same text (docs/cli.md). CSA has
** piece codes for shogi, old shogi, minishogi, micro and Judkins shogi only (not for Sho's
** elephant or Tori's birds; japanese.h).
*/
const bgi_notation bgi_shogi_notations[7] = {
    NOTATION("usi", usi), NOTATION("uci", usi), NOTATION("csa", csa),
    NOTATION_IN("japanese", japanese), NOTATION_IN("ki2", ki2), NOTATION_IN("kif", kif_move),
    NOTATION_IN("western", western),
};
const bgi_notation bgi_shogi_notations_no_csa[6] = {
    NOTATION("usi", usi), NOTATION("uci", usi),
    NOTATION_IN("japanese", japanese), NOTATION_IN("ki2", ki2), NOTATION_IN("kif", kif_move),
    NOTATION_IN("western", western),
};
#define SHOGI_RECORD(id) {#id, bgi_##id##_read_next, bgi_##id##_write, bgi_##id##_line_kind, BGI_JP_CHARSETS, BGI_JP_TYPICAL, 0}
const bgi_record_format bgi_shogi_records[3] = {SHOGI_RECORD(kif), SHOGI_RECORD(ki2), SHOGI_RECORD(csa)};
const bgi_record_format bgi_shogi_records_no_csa[2] = {SHOGI_RECORD(kif), SHOGI_RECORD(ki2)};

const bgi_notation bgi_sevenkingdoms_notations[1] = {NOTATION("uci", coord_uci)};
const bgi_record_format bgi_sevenkingdoms_records[1] = {
    {"skr", bgi_skr_read_next, bgi_skr_write, bgi_pgn_line_kind, NULL, NULL, 1},
};

/* Defined variants: SAN first, or USI first for the shogi-like ones; both have uci. */
const bgi_notation bgi_generic_notations[2] = {NOTATION("san", gen_san), NOTATION("uci", gen_uci)};
const bgi_notation bgi_generic_shogi_notations[3] = {
    NOTATION("usi", gen_usi), NOTATION("uci", gen_uci), NOTATION("san", gen_san),
};
const bgi_record_format bgi_generic_records[1] = {
    {"pgn", bgi_gen_pgn_read_next, bgi_gen_pgn_write, bgi_chess_pgn_line_kind, NULL, NULL, 1},
};
