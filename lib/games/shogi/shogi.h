/* libboardgames — shogi family engine internals: the position state, the per-game definitions, engine entry points. */
#ifndef BG_SHOGI_H
#define BG_SHOGI_H

#include <stdint.h>

#include "internal.h"
#include "shogi_tables.h"

/*
** Squares follow the public numbering (rank * width + file): file 0 is sente's left (USI file
** `width`), rank 0 is sente's home rank (USI rank letter 'a' + height - 1). So USI "7g" on 9x9 is
** file 2, rank 2 = square 20. Side 0 = sente (uppercase in SFEN, moves first), 1 = gote.
*/
enum { SH_SENTE = 0, SH_GOTE = 1 };

/* Games (and rule sets that change move generation or the board: the options below). */
enum {
    SG_SHOGI = 0,
    SG_SHO,         /* Sho shogi: drunk elephant, crown prince, no drops */
    SG_HEIAN,       /* old shogi, promotion mandatory (default) */
    SG_HEIAN_OPT,   /* old shogi with option promotion=optional */
    SG_TORI,        /* Tori shogi */
    SG_MINI,        /* minishogi */
    SG_SHOGI_DM,    /* shogi with option dropmate=any: no drop of any piece may mate */
    SG_SHO_MAND,    /* Sho shogi with option promotion=mandatory */
    SG_HEIAN98,     /* old shogi with option board=9x8 (promotion mandatory) */
    SG_HEIAN98_OPT, /* old shogi with options board=9x8 and promotion=optional */
    SG_NGAMES
};

/*
** One game of the family as data. The engine is written once; each game is a row of this table
** (constant, so the compiler specialises the generator per game).
*/
typedef struct shogi_game {
    const char *id;
    unsigned char geom, width, height; /* SH_GEOM_*, files, ranks */
    unsigned char zone;             /* promotion zone = the last `zone` ranks */
    unsigned char drops;            /* captured pieces go to the captor's hand and may be dropped */
    unsigned char pawn_file_limit;  /* own unpromoted pawns (swallows) a file may hold after a drop */
    unsigned char drop_mate_rule;   /* 1: a pawn (swallow) drop may not checkmate; 2: no drop may */
    unsigned char two_royals;       /* Sho: the crown prince is royal too */
    unsigned char bare_king;        /* old shogi: the option bareking applies */
    unsigned char nkinds;           /* public kinds 1..nkinds */
    unsigned char kind_type[17];    /* public kind -> internal type */
    unsigned char type_kind[SH_NTYPES]; /* internal type -> public kind, 0 = not in the game */
    unsigned char promote[SH_NTYPES];   /* type -> promoted type, 0 = does not promote */
    unsigned char mandatory[SH_NTYPES]; /* 1 = must promote whenever a move may promote */
    unsigned char dead_ranks[SH_NTYPES]; /* last ranks the unpromoted type may never stand on */
    char letter[SH_NTYPES];         /* SFEN/USI letter (uppercase) of each unpromoted type */
    unsigned char max_count[SH_NTYPES]; /* most pieces of a base type in one position (both sides) */
    unsigned char nhand;            /* hand slots, in SFEN's canonical order */
    unsigned char hand_type[SH_HAND_SLOTS];
    unsigned char hand_slot[SH_NTYPES]; /* type -> slot (valid for hand types only) */
    const char *start;
} shogi_game;

/* Unpromoted type of every type (what a captured piece becomes in hand). */
static const unsigned char sh_base_type[SH_NTYPES] __attribute__((unused)) = {
    0, SH_PAWN, SH_LANCE, SH_KNIGHT, SH_SILVER, SH_GOLD, SH_BISHOP, SH_ROOK, SH_KING,
    SH_PAWN, SH_LANCE, SH_KNIGHT, SH_SILVER, SH_BISHOP, SH_ROOK, SH_ELEPHANT, SH_ELEPHANT,
    SH_PAWN, SH_FALCON, SH_FALCON, SH_CRANE, SH_PHEASANT, SH_LQUAIL, SH_RQUAIL,
};

