/* libboardgames — what every hand-written family's catalogue entry (bg_variant) and metadata (bgi_variant_info) hold, written once. */
#ifndef BG_VARIANT_ENTRY_H
#define BG_VARIANT_ENTRY_H

#include "internal.h"
#include "rules_table.h"

/*
** A family's catalogue entry, in the order of bg_variant: id and name; the board (files x ranks),
** the number of sides and their ids; the kinds 1..nkinds with their names and letters by kind
** ([0] unused); the most legal moves a position may have; the notations and record formats
** (lib/registry/notation_tables.c), their counts taken from the arrays as BGI_OPTION_TABLE does;
** the start text; the rules, adjudicator and metadata. The variadic part names the fields only
** some families have (has_pass, has_drops, kind_of_letter, the options, resolve).
*/
#define VARIANT_ENTRY(vid, vname, files, ranks, nsides, ids, nkinds, names, letters, maxm,     \
                      nots, recs, start, rules_, adj, info_, ...)                              \
    {                                                                                          \
        .id = (vid), .name = (vname), .width = (files), .height = (ranks), .sides = (nsides),  \
        .side_ids = (ids), .piece_kinds = (nkinds), .piece_names = (names),                    \
        .piece_letters = (letters), .max_moves = (maxm), .notations = (nots),                  \
        .notation_count = BGI_COUNT(nots), .record_formats = (recs),                           \
        .record_format_count = BGI_COUNT(recs), .start_text = (start), .rules = (rules_),      \
        .adjudicator = (adj), .info = (info_), __VA_ARGS__                                     \
    }

/*
** The lines of a family's rules table (bgi_rules) that every hand-written family has: the size of
** its state T, the standard entries (rules_table.h), its repetition key and editing by its load;
** a table adds its optional entries after them.
*/
#define VARIANT_RULES(T, repkey)                                                               \
    .state_size = sizeof(T), BGI_RULES_ENTRIES, .repetition_key = (repkey), .load = load

/*
** The metadata every family gives: its piece and side tables, the pictures' style
** (BGI_PICTURE_*), the square names (BGI_SQUARES_*), the language of the native texts and its
** regions; a family adds the flags that set it apart (on_points, neutral, ...).
*/
#define VARIANT_INFO(pieces_, sides_, picture_, squares_, lang_, region_)                      \
    .pieces = (pieces_), .sides = (sides_), .picture = (picture_), .squares = (squares_),      \
    .lang = (lang_), .region = (region_)

#endif
