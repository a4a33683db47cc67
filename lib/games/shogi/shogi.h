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
    SG_JUDKINS,     /* Judkins shogi (6x6) */
    SG_MICRO,       /* micro shogi (4x5): pieces turn over when they capture */
    SG_TORI_SEED,   /* Tori shogi with option rules=seed: cannon pheasant and goose, extra swallows */
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
    unsigned char flip_on_capture;  /* micro: a capture turns the piece over (promote[] both ways) */
    unsigned char drop_either_face; /* micro: a piece in hand may be dropped either face up */
    unsigned char tori;             /* Tori shogi (both rule sets): its repetition rules */
    unsigned char cannons;          /* rules=seed: cannon captures, legality by make and test */
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
    SH_LANCE, SH_BISHOP, SH_ROOK, SH_PAWN,
    SH_SPHEASANT, SH_PAWN,
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

/*
** Tori shogi's set on its 7x7 board, both rule sets: they differ only in the types of the
** pheasant and of the goose (the swallow's promotion), which move as cannons under rules=seed.
*/
#define TORI_SET(pheasant, goose)                                                            \
    .geom = SH_GEOM_7, .width = 7, .height = 7, .zone = 2, .drops = 1, .pawn_file_limit = 2,  \
    .drop_mate_rule = 1, .nkinds = 9, .tori = 1,                                              \
    .kind_type = {0, SH_PAWN, SH_FALCON, SH_CRANE, pheasant, SH_LQUAIL, SH_RQUAIL, SH_KING,   \
                  goose, SH_EAGLE},                                                           \
    .type_kind = {[SH_PAWN] = 1, [SH_FALCON] = 2, [SH_CRANE] = 3, [pheasant] = 4,             \
                  [SH_LQUAIL] = 5, [SH_RQUAIL] = 6, [SH_KING] = 7, [goose] = 8,               \
                  [SH_EAGLE] = 9},                                                            \
    .promote = {[SH_PAWN] = goose, [SH_FALCON] = SH_EAGLE},                                   \
    .mandatory = {[SH_PAWN] = 1, [SH_FALCON] = 1},                                            \
    .dead_ranks = {[SH_PAWN] = 1},                                                            \
    .letter = {[SH_PAWN] = 'S', [SH_FALCON] = 'F', [SH_CRANE] = 'C', [pheasant] = 'P',        \
               [SH_LQUAIL] = 'L', [SH_RQUAIL] = 'R', [SH_KING] = 'K'},                        \
    .max_count = {[SH_PAWN] = 16, [SH_FALCON] = 2, [SH_CRANE] = 4, [pheasant] = 4,            \
                  [SH_LQUAIL] = 2, [SH_RQUAIL] = 2, [SH_KING] = 2},                           \
    .nhand = 6,                                                                               \
    .hand_type = {SH_FALCON, SH_CRANE, pheasant, SH_LQUAIL, SH_RQUAIL, SH_PAWN},              \
    .hand_slot = {[SH_FALCON] = 0, [SH_CRANE] = 1, [pheasant] = 2, [SH_LQUAIL] = 3,           \
                  [SH_RQUAIL] = 4, [SH_PAWN] = 5}