#define SHOGI_SET(e)                                                                         \
    .type_kind = {[SH_PAWN] = 1, [SH_LANCE] = 2, [SH_KNIGHT] = 3, [SH_SILVER] = 4,            \
                  [SH_GOLD] = 5, [SH_BISHOP] = 6, [SH_ROOK] = 7, [SH_KING] = 8,               \
                  [SH_TOKIN] = 9, [SH_NLANCE] = 10, [SH_NKNIGHT] = 11, [SH_NSILVER] = 12,     \
                  [SH_HORSE] = 13, [SH_DRAGON] = 14, [SH_ELEPHANT] = 15 * (e),                \
                  [SH_PRINCE] = 16 * (e)},                                                    \
    .kind_type = {0, SH_PAWN, SH_LANCE, SH_KNIGHT, SH_SILVER, SH_GOLD, SH_BISHOP, SH_ROOK,    \
                  SH_KING, SH_TOKIN, SH_NLANCE, SH_NKNIGHT, SH_NSILVER, SH_HORSE, SH_DRAGON,  \
                  (e) ? SH_ELEPHANT : 0, (e) ? SH_PRINCE : 0},                                \
    .promote = {[SH_PAWN] = SH_TOKIN, [SH_LANCE] = SH_NLANCE, [SH_KNIGHT] = SH_NKNIGHT,       \
                [SH_SILVER] = SH_NSILVER, [SH_BISHOP] = SH_HORSE, [SH_ROOK] = SH_DRAGON,      \
                [SH_ELEPHANT] = (e) ? SH_PRINCE : 0},                                         \
    .dead_ranks = {[SH_PAWN] = 1, [SH_LANCE] = 1, [SH_KNIGHT] = 2},                           \
    .letter = {[SH_PAWN] = 'P', [SH_LANCE] = 'L', [SH_KNIGHT] = 'N', [SH_SILVER] = 'S',       \
               [SH_GOLD] = 'G', [SH_BISHOP] = 'B', [SH_ROOK] = 'R', [SH_KING] = 'K',          \
               [SH_ELEPHANT] = (e) ? 'E' : 0},                                                \
    .max_count = {[SH_PAWN] = 18, [SH_LANCE] = 4, [SH_KNIGHT] = 4, [SH_SILVER] = 4,           \
                  [SH_GOLD] = 4, [SH_BISHOP] = 2, [SH_ROOK] = 2, [SH_KING] = 2,               \
                  [SH_ELEPHANT] = 2 * (e)},                                                   \
    .nhand = 7,                                                                               \
    .hand_type = {SH_ROOK, SH_BISHOP, SH_GOLD, SH_SILVER, SH_KNIGHT, SH_LANCE, SH_PAWN},      \
    .hand_slot = {[SH_ROOK] = 0, [SH_BISHOP] = 1, [SH_GOLD] = 2, [SH_SILVER] = 3,             \
                  [SH_KNIGHT] = 4, [SH_LANCE] = 5, [SH_PAWN] = 6}

