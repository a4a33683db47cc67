/* libboardgames — what every family's bgi_rules table repeats, written once: the entries that only hand the engine state on, and the table's standard lines. */
#ifndef BG_RULES_TABLE_H
#define BG_RULES_TABLE_H

#include "internal.h"

/* The engine state of type T in a position handle (bg_position.state). */
#define BGI_STATE(T, pos) ((T *)(void *)(pos)->state)
#define BGI_CSTATE(T, pos) ((const T *)(const void *)(pos)->state)

/*
** Each macro defines one static rules entry, under the name the table lines below use, for an
** engine whose state type is T: the entry reads a field of the state or calls the engine's own
** function of it. A family writes out only the entries that do more.
*/
#define BGI_RULE_SIDE_TO_MOVE(T)                                                               \
    static int side_to_move(const bg_position *pos) { return BGI_CSTATE(T, pos)->stm; }
/* halfmove_clock and fullmove_number: the state's halfmove and fullmove fields. */
#define BGI_RULE_COUNTERS(T)                                                                   \
    static int halfmove_clock(const bg_position *pos) { return BGI_CSTATE(T, pos)->halfmove; } \
    static int fullmove_number(const bg_position *pos) { return BGI_CSTATE(T, pos)->fullmove; }
/* format: the engine's writer of its position text, fn(state, format, buf, cap). */
#define BGI_RULE_FORMAT(T, fn)                                                                 \
    static int format(const bg_position *pos, const char *fmt, char *buf, size_t cap)          \
    {                                                                                          \
        return fn(BGI_CSTATE(T, pos), fmt, buf, cap);                                          \
    }
/* hash: the Zobrist key the engine keeps up to date in the state's key field. */
#define BGI_RULE_HASH_KEY(T)                                                                   \
    static uint64_t hash(const bg_position *pos) { return BGI_CSTATE(T, pos)->key; }
/* piece_at: fn(byte) of the state's board byte array, indexed by square. */
#define BGI_RULE_PIECE_AT(T, fn)                                                               \
    static bg_piece piece_at(const bg_position *pos, int sq)                                   \
    {                                                                                          \
        return fn(BGI_CSTATE(T, pos)->board[sq]);                                              \
    }
#define BGI_RULE_IN_CHECK(T, fn)                                                               \
    static int in_check(const bg_position *pos) { return fn(BGI_CSTATE(T, pos)); }
#define BGI_RULE_LEGAL_MOVES(T, fn)                                                            \
    static int legal_moves(const bg_position *pos, bg_move *buf)                               \
    {                                                                                          \
        return fn(BGI_CSTATE(T, pos), buf);                                                    \
    }
#define BGI_RULE_MAKE(T, fn)                                                                   \
    static void make(bg_position *pos, bg_move m) { fn(BGI_STATE(T, pos), m); }
#define BGI_RULE_PERFT(T, fn)                                                                  \
    static uint64_t perft(const bg_position *pos, int depth)                                   \
    {                                                                                          \
        return fn(BGI_CSTATE(T, pos), depth);                                                  \
    }

/*
** The table lines of the entries every family has, under their standard names; a family's table
** adds state_size and its optional entries (hand_count, repetition_key, moves_to, editing).
*/
#define BGI_RULES_ENTRIES                                                                      \
    .setup = setup, .parse = parse, .format = format, .side_to_move = side_to_move,            \
    .piece_at = piece_at, .in_check = in_check, .hash = hash,                                  \
    .halfmove_clock = halfmove_clock, .fullmove_number = fullmove_number,                      \
    .legal_moves = legal_moves, .move_flags = move_flags, .make = make, .perft = perft

/* A variant's option table and its size (bg_variant.options, .option_count). */
#define BGI_OPTION_TABLE(t) .options = t, .option_count = (int)(sizeof t / sizeof t[0])

#endif