/* The family, one row per game (docs/rules.md sections 5-9). */
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
    [SG_TORI] = {.id = "torishogi", TORI_SET(SH_PHEASANT, SH_GOOSE),
                 .start = "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1"},
    /*
    ** Tori shogi with rules=seed: the seed's pheasant and goose (sh_cannons) and the extra swallows
    ** on the seed diagram's columns (004 line 225: 「│　│▼│　│　│　│△│　│」), 6d and 2d.
    */
    [SG_TORI_SEED] = {.id = "torishogi", TORI_SET(SH_SPHEASANT, SH_SGOOSE), .cannons = 1,
                      .start = "rpckcpl/3f3/sssssss/1s3S1/SSSSSSS/3F3/LPCKCPR b - 1"},
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
    /* Judkins shogi: minishogi's rules on 6x6 with knights and a two-rank zone. */
    [SG_JUDKINS] = {.id = "judkinsshogi", .geom = SH_GEOM_6, .width = 6, .height = 6, .zone = 2,
                    .drops = 1, .pawn_file_limit = 1, .drop_mate_rule = 1, .nkinds = 12,
                    .kind_type = {0, SH_PAWN, SH_KNIGHT, SH_SILVER, SH_GOLD, SH_BISHOP, SH_ROOK,
                                  SH_KING, SH_TOKIN, SH_NKNIGHT, SH_NSILVER, SH_HORSE, SH_DRAGON},
                    .type_kind = {[SH_PAWN] = 1, [SH_KNIGHT] = 2, [SH_SILVER] = 3, [SH_GOLD] = 4,
                                  [SH_BISHOP] = 5, [SH_ROOK] = 6, [SH_KING] = 7, [SH_TOKIN] = 8,
                                  [SH_NKNIGHT] = 9, [SH_NSILVER] = 10, [SH_HORSE] = 11,
                                  [SH_DRAGON] = 12},
                    .promote = {[SH_PAWN] = SH_TOKIN, [SH_KNIGHT] = SH_NKNIGHT,
                                [SH_SILVER] = SH_NSILVER, [SH_BISHOP] = SH_HORSE,
                                [SH_ROOK] = SH_DRAGON},
                    .dead_ranks = {[SH_PAWN] = 1, [SH_KNIGHT] = 2},
                    .letter = {[SH_PAWN] = 'P', [SH_KNIGHT] = 'N', [SH_SILVER] = 'S',
                               [SH_GOLD] = 'G', [SH_BISHOP] = 'B', [SH_ROOK] = 'R',
                               [SH_KING] = 'K'},
                    .max_count = {[SH_PAWN] = 2, [SH_KNIGHT] = 2, [SH_SILVER] = 2, [SH_GOLD] = 2,
                                  [SH_BISHOP] = 2, [SH_ROOK] = 2, [SH_KING] = 2},
                    .nhand = 6,
                    .hand_type = {SH_ROOK, SH_BISHOP, SH_GOLD, SH_SILVER, SH_KNIGHT, SH_PAWN},
                    .hand_slot = {[SH_ROOK] = 0, [SH_BISHOP] = 1, [SH_GOLD] = 2, [SH_SILVER] = 3,
                                  [SH_KNIGHT] = 4, [SH_PAWN] = 5},
                    .start = "rbnsgk/5p/6/6/P5/KGSNBR b - 1"},
    /*
    ** Micro shogi: no zone, a piece (not the king) turns over whenever it captures, in either
    ** direction; drops either face up, anywhere empty (no nifu, no drop-mate rule, trapped
    ** pieces allowed), as Fairy-Stockfish's `micro` and the rules it follows.
    */
    [SG_MICRO] = {.id = "microshogi", .geom = SH_GEOM_4X5, .width = 4, .height = 5, .drops = 1,
                  .flip_on_capture = 1, .drop_either_face = 1, .nkinds = 9,
                  .kind_type = {0, SH_PAWN, SH_LANCE, SH_BISHOP, SH_ROOK, SH_KING, SH_MKNIGHT,
                                SH_MSILVER, SH_MTOKIN, SH_MGOLD},
                  .type_kind = {[SH_PAWN] = 1, [SH_LANCE] = 2, [SH_BISHOP] = 3, [SH_ROOK] = 4,
                                [SH_KING] = 5, [SH_MKNIGHT] = 6, [SH_MSILVER] = 7, [SH_MTOKIN] = 8,
                                [SH_MGOLD] = 9},
                  .promote = {[SH_PAWN] = SH_MKNIGHT, [SH_LANCE] = SH_MSILVER,
                              [SH_BISHOP] = SH_MTOKIN, [SH_ROOK] = SH_MGOLD,
                              [SH_MKNIGHT] = SH_PAWN, [SH_MSILVER] = SH_LANCE,
                              [SH_MTOKIN] = SH_BISHOP, [SH_MGOLD] = SH_ROOK},
                  .mandatory = {[SH_PAWN] = 1, [SH_LANCE] = 1, [SH_BISHOP] = 1, [SH_ROOK] = 1,
                                [SH_MKNIGHT] = 1, [SH_MSILVER] = 1, [SH_MTOKIN] = 1,
                                [SH_MGOLD] = 1},
                  .letter = {[SH_PAWN] = 'P', [SH_LANCE] = 'L', [SH_BISHOP] = 'B',
                             [SH_ROOK] = 'R', [SH_KING] = 'K'},
                  .max_count = {[SH_PAWN] = 2, [SH_LANCE] = 2, [SH_BISHOP] = 2, [SH_ROOK] = 2,
                                [SH_KING] = 2},
                  .nhand = 4,
                  .hand_type = {SH_ROOK, SH_BISHOP, SH_LANCE, SH_PAWN},
                  /* The turned faces drop from their base face's slot. */
                  .hand_slot = {[SH_ROOK] = 0, [SH_BISHOP] = 1, [SH_LANCE] = 2, [SH_PAWN] = 3,
                                [SH_MGOLD] = 0, [SH_MTOKIN] = 1, [SH_MSILVER] = 2,
                                [SH_MKNIGHT] = 3},
                  .start = "kb+r+l/p3/4/3P/+L+RBK b - 1"},
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

