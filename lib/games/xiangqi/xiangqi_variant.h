/* libboardgames — what the `xiangqi` and `lionchess` catalogue entries share: names, options, rules tables, the entry's shape. */
#ifndef BG_XIANGQI_VARIANT_H
#define BG_XIANGQI_VARIANT_H

#include "../variant_entry.h"
#include "rules_table.h"
#include "xiangqi.h"

/* Kinds 1..7 are xiangqi's, kind 8 the lion (lion chess only): one table serves both. */
extern const char *const bgi_xq_side_ids[2] __attribute__((visibility("hidden")));
extern const char *const bgi_xq_piece_names[9] __attribute__((visibility("hidden")));
extern const char *const bgi_xq_piece_letters[9] __attribute__((visibility("hidden")));
extern const bgi_option_def bgi_xq_options[3] __attribute__((visibility("hidden")));
extern const bgi_variant_info bgi_xq_info __attribute__((visibility("hidden")));
extern const bgi_rules bgi_xq_rules __attribute__((visibility("hidden")));

/* The two variants differ in width, the lion and the start position. */
#define XQ_VARIANT(ident, vid, vname, w, nkinds, start)                                          \
    const bg_variant ident =                                                                   \
        VARIANT_ENTRY(vid, vname, w, XQ_HEIGHT, 2, bgi_xq_side_ids, nkinds, bgi_xq_piece_names, \
                      bgi_xq_piece_letters, XQ_MAX_MOVES, bgi_xiangqi_notations,               \
                      bgi_xiangqi_records, start, &bgi_xq_rules, &bgi_xiangqi_adjudicator,     \
                      &bgi_xq_info, BGI_OPTION_TABLE(bgi_xq_options))

#endif
