/* libboardgames — what the `xiangqi` and `lionchess` catalogue entries share: names, options, rules tables, the entry's shape. */
#ifndef BG_XIANGQI_VARIANT_H
#define BG_XIANGQI_VARIANT_H

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
    const bg_variant ident = {                                                                 \
        .id = vid,                                                                             \
        .name = vname,                                                                         \
        .width = w,                                                                            \
        .height = XQ_HEIGHT,                                                                   \
        .sides = 2,                                                                            \
        .side_ids = bgi_xq_side_ids,                                                           \
        .piece_kinds = nkinds,                                                                 \
        .piece_names = bgi_xq_piece_names,                                                     \
        .piece_letters = bgi_xq_piece_letters,                                                 \
        .max_moves = XQ_MAX_MOVES,                                                             \
        .notations = bgi_xiangqi_notations, /* lib/registry/notation_tables.c */                \
        .notation_count = BGI_COUNT(bgi_xiangqi_notations),                                    \
        .record_formats = bgi_xiangqi_records,                                                 \
        .record_format_count = BGI_COUNT(bgi_xiangqi_records),                                 \
        BGI_OPTION_TABLE(bgi_xq_options),                                                      \
        .start_text = start,                                                                   \
        .rules = &bgi_xq_rules,                                                                \
        .adjudicator = &bgi_xiangqi_adjudicator,                                               \
        .info = &bgi_xq_info,                                                                  \
    }

#endif