/* Old shogi's set: K G S N L P, the promoted ones moving as golds; on 9x9 or 9x8. */
#define HEIAN_SET(mand)                                                                      \
    .zone = 3, .nkinds = 10, .bare_king = 1,                                                  \
    .kind_type = {0, SH_PAWN, SH_LANCE, SH_KNIGHT, SH_SILVER, SH_GOLD, SH_KING, SH_TOKIN,     \
                  SH_NLANCE, SH_NKNIGHT, SH_NSILVER},                                         \
    .type_kind = {[SH_PAWN] = 1, [SH_LANCE] = 2, [SH_KNIGHT] = 3, [SH_SILVER] = 4,            \
                  [SH_GOLD] = 5, [SH_KING] = 6, [SH_TOKIN] = 7, [SH_NLANCE] = 8,              \
                  [SH_NKNIGHT] = 9, [SH_NSILVER] = 10},                                       \
    .promote = {[SH_PAWN] = SH_TOKIN, [SH_LANCE] = SH_NLANCE, [SH_KNIGHT] = SH_NKNIGHT,       \
                [SH_SILVER] = SH_NSILVER},                                                    \
    .mandatory = {[SH_PAWN] = mand, [SH_LANCE] = mand, [SH_KNIGHT] = mand,                    \
                  [SH_SILVER] = mand},                                                        \
    .dead_ranks = {[SH_PAWN] = 1, [SH_LANCE] = 1, [SH_KNIGHT] = 2},                           \
    .letter = {[SH_PAWN] = 'P', [SH_LANCE] = 'L', [SH_KNIGHT] = 'N', [SH_SILVER] = 'S',       \
               [SH_GOLD] = 'G', [SH_KING] = 'K'},                                             \
    .max_count = {[SH_PAWN] = 18, [SH_LANCE] = 4, [SH_KNIGHT] = 4, [SH_SILVER] = 4,           \
                  [SH_GOLD] = 4, [SH_KING] = 2}
#define HEIAN_9X9 .geom = SH_GEOM_9, .width = 9, .height = 9, \
    .start = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1"
/* 9x8 (004: 「少中間１格．即兩軍之步兵僅相對２格」): one middle rank fewer, the pawns two ranks apart. */
#define HEIAN_9X8 .geom = SH_GEOM_9X8, .width = 9, .height = 8, \
    .start = "lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1"