/* Attacks of our piece of type t on `from` (steps, jumps and slides; not the seed's cannons). */
static inline __attribute__((always_inline)) sbb shogi_piece_attacks(int g, int t, int us,
                                                                     int from, sbb occ)
{
    const sh_movement *mv = &sh_movements[t];
    sbb a = mv->nleaps ? shogi_leaps[g][SH_CODE(t, us)][from] : 0;
    for (int d = 0; d < 8; d++) {
        if (mv->slides & (1u << d))
            a |= sh_slide(g, from, SH_DIR_ABS(d, us), occ);
        if (mv->slides2 & (1u << d))
            a |= sh_slide2(g, from, SH_DIR_ABS(d, us), occ);
    }
    return a;
}

/* The square a cannon on `from` lands on in absolute direction d (over exactly one piece), or -1. */
static inline int shogi_hop_target(int g, int from, int d, sbb occ)
{
    sbb r = shogi_ray[g][d][from] & occ;
    if (!sbb_any(r))
        return -1;
    sbb beyond = shogi_ray[g][d][sh_first(r, d)] & occ;
    return sbb_any(beyond) ? sh_first(beyond, d) : -1;
}

/* Board: put/remove a piece without touching the key (setup) — shogi_position.c. */
BGI_FUNC void shogi_clear(shogi_state *s, int game);
BGI_FUNC void shogi_put(shogi_state *s, int sq, int code);
BGI_FUNC void shogi_rehash(shogi_state *s);
/* All pieces of `by` attacking sq with occupancy occ. */
BGI_FUNC sbb shogi_attackers(const shogi_state *s, int sq, int by, sbb occ);
/* 1 if any royal of the side to move is attacked (Sho: either royal). */
BGI_FUNC int shogi_in_check(const shogi_state *s);
/* The same through shogi_attackers, for every game (the seed's cannons included). */
BGI_FUNC int shogi_in_check_any(const shogi_state *s);
/*
** 1 if the side not to move has a royal attacked that it was not allowed to leave attacked (a
** position that cannot arise; Sho shogi's side with king and prince may leave one attacked).
*/
BGI_FUNC int shogi_opponent_exposed(const shogi_state *s);
/* Play a legal move (drops: kind = public kind). */
BGI_FUNC void shogi_make(shogi_state *s, bg_move m);

/* ---- make and unmake in place (perft), the same code as shogi_make ---- */

/* What shogi_undo_move needs to take a move back: the key, and the codes that left the board. */
typedef struct shogi_undo {
    uint64_t key;
    uint8_t moved, captured;
} shogi_undo;

static inline void shogi_add_piece(shogi_state *s, int sq, int code)
{
    sbb b = shogi_sq_bb[sq];
    s->board[sq] = (uint8_t)code;
    s->side[SH_CODE_SIDE(code)] ^= b;
    s->type[SH_CODE_TYPE(code)] ^= b;
    s->key ^= shogi_zobrist_psq[code][sq];
}

static inline void shogi_remove_piece(shogi_state *s, int sq, int code)
{
    sbb b = shogi_sq_bb[sq];
    s->board[sq] = 0;
    s->side[SH_CODE_SIDE(code)] ^= b;
    s->type[SH_CODE_TYPE(code)] ^= b;
    s->key ^= shogi_zobrist_psq[code][sq];
}

static inline void shogi_hand_add(shogi_state *s, int side, int slot, int delta)
{
    int c = s->hand[side][slot];
    s->key ^= shogi_zobrist_hand[side][slot][c] ^ shogi_zobrist_hand[side][slot][c + delta];
    s->hand[side][slot] = (uint8_t)(c + delta);
}

