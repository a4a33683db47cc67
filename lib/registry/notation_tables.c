/* libboardgames — the notations and record formats of each family, which its variants name (internal.h). */
#include "coord.h"
#include "japanese.h"
#include "korean.h"
#include "notations.h"
#include "xq_files.h"

const bgi_notation bgi_chess_notations[3] = {
    {"san", bgi_san_format, bgi_san_parse, bgi_san_format_in, NULL},
    {"uci", bgi_uci_format, bgi_uci_parse, NULL, bgi_uci_format_line},
    {"lan", bgi_lan_format, bgi_lan_parse, bgi_lan_format_in, NULL},
};
const bgi_record_format bgi_chess_records[1] = {
    {"pgn", bgi_pgn_read_next, bgi_pgn_write, bgi_chess_pgn_line_kind, NULL, NULL, 1},
};

/* Xiangqi and lion chess: coordinates, then the file notations (WXF, Chinese). */
const bgi_notation bgi_xiangqi_notations[4] = {
    {"uci", bgi_coord_uci_format, bgi_coord_uci_parse, NULL, NULL},
    {"iccs", bgi_coord_iccs_format, bgi_coord_iccs_parse, NULL, NULL},
    {"wxf", bgi_wxf_format, bgi_wxf_parse, NULL, NULL},
    {"chinese", bgi_chinese_format, bgi_chinese_parse, NULL, NULL},
};
const bgi_record_format bgi_xiangqi_records[1] = {
    {"pgn", bgi_xq_pgn_read_next, bgi_xq_pgn_write, bgi_xq_pgn_line_kind, BGI_XQ_CHARSETS, BGI_XQ_TYPICAL, 1},
};

const bgi_notation bgi_janggi_notations[2] = {
    {"uci", bgi_coord_uci_format, bgi_coord_uci_parse, NULL, NULL},
    {"korean", bgi_korean_format, bgi_korean_parse, NULL, NULL},
};
const bgi_record_format bgi_janggi_records[1] = {
    {"gib", bgi_gib_read_next, bgi_gib_write, bgi_gib_line_kind, "CP949", BGI_GIB_TYPICAL, 0},
};

/*
** USI is the shogi family's coordinate notation; "uci" names the same text (docs/cli.md). CSA has
** piece codes for shogi, old shogi, minishogi, micro and Judkins shogi only (not for Sho's
** elephant or Tori's birds; japanese.h).
*/
#define SHOGI_NOTATION(id, fn) {id, bgi_##fn##_format, bgi_##fn##_parse, bgi_##fn##_format_in, NULL}
const bgi_notation bgi_shogi_notations[7] = {
    {"usi", bgi_usi_format, bgi_usi_parse, NULL, NULL},
    {"uci", bgi_usi_format, bgi_usi_parse, NULL, NULL},
    {"csa", bgi_csa_format, bgi_csa_parse, NULL, NULL},
    SHOGI_NOTATION("japanese", japanese),
    SHOGI_NOTATION("ki2", ki2),
    SHOGI_NOTATION("kif", kif_move),
    SHOGI_NOTATION("western", western),
};
const bgi_notation bgi_shogi_notations_no_csa[6] = {
    {"usi", bgi_usi_format, bgi_usi_parse, NULL, NULL},
    {"uci", bgi_usi_format, bgi_usi_parse, NULL, NULL},
    SHOGI_NOTATION("japanese", japanese),
    SHOGI_NOTATION("ki2", ki2),
    SHOGI_NOTATION("kif", kif_move),
    SHOGI_NOTATION("western", western),
};
#define SHOGI_RECORD(id) {#id, bgi_##id##_read_next, bgi_##id##_write, bgi_##id##_line_kind, BGI_JP_CHARSETS, BGI_JP_TYPICAL, 0}
const bgi_record_format bgi_shogi_records[3] = {SHOGI_RECORD(kif), SHOGI_RECORD(ki2), SHOGI_RECORD(csa)};
const bgi_record_format bgi_shogi_records_no_csa[2] = {SHOGI_RECORD(kif), SHOGI_RECORD(ki2)};

const bgi_notation bgi_sevenkingdoms_notations[1] = {
    {"uci", bgi_coord_uci_format, bgi_coord_uci_parse, NULL, NULL},
};
const bgi_record_format bgi_sevenkingdoms_records[1] = {
    {"skr", bgi_skr_read_next, bgi_skr_write, bgi_pgn_line_kind, NULL, NULL, 1},
};

/* Defined variants: SAN first, or USI first for the shogi-like ones; both have uci. */
const bgi_notation bgi_generic_notations[2] = {
    {"san", bgi_gen_san_format, bgi_gen_san_parse, NULL, NULL},
    {"uci", bgi_gen_uci_format, bgi_gen_uci_parse, NULL, NULL},
};
const bgi_notation bgi_generic_shogi_notations[3] = {
    {"usi", bgi_gen_usi_format, bgi_gen_usi_parse, NULL, NULL},
    {"uci", bgi_gen_uci_format, bgi_gen_uci_parse, NULL, NULL},
    {"san", bgi_gen_san_format, bgi_gen_san_parse, NULL, NULL},
};
const bgi_record_format bgi_generic_records[1] = {
    {"pgn", bgi_gen_pgn_read_next, bgi_gen_pgn_write, bgi_chess_pgn_line_kind, NULL, NULL, 1},
};
