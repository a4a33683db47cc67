/* libboardgames — janggi engine internals: 128-bit bitboard state, attacks on a general, make, rule options. */
#ifndef BG_JANGGI_H
#define BG_JANGGI_H

#include <stdint.h>

#include "bb128.h"
#include "internal.h"
#include "../palace/palace_movegen.h"
#include "janggi_tables.h"

/* palace_movegen.h reads the tables' rays in this order. */
_Static_assert(JG_N == 0 && JG_E == 1 && JG_NE == 4 && JG_NW == 5, "palace direction order");

enum { JG_CHO = 0, JG_HAN = 1 };
/* Piece kinds, equal to the public kinds of the variant. */
enum { JG_NONE = 0, JG_GENERAL = 1, JG_GUARD, JG_ELEPHANT, JG_HORSE, JG_CHARIOT, JG_CANNON,
       JG_SOLDIER };
/* The kinds palace.h and palace_movegen.h name by number in both games. */
_Static_assert(JG_GENERAL == 1 && JG_HORSE == 4 && JG_SOLDIER == 7, "palace piece kinds");

/* Board byte: 0 = empty, else kind | side << 4. */
#define JG_PIECE(side, kind) ((uint8_t)((kind) | (side) << 4))
#define JG_KIND(p) ((p) & 15)
#define JG_SIDE(p) ((p) >> 4)

/*
** Legal moves never exceed this: 2 chariots (17 + 2 along palace lines each) + 2 cannons (16)
** + 2 horses (8) + 2 elephants (8) + 5 soldiers (4) + general and guards (8 each) + the pass.
*/
#define JG_MAX_MOVES 256

/* Rule options (index in the variant's option table) and the rulesets of option `ruleset`. */
enum { JG_OPT_RULESET = 0, JG_OPT_SETUP = 1 };
/*
** STANDARD (the default) is the game of docs/rules.md as Fairy-Stockfish plays its bikjang; SEED
** is the same game with the seed's own bikjang rule (docs/janggi.md).
*/
enum { JG_RULES_STANDARD, JG_RULES_SEED, JG_RULES_TOURNAMENT, JG_RULES_TRADITIONAL, JG_RULES_MODERN,
       JG_RULES_CASUAL };

typedef struct jg_state {
    PALACE_BOARD_FIELDS(JG_KIND_SLOTS, JG_SQ);
    uint8_t stm;
    uint8_t bikjang;              /* JG_BIKJANG_*: the ruleset's bikjang rule (it changes legality) */
    /*
    ** Passes in a row, and whether the game has ended over the board (JG_ENDED_*): a second pass
    ** in a row, or bikjang accepted — a pass while the generals face each other, or under the
    ** seed's rule any reply to the facing that does not take the general out of it. Then no move
    ** is legal, as in Fairy-Stockfish; FEN does not carry this (a position read from text has
    ** neither, but see jg_fen_parse). Only a record that went on (the adjudicator's resume) plays
    ** a move after it: that move clears it, so that replaying the record's moves gives the same
    ** positions.
    */
    uint8_t passes;
    uint8_t ended;
    uint16_t halfmove;            /* plies since the last capture */
    uint16_t fullmove;
} jg_state;

#define JG_STATE(pos) ((jg_state *)(void *)(pos)->state)
#define JG_CSTATE(pos) ((const jg_state *)(const void *)(pos)->state)

extern const jg_tables jg_tables_9x10 __attribute__((visibility("hidden")));
#define JGT (&jg_tables_9x10)

/*
** Bikjang rules (docs/janggi.md). NONE: facing generals mean nothing. BREAK (Fairy-Stockfish): the
** side to move must break the facing (a piece between, the general off the file) or pass, and the
** pass accepts it. SEED (seed 000: 「當某方造成雙王…照面後，另一方未將王移開」): every move stays legal,
** and any reply but a general move out of the facing accepts it.
*/
enum { JG_BIKJANG_NONE = 0, JG_BIKJANG_BREAK = 1, JG_BIKJANG_SEED = 2 };
/* Why the game ended over the board (jg_state.ended). */
enum { JG_ENDED_NO = 0, JG_ENDED_DOUBLE_PASS = 1, JG_ENDED_BIKJANG = 2 };

/* The bikjang rule of a ruleset (option value). */
static inline int jg_ruleset_bikjang(int ruleset)
{
    if (ruleset == JG_RULES_SEED)
        return JG_BIKJANG_SEED;
    return ruleset == JG_RULES_STANDARD || ruleset == JG_RULES_TOURNAMENT ||
                   ruleset == JG_RULES_TRADITIONAL
               ? JG_BIKJANG_BREAK
               : JG_BIKJANG_NONE;
}