static inline void shogi_do_move(shogi_state *s, bg_move m, shogi_undo *u)
{
    const shogi_game *gm = shogi_game_of(s);
    const int us = s->stm, to = BG_MOVE_TO(m);
    u->key = s->key;
    if (m & BG_MOVE_DROP) {
        int t = gm->kind_type[BG_MOVE_KIND(m)];
        shogi_hand_add(s, us, gm->hand_slot[t], -1);
        shogi_add_piece(s, to, SH_CODE(t, us));
        u->moved = 0;
        u->captured = 0;
    } else {
        int from = BG_MOVE_FROM(m), code = s->board[from], cap = s->board[to];
        u->moved = (uint8_t)code;
        u->captured = (uint8_t)cap;
        if (cap) {
            shogi_remove_piece(s, to, cap);
            /* Captured pieces change sides unpromoted where there are drops, else leave the game. */
            if (gm->drops)
                shogi_hand_add(s, us, gm->hand_slot[sh_base_type[SH_CODE_TYPE(cap)]], 1);
        }
        shogi_remove_piece(s, from, code);
        if (m & BG_MOVE_PROMOTION)
            code = SH_CODE(gm->promote[SH_CODE_TYPE(code)], us);
        shogi_add_piece(s, to, code);
    }
    s->stm = (uint8_t)!us;
    s->key ^= shogi_zobrist_side;
    s->ply++;
}

/* Take back m, played by shogi_do_move with undo record u. */
static inline void shogi_undo_move(shogi_state *s, bg_move m, const shogi_undo *u)
{
    const shogi_game *gm = shogi_game_of(s);
    const int us = !s->stm, to = BG_MOVE_TO(m);
    if (m & BG_MOVE_DROP) {
        int t = gm->kind_type[BG_MOVE_KIND(m)];
        shogi_remove_piece(s, to, s->board[to]);
        shogi_hand_add(s, us, gm->hand_slot[t], 1);
    } else {
        shogi_remove_piece(s, to, s->board[to]);
        shogi_add_piece(s, BG_MOVE_FROM(m), u->moved);
        if (u->captured) {
            shogi_add_piece(s, to, u->captured);
            if (gm->drops)
                shogi_hand_add(s, us, gm->hand_slot[sh_base_type[SH_CODE_TYPE(u->captured)]], -1);
        }
    }
    s->stm = (uint8_t)us;
    s->key = u->key;
    s->ply--;
}

/* Tori shogi rules=seed (shogi_tori_seed.c): legal moves by make and test, perft. */
BGI_FUNC int shogi_seed_generate(const shogi_state *s, bg_move *buf);
BGI_FUNC int shogi_seed_count(const shogi_state *s);
BGI_FUNC uint64_t shogi_seed_perft(const shogi_state *s, int depth);

/* Move generation (shogi_movegen.c). buf holds bg_variant.max_moves entries. */
BGI_FUNC int shogi_generate(const shogi_state *s, bg_move *buf);
BGI_FUNC int shogi_count(const shogi_state *s);
/* Whether the side to move has a legal move (stops at the first). */
BGI_FUNC int shogi_has_move(const shogi_state *s);
/* The legal moves onto square `to` (drops included), in shogi_generate's order. */
BGI_FUNC int shogi_generate_to(const shogi_state *s, int to, bg_move *buf);
BGI_FUNC uint64_t shogi_perft(const shogi_state *s, int depth);

/* SFEN (shogi_sfen.c). */
BGI_FUNC bg_status shogi_sfen_parse(shogi_state *s, int game, const char *text, unsigned flags,
                                    bg_error *err);
BGI_FUNC int shogi_sfen_format(const shogi_state *s, char *buf, size_t cap);

/* Endings, claims and the impasse declaration of all five games (shogi_adjudicate.c). */
extern const bgi_adjudicator bgi_shogi_adjudicator;

/* The variants (shogi_variant.c). */
extern const bg_variant bgi_variant_shogi, bgi_variant_shoshogi, bgi_variant_heianshogi,
    bgi_variant_torishogi, bgi_variant_minishogi, bgi_variant_microshogi,
    bgi_variant_judkinsshogi;
/* heianshogi on its 9x8 board (option board=9x8): not in the catalogue, see heian_resolve(). */
extern const bg_variant bgi_variant_heianshogi_9x8;
/* torishogi with rules=seed and the seed's start position, see tori_resolve(). */
extern const bg_variant bgi_variant_torishogi_seed;

#endif