/* The family, one row per game (spec/RULES.md sections 5-9). */
static const shogi_game shogi_games[SG_NGAMES] __attribute__((unused)) = {
    [SG_SHOGI] = {.id = "shogi", .geom = SH_GEOM_9, .width = 9, .height = 9, .zone = 3, .drops = 1,
                  .pawn_file_limit = 1, .drop_mate_rule = 1, .nkinds = 14, SHOGI_SET(0),
                  .start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
    [SG_SHOGI_DM] = {.id = "shogi", .geom = SH_GEOM_9, .width = 9, .height = 9, .zone = 3,
                     .drops = 1, .pawn_file_limit = 1, .drop_mate_rule = 2, .nkinds = 14,
                     SHOGI_SET(0),
                     .start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
    [SG_SHO] = {.id = "shoshogi", .geom = SH_GEOM_9, .width = 9, .height = 9, .zone = 3, .two_royals = 1,
                .nkinds = 16, SHOGI_SET(1),
                .start = "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1"},
    /* 004: 「凡一般棋子到達或超過〔昇變格〕均應昇變」: every promotable piece, the elephant too. */
    [SG_SHO_MAND] = {.id = "shoshogi", .geom = SH_GEOM_9, .width = 9, .height = 9, .zone = 3,
                     .two_royals = 1, .nkinds = 16, SHOGI_SET(1),
                     .mandatory = {[SH_PAWN] = 1, [SH_LANCE] = 1, [SH_KNIGHT] = 1, [SH_SILVER] = 1,
                                   [SH_BISHOP] = 1, [SH_ROOK] = 1, [SH_ELEPHANT] = 1},
                     .start = "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1"},
    [SG_HEIAN] = {.id = "heianshogi", HEIAN_SET(1), HEIAN_9X9},
    [SG_HEIAN_OPT] = {.id = "heianshogi", HEIAN_SET(0), HEIAN_9X9},
    [SG_HEIAN98] = {.id = "heianshogi", HEIAN_SET(1), HEIAN_9X8},
    [SG_HEIAN98_OPT] = {.id = "heianshogi", HEIAN_SET(0), HEIAN_9X8},
    [SG_TORI] = {.id = "torishogi", .geom = SH_GEOM_7, .width = 7, .height = 7, .zone = 2, .drops = 1,
                 .pawn_file_limit = 2, .drop_mate_rule = 1, .nkinds = 9,
                 .kind_type = {0, SH_PAWN, SH_FALCON, SH_CRANE, SH_PHEASANT, SH_LQUAIL,
                               SH_RQUAIL, SH_KING, SH_GOOSE, SH_EAGLE},
                 .type_kind = {[SH_PAWN] = 1, [SH_FALCON] = 2, [SH_CRANE] = 3,
                               [SH_PHEASANT] = 4, [SH_LQUAIL] = 5, [SH_RQUAIL] = 6,
                               [SH_KING] = 7, [SH_GOOSE] = 8, [SH_EAGLE] = 9},
                 .promote = {[SH_PAWN] = SH_GOOSE, [SH_FALCON] = SH_EAGLE},
                 .mandatory = {[SH_PAWN] = 1, [SH_FALCON] = 1},
                 .dead_ranks = {[SH_PAWN] = 1},
                 .letter = {[SH_PAWN] = 'S', [SH_FALCON] = 'F', [SH_CRANE] = 'C',
                            [SH_PHEASANT] = 'P', [SH_LQUAIL] = 'L', [SH_RQUAIL] = 'R',
                            [SH_KING] = 'K'},
                 .max_count = {[SH_PAWN] = 16, [SH_FALCON] = 2, [SH_CRANE] = 4,
                               [SH_PHEASANT] = 4, [SH_LQUAIL] = 2, [SH_RQUAIL] = 2,
                               [SH_KING] = 2},
                 .nhand = 6,
                 .hand_type = {SH_FALCON, SH_CRANE, SH_PHEASANT, SH_LQUAIL, SH_RQUAIL, SH_PAWN},
                 .hand_slot = {[SH_FALCON] = 0, [SH_CRANE] = 1, [SH_PHEASANT] = 2,
                               [SH_LQUAIL] = 3, [SH_RQUAIL] = 4, [SH_PAWN] = 5},
                 .start = "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1"},
    [SG_MINI] = {.id = "minishogi", .geom = SH_GEOM_5, .width = 5, .height = 5, .zone = 1, .drops = 1,
                 .pawn_file_limit = 1, .drop_mate_rule = 1, .nkinds = 10,
                 .kind_type = {0, SH_PAWN, SH_SILVER, SH_GOLD, SH_BISHOP, SH_ROOK, SH_KING,
                               SH_TOKIN, SH_NSILVER, SH_HORSE, SH_DRAGON},
                 .type_kind = {[SH_PAWN] = 1, [SH_SILVER] = 2, [SH_GOLD] = 3, [SH_BISHOP] = 4,
                               [SH_ROOK] = 5, [SH_KING] = 6, [SH_TOKIN] = 7, [SH_NSILVER] = 8,
                               [SH_HORSE] = 9, [SH_DRAGON] = 10},
                 .promote = {[SH_PAWN] = SH_TOKIN, [SH_SILVER] = SH_NSILVER,
                             [SH_BISHOP] = SH_HORSE, [SH_ROOK] = SH_DRAGON},
                 .dead_ranks = {[SH_PAWN] = 1},
                 .letter = {[SH_PAWN] = 'P', [SH_SILVER] = 'S', [SH_GOLD] = 'G',
                            [SH_BISHOP] = 'B', [SH_ROOK] = 'R', [SH_KING] = 'K'},
                 .max_count = {[SH_PAWN] = 2, [SH_SILVER] = 2, [SH_GOLD] = 2, [SH_BISHOP] = 2,
                               [SH_ROOK] = 2, [SH_KING] = 2},
                 .nhand = 5,
                 .hand_type = {SH_ROOK, SH_BISHOP, SH_GOLD, SH_SILVER, SH_PAWN},
                 .hand_slot = {[SH_ROOK] = 0, [SH_BISHOP] = 1, [SH_GOLD] = 2, [SH_SILVER] = 3,
                               [SH_PAWN] = 4},
                 .start = "rbsgk/4p/5/P4/KGSBR b - 1"},
};

#undef SHOGI_SET
#undef HEIAN_SET
#undef HEIAN_9X9
#undef HEIAN_9X8

typedef struct shogi_state {
    sbb side[2];             /* pieces of each side */
    sbb type[SH_NTYPES];     /* pieces of each internal type, both sides */
    uint64_t key;            /* Zobrist key: board, both hands, side to move */
    uint32_t ply;            /* SFEN move number (counts plies, starts at 1) */
    uint8_t board[SH_MAX_SQUARES]; /* piece code or 0 */
    uint8_t hand[2][SH_HAND_SLOTS];
    uint8_t stm;
    uint8_t game;            /* SG_* */
} shogi_state;

#define SHOGI_STATE(pos) ((shogi_state *)(void *)(pos)->state)
#define SHOGI_CSTATE(pos) ((const shogi_state *)(const void *)(pos)->state)

static inline const shogi_game *shogi_game_of(const shogi_state *s) { return &shogi_games[s->game]; }

/* Royal pieces of a side: the king, and in Sho shogi the crown prince. */
static inline sbb shogi_royals(const shogi_state *s, int side)
{
    return (s->type[SH_KING] | s->type[SH_PRINCE]) & s->side[side];
}

/* Board: put/remove a piece without touching the key (setup) — shogi_position.c. */
BGI_FUNC void shogi_clear(shogi_state *s, int game);
BGI_FUNC void shogi_put(shogi_state *s, int sq, int code);
BGI_FUNC void shogi_rehash(shogi_state *s);
/* All pieces of `by` attacking sq with occupancy occ. */
BGI_FUNC sbb shogi_attackers(const shogi_state *s, int sq, int by, sbb occ);
/* 1 if any royal of the side to move is attacked (Sho: either royal). */
BGI_FUNC int shogi_in_check(const shogi_state *s);
/*
** 1 if the side not to move has a royal attacked that it was not allowed to leave attacked (a
** position that cannot arise; Sho shogi's side with king and prince may leave one attacked).
*/
BGI_FUNC int shogi_opponent_exposed(const shogi_state *s);
/* Play a legal move (drops: kind = public kind). */
BGI_FUNC void shogi_make(shogi_state *s, bg_move m);

/* Move generation (shogi_movegen.c). buf holds bg_variant.max_moves entries. */
BGI_FUNC int shogi_generate(const shogi_state *s, bg_move *buf);
BGI_FUNC int shogi_count(const shogi_state *s);
BGI_FUNC uint64_t shogi_perft(const shogi_state *s, int depth);

/* SFEN (shogi_sfen.c). */
BGI_FUNC bg_status shogi_sfen_parse(shogi_state *s, int game, const char *text, unsigned flags,
                                    bg_error *err);
BGI_FUNC int shogi_sfen_format(const shogi_state *s, char *buf, size_t cap);

/* USI move notation (lib/notation/usi.c), for every game of the family. */
BGI_FUNC int bgi_usi_format(const bg_position *pos, bg_move m, char *buf, size_t cap);
BGI_FUNC bg_status bgi_usi_parse(const bg_position *pos, const char *text, unsigned flags,
                                 bg_move *out, bg_error *err);

/* Endings, claims and the impasse declaration of all five games (shogi_adjudicate.c). */
extern const bgi_adjudicator bgi_shogi_adjudicator;

/* The variants (shogi_variant.c). */
extern const bg_variant bgi_variant_shogi, bgi_variant_shoshogi, bgi_variant_heianshogi,
    bgi_variant_torishogi, bgi_variant_minishogi;
/* heianshogi on its 9x8 board (option board=9x8): not in the catalogue, see heian_resolve(). */
extern const bg_variant bgi_variant_heianshogi_9x8;

#endif