/*
** Is the general of `side` on `sq` attacked, with occupancy occ, the enemy's pieces `enemy` and the
** cannons of both sides `cannons`? (A cannon needs exactly one screen, which may not be a cannon.)
*/
static inline __attribute__((always_inline)) int jg_attacked_inline(const jg_state *s, int side,
                                                                     int sq, bb128 occ, bb128 enemy,
                                                                     bb128 cannons)
{
    const jg_tables *t = JGT;
    if (PALACE_SOLDIER_HORSE_ATTACKS(t, s, side, sq, occ, enemy))
        return 1;
    const bb128 elephants = bb_and(s->by_kind[JG_ELEPHANT], enemy);
    if (bb_any(bb_and(t->eleph_att_any[sq], elephants)))
        for (int d = 0; d < 4; d++)
            if (bb_any(bb_and(t->eleph_att_from[sq][d], elephants)) &&
                !bb_test(occ, t->eleph_att_leg1[sq][d]) && !bb_test(occ, t->eleph_att_leg2[sq][d]))
                return 1;
    const bb128 rooks = bb_and(s->by_kind[JG_CHARIOT], enemy);
    const bb128 ecannons = bb_and(cannons, enemy);
    for (int d = 0; d < 8; d++)
        if (palace_line_attacks(t->ray, sq, d, rooks, ecannons, cannons, occ))
            return 1;
    return 0;
}

/* Do the generals face each other on a file with nothing between? */
static inline int jg_facing(const jg_state *s)
{
    const int a = s->general[JG_CHO], b = s->general[JG_HAN];
    if (a % JG_WIDTH != b % JG_WIDTH)
        return 0;
    return palace_nearest(JGT->ray, a, JG_N, s->by_kind[0]) == b;
}

static inline __attribute__((always_inline)) void jg_make_inline(jg_state *s, bg_move m)
{
    const jg_tables *t = JGT;
    const int us = s->stm;
    uint64_t k = s->key ^ t->zobrist_side;
    if (m & BG_MOVE_PASS) {
        s->halfmove += s->halfmove < UINT16_MAX;
        s->passes = (uint8_t)(s->passes + (s->passes < 2));
        s->ended = s->bikjang && jg_facing(s) ? JG_ENDED_BIKJANG
                   : s->passes >= 2           ? JG_ENDED_DOUBLE_PASS
                                              : JG_ENDED_NO;
    } else {
        s->passes = 0;
        s->ended = 0;
        const int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
        PALACE_MOVE_PIECE(s, t->zobrist, us, from, to, k);
    }
    s->key = k;
    s->stm = (uint8_t)!us;
    if (us == JG_HAN && s->fullmove < UINT16_MAX)
        s->fullmove++;
}

/*
** Make under the seed's bikjang rule: a reply to facing generals ends the game unless it is the
** general stepping out of the facing (a block or any other move accepts). Kept apart from
** jg_make_inline so that the other rulesets' make never looks at the generals.
*/
static inline __attribute__((always_inline)) void jg_make_seed_inline(jg_state *s, bg_move m)
{
    const int facing = jg_facing(s);
    const int general = !(m & BG_MOVE_PASS) && JG_KIND(s->board[BG_MOVE_FROM(m)]) == JG_GENERAL;
    jg_make_inline(s, m);
    if (facing && (!general || jg_facing(s)))
        s->ended = JG_ENDED_BIKJANG;
}

/* Position basics (janggi_position.c). */
BGI_FUNC void jg_clear(jg_state *s);
BGI_FUNC void jg_put(jg_state *s, int sq, int side, int kind);
BGI_FUNC void jg_rehash(jg_state *s);
BGI_FUNC int jg_in_check(const jg_state *s);
/* Is `side`'s general attacked in this position? */
BGI_FUNC int jg_side_attacked(const jg_state *s, int side);
/* The enemy pieces giving check to the side to move. */
BGI_FUNC bb128 jg_checkers(const jg_state *s);
/* Make a legal move under the position's bikjang rule. */
BGI_FUNC void jg_make(jg_state *s, bg_move m);
/* Counting score of a side times ten: chariot 13, cannon 7, horse 5, elephant 3, guard 3, soldier 2,
** Han +1.5. */
BGI_FUNC int jg_score10(const jg_state *s, int side);

/* Move generation and perft (janggi_movegen.c). */
BGI_FUNC int jg_generate(const jg_state *s, bg_move *buf); /* buf: JG_MAX_MOVES entries */
BGI_FUNC uint64_t jg_perft(const jg_state *s, int depth);

/* FEN (janggi_fen.c) and the horse/elephant setups of option `setup`. */
BGI_FUNC bg_status jg_fen_parse(jg_state *s, const char *text, const char *format, unsigned flags,
                                bg_error *err);
BGI_FUNC int jg_fen_format(const jg_state *s, const char *format, char *buf, size_t cap);
/*
** Setup text "<cho rank 1>/<han rank 10>" (each one of the four arrangements, as FEN letters
** RNBA1ABNR or as Korean names 마상상마 ...) into the two FEN ranks; BG_E_UNKNOWN_OPTION if bad.
*/
BGI_FUNC bg_status jg_setup_ranks(const char *text, char cho[10], char han[10], bg_error *err);
/* Index 0..3 of a back-rank arrangement in FEN letters (either case), or -1. */
BGI_FUNC int jg_arrangement_index(const char *rank, size_t len);
/* The Korean name of arrangement i ("마상상마", ...) and its FEN letters in uppercase. */
BGI_FUNC const char *jg_arrangement_korean(int i);
BGI_FUNC const char *jg_arrangement_fen(int i);

/* Adjudication (janggi_adjudicate.c). */
extern const bgi_adjudicator bgi_janggi_adjudicator __attribute__((visibility("hidden")));

#endif
